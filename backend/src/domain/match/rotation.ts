/**
 * The table plan of a match (RULES.md "The match", Regel 22): home pairs stay at their
 * table, the away pairs walk. In set 1 away pair i sits at table i; after every set each
 * walking pair moves to the next table and the pair at the last table walks back to
 * table 1. So every away pair meets every home pair exactly once.
 */
import { DEFAULT_SETTINGS } from '../settings';
import { Side } from './side';

export interface TableSeat {
  setNumber: number;
  tableNumber: number;
  /** Home pairs stay at their table: home pair t plays at table t. */
  homePairNumber: number;
  /** The walking pair at this table in this set. */
  awayPairNumber: number;
}

const DEFAULT_PAIRS = DEFAULT_SETTINGS.pairsPerTeam;

function assertPairs(pairs: number): void {
  if (!Number.isInteger(pairs) || pairs < 1) {
    throw new RangeError(`pairs must be a whole number >= 1, got ${pairs}`);
  }
}

function assertPosition(what: string, value: number, pairs: number): void {
  assertPairs(pairs);
  if (!Number.isInteger(value) || value < 1 || value > pairs) {
    throw new RangeError(`${what} must be a whole number from 1 to ${pairs}, got ${value}`);
  }
}

/** Mathematical modulo: always in 0 … n-1, also for negative a. */
function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}

/** The away (walking) pair at `table` in `set`: ((table − set) mod n) + 1. */
export function awayPairAt(set: number, table: number, pairs = DEFAULT_PAIRS): number {
  assertPosition('set', set, pairs);
  assertPosition('table', table, pairs);
  return mod(table - set, pairs) + 1;
}

/** The table where away pair `pair` sits in `set`: ((pair + set − 2) mod n) + 1. */
export function tableOfAwayPair(set: number, pair: number, pairs = DEFAULT_PAIRS): number {
  assertPosition('set', set, pairs);
  assertPosition('pair', pair, pairs);
  return mod(pair + set - 2, pairs) + 1;
}

/** The table where a pair of `side` sits in `set`: a home pair at its own table, an away pair where it walked to. */
export function tableOfPair(side: Side, set: number, pair: number, pairs = DEFAULT_PAIRS): number {
  if (side === 'AWAY') return tableOfAwayPair(set, pair, pairs);
  assertPosition('set', set, pairs);
  assertPosition('pair', pair, pairs);
  return pair;
}

/**
 * Plans and positions by number of pairs, built once: the rules ask for them on every command
 * and every view (a table write asked for the plan some ten times). Frozen, so no caller can
 * change another's.
 */
const plans = new Map<number, readonly TableSeat[]>();
const numbered = new Map<number, readonly number[]>();

/** Every seat of the match, set by set and table by table: what the match form prints. */
export function tablePlan(pairs = DEFAULT_PAIRS): readonly TableSeat[] {
  let plan = plans.get(pairs);
  if (!plan) {
    const numbers = positions(pairs);
    plan = Object.freeze(
      numbers.flatMap((setNumber) =>
        numbers.map((tableNumber) => Object.freeze({ setNumber, tableNumber, homePairNumber: tableNumber, awayPairNumber: awayPairAt(setNumber, tableNumber, pairs) })),
      ),
    );
    plans.set(pairs, plan);
  }
  return plan;
}

/** 1 … n: the numbers of the sets, the tables and the pairs of one team. */
export function positions(pairs = DEFAULT_PAIRS): readonly number[] {
  let numbers = numbered.get(pairs);
  if (!numbers) {
    assertPairs(pairs);
    numbers = Object.freeze(Array.from({ length: pairs }, (_, i) => i + 1));
    numbered.set(pairs, numbers);
  }
  return numbers;
}
