import { createHash } from 'node:crypto';
import { makeRoomFor } from '../common/bounded';

/** Distinct statements that get a name: each is prepared once per connection and kept by PostgreSQL for the connection's life. */
export const NAMED_STATEMENTS_MAX = 64;
/** A statement is named from its third use on: the hot ones (a table write's, the live answers') are, one-off ones are not. */
const USES_BEFORE_NAMING = 2;

/**
 * Names for the statements the API sends again and again (PrismaPg's statementNameGenerator):
 * a named statement is parsed and planned once per connection and then only executed, which
 * spares PostgreSQL most of the work of the match-load statement (its plan took a third of its
 * time). Bounded, because PostgreSQL keeps a prepared statement for the connection's life: at
 * most `max` distinct statements, only plain reads and writes (never a statement that changes
 * the schema, whose cached plans would not survive it), and only once seen `USES_BEFORE_NAMING`
 * times. Anything else stays unnamed, as before.
 */
export function statementNames(max = NAMED_STATEMENTS_MAX): (query: { sql: string }) => string | undefined {
  const uses = new Map<string, number>();
  const named = new Map<string, string>();
  return ({ sql }) => {
    const name = named.get(sql);
    if (name) return name;
    if (named.size >= max || !/^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.test(sql)) return undefined;
    const seen = (uses.get(sql) ?? 0) + 1;
    if (seen <= USES_BEFORE_NAMING) {
      // Counting is bounded as well: a flood of one-off statements forgets the oldest.
      makeRoomFor(uses, sql, 10 * max);
      uses.set(sql, seen);
      return undefined;
    }
    uses.delete(sql);
    const given = `tsbn_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    named.set(sql, given);
    return given;
  };
}
