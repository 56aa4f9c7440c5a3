/**
 * Fine rules (RULES.md "Fines", Regel 5D/5E, 6, 7/9A, 11, 12B). Money is always an
 * integer number of cents. Decisions RULES.md leaves open are marked "Decision:".
 */
import { addDays, compareDates, type IsoDate } from '../dates';
import type { ForfeitCause } from '../match/not-played';
import type { CompetitionSettings } from '../settings';

/**
 * A forfeit's fine carries the rule that gives it: '7' (fewer than 5 pairs, or called off less
 * than 48 hours before the match) or '9A' (any other act of the club that stops the match).
 * Both are passed on to the affected club (Regel 9B).
 */
export type FineRule = '5D' | '5E' | '6' | '7' | '9A' | '10' | '11';

/** The rules a forfeit fine can carry: one per match and team, whichever applies. */
export const FORFEIT_FINE_RULES: readonly FineRule[] = ['7', '9A'];

/** Mirrors the FineStatus enum: PROPOSED and DISCARDED are not final fines. */
export type FineStatus = 'PROPOSED' | 'OPEN' | 'PAID' | 'WAIVED' | 'DISCARDED';

/** Regel 9B: who receives the money. */
export type FineBeneficiary = { kind: 'FEDERATION' } | { kind: 'CLUB'; clubId: string };

export interface FineProposal {
  rule: FineRule;
  /** null: the board sets the amount when it confirms (Regel 6). */
  amountCents: number | null;
  /** Dutch, shown to the club. */
  reason: string;
  beneficiary: FineBeneficiary;
}

export interface ForfeitFineProposal extends FineProposal {
  /** The club that pays. */
  clubId: string;
}

export interface FineForSummary {
  clubId: string;
  status: FineStatus;
  amountCents: number | null;
  dueOn: IsoDate;
}

export interface FineTotals {
  /** Open fines, overdue ones included. */
  openCents: number;
  /** The part of openCents past its due date. */
  overdueCents: number;
  paidCents: number;
  waivedCents: number;
}

export interface FineSummary extends FineTotals {
  /** clubId → the same totals for that club. */
  byClub: Record<string, FineTotals>;
}

const FEDERATION: FineBeneficiary = { kind: 'FEDERATION' };

// ─────────────────────────── dates ───────────────────────────

/** Regel 12B: a fine is due 30 days (setting) after it is issued. */
export function dueDate(issuedOn: IsoDate, settings: Pick<CompetitionSettings, 'fineDueDays'>): IsoDate {
  return addDays(issuedOn, settings.fineDueDays);
}

/** Open and past its due date; a fine is still on time on its due date itself. */
export function isOverdue(fine: { status: FineStatus; dueOn: IsoDate }, today: IsoDate): boolean {
  return fine.status === 'OPEN' && compareDates(today, fine.dueOn) > 0;
}

// ─────────────────────────── proposals ───────────────────────────

function requireCount(value: number, minimum: number, name: string): void {
  if (!Number.isInteger(value) || value < minimum) {
    throw new RangeError(`${name} must be an integer >= ${minimum}, got ${value}`);
  }
}

/**
 * Regel 5D/5E: no line-up composed before the match. €15 the first time in a season,
 * €45 the second and (Decision, RULES.md) every later time.
 *
 * `previousCount`: earlier 5D/5E fines of the same club in the same season, proposed or
 * confirmed (open, paid or waived), not discarded. Decision: counted per club, not per
 * team, because Regel 5D speaks of "een vereniging" and fines are levied on clubs.
 */
export function proposeLineupMissingFine(
  previousCount: number,
  settings: Pick<CompetitionSettings, 'lineupMissingFineCents' | 'lineupMissingRepeatFineCents'>,
): FineProposal {
  requireCount(previousCount, 0, 'previousCount');
  const first = previousCount === 0;
  const base = 'Geen spelerslijst samengesteld voor aanvang van de wedstrijd';
  return {
    rule: first ? '5D' : '5E',
    amountCents: first ? settings.lineupMissingFineCents : settings.lineupMissingRepeatFineCents,
    reason: first ? `${base} (Regel 5D).` : `${base}, ${previousCount + 1}e keer dit seizoen (Regel 5E).`,
    beneficiary: FEDERATION,
  };
}

/**
 * Regel 7, 9A: the match did not take place through the offending club's fault; the cause
 * decides the rule (Regel 7 for too few pairs or a late call-off, 9A for any other act).
 * Regel 9B: the fine is passed on to the affected club.
 */
