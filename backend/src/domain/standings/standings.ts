/**
 * Standings of one division (RULES.md "Standings", Regel 40, 41), as a pure function of
 * teams, match results, point deductions and play-off results.
 *
 * Decisions RULES.md leaves open are marked "Decision:".
 */
import type { IsoDate } from '../dates';
import type { CompetitionSettings } from '../settings';

export type MatchStatus = 'SCHEDULED' | 'PLAYED' | 'FORFEIT' | 'NOT_PLAYED' | 'CANCELLED';

export type PointsSettings = Pick<CompetitionSettings, 'pointsWin' | 'pointsDraw' | 'pointsLoss'>;

export interface StandingsTeam {
  teamId: string;
  teamName: string;
  clubName: string;
}

export interface StandingsMatch {
  id: string;
  round: number;
  date: IsoDate;
  homeTeamId: string;
  awayTeamId: string;
  status: MatchStatus;
  homePoints: number | null;
  awayPoints: number | null;
  /** FORFEIT (Regel 7, 9A): the team that loses. */
  forfeitingTeamId?: string | null;
  /** Regel 4: teams that fielded an ineligible player. */
  ineligibleTeamIds?: readonly string[];
}

export interface PointDeduction {
  teamId: string;
  points: number;
  rule: string;
  reason: string;
  /** The round the deduction belongs to; without it, it counts after every round. */
  round?: number | null;
}

export interface PlayoffResult {
  winnerTeamId: string;
  loserTeamId: string;
}

export interface StandingsInput {
  teams: readonly StandingsTeam[];
  matches: readonly StandingsMatch[];
  deductions: readonly PointDeduction[];
  playoffs: readonly PlayoffResult[];
  settings: PointsSettings;
  /** Standings after this round: only matches and deductions of rounds <= upToRound. */
  upToRound?: number;
}

/** The criterion that placed a team within a group level on total points. */
export type TieBreaker = 'HEAD_TO_HEAD' | 'DIFFERENCE' | 'PLAYOFF';

export interface DeductionDetail {
  points: number;
  rule: string;
  reason: string;
}

export interface StandingsRow {
  position: number;
  /** Level with other teams on everything: they share the position. */
  shared: boolean;
  teamId: string;
  teamName: string;
  clubName: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  pointsFor: number;
  pointsAgainst: number;
  pointsDifference: number;
  competitionPoints: number;
  /** Total of the points deducted. */
  deductions: number;
  deductionDetails: DeductionDetail[];
  total: number;
  decidedBy: TieBreaker | null;
  playoffNeeded: boolean;
  /** Short Dutch explanation of the tie-break, for the reader of the standings. */
  note: string | null;
}

export interface RoundPositions {
  round: number;
  /** teamId → position after this round. */
  positions: Record<string, number>;
}

export type MatchOutcome = 'WON' | 'DRAWN' | 'LOST';

/** How one match counts for one of its teams. */
export interface SideResult {
  teamId: string;
  opponentId: string;
  pointsFor: number;
  pointsAgainst: number;
  competitionPoints: number;
  /** null: counts in game points only (CANCELLED, Regel 8). */
  outcome: MatchOutcome | null;
}

const TIE_BREAK_NOTES = {
  HEAD_TO_HEAD: 'Onderling resultaat',
  DIFFERENCE: 'Saldo',
  PLAYOFF_WON: 'Beslissingswedstrijd gewonnen',
  PLAYOFF_LOST: 'Beslissingswedstrijd verloren',
  PLAYOFF: 'Beslissingswedstrijd',
  PLAYOFF_NEEDED: 'Beslissingswedstrijd nodig',
} as const;

// ─────────────────────────── one match ───────────────────────────

type Outcomes = readonly [home: MatchOutcome | null, away: MatchOutcome | null];

const OPPOSITE: Record<MatchOutcome, MatchOutcome> = { WON: 'LOST', DRAWN: 'DRAWN', LOST: 'WON' };

function byScore(home: number, away: number): Outcomes {
  const outcome: MatchOutcome = home > away ? 'WON' : home < away ? 'LOST' : 'DRAWN';
  return [outcome, OPPOSITE[outcome]];
}

