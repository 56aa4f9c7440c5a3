/**
 * Regel 8 (RULES.md "Cancelled by the federation"): how a match cancelled by the federation
 * counts. FROM_AVERAGES: the averaged score decides it like any result (win, draw or loss,
 * their competition points, counted as played). NONE: no competition points, counted as
 * neither played, won, drawn nor lost; the score still counts in points for and against.
 */
export const CANCELLED_MATCH_POINTS = ['FROM_AVERAGES', 'NONE'] as const;
export type CancelledMatchPoints = (typeof CANCELLED_MATCH_POINTS)[number];

/**
 * Every "(setting)" of RULES.md, with the TSBN defaults: the one declaration of the settings.
 * The SeasonSettings table, the season DTOs (their defaults) and the interface texts derive
 * from it; domain functions take this plain object.
 */
export interface CompetitionSettings {
  /** Regel 1: member list due this many days before the season start. */
  memberListDeadlineDays: number;
  /** Regel 2: no transfers from this many days before the competition start until season end. */
  transferFreezeDays: number;
  /** Regel 3B: registered on or before the Nth working day before the match. */
  registrationLeadWorkingDays: number;
  /** Regel 4: competition points deducted for fielding an ineligible player. */
  ineligiblePlayerDeduction: number;
  /** Regel 5: pairs per team = tables = sets per match. */
  pairsPerTeam: number;
  /** Games per set. */
  gamesPerSet: number;
  /** Regel 5B/7: fewer pairs than this present and the match cannot start. */
  minimumPairsToStart: number;
  /** Regel 12A: a set not played counts X–0 for the opponent. */
  missingSetPoints: number;
  /** Regel 13: substitutions per team per match. */
  maxSubstitutions: number;
  /** Regel 13: substitutions allowed from this set on. */
  substitutionsFromSet: number;
  /** Regel 6: deduction for both teams when played without table screen. */
  noScreenDeduction: number;
  /** Regel 40. */
  pointsWin: number;
  pointsDraw: number;
  pointsLoss: number;
  /** Regel 8: whether a cancelled match gives competition points from its averaged score. */
  cancelledMatchPoints: CancelledMatchPoints;
  /** Regel 5D / 5E, in cents. */
  lineupMissingFineCents: number;
  lineupMissingRepeatFineCents: number;
  /** Regel 7 / 9A, in cents. */
  forfeitFineCents: number;
  /** Regel 10, in cents. */
  negligenceFineCents: number;
  /** Regel 11, in cents, every Nth time. */
  incompleteFineCents: number;
  incompleteEveryNth: number;
  /** Regel 12B. */
  fineDueDays: number;
  paymentAccountName: string;
  paymentIban: string;
  /** Match night: the public live pages show running scores while matches are played (off: only once a match is locked). */
  liveScores: boolean;
  /** Finality: minutes after a table-played match is complete until it becomes final (the correction window). */
  correctionWindowMinutes: number;
  /** Finality: hours the away team has to confirm a signed paper form; then it becomes final by itself. */
  paperConfirmHours: number;
  /** Member-list upload: removing more than this percentage of the list needs a second confirmation naming the number. */
  memberRemovalConfirmPercent: number;
  /** Member-list upload: the club and the federation can put the list back as it was before an upload for this many days. */
  memberListRestoreDays: number;
  /** A member added again to the same club's list within this many days of being taken off keeps the original registration date. */
  memberReaddDays: number;
}

export const DEFAULT_SETTINGS: Readonly<CompetitionSettings> = Object.freeze({
  memberListDeadlineDays: 15,
  transferFreezeDays: 15,
  registrationLeadWorkingDays: 5,
  ineligiblePlayerDeduction: 3,
  pairsPerTeam: 6,
  gamesPerSet: 4,
  minimumPairsToStart: 5,
  missingSetPoints: 8,
  maxSubstitutions: 6,
  substitutionsFromSet: 3,
  noScreenDeduction: 3,
  pointsWin: 3,
  pointsDraw: 1,
  pointsLoss: 0,
  cancelledMatchPoints: 'FROM_AVERAGES',
  lineupMissingFineCents: 1500,
  lineupMissingRepeatFineCents: 4500,
  forfeitFineCents: 6000,
  negligenceFineCents: 1500,
  incompleteFineCents: 4500,
  incompleteEveryNth: 3,
  fineDueDays: 30,
  paymentAccountName: 'Troefcall Sport Bond Nederland',
  paymentIban: 'NL00 BANK 0000 0000 00',
  liveScores: true,
  correctionWindowMinutes: 30,
  paperConfirmHours: 48,
  memberRemovalConfirmPercent: 25,
  memberListRestoreDays: 14,
  memberReaddDays: 14,
});

export interface SettingsProblem {
  field: keyof CompetitionSettings;
  message: string;
}

/** Settings that must agree with each other (Dutch messages per field). */
export function settingsProblems(s: CompetitionSettings): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  if (s.minimumPairsToStart > s.pairsPerTeam) {
    problems.push({ field: 'minimumPairsToStart', message: `Het minimum aantal koppels (${s.minimumPairsToStart}) is groter dan het aantal koppels per team (${s.pairsPerTeam}).` });
  }
  if (s.substitutionsFromSet > s.pairsPerTeam) {
    problems.push({ field: 'substitutionsFromSet', message: `Wissels vanaf set ${s.substitutionsFromSet} kan niet: een wedstrijd heeft ${s.pairsPerTeam} sets.` });
  }
  if (s.pointsWin < s.pointsDraw || s.pointsDraw < s.pointsLoss) {
    problems.push({ field: 'pointsDraw', message: 'Competitiepunten moeten aflopen: winst ≥ gelijkspel ≥ verlies.' });
  }
  if (s.lineupMissingRepeatFineCents < s.lineupMissingFineCents) {
    problems.push({ field: 'lineupMissingRepeatFineCents', message: 'De boete voor de tweede keer (Regel 5E) is lager dan die voor de eerste keer (Regel 5D).' });
  }
  return problems;
}

/**
 * Settings that shape the match itself: once a result of the season is recorded they
 * cannot change, or stored results would no longer fit (36 sets of 4 games, 8–0 credits).
 */
export const STRUCTURAL_SETTINGS: readonly (keyof CompetitionSettings)[] = ['pairsPerTeam', 'gamesPerSet', 'minimumPairsToStart', 'missingSetPoints', 'substitutionsFromSet'];