export function proposeForfeitFine(
  clubs: { offendingClubId: string; affectedClubId: string },
  cause: ForfeitCause,
  settings: Pick<CompetitionSettings, 'forfeitFineCents' | 'minimumPairsToStart'>,
): ForfeitFineProposal {
  const passedOn = 'de boete gaat naar de gedupeerde vereniging (Regel 9B).';
  const { rule, what } = FORFEIT_CAUSE_TEXT[cause](settings);
  return {
    clubId: clubs.offendingClubId,
    rule,
    amountCents: settings.forfeitFineCents,
    reason: `Wedstrijd niet doorgegaan: ${what}; ${passedOn}`,
    beneficiary: { kind: 'CLUB', clubId: clubs.affectedClubId },
  };
}

/**
 * Both teams incomplete (RULES.md "Fines", decision 2026-11-26): each team is a Regel 7 case
 * and each club pays the forfeit fine, with the federation as beneficiary: neither club is
 * the affected one (Regel 9B passes a fine on to the affected club only).
 */
export function proposeBothIncompleteFine(settings: Pick<CompetitionSettings, 'forfeitFineCents' | 'minimumPairsToStart'>): FineProposal {
  return {
    rule: '7',
    amountCents: settings.forfeitFineCents,
    reason: `Wedstrijd niet doorgegaan: beide teams met minder dan ${settings.minimumPairsToStart} koppels aanwezig, grove nalatigheid (Regel 7); de boete gaat naar de bond, geen van beide verenigingen is gedupeerd.`,
    beneficiary: FEDERATION,
  };
}

const FORFEIT_CAUSE_TEXT: Readonly<Record<ForfeitCause, (settings: Pick<CompetitionSettings, 'minimumPairsToStart'>) => { rule: FineRule; what: string }>> = {
  TOO_FEW_PAIRS: (settings) => ({ rule: '7', what: `minder dan ${settings.minimumPairsToStart} koppels aanwezig, grove nalatigheid (Regel 7)` }),
  LATE_CANCELLATION: () => ({ rule: '7', what: 'minder dan 48 uur van tevoren afgezegd, grove nalatigheid (Regel 7)' }),
  OTHER: () => ({ rule: '9A', what: 'door toedoen van de vereniging, grove nalatigheid (Regel 9A)' }),
};

/**
 * Regel 11: a club ("vereniging") incomplete or late for the 3rd time in a season (setting),
 * and every 3rd time after. `occurrence`: 1-based count of the club's incomplete or late
 * appearances in the season over all its teams, this one included (RULES.md "Fines": like
 * Regel 5E, Regel 11 counts per club; a Regel 7 forfeit with fewer than 5 pairs counts as
 * incomplete). null: no fine this time.
 */
export function proposeIncompleteFine(
  occurrence: number,
  settings: Pick<CompetitionSettings, 'incompleteFineCents' | 'incompleteEveryNth'>,
): FineProposal | null {
  requireCount(occurrence, 1, 'occurrence');
  if (occurrence % settings.incompleteEveryNth !== 0) return null;
  return {
    rule: '11',
    amountCents: settings.incompleteFineCents,
    reason: `Vereniging voor de ${occurrence}e keer dit seizoen onvolledig of te laat aanwezig (Regel 11).`,
    beneficiary: FEDERATION,
  };
}

/** Regel 6: match played without table screen; the board sets the amount. */
export function proposeNoScreenFine(): FineProposal {
  return {
    rule: '6',
    amountCents: null,
    reason: 'Wedstrijd gespeeld zonder tafelscherm (Regel 6); het bestuur stelt het bedrag vast.',
    beneficiary: FEDERATION,
  };
}

// ─────────────────────────── totals ───────────────────────────

const noTotals = (): FineTotals => ({ openCents: 0, overdueCents: 0, paidCents: 0, waivedCents: 0 });

function addFine(totals: FineTotals, fine: FineForSummary, today: IsoDate): void {
  const cents = fine.amountCents ?? 0;
  switch (fine.status) {
    case 'OPEN':
      totals.openCents += cents;
      if (isOverdue(fine, today)) totals.overdueCents += cents;
      return;
    case 'PAID':
      totals.paidCents += cents;
      return;
    case 'WAIVED':
      totals.waivedCents += cents;
      return;
    case 'PROPOSED':
    case 'DISCARDED':
      return;
  }
}

