/**
 * What the public may see of a match while it is played (issue 15, live pages): a set at a
 * table counts publicly once it is signed by the opposing pair at the table, decided by the
 * supervisor, or credited by the rules; a paper result counts once the home team signed the
 * whole form; a locked (CONFIRMED) result counts whole. An entry that is not signed is
 * never shown. Pure: no framework, no database.
 */
import { Side, tablePlan } from '../match';
import { PLAYED_SOURCES, type SeatSource } from '../match/match-command';

/** A seat whose score the rules gave (Regel 7, 8, 12A, 13/14, 38): nobody enters or signs it. */
export function isCreditedSource(source: string): boolean {
  return !PLAYED_SOURCES.includes(source as SeatSource);
}

/**
 * How much of a match's scores a viewer sees (Regel 15, the season's liveScores setting).
 * ALL: the two clubs, supervisors and the federation, and everybody once the result is
 * CONFIRMED. Before that everybody else sees SIGNED (a set entered at the table counts only
 * once the opposing pair signed it or the supervisor decided it; the totals are the sum of
 * what shows) with liveScores on, NONE (no seat scores, no totals) with it off. The match
 * page, the match lists, the printed form and the live pages all ask this.
 */
export type ScoreView = 'ALL' | 'SIGNED' | 'NONE';

export function scoreView(resultState: string, liveScores: boolean, insider = false): ScoreView {
  if (insider || resultState === 'CONFIRMED') return 'ALL';
  return liveScores ? 'SIGNED' : 'NONE';
}

/** An entry at the table still awaiting the opposing pair's signature, or a disputed set (not decided by the supervisor): it does not count yet. */
export function awaitsTableSignature(seat: { enteredBySide: unknown; signedAt: unknown; decidedAt: unknown; refusedAt?: unknown }): boolean {
  if (seat.decidedAt !== null) return false;
  // A dispute waits for the supervisor (Regel 35B), also when one device had signed the set.
  return (seat.enteredBySide !== null && seat.signedAt === null) || (seat.refusedAt !== undefined && seat.refusedAt !== null);
}

/**
 * OPEN: nothing public yet (not played, or entered but not signed); SIGNED: signed at the
 * table or on the paper form; DECIDED: the supervisor decided the score; CREDITED: the rules
 * did; DISPUTED: a pair refused to sign (or it was signed differently on two devices), waiting
 * for the supervisor (Regel 35B): not public, but marked, never shown as not played.
 */
export const LIVE_SEAT_STATES = ['OPEN', 'SIGNED', 'DECIDED', 'CREDITED', 'DISPUTED'] as const;
export type LiveSeatState = (typeof LIVE_SEAT_STATES)[number];

/** The states whose score counts (before final, every screen shows the same: countedScore). */
export function countsPublicly(state: LiveSeatState): boolean {
  return state === 'SIGNED' || state === 'DECIDED' || state === 'CREDITED';
}

/**
 * NOT_STARTED: no public set yet; IN_PROGRESS: some sets public; COMPLETE: every set public,
 * final at the end of the correction window (no confirmation needed); CONFIRMED: final, counts
 * in the official standings; NOT_PLAYED: not played, forfeited or cancelled (Regel 6, 7, 8),
 * decided by the federation.
 */
export const LIVE_MATCH_STATES = ['NOT_STARTED', 'IN_PROGRESS', 'COMPLETE', 'CONFIRMED', 'NOT_PLAYED'] as const;
export type LiveMatchState = (typeof LIVE_MATCH_STATES)[number];

export interface StoredSeat {
  setNumber: number;
  tableNumber: number;
  homePoints: number;
  awayPoints: number;
  source: string;
  enteredBySide: Side | null;
  signedBySide: Side | null;
  decidedAt: Date | null;
  /** Refused, or signed differently on two devices: a dispute for the supervisor (Regel 35B) until decided. */
  refusedAt: Date | null;
}

export interface LiveMatchFacts {
  status: 'SCHEDULED' | 'PLAYED' | 'NOT_PLAYED' | 'FORFEIT' | 'CANCELLED';
  resultState: 'NONE' | 'ENTERED' | 'CONFIRMED';
  /** The home team signed the whole paper form (the signature lapses with every change). */
  homeSigned: boolean;
  sets: readonly StoredSeat[];
  /** The match's stored totals: the result of a final match, also one without sets (Regel 8: averages). */
  result?: { homePoints: number | null; awayPoints: number | null };
  /**
   * The table entries a credit of the rules covers now (Match.displacedSeats): a credited seat
   * whose covered entry was signed (or decided) was corrected.
   */
  displaced?: readonly Pick<StoredSeat, 'setNumber' | 'tableNumber' | 'signedBySide' | 'decidedAt'>[];
}

