import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DECORATORS } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_ONLY = ['application/json'];

/**
 * Each endpoint takes the body its OpenAPI description says: JSON, unless the handler is
 * marked `@ApiConsumes(...)` (the member-list uploads: `multipart/form-data`). A body of
 * another type is refused 415 before the handler (and the upload interceptor) reads it.
 * Types the API has no parser for (forms, text) never get here: Fastify answers them 415.
 */
@Injectable()
export class BodyTypeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const type = request.headers['content-type']?.split(';')[0].trim().toLowerCase();
    if (!type || !BODY_METHODS.has(request.method)) return true;
    const accepted = this.reflector.getAllAndOverride<string[] | undefined>(DECORATORS.API_CONSUMES, [context.getHandler(), context.getClass()]) ?? JSON_ONLY;
    if (accepted.includes(type)) return true;
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      accepted.includes('multipart/form-data')
        ? 'Stuur het bestand mee als formulier (multipart/form-data, veld "file").'
        : 'Dit verzoek moet JSON zijn (Content-Type: application/json).',
    );
  }
}
