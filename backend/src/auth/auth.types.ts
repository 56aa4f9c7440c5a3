import type { Role } from '../generated/prisma/enums';

/** The logged-in person, as guards and services see them. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  clubId: string | null;
}

export const SESSION_COOKIE = 'tsbn_session';