export interface LiveSeat {
  setNumber: number;
  tableNumber: number;
  homePairNumber: number;
  awayPairNumber: number;
  state: LiveSeatState;
  /** null while the seat's score does not count (OPEN, DISPUTED), or the scores are hidden. */
  homePoints: number | null;
  awayPoints: number | null;
  /** A correction: decided over the signature, or credited by the rules after it was signed (RULES.md: publicly marked). */
  corrected: boolean;
}

export interface LiveMatchPicture {
  state: LiveMatchState;
  seats: LiveSeat[];
  /** Sum of the public seats; null when nothing is public. */
  homePoints: number | null;
  awayPoints: number | null;
  publicSeats: number;
  totalSeats: number;
  /** Seats entered that do not count yet (unsigned or disputed): the public sees how many, not their scores. */
  unsignedSeats: number;
}

/** Whether one stored seat is public, and why. */
export function publicSeatState(seat: StoredSeat | undefined, match: Pick<LiveMatchFacts, 'resultState' | 'homeSigned'>): LiveSeatState {
  if (!seat) return 'OPEN';
  if (isCreditedSource(seat.source)) return 'CREDITED';
  if (seat.decidedAt) return 'DECIDED';
  // Waiting for the supervisor (Regel 35B): not public, even when one device had signed it.
  if (seat.refusedAt && match.resultState !== 'CONFIRMED') return 'DISPUTED';
  if (seat.signedBySide) return 'SIGNED';
  if (match.resultState === 'CONFIRMED') return 'SIGNED';
  // Paper path: the home secretary enters the form and signs it whole.
  if (seat.enteredBySide === null && match.homeSigned) return 'SIGNED';
  return 'OPEN';
}

const NOT_PLAYED_STATUSES: readonly LiveMatchFacts['status'][] = ['NOT_PLAYED', 'FORFEIT', 'CANCELLED'];

const keyOf = (seat: Pick<StoredSeat, 'setNumber' | 'tableNumber'>) => `${seat.setNumber}/${seat.tableNumber}`;

/**
 * A seat's score changed after it stood (RULES.md "Every change to a signed seat is a
 * correction"): the supervisor decided over the pair's signature, or the rules credited the
 * seat after its entry was signed or decided.
 */
export function seatCorrected(seat: StoredSeat | undefined, match: Pick<LiveMatchFacts, 'displaced'>): boolean {
  if (!seat) return false;
  if (isCreditedSource(seat.source)) return (match.displaced ?? []).some((d) => keyOf(d) === keyOf(seat) && (d.signedBySide !== null || d.decidedAt !== null));
  return seat.decidedAt !== null && seat.signedBySide !== null;
}

/**
 * The score before final, the same on every screen (RULES.md "Say how it became final": the
 * console, the supervisor's and the secretaries' match pages, the public page and the venue
 * screen): the seats that count (signed at the table or on the paper form, decided by the
 * supervisor, credited by the rules; every seat once final) and, apart, the work not signed
 * yet (entered and waiting for the opposing pair or the home team's signature, or disputed).
 * A final or not-played match counts its stored result.
 */
export interface CountedScore {
  /** The sum of the counting seats; null while none counts. */
  homePoints: number | null;
  awayPoints: number | null;
  countedSeats: number;
  totalSeats: number;
  /** Seats entered that do not count yet (unsigned or disputed), and their sum. */
  unsignedSeats: number;
  unsignedHomePoints: number;
  unsignedAwayPoints: number;
}

