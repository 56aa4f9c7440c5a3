/**
 * Structured logs (issue 25): one JSON object per line (pino, already under Fastify), each with
 * the request id of the request it belongs to, the same id the API sends back as the
 * `X-Request-Id` header and in the error envelope (`error.requestId`), so a secretary's
 * "foutcode" finds the log lines. Why not nestjs-pino: it adds pino-http's own request logger
 * next to Fastify's; with Fastify the request id already exists (`request.id`), and carrying it
 * to every Nest log line takes one AsyncLocalStorage and a LoggerService, here.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LoggerService, LogLevel } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';

export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/**
 * A new request id: 12 hex digits, short enough to read out on the phone. From node:crypto's
 * randomUUID, which draws its random bytes in blocks (the first 48 bits, before the version
 * digit): `randomBytes(6)` per request was a system call each, some 60 µs of a match night's
 * request on a small VM.
 */
export function newRequestId(): string {
  const uuid = randomUUID();
  return uuid.slice(0, 8) + uuid.slice(9, 13);
}

/** The id a request goes by: the caller's X-Request-Id when it looks like one (the dashboard passes its own on), else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  if (typeof given === 'string' && /^[A-Za-z0-9._-]{6,64}$/.test(given)) return given;
  return newRequestId();
}

/** Every hook and handler of a request runs with its id in the context; the reply carries it. */
export function installRequestIds(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => requestContext.run({ requestId: request.id }, done));
  fastify.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    done(null, payload);
  });
}

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

const PINO_LEVEL: Record<LogLevel, pino.Level> = { fatal: 'fatal', error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' };

/** Nest's LoggerService writing pino JSON lines with the request id (when there is one). */
export class JsonLogger implements LoggerService {
  private readonly logger: pino.Logger;

  constructor(
    private readonly levels: LogLevel[],
    destination: pino.DestinationStream = pino.destination({ sync: true }),
  ) {
    this.logger = pino(
      {
        base: { service: 'tsbn-api', pid: process.pid },
        level: 'trace',
        timestamp: pino.stdTimeFunctions.isoTime,
        mixin: () => {
          const requestId = currentRequestId();
          return requestId ? { requestId } : {};
        },
      },
      destination,
    );
  }

  private write(level: LogLevel, message: unknown, rest: unknown[]): void {
    if (!this.levels.includes(level)) return;
    const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    const stack = level === 'error' && typeof rest[0] === 'string' && rest.length > 1 ? rest[0] : undefined;
    const fields = { ...(context ? { context } : {}), ...(stack ? { stack } : {}) };
    if (message instanceof Error) this.logger[PINO_LEVEL[level]]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.logger[PINO_LEVEL[level]]({ ...fields, ...message });
    else this.logger[PINO_LEVEL[level]](fields, String(message));
  }

  log(message: unknown, ...rest: unknown[]) {
    this.write('log', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('verbose', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.write('fatal', message, rest);
  }
}
