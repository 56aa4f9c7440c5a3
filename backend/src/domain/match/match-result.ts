/**
 * The result of a match (RULES.md "The match"): the set scores at every seat of the table
 * plan, sets a pair lost without playing (Regel 12A, 14; and every set of a forfeit,
 * Regel 7), the match totals and who wins, and the Regel 4 override.
 */
import { CompetitionSettings } from '../settings';
import { setTableLabel } from './labels';
import { fromSetOf } from './lineup';
import { awayPairAt, positions, tableOfPair, tablePlan } from './rotation';
import { SetTotals } from './scores';
import { opponentOf, Side } from './side';

/** One set at one table: a home pair against the walking pair (Regel 22). */
export interface SetResult {
  setNumber: number;
  tableNumber: number;
  homePairNumber: number;
  awayPairNumber: number;
  homePoints: number;
  awayPoints: number;
}

export type CreditReason = 'MISSING_PAIR' | 'SUBSTITUTION_VIOLATION' | 'FORFEIT' | 'PLAYER_REMOVED';

/** A set one side loses without it counting as played: its opponent is credited missingSetPoints. */
export interface SetForfeit {
  setNumber: number;
  tableNumber: number;
  /** The side that loses the set, and its pair that did not (properly) play it. */
  side: Side;
  pairNumber: number;
  reason: CreditReason;
  /** What the opponent is credited; missingSetPoints when not given (Regel 38: 2 per game). */
  points?: number;
}

/** A set scored by the rules rather than played; `source` matches the MatchSet source. */
export interface CreditedSet extends SetResult {
  source: CreditReason;
}

export type TeamResult = 'WIN' | 'DRAW' | 'LOSS';
export type MatchWinner = Side | 'DRAW';

export interface TeamOutcome {
  /** Null: the match counts as neither played, won, drawn nor lost for this team (Regel 6, 8). */
  result: TeamResult | null;
  competitionPoints: number;
  /** Competition points taken off this team for this match (Regel 4, 6); 0 when none. */
  deduction: number;
}

/** What a match means for the standings. */
export interface MatchOutcome {
  /** Game points; they count in points for and against. */
  homePoints: number;
  awayPoints: number;
  /** The team credited with the win, 'DRAW', or null when nobody wins (both lose, not played, cancelled). */
  winner: MatchWinner | null;
  home: TeamOutcome;
  away: TeamOutcome;
}

type PlanSettings = Pick<CompetitionSettings, 'pairsPerTeam'>;
type ResultSettings = Pick<CompetitionSettings, 'pointsWin' | 'pointsDraw' | 'pointsLoss'>;

/** A seat (set, table) as a map key. */
export const seatKey = (setNumber: number, tableNumber: number): string => `${setNumber}/${tableNumber}`;

function bySeat(a: SetResult, b: SetResult): number {
  return a.setNumber - b.setNumber || a.tableNumber - b.tableNumber;
}

/**
 * The credited score of every seat where one or both sides forfeit the set (Regel 12A):
 * the opponent of a forfeiting side gets missingSetPoints. When both sides forfeit the same
 * seat each is credited for the other's absence, so 8–8. Decision: RULES.md does not settle
 * that case; 8–8 applies Regel 12A to each pair on its own and favours neither team.
 * `source` is the reason of the first forfeit given for the seat.
 */
export function creditSets(
  forfeits: readonly SetForfeit[],
  settings: Pick<CompetitionSettings, 'pairsPerTeam' | 'missingSetPoints'>,
): CreditedSet[] {
  const credited = new Map<string, CreditedSet>();
  for (const forfeit of forfeits) {
    const key = seatKey(forfeit.setNumber, forfeit.tableNumber);
    const row = credited.get(key) ?? {
      ...emptySeat(forfeit.setNumber, forfeit.tableNumber, settings),
      source: forfeit.reason,
    };
    const points = forfeit.side === 'HOME' ? 'awayPoints' : 'homePoints';
    credited.set(key, { ...row, [points]: forfeit.points ?? settings.missingSetPoints });
  }
  return [...credited.values()].sort(bySeat);
}

