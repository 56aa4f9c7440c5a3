/**
 * What counts as play for ratings and statistics (RULES.md "Ratings and statistics"): the
 * seats of a final match that a table actually played. The input is plain data a service
 * loads from the stored match; nothing here knows NestJS or Prisma.
 */
import { GameKind } from '../match/scores';
import { Side } from '../match/side';
import { pairPlayersAt } from '../match/supervisor-actions';

/** The sources of a seat a person typed (game by game or as totals); every other source is a credit. */
export const PLAYED_SEAT_SOURCES = Object.freeze(['GAMES', 'TOTALS'] as const);

export interface PlayGame {
  winner: Side;
  kind: GameKind;
  points: number;
  penaltyRule: string | null;
}

/** One set at one table of a final match, with the two members of each pair. */
export interface PlaySeat {
  setNumber: number;
  tableNumber: number;
  /** GAMES, TOTALS, or a credit (MISSING_PAIR, SUBSTITUTION_VIOLATION, PLAYER_REMOVED, FORFEIT, AVERAGE). */
  source: string;
  homePoints: number;
  awayPoints: number;
  homePlayers: string[];
  awayPlayers: string[];
  /** The games, when entered game by game (source GAMES); null for totals. */
  games: PlayGame[] | null;
}

export interface PlayTeam {
  teamId: string;
  clubId: string;
}

/** A final match: its place in time (for the order of ratings) and its seats. */
export interface PlayMatch {
  id: string;
  seasonId: string;
  divisionId: string;
  /** ISO date, YYYY-MM-DD. */
  date: string;
  /** "HH:MM". */
  startTime: string;
  home: PlayTeam;
  away: PlayTeam;
  seats: PlaySeat[];
}

/**
 * A seat is play when a person entered it (not a credit of Regel 12A, 13/14, 38, 7/9A or 8),
 * each side has two different known members, and no game of it is a Regel 38 loss (the
 * removal set of a removed player's pair: partly played, partly credited; Decision: the
 * whole seat is left out, so no rating moves on games nobody played). Voided games (Regel 22)
 * are not in the seat at all: the supervisor's void clears them from the entry.
 */
export function isPlay(seat: PlaySeat): boolean {
  if (!(PLAYED_SEAT_SOURCES as readonly string[]).includes(seat.source)) return false;
  if (!isPair(seat.homePlayers) || !isPair(seat.awayPlayers)) return false;
  if (seat.games?.some((g) => g.kind === 'PENALTY' && g.penaltyRule === '38')) return false;
  return true;
}

function isPair(players: readonly string[]): boolean {
  return players.length === 2 && players[0] !== players[1] && players.every(Boolean);
}

/**
 * The order in which results are rated: date, start time, match id, then set and table.
 * Equal-time matches are thus always in the same order, whatever order they were loaded in.
 */
export function compareMatches(a: Pick<PlayMatch, 'date' | 'startTime' | 'id'>, b: Pick<PlayMatch, 'date' | 'startTime' | 'id'>): number {
  return cmp(a.date, b.date) || cmp(a.startTime, b.startTime) || cmp(a.id, b.id);
}

export function compareSeats(a: Pick<PlaySeat, 'setNumber' | 'tableNumber'>, b: Pick<PlaySeat, 'setNumber' | 'tableNumber'>): number {
  return a.setNumber - b.setNumber || a.tableNumber - b.tableNumber;
}

/** A sortable key of a match's place in the order ("2026-10-03|20:00|<id>"). */
export function matchKey(m: Pick<PlayMatch, 'date' | 'startTime' | 'id'>): string {
  return `${m.date}|${m.startTime}|${m.id}`;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A line-up player as stored: pair number (null for a reserve) and first set. */
export interface LineupSeatPlayer {
  memberId: string;
  pairNumber: number | null;
  fromSet: number;
}

export interface SeatSubstitution {
  setNumber: number;
  pairNumber: number;
  outMemberId: string;
  inMemberId: string;
}

/**
 * Who sat in a pair in a set: the line-up's pair (members playing from that set on) with the
 * substitutions up to that set applied (domain/match pairPlayersAt).
 */
export function playersOfPair(
  lineup: readonly LineupSeatPlayer[],
  substitutions: readonly SeatSubstitution[],
  pairNumber: number,
  setNumber: number,
): string[] {
  const pair = lineup
    .filter((p) => p.pairNumber === pairNumber && p.fromSet <= setNumber)
    .map((p) => p.memberId)
    .sort();
  const subs = [...substitutions]
    .sort((a, b) => a.setNumber - b.setNumber)
    .map((s) => ({ pairNumber: s.pairNumber, setNumber: s.setNumber, outPlayerId: s.outMemberId, inPlayerId: s.inMemberId }));
  return pairPlayersAt(pair, pairNumber, subs, setNumber);
}
