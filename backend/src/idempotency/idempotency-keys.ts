import { CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { catchError, from, mergeMap, type Observable, throwError } from 'rxjs';
import type { AuthUser } from '../auth/auth.types';
import { IS_PUBLIC } from '../auth/decorators';
import { AppError, IdempotencyKeyReusedError } from '../common/errors';
import { PrismaService } from '../prisma/prisma.service';
import { idempotencyKeyOf, requestFingerprint } from './request-fingerprint';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A 4xx: the API refused the request before anything was stored (a 5xx may have come after). */
function refusedByTheApi(error: unknown): boolean {
  if (error instanceof AppError) return error.status < 500;
  if (error instanceof HttpException) return error.getStatus() < 500;
  return false;
}

/** The claims on idempotency keys (idempotency_keys), one atomic statement each. */
@Injectable()
export class IdempotencyClaims {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Claims `key` for this sender and request. true: claimed now (the first time); false: a
   * retry (the same sender, the same request). Throws IdempotencyKeyReusedError (409) when the
   * key is someone else's, or came with another request.
   */
  async claim(key: string, sender: string, requestHash: string): Promise<boolean> {
    // Claimed, or the claim there is, in one statement. A claim committed by another request while
    // this statement waited for it is not in its snapshot: then the next round reads it.
    for (let round = 0; round < 3; round++) {
      const [row] = await this.prisma.$queryRaw<{ fresh: boolean; sender: string; requestHash: string | null }[]>`
        WITH claimed AS (
          INSERT INTO idempotency_keys (key, sender, "requestHash") VALUES (${key}, ${sender}, ${requestHash})
          ON CONFLICT (key) DO NOTHING
          RETURNING sender, "requestHash"
        )
        SELECT true AS fresh, sender, "requestHash" FROM claimed
        UNION ALL
        SELECT false, sender, "requestHash" FROM idempotency_keys WHERE key = ${key} AND NOT EXISTS (SELECT 1 FROM claimed)`;
      if (!row) continue;
      if (row.fresh) return true;
      if (row.sender !== sender) throw new IdempotencyKeyReusedError('een verzoek van iemand anders');
      if (row.requestHash !== null && row.requestHash !== requestHash) throw new IdempotencyKeyReusedError('een ander verzoek');
      return false;
    }
    // Claimed and given up three times over by others' requests that were refused: no claim to bind to.
    return false;
  }

  /** Gives up a claim made by a request that was refused (nothing was stored under the key). */
  async release(key: string, sender: string, requestHash: string): Promise<void> {
    await this.prisma.$executeRaw`DELETE FROM idempotency_keys WHERE key = ${key} AND sender = ${sender} AND "requestHash" = ${requestHash}`;
  }
}

/**
 * Every write of a logged-in user that carries an idempotency key (a remark, a line-up, a
 * result, a supervisor's action, a fine, …) claims the key for that user and that request
 * before the endpoint runs. The same request again from the same user passes, and the endpoint
 * answers it as a retry (from its own record of the key); another user's reuse of the key, or
 * the same user's with another request, is refused with 409 IDEMPOTENCY_KEY_REUSED, in Dutch,
 * instead of being answered as a retry with nothing stored. A request the API refuses (4xx:
 * invalid, not allowed, a stale version) gives its claim up, so the key may come again with the
 * corrected request; after a 5xx the claim stays (whether anything was stored is not known).
 *
 * Public writes are left to their endpoint: the tables' (a table code, no user) keep their key
 * per table and compare the command itself (match writer, atTable), on the match night's
 * hottest path, without this statement.
 */
@Injectable()
export class IdempotencyKeyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly claims: IdempotencyClaims,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser }>();
    if (!WRITES.has(req.method) || !req.user) return next.handle();
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return next.handle();
    const key = idempotencyKeyOf(req.body, req.query);
    if (!key) return next.handle();
    const sender = `user:${req.user.id}`;
    const hash = requestFingerprint(req.method, req.url, req.query, req.body);
    if (!(await this.claims.claim(key, sender, hash))) return next.handle();
    return next.handle().pipe(
      catchError((error: unknown) => {
        const release = refusedByTheApi(error) ? this.claims.release(key, sender, hash) : Promise.resolve();
        return from(release).pipe(mergeMap(() => throwError(() => error)));
      }),
    );
  }
}