/** Regel 4: a team that fielded an ineligible player loses; both did → both lose. */
function byEligibility(match: StandingsMatch): Outcomes | null {
  const ineligible = match.ineligibleTeamIds ?? [];
  const home = ineligible.includes(match.homeTeamId);
  const away = ineligible.includes(match.awayTeamId);
  if (home && away) return ['LOST', 'LOST'];
  if (home) return ['LOST', 'WON'];
  if (away) return ['WON', 'LOST'];
  return null;
}

function byForfeit(match: StandingsMatch): Outcomes {
  if (match.forfeitingTeamId === match.homeTeamId) return ['LOST', 'WON'];
  if (match.forfeitingTeamId === match.awayTeamId) return ['WON', 'LOST'];
  throw new RangeError(`Match ${match.id} is a forfeit without one of its teams as forfeiting team`);
}

/** The outcomes of a match, or undefined when it counts nowhere. */
function outcomesOf(match: StandingsMatch): Outcomes | undefined {
  switch (match.status) {
    case 'PLAYED': {
      // Decision: a PLAYED match counts once both totals are entered.
      const { homePoints, awayPoints } = match;
      if (homePoints === null || awayPoints === null) return undefined;
      return byEligibility(match) ?? byScore(homePoints, awayPoints);
    }
    case 'FORFEIT':
      return byForfeit(match);
    case 'CANCELLED':
      // Regel 8 (Decision): no competition points, not played, but the score counts.
      return match.homePoints !== null && match.awayPoints !== null ? [null, null] : undefined;
    case 'NOT_PLAYED': // Regel 6: counts nowhere; its deductions come in as deductions.
    case 'SCHEDULED':
      return undefined;
  }
}

function competitionPointsFor(outcome: MatchOutcome | null, settings: PointsSettings): number {
  switch (outcome) {
    case 'WON':
      return settings.pointsWin;
    case 'DRAWN':
      return settings.pointsDraw;
    case 'LOST':
      return settings.pointsLoss;
    case null:
      return 0;
  }
}

/**
 * How a match counts for its home and away team, or null when it counts nowhere.
 * The main table and the head-to-head mini-table both use this, so forfeits and
 * ineligible players count the same way in both.
 */
function scoreMatch(
  match: StandingsMatch,
  settings: PointsSettings,
): readonly [home: SideResult, away: SideResult] | null {
  const outcomes = outcomesOf(match);
  if (!outcomes) return null;
  // Decision: a forfeit without a recorded score counts 0–0 in game points.
  const home = match.homePoints ?? 0;
  const away = match.awayPoints ?? 0;
  const side = (teamId: string, opponentId: string, own: number, other: number, outcome: MatchOutcome | null) => ({
    teamId,
    opponentId,
    pointsFor: own,
    pointsAgainst: other,
    competitionPoints: competitionPointsFor(outcome, settings),
    outcome,
  });
  return [
    side(match.homeTeamId, match.awayTeamId, home, away, outcomes[0]),
    side(match.awayTeamId, match.homeTeamId, away, home, outcomes[1]),
  ];
}

// ─────────────────────────── the table ───────────────────────────

type Counts = Pick<
  StandingsRow,
  'played' | 'won' | 'drawn' | 'lost' | 'pointsFor' | 'pointsAgainst' | 'competitionPoints' | 'deductions' | 'deductionDetails'
>;

interface Tally extends Counts {
  team: StandingsTeam;
  /** Every counted match of this team, for the head-to-head mini-tables. */
  results: SideResult[];
}

const total = (t: Tally): number => t.competitionPoints - t.deductions;
const difference = (t: Tally): number => t.pointsFor - t.pointsAgainst;

function emptyTally(team: StandingsTeam): Tally {
  return {
    team,
    played: 0,
    won: 0,
    drawn: 0,
    lost: 0,
    pointsFor: 0,
    pointsAgainst: 0,
    competitionPoints: 0,
    deductions: 0,
    deductionDetails: [],
    results: [],
  };
}

