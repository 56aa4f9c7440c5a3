/**
 * Regel 11 (RULES.md "Fines", decision 2026-11-26): a club incomplete or late for the 3rd,
 * 6th, 9th … time in a season is fined. The count is of the occurrences that stand:
 * reopening or withdrawing one renumbers the rest, and a fine is never proposed twice for the
 * same place. A fine already confirmed for a place stays; a proposal for a place that no
 * longer exists is withdrawn.
 *
 * planRegel11 is the one decision: given all of one club's standing occurrences in a season
 * and its Regel 11 fines, it says how to number the occurrences and which fines to propose,
 * move or withdraw. The caller stores exactly that.
 */
import { compareDates, type IsoDate } from '../dates';
import type { CompetitionSettings } from '../settings';
import { proposeIncompleteFine, type FineProposal, type FineStatus } from './fines';

/** Why a team counts for Regel 11 at a match. */
export type AppearanceKind = 'INCOMPLETE' | 'LATE';

/** One standing occurrence: a team of the club was incomplete or late at a match. */
export interface Regel11Occurrence {
  /** The stored appearance (one per team per match). */
  id: string;
  matchId: string;
  teamId: string;
  /** The match date: Decision: the occurrences are counted in the order of the matches. */
  matchDate: IsoDate;
  /** The match's start time "HH:MM", for two matches of the club on one date. */
  startTime: string;
  /** When it was recorded: orders what the match does not (and is stable). */
  recordedAt: Date;
}

/** A Regel 11 fine of the club in the season, as stored. */
export interface Regel11Fine {
  id: string;
  /** The 3rd/6th/… place the fine is for; null: withdrawn, it holds no place. */
  place: number | null;
  status: FineStatus;
  matchId: string | null;
  teamId: string | null;
}

export interface Regel11Plan {
  /** Every occurrence with its number (1 = the first), in order. */
  numbering: { id: string; occurrence: number }[];
  /** New proposals: one per fined place that has no fine yet. */
  propose: { place: number; occurrence: Regel11Occurrence; proposal: FineProposal }[];
  /** Proposals still open whose place now belongs to another occurrence: they follow it. */
  move: { fineId: string; place: number; occurrence: Regel11Occurrence }[];
  /** Proposals for a place that no longer exists (or a second proposal for one place). */
  withdraw: { fineId: string; place: number }[];
}

/** Decision: in match order (date, start time), then in the order they were recorded. */
export function compareOccurrences(a: Regel11Occurrence, b: Regel11Occurrence): number {
  return (
    compareDates(a.matchDate, b.matchDate) ||
    a.startTime.localeCompare(b.startTime) ||
    a.recordedAt.getTime() - b.recordedAt.getTime() ||
    a.id.localeCompare(b.id)
  );
}

/** Statuses of a fine that an administrator has confirmed: it stays whatever happens to its place. */
const CONFIRMED: readonly FineStatus[] = ['OPEN', 'PAID', 'WAIVED'];

export function planRegel11(
  occurrences: readonly Regel11Occurrence[],
  fines: readonly Regel11Fine[],
  settings: Pick<CompetitionSettings, 'incompleteFineCents' | 'incompleteEveryNth'>,
): Regel11Plan {
  const ordered = [...occurrences].sort(compareOccurrences);
  const plan: Regel11Plan = { numbering: ordered.map((o, i) => ({ id: o.id, occurrence: i + 1 })), propose: [], move: [], withdraw: [] };

  const byPlace = new Map<number, Regel11Fine[]>();
  for (const fine of fines) {
    if (fine.place === null) continue;
    byPlace.set(fine.place, [...(byPlace.get(fine.place) ?? []), fine]);
  }

  ordered.forEach((occurrence, index) => {
    const place = index + 1;
    const proposal = proposeIncompleteFine(place, settings);
    if (!proposal) return;
    const held = byPlace.get(place) ?? [];
    byPlace.delete(place);
    if (held.length === 0) {
      plan.propose.push({ place, occurrence, proposal });
      return;
    }
    // One fine per place: a confirmed (or discarded: the board's decision stands) one keeps
    // it; otherwise the first proposal keeps it and follows the occurrence now at the place.
    const keeper = held.find((f) => CONFIRMED.includes(f.status)) ?? held.find((f) => f.status === 'DISCARDED') ?? held[0];
    for (const fine of held) {
      if (fine === keeper) {
        if (fine.status === 'PROPOSED' && (fine.matchId !== occurrence.matchId || fine.teamId !== occurrence.teamId)) plan.move.push({ fineId: fine.id, place, occurrence });
      } else if (fine.status === 'PROPOSED') {
        plan.withdraw.push({ fineId: fine.id, place });
      }
    }
  });

  // Places that no longer exist (fewer occurrences stand now, or the setting changed).
  for (const [place, held] of byPlace) {
    for (const fine of held) if (fine.status === 'PROPOSED') plan.withdraw.push({ fineId: fine.id, place });
  }
  plan.withdraw.sort((a, b) => a.place - b.place || a.fineId.localeCompare(b.fineId));
  return plan;
}

/** The note a withdrawn proposal keeps (shown to the administrator with the fine). */
export function withdrawnNote(place: number): string {
  return `Ingetrokken: de vereniging is niet meer voor de ${place}e keer onvolledig of te laat aanwezig (Regel 11, een eerder geval is teruggedraaid).`;
}
