import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from './auth.types';

/** The httpOnly session cookie, the same for a login, an accepted invitation and a password reset. */
export function setSessionCookie(res: FastifyReply, token: string, expiresAt: Date): void {
  res.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: process.env.SESSION_SECURE_COOKIE === 'true',
    expires: expiresAt,
    path: '/',
  });
}
