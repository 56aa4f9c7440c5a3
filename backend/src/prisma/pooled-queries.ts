import type { Pool, PoolClient } from 'pg';
import type { Prisma } from '../generated/prisma/client';

/** A value as Prisma's adapter sends it: a Date as its instant in UTC (ISO), a bigint as text; anything else as pg sends it. */
function valueOf(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** What a hand-written read needs: a Prisma client or transaction, or a pooled connection's queries (below). */
export type RawReader = { $queryRaw<T>(sql: Prisma.Sql): PromiseLike<T> };

/** The raw queries of a Prisma transaction client, on a connection taken from the pool. */
export interface PooledQueries {
  $queryRaw<T>(sql: Prisma.Sql): Promise<T>;
  $executeRaw(sql: Prisma.Sql): Promise<number>;
}

/**
 * `$queryRaw` and `$executeRaw` of a Prisma.Sql straight on pg: on a connection a path holds
 * itself (the table write's transaction) or on the pool (one statement, any connection), without
 * Prisma's engine between the hottest paths of a match night and the database (its share of
 * the API's time per table write was larger than the rules'). Statements get the names the
 * adapter gives them (PrismaService.statementName), so a statement both send is prepared once
 * per connection. Values come back as pg gives them (a bigint column as text, not a BigInt).
 */
export function pooledQueries(client: Pick<Pool | PoolClient, 'query'>, statementName: (query: { sql: string }) => string | undefined): PooledQueries {
  const run = (sql: Prisma.Sql) => (client as PoolClient).query({ name: statementName({ sql: sql.text }), text: sql.text, values: sql.values.map(valueOf) });
  return {
    $queryRaw: async <T>(sql: Prisma.Sql) => (await run(sql)).rows as T,
    $executeRaw: async (sql: Prisma.Sql) => (await run(sql)).rowCount ?? 0,
  };
}