function addResult(tally: Tally, result: SideResult): void {
  tally.results.push(result);
  tally.pointsFor += result.pointsFor;
  tally.pointsAgainst += result.pointsAgainst;
  tally.competitionPoints += result.competitionPoints;
  if (result.outcome === null) return;
  tally.played += 1;
  if (result.outcome === 'WON') tally.won += 1;
  else if (result.outcome === 'DRAWN') tally.drawn += 1;
  else tally.lost += 1;
}

const inRound = (upToRound: number | undefined, round: number | null | undefined): boolean =>
  upToRound === undefined || round === undefined || round === null || round <= upToRound;

/**
 * Decision: rows exist only for `teams`; a match or deduction of a team that is not
 * listed (e.g. withdrawn and left out by the caller) counts only for the listed side.
 */
function tallyTeams(input: StandingsInput): Tally[] {
  const { teams, matches, deductions, settings, upToRound } = input;
  const byId = new Map(teams.map((team) => [team.teamId, emptyTally(team)]));
  for (const match of matches) {
    if (!inRound(upToRound, match.round)) continue;
    for (const result of scoreMatch(match, settings) ?? []) {
      const tally = byId.get(result.teamId);
      if (tally) addResult(tally, result);
    }
  }
  for (const { teamId, points, rule, reason, round } of deductions) {
    const tally = byId.get(teamId);
    if (!tally || !inRound(upToRound, round)) continue;
    tally.deductions += points;
    tally.deductionDetails.push({ points, rule, reason });
  }
  return [...byId.values()];
}

// ─────────────────────────── tie-breaking ───────────────────────────

type SortKey = readonly number[];

/** Descending, lexicographic. */
function compareKeys(a: SortKey, b: SortKey): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i] - a[i];
  return 0;
}

/** Sorts by key (highest first) and splits into groups with equal keys. */
function splitByKey<T>(items: readonly T[], key: (item: T) => SortKey): { items: T[]; key: SortKey }[] {
  const keyed = items.map((item) => ({ item, key: key(item) })).sort((a, b) => compareKeys(a.key, b.key));
  const groups: { items: T[]; key: SortKey }[] = [];
  for (const { item, key: k } of keyed) {
    const last = groups[groups.length - 1];
    if (last && compareKeys(last.key, k) === 0) last.items.push(item);
    else groups.push({ items: [item], key: k });
  }
  return groups;
}

interface Criterion {
  name: TieBreaker;
  /** Builds the sort key for the teams of one level group. */
  keyFor(group: readonly Tally[], playoffs: readonly PlayoffResult[]): (tally: Tally) => SortKey;
  note(key: SortKey): string;
}

const teamIds = (group: readonly Tally[]): Set<string> => new Set(group.map((t) => t.team.teamId));

/** Mini-table of the matches among the group: competition points, then difference. */
function headToHeadKey(group: readonly Tally[]): (tally: Tally) => SortKey {
  const ids = teamIds(group);
  return (tally) => {
    let points = 0;
    let diff = 0;
    for (const r of tally.results) {
      if (!ids.has(r.opponentId)) continue;
      points += r.competitionPoints;
      diff += r.pointsFor - r.pointsAgainst;
    }
    return [points, diff];
  };
}

/**
 * Decision: a play-off result counts for a level group when both its teams are in the
 * group; teams are ordered by play-off wins, then fewer play-off losses (so a play-off
 * among three teams is a small round robin of recorded results).
 */
function playoffKey(group: readonly Tally[], playoffs: readonly PlayoffResult[]): (tally: Tally) => SortKey {
  const ids = teamIds(group);
  const among = playoffs.filter((p) => ids.has(p.winnerTeamId) && ids.has(p.loserTeamId));
  return (tally) => {
    const id = tally.team.teamId;
    const wins = among.filter((p) => p.winnerTeamId === id).length;
    const losses = among.filter((p) => p.loserTeamId === id).length;
    return [wins, -losses];
  };
}

function playoffNote([wins, negativeLosses]: SortKey): string {
  const losses = -negativeLosses;
  if (wins > losses) return TIE_BREAK_NOTES.PLAYOFF_WON;
  if (wins < losses) return TIE_BREAK_NOTES.PLAYOFF_LOST;
  return TIE_BREAK_NOTES.PLAYOFF;
}

