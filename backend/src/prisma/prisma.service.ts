import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import { databaseOutage, isDatabaseUnavailable } from './database-outage';
import { silenceKnownWarnings } from './known-warnings';
import { statementNames } from './statement-names';

silenceKnownWarnings();

/** How long a request waits for a connection (new, or a free one from a full pool) before it gets 503. */
const CONNECT_TIMEOUT_MS = 10_000;

/** The API's pool size when DATABASE_POOL_SIZE is not set (the bench reports it too). */
export const DEFAULT_POOL_SIZE = 20;

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  /** The pool under the client (its counts are reported at /api/metrics). */
  readonly pool: Pool;

  constructor() {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error('DATABASE_URL is not set');
    // Our own pool, so we hear when connections die (an idle one when PostgreSQL stops) and
    // when a query gets a connection again: that is where an outage starts and ends. (Not
    // 'connect': after a pool timeout with healthy connections no new one may be made.)
    const pool = new Pool({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    pool.on('error', (error) => {
      if (isDatabaseUnavailable(error)) databaseOutage.failed(error);
    });
    pool.on('acquire', () => databaseOutage.recovered());
    // DATABASE_PREPARED_STATEMENTS=off: every statement unnamed (e.g. behind a pooler in transaction mode).
    // The adapter hands the name to pg's query as is: undefined is pg's unnamed statement, as without a generator.
    const prepared = process.env.DATABASE_PREPARED_STATEMENTS === 'off' ? {} : { statementNameGenerator: statementNames() as (query: { sql: string }) => string };
    super({ adapter: new PrismaPg(pool, { disposeExternalPool: true, ...prepared }) });
    this.pool = pool;
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
