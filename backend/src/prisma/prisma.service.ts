import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { apiProcesses } from '../api-processes';
import { PrismaClient } from '../generated/prisma/client';
import { databaseOutage, isDatabaseUnavailable } from './database-outage';
import { pooledQueries, type PooledQueries } from './pooled-queries';
import { silenceKnownWarnings } from './known-warnings';
import { statementNames } from './statement-names';

silenceKnownWarnings();

/** How long a request waits for a connection (new, or a free one from a full pool) before it gets 503. */
const CONNECT_TIMEOUT_MS = 10_000;

/** The connections the API's processes on one machine share when DATABASE_POOL_SIZE is not set. */
export const DEFAULT_POOL_SIZE = 20;

/**
 * The pool size of one API process: DATABASE_POOL_SIZE when set; otherwise DEFAULT_POOL_SIZE
 * shared by the API_PROCESSES of this machine (at least 5 each). More connections than the
 * database has cores to serve them do not write faster: with two processes of 20 each, the 40
 * PostgreSQL processes of a match night's start held the first table writes up by half a second
 * on two cores, where two pools of 10 did not (bench: match-night --processes 2).
 */
export function poolSizeOf(env: NodeJS.ProcessEnv): number {
  const set = env.DATABASE_POOL_SIZE?.trim();
  if (set) {
    const n = Number(set);
    if (!Number.isInteger(n) || n < 1) throw new Error(`DATABASE_POOL_SIZE moet een geheel getal van 1 of meer zijn, niet "${set}".`);
    return n;
  }
  return Math.max(5, Math.ceil(DEFAULT_POOL_SIZE / apiProcesses(env.API_PROCESSES)));
}

/**
 * How long a connection may sit idle in the pool before it is closed. pg's default (10 s)
 * closes the pool down between two busy moments, and a new connection costs PostgreSQL a
 * process, its catalogue caches and every prepared statement again: at the start of a match
 * night (or after a lull) 20 of them at once held the first table writes up by some 100 ms.
 * Five minutes keeps the pool through an evening's pauses and still lets a quiet server shrink.
 */
export const POOL_IDLE_MS = 5 * 60_000;

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  /** The pool under the client (its counts are reported at /api/metrics). */
  readonly pool: Pool;
  /**
   * The names the adapter gives its statements (undefined: unnamed), for a path that sends its
   * statements on a pooled connection itself (the table write): the same text gets the same name.
   */
  readonly statementName: (query: { sql: string }) => string | undefined;
  /**
   * Raw statements straight on the pool, without Prisma's engine, each on any free connection
   * (pooled-queries.ts): for the hottest single statements of a match night (the rate limits,
   * the match load outside a transaction, the live bus's notification).
   */
  readonly direct: PooledQueries;

  constructor() {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error('DATABASE_URL is not set');
    // Our own pool, so we hear when connections die (an idle one when PostgreSQL stops) and
    // when a query gets a connection again: that is where an outage starts and ends. (Not
    // 'connect': after a pool timeout with healthy connections no new one may be made.)
    const pool = new Pool({
      connectionString,
      max: poolSizeOf(process.env),
      idleTimeoutMillis: POOL_IDLE_MS,
      // Idle connections (kept five minutes) never hold a process open by themselves: the API's
      // server does that; a script or a test that is done may end without waiting for them.
      allowExitOnIdle: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    pool.on('error', (error) => {
      if (isDatabaseUnavailable(error)) databaseOutage.failed(error);
    });
    pool.on('acquire', () => databaseOutage.recovered());
    // DATABASE_PREPARED_STATEMENTS=off: every statement unnamed (e.g. behind a pooler in transaction mode).
    // The adapter hands the name to pg's query as is: undefined is pg's unnamed statement, as without a generator.
    const statementName = process.env.DATABASE_PREPARED_STATEMENTS === 'off' ? () => undefined : statementNames();
    super({ adapter: new PrismaPg(pool, { disposeExternalPool: true, statementNameGenerator: statementName as (query: { sql: string }) => string }) });
    this.pool = pool;
    this.statementName = statementName;
    this.direct = pooledQueries(pool, statementName);
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
