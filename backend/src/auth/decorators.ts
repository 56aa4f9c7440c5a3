import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '../generated/prisma/enums';
import type { AuthUser } from './auth.types';

export const IS_PUBLIC = 'isPublic';
export const ROLES = 'roles';

/** Readable without logging in. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Only these roles; without it any logged-in user passes the role check. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest().user;
});

/** For public endpoints that show more to a logged-in user. */
export const OptionalUser = CurrentUser;