/** Regel 41, in order. */
const CRITERIA: readonly Criterion[] = [
  { name: 'HEAD_TO_HEAD', keyFor: headToHeadKey, note: () => TIE_BREAK_NOTES.HEAD_TO_HEAD },
  { name: 'DIFFERENCE', keyFor: () => (t) => [difference(t)], note: () => TIE_BREAK_NOTES.DIFFERENCE },
  { name: 'PLAYOFF', keyFor: playoffKey, note: playoffNote },
];

/** One or more teams at one place; more than one = shared position. */
interface Placement {
  tallies: Tally[];
  decidedBy: TieBreaker | null;
  note: string | null;
}

const byTeamName = (a: Tally, b: Tally): number =>
  a.team.teamName.localeCompare(b.team.teamName, 'nl') || (a.team.teamId < b.team.teamId ? -1 : 1);

/**
 * Orders a group of teams level on total. The first criterion that separates any of
 * them decides; every group still level is ranked again from the first criterion, with
 * only its own teams. Decision: this restart also follows a separation by saldo or by
 * play-off (RULES.md spells it out for head-to-head only), so a pair left level after
 * saldo is still ordered by its own match before a play-off is asked for.
 * Each recursion works on a strictly smaller group, so it ends.
 */
function rankLevelGroup(group: Tally[], playoffs: readonly PlayoffResult[]): Placement[] {
  for (const criterion of CRITERIA) {
    const parts = splitByKey(group, criterion.keyFor(group, playoffs));
    if (parts.length === 1) continue;
    return parts.flatMap(({ items, key }) =>
      items.length === 1
        ? [{ tallies: items, decidedBy: criterion.name, note: criterion.note(key) }]
        : rankLevelGroup(items, playoffs),
    );
  }
  return [{ tallies: [...group].sort(byTeamName), decidedBy: null, note: TIE_BREAK_NOTES.PLAYOFF_NEEDED }];
}

function place(tallies: readonly Tally[], playoffs: readonly PlayoffResult[]): Placement[] {
  return splitByKey(tallies, (t) => [total(t)]).flatMap(({ items }) =>
    items.length === 1 ? [{ tallies: items, decidedBy: null, note: null }] : rankLevelGroup(items, playoffs),
  );
}

function toRow(tally: Tally, position: number, placement: Placement): StandingsRow {
  const shared = placement.tallies.length > 1;
  return {
    position,
    shared,
    teamId: tally.team.teamId,
    teamName: tally.team.teamName,
    clubName: tally.team.clubName,
    played: tally.played,
    won: tally.won,
    drawn: tally.drawn,
    lost: tally.lost,
    pointsFor: tally.pointsFor,
    pointsAgainst: tally.pointsAgainst,
    pointsDifference: difference(tally),
    competitionPoints: tally.competitionPoints,
    deductions: tally.deductions,
    deductionDetails: tally.deductionDetails,
    total: total(tally),
    decidedBy: placement.decidedBy,
    playoffNeeded: shared,
    note: placement.note,
  };
}

/**
 * Decision: play-offs are played at the end of the season (Regel 41: "aan het einde"),
 * so they decide only the standings after the last round of the input's matches, not
 * the standings after an earlier round.
 */
function playoffsThatApply(input: StandingsInput): readonly PlayoffResult[] {
  if (input.upToRound === undefined) return input.playoffs;
  const lastRound = input.matches.reduce((max, m) => Math.max(max, m.round), 0);
  return input.upToRound >= lastRound ? input.playoffs : [];
}

/** The standings of one division, best first (Regel 40, 41). */
export function computeStandings(input: StandingsInput): StandingsRow[] {
  const rows: StandingsRow[] = [];
  for (const placement of place(tallyTeams(input), playoffsThatApply(input))) {
    const position = rows.length + 1;
    for (const tally of placement.tallies) rows.push(toRow(tally, position, placement));
  }
  return rows;
}

/** Each team's position after each of the given rounds, for a chart of the season. */
export function positionsByRound(input: StandingsInput, rounds: readonly number[]): RoundPositions[] {
  return rounds.map((round) => ({
    round,
    positions: Object.fromEntries(
      computeStandings({ ...input, upToRound: round }).map((row) => [row.teamId, row.position]),
    ),
  }));
}