/**
 * Totals in cents over all clubs and per club. Decision: proposed and discarded fines
 * are not final and count in no total (a club appears in byClub with zeros if it has
 * only those); a fine without amount counts as 0.
 */
export function summarizeFines(fines: readonly FineForSummary[], today: IsoDate): FineSummary {
  const overall = noTotals();
  const byClub: Record<string, FineTotals> = {};
  for (const fine of fines) {
    addFine(overall, fine, today);
    addFine((byClub[fine.clubId] ??= noTotals()), fine, today);
  }
  return { ...overall, byClub };
}

// ─────────────────────────── money ───────────────────────────

/** "€ 1.234,50": Dutch notation, from integer cents, without floating point. */
export function formatEuro(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const rest = abs % 100;
  const euros = String((abs - rest) / 100).replace(/\B(?=(\d{3})+$)/g, '.');
  return `€ ${sign}${euros},${String(rest).padStart(2, '0')}`;
}

/** A forfeit fine already on record for the same match and team (Regel 7 or 9A). */
export interface RecordedForfeitFine {
  id: string;
  rule: FineRule;
  status: 'PROPOSED' | 'OPEN' | 'PAID' | 'WAIVED' | 'DISCARDED';
}

/**
 * A forfeit recorded (again) under `rule`: whether to propose its fine, and which proposals to
 * withdraw. The club is fined once per forfeit: nothing new when a fine under this rule is on
 * record (proposed, confirmed, or discarded by an administrator), or a fine under the other
 * rule was confirmed (it stays, as a confirmed Regel 11 fine does). Otherwise a proposal under
 * the other rule no longer matches the facts (the match was reopened and recorded with another
 * cause): it is withdrawn and the right one proposed (RULES.md "Fines": a proposal for facts that
 * no longer stand is withdrawn, a confirmed fine stays).
 */
export function planForfeitFine(recorded: readonly RecordedForfeitFine[], rule: FineRule): { propose: boolean; withdraw: string[] } {
  if (recorded.some((fine) => fine.rule === rule)) return { propose: false, withdraw: [] };
  if (recorded.some((fine) => fine.status === 'OPEN' || fine.status === 'PAID' || fine.status === 'WAIVED')) return { propose: false, withdraw: [] };
  return { propose: true, withdraw: recorded.filter((fine) => fine.status === 'PROPOSED').map((fine) => fine.id) };
}

/** A club's Regel 5D/5E fine of the season, with the match it is for. */
export interface RecordedLineupFine {
  id: string;
  status: 'PROPOSED' | 'OPEN' | 'PAID' | 'WAIVED' | 'DISCARDED';
  rule: FineRule;
  amountCents: number | null;
  reason: string;
  /** An administrator changed the proposal's amount (with a reason): it stays as they set it. */
  amountChanged: boolean;
  /** The match's date and start time ("YYYY-MM-DD HH:MM"): the order the offences count in. */
  matchAt: string;
  /** When the fine was recorded (ISO): the order of offences at the same date and time. */
  recordedAt: string;
}

/**
 * Regel 5D/5E counts a club's line-up offences of the season in match order, discarded proposals
 * excepted (RULES.md "Fines": derived from the season's history). Whenever an offence is added or
 * a proposal discarded, the proposals are brought in line: the first offence in match order is a
 * 5D fine, every later one 5E. A confirmed fine (open, paid, waived) stays as it was confirmed
 * and still counts; a proposal whose amount an administrator changed keeps that amount.
 * Returns the proposals to change, with what they should say.
 */
export function planLineupFines(
  fines: readonly RecordedLineupFine[],
  settings: Pick<CompetitionSettings, 'lineupMissingFineCents' | 'lineupMissingRepeatFineCents'>,
): { id: string; proposal: FineProposal }[] {
  const standing = fines
    .filter((fine) => fine.status !== 'DISCARDED')
    .sort((a, b) => a.matchAt.localeCompare(b.matchAt) || a.recordedAt.localeCompare(b.recordedAt) || a.id.localeCompare(b.id));
  return standing.flatMap((fine, previous) => {
    if (fine.status !== 'PROPOSED') return [];
    const due = proposeLineupMissingFine(previous, settings);
    const proposal = fine.amountChanged ? { ...due, amountCents: fine.amountCents } : due;
    const same = proposal.rule === fine.rule && proposal.amountCents === fine.amountCents && proposal.reason === fine.reason;
    return same ? [] : [{ id: fine.id, proposal }];
  });
}
