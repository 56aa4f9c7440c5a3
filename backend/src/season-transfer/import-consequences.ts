/**
 * A season imported from a file gets the same consequences as one recorded live (RULES.md
 * "Fines", decision 2026-11-26): fine proposals and Regel 11 occurrences from its forfeits
 * (Regel 7, 9A; both teams incomplete), its Regel 6 matches and its late/incomplete
 * appearances. Pure: the import's preview lists exactly what the import then stores.
 */
import { proposeBothIncompleteFine, proposeForfeitFine, proposeNoScreenFine, type FineProposal } from '../domain/fines/fines';
import { planRegel11, type AppearanceKind, type Regel11Occurrence } from '../domain/fines/regel11';
import { CompetitionSettings, DEFAULT_SETTINGS } from '../domain/settings';
import type { DocumentSide, ImportPlan, PlannedMatch } from './season-document';

export interface ImportOccurrence {
  matchIndex: number;
  side: DocumentSide;
  /** The club's name (an imported season's clubs are named in the file). */
  club: string;
  kind: AppearanceKind;
  /** The club's count in the season, over all its teams, in match order. */
  occurrence: number;
}

export interface ImportFine {
  matchIndex: number;
  side: DocumentSide;
  club: string;
  rule: string;
  /** null: the board sets the amount (Regel 6). */
  amountCents: number | null;
  reason: string;
  /** null: the federation; otherwise the affected club's name (Regel 9B). */
  beneficiaryClub: string | null;
  /** Regel 11: the 3rd/6th/… place. */
  incompletePlace: number | null;
}

export interface ImportConsequences {
  occurrences: ImportOccurrence[];
  fines: ImportFine[];
}

const SIDES: readonly DocumentSide[] = ['home', 'away'];

function clubOf(plan: ImportPlan, match: PlannedMatch, side: DocumentSide): string {
  return plan.divisions[match.divisionIndex].teams[side === 'home' ? match.homeIndex : match.awayIndex].club;
}

const other = (side: DocumentSide): DocumentSide => (side === 'home' ? 'away' : 'home');

function fine(plan: ImportPlan, matchIndex: number, side: DocumentSide, proposal: FineProposal, incompletePlace: number | null = null): ImportFine {
  const match = plan.matches[matchIndex];
  return {
    matchIndex,
    side,
    club: clubOf(plan, match, side),
    rule: proposal.rule,
    amountCents: proposal.amountCents,
    reason: proposal.reason,
    beneficiaryClub: proposal.beneficiary.kind === 'CLUB' ? proposal.beneficiary.clubId : null,
    incompletePlace,
  };
}

/** The facts of one match: its fines (not Regel 11) and its Regel 11 appearances, as recorded live. */
function matchFacts(plan: ImportPlan, matchIndex: number, settings: CompetitionSettings): { fines: ImportFine[]; appearances: { side: DocumentSide; kind: AppearanceKind }[] } {
  const match = plan.matches[matchIndex];
  switch (match.status) {
    case 'FORFEIT': {
      if (match.forfeitedBy === 'both') {
        const proposal = proposeBothIncompleteFine(settings);
        return { fines: SIDES.map((side) => fine(plan, matchIndex, side, proposal)), appearances: SIDES.map((side) => ({ side, kind: 'INCOMPLETE' })) };
      }
      const side = match.forfeitedBy ?? 'home';
      // Decision (as the live path): a forfeit whose cause the file does not give is Regel 9A.
      const cause = match.forfeitCause ?? 'OTHER';
      const proposal = proposeForfeitFine({ offendingClubId: clubOf(plan, match, side), affectedClubId: clubOf(plan, match, other(side)) }, cause, settings);
      return { fines: [fine(plan, matchIndex, side, proposal)], appearances: cause === 'TOO_FEW_PAIRS' ? [{ side, kind: 'INCOMPLETE' }] : [] };
    }
    case 'NOT_PLAYED':
      return { fines: SIDES.map((side) => fine(plan, matchIndex, side, proposeNoScreenFine())), appearances: [] };
    case 'PLAYED':
      return {
        fines: [],
        appearances: [...match.incomplete.map((side) => ({ side, kind: 'INCOMPLETE' as const })), ...match.late.map((side) => ({ side, kind: 'LATE' as const }))],
      };
    case 'SCHEDULED':
    case 'CANCELLED':
      return { fines: [], appearances: [] };
  }
}

/**
 * Every consequence of the plan. Regel 11 is numbered per club over the season (the import
 * creates the season, so nothing was counted before), in match order; for matches on the same
 * date and time, in the order of the file.
 */
export function importConsequences(plan: ImportPlan): ImportConsequences {
  const settings: CompetitionSettings = { ...DEFAULT_SETTINGS, ...plan.season.settings };
  const fines: ImportFine[] = [];
  const byClub = new Map<string, { occurrence: Regel11Occurrence; matchIndex: number; side: DocumentSide; kind: AppearanceKind }[]>();
  plan.matches.forEach((match, matchIndex) => {
    const facts = matchFacts(plan, matchIndex, settings);
    fines.push(...facts.fines);
    for (const { side, kind } of facts.appearances) {
      const club = clubOf(plan, match, side);
      const id = `${matchIndex}/${side}`;
      const occurrence: Regel11Occurrence = { id, matchId: String(matchIndex), teamId: side, matchDate: match.date, startTime: match.startTime, recordedAt: new Date(matchIndex) };
      byClub.set(club, [...(byClub.get(club) ?? []), { occurrence, matchIndex, side, kind }]);
    }
  });
  const occurrences: ImportOccurrence[] = [];
  for (const [club, entries] of byClub) {
    const regel11 = planRegel11(
      entries.map((e) => e.occurrence),
      [],
      settings,
    );
    const byId = new Map(entries.map((e) => [e.occurrence.id, e]));
    for (const { id, occurrence } of regel11.numbering) {
      const entry = byId.get(id)!;
      occurrences.push({ matchIndex: entry.matchIndex, side: entry.side, club, kind: entry.kind, occurrence });
    }
    for (const { place, occurrence, proposal } of regel11.propose) {
      const entry = byId.get(occurrence.id)!;
      fines.push(fine(plan, entry.matchIndex, entry.side, proposal, place));
    }
  }
  occurrences.sort((a, b) => a.matchIndex - b.matchIndex || b.side.localeCompare(a.side)); // home first
  fines.sort((a, b) => a.matchIndex - b.matchIndex || b.side.localeCompare(a.side) || a.rule.localeCompare(b.rule, 'nl', { numeric: true }));
  return { occurrences, fines };
}