function emptySeat(setNumber: number, tableNumber: number, settings: PlanSettings): SetResult {
  const awayPairNumber = awayPairAt(setNumber, tableNumber, settings.pairsPerTeam);
  return { setNumber, tableNumber, homePairNumber: tableNumber, awayPairNumber, homePoints: 0, awayPoints: 0 };
}

/** Every set of the match where the given pair of `side` does not play, from `fromSet` on. */
export function pairForfeits(
  side: Side,
  pairNumber: number,
  fromSet: number,
  reason: CreditReason,
  settings: PlanSettings,
): SetForfeit[] {
  return positions(settings.pairsPerTeam)
    .filter((setNumber) => setNumber >= fromSet)
    .map((setNumber) => ({
      setNumber,
      tableNumber: tableOfPair(side, setNumber, pairNumber, settings.pairsPerTeam),
      side,
      pairNumber,
      reason,
    }));
}

export interface PairPresence {
  pairNumber: number;
  /** The first set the pair played; 1 (the default) = from the start. */
  fromSet?: number;
}

/** The sets each absent or late pair of `side` missed (Regel 12A, 5B, 5C). */
export function absentPairForfeits(side: Side, present: readonly PairPresence[], settings: PlanSettings): SetForfeit[] {
  return positions(settings.pairsPerTeam).flatMap((pairNumber) => {
    const arrivals = present.filter((pair) => pair.pairNumber === pairNumber).map(fromSetOf);
    const firstSet = arrivals.length > 0 ? Math.min(...arrivals) : settings.pairsPerTeam + 1;
    return pairForfeits(side, pairNumber, 1, 'MISSING_PAIR', settings).filter((f) => f.setNumber < firstSet);
  });
}

/**
 * Regel 12A: for every set a pair should have played but did not (absent, or a latecomer
 * before its `fromSet`), the opponent is credited missingSetPoints–0. A pair not listed was
 * absent the whole match. Both pairs absent at one table: 8–8 (see creditSets).
 */
export function missingPairSets({
  homePairs,
  awayPairs,
  settings,
}: {
  homePairs: readonly PairPresence[];
  awayPairs: readonly PairPresence[];
  settings: Pick<CompetitionSettings, 'pairsPerTeam' | 'missingSetPoints'>;
}): CreditedSet[] {
  return creditSets(
    [...absentPairForfeits('HOME', homePairs, settings), ...absentPairForfeits('AWAY', awayPairs, settings)],
    settings,
  );
}

/** The played sets with every credited set in place of whatever was entered for that seat, in table-plan order. */
export function withCredits(played: readonly SetResult[], credits: readonly SetResult[]): SetResult[] {
  const credited = new Set(credits.map((c) => seatKey(c.setNumber, c.tableNumber)));
  return [...played.filter((p) => !credited.has(seatKey(p.setNumber, p.tableNumber))), ...credits].sort(bySeat);
}

/**
 * Every reason (Dutch, naming set and table) why these rows are not one complete match:
 * each seat of the table plan exactly once, with its pairs, and points as whole numbers.
 * Whether a played score is possible is checked when it is entered (validateSetScore);
 * credited rows such as 8–8 are not game scores.
 */
export function validateMatchSets(sets: readonly SetResult[], settings: PlanSettings): string[] {
  const n = settings.pairsPerTeam;
  const rows = new Map<string, SetResult[]>();
  for (const row of sets) {
    const key = seatKey(row.setNumber, row.tableNumber);
    rows.set(key, [...(rows.get(key) ?? []), row]);
  }
  const inPlan = (row: SetResult) => positions(n).includes(row.setNumber) && positions(n).includes(row.tableNumber);

  const outsidePlan = sets
    .filter((row) => !inPlan(row))
    .map(
      (row) =>
        `${setTableLabel(row.setNumber, row.tableNumber)} bestaat niet: een wedstrijd heeft ${n} sets aan ${n} tafels.`,
    );
  const perSeat = tablePlan(n).flatMap((seat) => {
    const where = setTableLabel(seat.setNumber, seat.tableNumber);
    const entered = rows.get(seatKey(seat.setNumber, seat.tableNumber)) ?? [];
    if (entered.length === 0) return [`${where}: de uitslag ontbreekt.`];
    if (entered.length > 1) return [`${where} is meer dan één keer ingevoerd.`];
    const [row] = entered;
    const errors: string[] = [];
    if (row.homePairNumber !== seat.homePairNumber || row.awayPairNumber !== seat.awayPairNumber) {
      errors.push(
        `${where}: hier speelt thuiskoppel ${seat.homePairNumber} tegen uitkoppel ${seat.awayPairNumber}, ` +
          `niet ${row.homePairNumber} tegen ${row.awayPairNumber} (Regel 22).`,
      );
    }
    if (![row.homePoints, row.awayPoints].every((p) => Number.isInteger(p) && p >= 0)) {
      errors.push(`${where}: punten moeten hele getallen van 0 of meer zijn.`);
    }
    return errors;
  });
  return [...outsidePlan, ...perSeat];
}

