/**
 * The order of the two players of a pair wherever a pair is named (the table's phone, the
 * live pages, the venue screen): by family name, then by member id, so two players of one
 * family name keep one order too. A line-up stores no seats, so the order is decided here,
 * once, and not by the order in which rows happen to come out of the database.
 */
export interface PairPlayer {
  memberId: string;
  member: { familyName: string };
}

const collator = new Intl.Collator('nl', { sensitivity: 'base' });

export function comparePairPlayers(a: PairPlayer, b: PairPlayer): number {
  return collator.compare(a.member.familyName, b.member.familyName) || (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0);
}

/** The players of a line-up in pair order (reserves keep their place after the pairs' players). */
export function inPairOrder<T extends PairPlayer>(players: readonly T[]): T[] {
  return [...players].sort(comparePairPlayers);
}
