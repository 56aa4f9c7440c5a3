import { Logger } from '@nestjs/common';
import { AppError } from '../common/errors';

/**
 * A database that cannot be reached is not a crash: every endpoint answers 503 with this
 * envelope, the outage is logged once (and its end once), never a stack trace per request.
 */
export const DATABASE_UNAVAILABLE = {
  status: 503,
  code: 'DATABASE_UNAVAILABLE',
  message: 'De database is tijdelijk niet bereikbaar; probeer het over een minuut opnieuw.',
} as const;

export class DatabaseUnavailableError extends AppError {
  constructor() {
    super(DATABASE_UNAVAILABLE.status, DATABASE_UNAVAILABLE.code, DATABASE_UNAVAILABLE.message);
  }
}

/** Socket errors of a connection that could not be made or was cut (Node's error codes). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ECONNABORTED']);
/**
 * Prisma's codes for the same: can't reach (P1001), timed out (P1002, P1008), connection
 * closed (P1017), no connection from the pool in time (P2024), too many connections (P2037).
 */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);
/** The driver adapter's error kinds for the same (DriverAdapterError.cause.kind). */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/**
 * PostgreSQL's SQLSTATEs: class 08 (connection exception), the server shutting down
 * (57P01 admin, 57P02 crash), starting up (57P03), too many connections (53300).
 */
const SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** node-postgres and pg-pool throw these as plain Errors without a code. */
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Can't reach database server/i,
  /Server has closed the connection/i,
  /terminating connection due to administrator command/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

interface ErrorLike {
  code?: unknown;
  originalCode?: unknown;
  kind?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
}

/**
 * Is this error (or what it wraps: `cause`, Prisma's `meta.driverAdapterError`) a lost or
 * refused database connection, rather than a fault of the request or of our code?
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as ErrorLike;
  for (const code of [e.code, e.originalCode]) {
    if (typeof code !== 'string') continue;
    if (SOCKET_CODES.has(code) || PRISMA_CODES.has(code) || SQLSTATE.test(code)) return true;
  }
  if (typeof e.kind === 'string' && ADAPTER_KINDS.has(e.kind)) return true;
  if (typeof e.kind === 'string' && e.kind === 'postgres' && typeof e.code === 'string' && SQLSTATE.test(e.code)) return true;
  if (typeof e.message === 'string' && MESSAGES.some((m) => m.test(e.message as string))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1) || isDatabaseUnavailable(e.meta?.driverAdapterError, depth + 1);
}

/** One line about the cause, without a stack: "P1001 Can't reach database server at 127.0.0.1:5432". */
function describe(error: unknown): string {
  const e = error as ErrorLike | undefined;
  // Prisma's message starts with where it was called and ends with the reason: keep the reason.
  const line = typeof e?.message === 'string' ? (e.message.split('\n').filter((l) => l.trim()).pop() ?? '').trim() : '';
  const text = [typeof e?.code === 'string' ? e.code : '', line].filter(Boolean).join(' ').slice(0, 200);
  return text || String(error);
}

/**
 * Whether the database is reachable, as far as this process knows: the first connection
 * error of an outage is logged, the rest are not; the first query that gets a connection
 * after it logs the recovery (PrismaService reports both from its pool).
 */
export class DatabaseOutage {
  private down = false;
  private readonly logger = new Logger('Database');

  failed(error: unknown): void {
    if (this.down) return;
    this.down = true;
    this.logger.error(`De database is niet bereikbaar (${describe(error)}); de API antwoordt 503 tot hij terug is.`);
  }

  recovered(): void {
    if (!this.down) return;
    this.down = false;
    this.logger.warn('De database is weer bereikbaar.');
  }
}

/** One per process: the error filter is created outside Nest's container (app.factory.ts). */
export const databaseOutage = new DatabaseOutage();
