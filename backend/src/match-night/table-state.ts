/**
 * What a table and the supervisor's console show of each seat (one set at one table) on a
 * match night, as pure functions over the stored facts (Regel 15, 22, 35B).
 */
import { isPossibleSetScore, setTableLabel, type Side } from '../domain/match';
import { PLAYED_SOURCES, type Seat, seatPhase } from '../domain/match/match-command';

export const SEAT_STATES = ['WAITING', 'ENTERED', 'SIGNED', 'DISPUTED', 'CREDITED'] as const;
export type SeatState = (typeof SEAT_STATES)[number];

export const ALERT_KINDS = ['DISPUTE', 'IMPOSSIBLE_SCORE'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** What the table and the console read of a seat: the core's seat (domain/match/match-command.ts). */
export type SeatFacts = Pick<Seat, 'source' | 'homePoints' | 'awayPoints' | 'signedAt' | 'refusedAt' | 'refusedBySide' | 'refusalComment' | 'decidedAt'>;

/**
 * The core's phase of a seat (seatPhase): WAITING (nothing stored, or the supervisor voided
 * the entry: played at a wrong table), CREDITED (the rules scored it: Regel 5B/5C/12A, 14, 38),
 * SIGNED (the opposing pair signed, or the supervisor decided), DISPUTED (a pair refused to
 * sign, Regel 35B), ENTERED (waiting for the other pair). One addition for the table: a seat
 * entered from the paper form counts as SIGNED once the whole result is confirmed (the form's
 * two signatures cover every seat).
 */
export function seatState(seat: SeatFacts | undefined, resultConfirmed: boolean): SeatState {
  const phase = seatPhase(seat as Seat | undefined);
  return phase === 'ENTERED' && resultConfirmed ? 'SIGNED' : phase;
}

/** A seat is done when nothing more happens to it at the table. */
export function seatDone(state: SeatState): boolean {
  return state === 'SIGNED' || state === 'CREDITED';
}

/** The set a table plays now: its first set that is not done; null when every set is. */
export function currentSet(states: readonly { setNumber: number; state: SeatState }[]): number | null {
  return [...states].sort((a, b) => a.setNumber - b.setNumber).find((s) => !seatDone(s.state))?.setNumber ?? null;
}

export interface SeatAlert {
  kind: AlertKind;
  setNumber: number;
  tableNumber: number;
  message: string;
}

const SIDE_WORDS: Record<Side, string> = { HOME: 'thuiskoppel', AWAY: 'uitkoppel' };

/** What the supervisor must look at for one seat: a refusal to sign (Regel 35B), a score that cannot be (Regel 15). */
export function seatAlerts(setNumber: number, tableNumber: number, seat: SeatFacts | undefined, state: SeatState, gamesPerSet: number): SeatAlert[] {
  if (!seat) return [];
  const where = setTableLabel(setNumber, tableNumber);
  const alerts: SeatAlert[] = [];
  if (state === 'DISPUTED' && seat.refusedBySide) {
    const comment = seat.refusalComment ? `: “${seat.refusalComment}”` : '.';
    alerts.push({ kind: 'DISPUTE', setNumber, tableNumber, message: `${where}: het ${SIDE_WORDS[seat.refusedBySide]} weigert te tekenen (Regel 35B)${comment}` });
  }
  if (PLAYED_SOURCES.includes(seat.source) && !isPossibleSetScore(seat.homePoints, seat.awayPoints, gamesPerSet)) {
    alerts.push({
      kind: 'IMPOSSIBLE_SCORE',
      setNumber,
      tableNumber,
      message: `${where}: ${seat.homePoints}–${seat.awayPoints} is geen mogelijke setstand; alleen de wedstrijdleider kan hem wijzigen, met een reden (Regel 15).`,
    });
  }
  return alerts;
}
