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
 * table or on the paper form; DECIDED: the supervisor decided the score; CREDITED: the rules did.
 */
export const LIVE_SEAT_STATES = ['OPEN', 'SIGNED', 'DECIDED', 'CREDITED'] as const;
export type LiveSeatState = (typeof LIVE_SEAT_STATES)[number];

/**
 * NOT_STARTED: no public set yet; IN_PROGRESS: some sets public; COMPLETE: every set public,
 * waiting for both clubs to confirm; CONFIRMED: locked, counts in the official standings;
 * NOT_PLAYED: not played, forfeited or cancelled (Regel 6, 7, 8), decided by the federation.
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
}

export interface LiveSeat {
  setNumber: number;
  tableNumber: number;
  homePairNumber: number;
  awayPairNumber: number;
  state: LiveSeatState;
  /** null while the seat is OPEN (or the scores are hidden). */
  homePoints: number | null;
  awayPoints: number | null;
}

export interface LiveMatchPicture {
  state: LiveMatchState;
  seats: LiveSeat[];
  /** Sum of the public seats; null when nothing is public. */
  homePoints: number | null;
  awayPoints: number | null;
  publicSeats: number;
  totalSeats: number;
}

/** Whether one stored seat is public, and why. */
export function publicSeatState(seat: StoredSeat | undefined, match: Pick<LiveMatchFacts, 'resultState' | 'homeSigned'>): LiveSeatState {
  if (!seat) return 'OPEN';
  if (isCreditedSource(seat.source)) return 'CREDITED';
  if (seat.decidedAt) return 'DECIDED';
  // Waiting for the supervisor (Regel 35B): not public, even when one device had signed it.
  if (seat.refusedAt && match.resultState !== 'CONFIRMED') return 'OPEN';
  if (seat.signedBySide) return 'SIGNED';
  if (match.resultState === 'CONFIRMED') return 'SIGNED';
  // Paper path: the home secretary enters the form and signs it whole.
  if (seat.enteredBySide === null && match.homeSigned) return 'SIGNED';
  return 'OPEN';
}

const NOT_PLAYED_STATUSES: readonly LiveMatchFacts['status'][] = ['NOT_PLAYED', 'FORFEIT', 'CANCELLED'];

/**
 * The public picture of one match: every seat of the table plan with its public score, the
 * running totals and the match's state. With `showScores` false (the season's liveScores
 * setting off and the match not locked) the states stay, the points are null.
 */
export function liveMatchPicture(match: LiveMatchFacts, pairsPerTeam: number, showScores = true): LiveMatchPicture {
  const stored = new Map(match.sets.map((s) => [`${s.setNumber}/${s.tableNumber}`, s]));
  const seats = tablePlan(pairsPerTeam).map((seat): LiveSeat => {
    const row = stored.get(`${seat.setNumber}/${seat.tableNumber}`);
    const state = publicSeatState(row, match);
    const visible = showScores && state !== 'OPEN' && row !== undefined;
    return { ...seat, state, homePoints: visible ? row.homePoints : null, awayPoints: visible ? row.awayPoints : null };
  });
  const publicSeats = seats.filter((s) => s.state !== 'OPEN').length;
  const counted = seats.filter((s) => s.homePoints !== null);
  const sum = (side: 'homePoints' | 'awayPoints') => counted.reduce((total, s) => total + (s[side] ?? 0), 0);
  return {
    state: matchState(match, publicSeats, seats.length),
    seats,
    homePoints: counted.length ? sum('homePoints') : null,
    awayPoints: counted.length ? sum('awayPoints') : null,
    publicSeats,
    totalSeats: seats.length,
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
    if (publicSeatState(seat, match) === 'OPEN') continue;
    homePoints += seat.homePoints;
    awayPoints += seat.awayPoints;
    counted += 1;
  }
  return counted ? { homePoints, awayPoints } : null;
}