export function matchTotals(sets: readonly SetResult[]): SetTotals {
  return sets.reduce(
    (totals, row) => ({
      homePoints: totals.homePoints + row.homePoints,
      awayPoints: totals.awayPoints + row.awayPoints,
    }),
    { homePoints: 0, awayPoints: 0 },
  );
}

function resultOf(side: Side, winner: MatchWinner): TeamResult {
  if (winner === 'DRAW') return 'DRAW';
  return winner === side ? 'WIN' : 'LOSS';
}

/** Regel 40: win 3, draw 1, loss 0 (settings). */
export function competitionPointsFor(result: TeamResult, settings: ResultSettings): number {
  return { WIN: settings.pointsWin, DRAW: settings.pointsDraw, LOSS: settings.pointsLoss }[result];
}

function teamOutcome(result: TeamResult, settings: ResultSettings, deduction = 0): TeamOutcome {
  return { result, competitionPoints: competitionPointsFor(result, settings), deduction };
}

/** A match with a winner (or a draw), with the competition points that go with it. */
export function decidedOutcome(totals: SetTotals, winner: MatchWinner, settings: ResultSettings): MatchOutcome {
  return {
    ...totals,
    winner,
    home: teamOutcome(resultOf('HOME', winner), settings),
    away: teamOutcome(resultOf('AWAY', winner), settings),
  };
}

/**
 * Match score = the sum of all set scores per team; more game points wins, equal is a draw.
 * Pass the complete sets (see validateMatchSets and withCredits); it sums what it is given.
 */
export function computeMatchResult(settings: ResultSettings, sets: readonly SetResult[]): MatchOutcome {
  const totals = matchTotals(sets);
  const winner: MatchWinner =
    totals.homePoints > totals.awayPoints ? 'HOME' : totals.homePoints < totals.awayPoints ? 'AWAY' : 'DRAW';
  return decidedOutcome(totals, winner, settings);
}

/**
 * Regel 4: a team that fielded an ineligible player loses the match (the opponent gets the
 * win's competition points, the offender the loss's) and in addition ineligiblePlayerDeduction
 * competition points are deducted from it. The game points stay as played (RULES.md decision).
 * Decision (RULES.md does not settle it): when both teams fielded an ineligible player, both
 * lose: each gets the loss's points and the deduction, and nobody wins.
 */
export function applyIneligibility(
  result: MatchOutcome,
  offending: Side | 'BOTH',
  settings: ResultSettings & Pick<CompetitionSettings, 'ineligiblePlayerDeduction'>,
): MatchOutcome {
  const offends = (side: Side) => offending === 'BOTH' || offending === side;
  const outcomeOf = (side: Side): TeamOutcome => {
    const previous = side === 'HOME' ? result.home : result.away;
    return offends(side)
      ? teamOutcome('LOSS', settings, previous.deduction + settings.ineligiblePlayerDeduction)
      : teamOutcome('WIN', settings, previous.deduction);
  };
  return {
    homePoints: result.homePoints,
    awayPoints: result.awayPoints,
    winner: offending === 'BOTH' ? null : opponentOf(offending),
    home: outcomeOf('HOME'),
    away: outcomeOf('AWAY'),
  };
}