export function countedScore(match: LiveMatchFacts, pairsPerTeam: number): CountedScore {
  const stored = new Map(match.sets.map((s) => [keyOf(s), s]));
  const plan = tablePlan(pairsPerTeam);
  const score: CountedScore = { homePoints: null, awayPoints: null, countedSeats: 0, totalSeats: plan.length, unsignedSeats: 0, unsignedHomePoints: 0, unsignedAwayPoints: 0 };
  for (const seat of plan) {
    const row = stored.get(keyOf(seat));
    if (!row) continue;
    if (countsPublicly(publicSeatState(row, match))) {
      score.homePoints = (score.homePoints ?? 0) + row.homePoints;
      score.awayPoints = (score.awayPoints ?? 0) + row.awayPoints;
      score.countedSeats += 1;
    } else {
      score.unsignedSeats += 1;
      score.unsignedHomePoints += row.homePoints;
      score.unsignedAwayPoints += row.awayPoints;
    }
  }
  // A final (or not-played) match counts its result, also without sets (Regel 8: averages).
  if ((match.resultState === 'CONFIRMED' || NOT_PLAYED_STATUSES.includes(match.status)) && match.result && match.result.homePoints !== null) {
    return { ...score, homePoints: match.result.homePoints, awayPoints: match.result.awayPoints, countedSeats: plan.length, unsignedSeats: 0, unsignedHomePoints: 0, unsignedAwayPoints: 0 };
  }
  return score;
}

/**
 * The unsigned work beside the counted score, the same words on every screen: "+ 8–0 nog niet
 * ondertekend" for who may see those scores, "+ 2 sets nog niet ondertekend" for the public
 * (Regel 15: an entry not signed is never shown); null when there is none.
 */
export function unsignedWords(score: { unsignedSeats: number; unsignedHomePoints: number | null; unsignedAwayPoints: number | null }, showPoints: boolean): string | null {
  if (score.unsignedSeats === 0) return null;
  const what = showPoints && score.unsignedHomePoints !== null ? `${score.unsignedHomePoints}–${score.unsignedAwayPoints}` : `${score.unsignedSeats} ${score.unsignedSeats === 1 ? 'set' : 'sets'}`;
  return `+ ${what} nog niet ondertekend`;
}

/**
 * The public picture of one match: every seat of the table plan with its public score, the
 * running totals (countedScore) and the match's state. With `showScores` false (the season's
 * liveScores setting off and the match not locked) the states stay, the points are null.
 */
export function liveMatchPicture(match: LiveMatchFacts, pairsPerTeam: number, showScores = true): LiveMatchPicture {
  const stored = new Map(match.sets.map((s) => [keyOf(s), s]));
  const seats = tablePlan(pairsPerTeam).map((seat): LiveSeat => {
    const row = stored.get(keyOf(seat));
    const state = publicSeatState(row, match);
    const visible = showScores && countsPublicly(state) && row !== undefined;
    return { ...seat, state, homePoints: visible ? row.homePoints : null, awayPoints: visible ? row.awayPoints : null, corrected: seatCorrected(row, match) };
  });
  const publicSeats = seats.filter((s) => countsPublicly(s.state)).length;
  const score = countedScore({ ...match, result: undefined }, pairsPerTeam);
  return {
    state: matchState(match, publicSeats, seats.length),
    seats,
    homePoints: showScores ? score.homePoints : null,
    awayPoints: showScores ? score.awayPoints : null,
    publicSeats,
    totalSeats: seats.length,
    unsignedSeats: score.unsignedSeats,
  };
}

function matchState(match: LiveMatchFacts, publicSeats: number, totalSeats: number): LiveMatchState {
  if (NOT_PLAYED_STATUSES.includes(match.status)) return 'NOT_PLAYED';
  if (match.resultState === 'CONFIRMED') return 'CONFIRMED';
  if (publicSeats === 0) return 'NOT_STARTED';
  return publicSeats === totalSeats ? 'COMPLETE' : 'IN_PROGRESS';
}

/**
 * A match that counts in the provisional standings ("voorlopig"): played or being played,
 * not locked, with at least one public set; it counts with the totals of its public sets so
 * far. null: it does not count provisionally (not started, locked, or not played).
 */
export function provisionalScore(match: LiveMatchFacts): { homePoints: number; awayPoints: number } | null {
  if (match.resultState === 'CONFIRMED' || NOT_PLAYED_STATUSES.includes(match.status)) return null;
  let homePoints = 0;
  let awayPoints = 0;
  let counted = 0;
  for (const seat of match.sets) {
    if (!countsPublicly(publicSeatState(seat, match))) continue;
    homePoints += seat.homePoints;
    awayPoints += seat.awayPoints;
    counted += 1;
  }
  return counted ? { homePoints, awayPoints } : null;
}
