import { statementNames } from './statement-names';

describe('statementNames (prepared statements for the statements sent again and again)', () => {
  const q = (sql: string) => ({ sql });

  it('names a read or write from its third use on, the same name each time and per text', () => {
    const name = statementNames();
    const load = 'SELECT "t0"."id" FROM "public"."matches" AS "t0" WHERE "t0"."id" = $1';
    expect(name(q(load))).toBeUndefined();
    expect(name(q(load))).toBeUndefined();
    const given = name(q(load));
    expect(given).toMatch(/^tsbn_[0-9a-f]{20}$/);
    expect(name(q(load))).toBe(given);
    const other = 'UPDATE "public"."matches" SET "version" = $1 WHERE "id" = $2';
    for (let i = 0; i < 2; i++) name(q(other));
    expect(name(q(other))).not.toBe(given);
  });

  it('never names a statement that is not a plain read or write (the schema, a transaction)', () => {
    const name = statementNames();
    for (const sql of ['CREATE EXTENSION IF NOT EXISTS pg_stat_statements', 'ALTER TABLE x ADD COLUMN y int', 'BEGIN', 'TRUNCATE matches']) {
      for (let i = 0; i < 5; i++) expect(name(q(sql))).toBeUndefined();
    }
  });

  it('names at most `max` distinct statements: the others stay unnamed', () => {
    const name = statementNames(3);
    const names = Array.from({ length: 5 }, (_, i) => {
      const sql = `SELECT ${i}`;
      name(q(sql));
      name(q(sql));
      return name(q(sql));
    });
    expect(names.slice(0, 3).every((n) => typeof n === 'string')).toBe(true);
    expect(new Set(names.slice(0, 3)).size).toBe(3);
    expect(names.slice(3)).toEqual([undefined, undefined]);
  });
});
