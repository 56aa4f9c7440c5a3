import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../common/errors';
import type { Role } from '../generated/prisma/enums';
import { AuthService } from './auth.service';
import { SESSION_COOKIE } from './auth.types';
import { IS_PUBLIC, ROLES } from './decorators';

/**
 * Global guard: every endpoint needs a session unless marked @Public();
 * @Roles() narrows it further. Public endpoints still learn who is logged in.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: unknown }>();
    const token = request.cookies?.[SESSION_COOKIE];
    const user = token ? await this.auth.userForToken(token) : null;
    if (user) request.user = user;
    if (isPublic) return true;
    if (!user) throw new UnauthorizedError();
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets);
    if (roles && !roles.includes(user.role)) {
      throw new ForbiddenError('Uw rol geeft geen toegang tot deze functie.', 'WRONG_ROLE');
    }
    return true;
  }
}
