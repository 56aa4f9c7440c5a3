/**
 * Standings of one division (RULES.md "Standings", Regel 40, 41), as a pure function of
 * teams, match results, point deductions and play-off results.
 *
 * Decisions RULES.md leaves open are marked "Decision:".
 */
import type { IsoDate } from '../dates';
import type { TeamResult } from '../match/match-result';
import { decideMatch } from '../match/winner';
import type { CompetitionSettings } from '../settings';

export type MatchStatus = 'SCHEDULED' | 'PLAYED' | 'FORFEIT' | 'NOT_PLAYED' | 'CANCELLED';

/** The settings the standings are computed with (Regel 8, 40). */
export type PointsSettings = Pick<CompetitionSettings, 'pointsWin' | 'pointsDraw' | 'pointsLoss' | 'cancelledMatchPoints'>;

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
  /** FORFEIT with both teams incomplete: each a Regel 7 case, both lose, 0–0. */
  bothForfeited?: boolean;
  /** Regel 4: teams that fielded an ineligible player. */
  ineligibleTeamIds?: readonly string[];
  /**
   * Counted with its score so far while it is still being played (the provisional standings
   * of a match night): it counts, but is not decided, so it never makes the standings final.
   */
  provisional?: boolean;
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
  /**
   * The season has ended (its end date has passed). Regel 41 speaks of the end of the
   * competition: a play-off is asked for only once every match is decided or the season ended.
   */
  seasonEnded?: boolean;
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
  /** Shared at the end of the competition (see StandingsInput.seasonEnded): a play-off is needed. */
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
  /** null: counts in game points only (CANCELLED with cancelledMatchPoints NONE, Regel 8). */
  outcome: MatchOutcome | null;
  /** Regel 41: counts in a head-to-head mini-table (played and forfeited matches only). */
  headToHead: boolean;
}

const TIE_BREAK_NOTES = {
  HEAD_TO_HEAD: 'Onderling resultaat',
  DIFFERENCE: 'Saldo',
  PLAYOFF_WON: 'Beslissingswedstrijd gewonnen',
  PLAYOFF_LOST: 'Beslissingswedstrijd verloren',
  PLAYOFF: 'Beslissingswedstrijd',
  PLAYOFF_NEEDED: 'Beslissingswedstrijd nodig',
  LEVEL: 'Gelijk',
} as const;

// ─────────────────────────── one match ───────────────────────────

type Outcomes = readonly [home: MatchOutcome | null, away: MatchOutcome | null];


const OUTCOME: Record<TeamResult, MatchOutcome> = { WIN: 'WON', DRAW: 'DRAWN', LOSS: 'LOST' };
const outcome = (result: TeamResult | null): MatchOutcome | null => (result === null ? null : OUTCOME[result]);

/**
 * The outcomes of a match, or undefined when it counts nowhere: the one decision the match
 * pages, CSV, PDF and API show as the winner too (domain/match/winner.ts, RULES.md Regel 8).
 */
function outcomesOf(match: StandingsMatch, settings: PointsSettings): Outcomes | undefined {
  const ineligible = match.ineligibleTeamIds ?? [];
  const side = (teamId: string | null | undefined) => (teamId === match.homeTeamId ? 'HOME' : teamId === match.awayTeamId ? 'AWAY' : null);
  const decision = decideMatch(
    {
      status: match.status,
      homePoints: match.homePoints,
      awayPoints: match.awayPoints,
      forfeitingSide: side(match.forfeitingTeamId),
      bothForfeited: match.bothForfeited ?? false,
      homeIneligible: ineligible.includes(match.homeTeamId),
      awayIneligible: ineligible.includes(match.awayTeamId),
    },
    settings,
  );
  if (!decision && match.status === 'FORFEIT') throw new RangeError(`Match ${match.id} is a forfeit without one of its teams as forfeiting team`);
  return decision && [outcome(decision[0]), outcome(decision[1])];
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
  const outcomes = outcomesOf(match, settings);
  if (!outcomes) return null;
  // Regel 41: head-to-head counts the matches played among the teams, forfeits included.
  const headToHead = match.status === 'PLAYED' || match.status === 'FORFEIT';
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
    headToHead,
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
  keyFor(group: readonly Tally[]): (tally: Tally) => SortKey;
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
      if (!r.headToHead || !ids.has(r.opponentId)) continue;
      points += r.competitionPoints;
      diff += r.pointsFor - r.pointsAgainst;
    }
    return [points, diff];
  };
}

/** Regel 41, steps 1 and 2, in order; a play-off (step 3) comes after them. */
const CRITERIA: readonly Criterion[] = [
  { name: 'HEAD_TO_HEAD', keyFor: headToHeadKey, note: () => TIE_BREAK_NOTES.HEAD_TO_HEAD },
  { name: 'DIFFERENCE', keyFor: () => (t) => [difference(t)], note: () => TIE_BREAK_NOTES.DIFFERENCE },
];

/** One or more teams at one place; more than one = shared position. */
interface Placement {
  tallies: Tally[];
  decidedBy: TieBreaker | null;
  note: string | null;
}

/** What the rows of a group still level say: a play-off is needed only at the end (Regel 41). */
interface Level {
  /** Every match of the division is decided, or the season has ended. */
  final: boolean;
  playoffs: readonly PlayoffResult[];
}

const byTeamName = (a: Tally, b: Tally): number =>
  a.team.teamName.localeCompare(b.team.teamName, 'nl') || (a.team.teamId < b.team.teamId ? -1 : 1);

/**
 * Regel 41 step 3: the play-off results among a group still level form a mini-table of
 * play-off wins. It orders the teams it separates; the teams it leaves level keep sharing
 * and still need a play-off (RULES.md: three level teams, only A beat B: A first, B and C
 * share). Decision: a play-off result counts when both its teams are in the group; the
 * teams a mini-table leaves level are ordered by the play-offs among only themselves (so
 * A beat B, B beat C, C beat A leaves all three level, and A beat B and C beat B, then
 * A beat C orders A, C, B), but never again by head-to-head or saldo: those left them level.
 */
function rankByPlayoffs(group: Tally[], level: Level, record = playoffRecord(group, level.playoffs)): Placement[] {
  const among = playoffsAmong(group, level.playoffs);
  const parts = splitByKey(group, (t) => [among.filter((p) => p.winnerTeamId === t.team.teamId).length]);
  if (parts.length === 1) {
    const note = level.final ? TIE_BREAK_NOTES.PLAYOFF_NEEDED : TIE_BREAK_NOTES.LEVEL;
    return [{ tallies: [...group].sort(byTeamName), decidedBy: null, note }];
  }
  return parts.flatMap(({ items }) =>
    items.length > 1 ? rankByPlayoffs(items, level, record) : [{ tallies: items, decidedBy: 'PLAYOFF' as const, note: record(items[0]) }],
  );
}

function playoffsAmong(group: readonly Tally[], playoffs: readonly PlayoffResult[]): PlayoffResult[] {
  const ids = teamIds(group);
  return playoffs.filter((p) => ids.has(p.winnerTeamId) && ids.has(p.loserTeamId));
}

/** The note of a team placed by play-offs: its record in the play-offs of the whole level group. */
function playoffRecord(group: readonly Tally[], playoffs: readonly PlayoffResult[]): (tally: Tally) => string {
  const among = playoffsAmong(group, playoffs);
  return (tally) => {
    const id = tally.team.teamId;
    const wins = among.filter((p) => p.winnerTeamId === id).length;
    const losses = among.filter((p) => p.loserTeamId === id).length;
    if (wins > losses) return TIE_BREAK_NOTES.PLAYOFF_WON;
    if (wins < losses) return TIE_BREAK_NOTES.PLAYOFF_LOST;
    return TIE_BREAK_NOTES.PLAYOFF;
  };
}

/**
 * Orders a group of teams level on total. The first criterion that separates any of
 * them decides; every group still level is ranked again from the first criterion, with
 * only its own teams (RULES.md: after head-to-head, and after saldo "ranked again from
 * step 1 among itself"). What both leave level goes to the play-offs.
 * Each recursion works on a strictly smaller group, so it ends.
 */
function rankLevelGroup(group: Tally[], level: Level): Placement[] {
  for (const criterion of CRITERIA) {
    const parts = splitByKey(group, criterion.keyFor(group));
    if (parts.length === 1) continue;
    return parts.flatMap(({ items, key }) =>
      items.length === 1
        ? [{ tallies: items, decidedBy: criterion.name, note: criterion.note(key) }]
        : rankLevelGroup(items, level),
    );
  }
  return rankByPlayoffs(group, level);
}

function place(tallies: readonly Tally[], level: Level): Placement[] {
  return splitByKey(tallies, (t) => [total(t)]).flatMap(({ items }) =>
    items.length === 1 ? [{ tallies: items, decidedBy: null, note: null }] : rankLevelGroup(items, level),
  );
}

function toRow(tally: Tally, position: number, placement: Placement, final: boolean): StandingsRow {
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
    playoffNeeded: shared && final,
    note: placement.note,
  };
}

/**
 * Decision: play-offs are played at the end of the season (Regel 41: "aan het einde"),
 * so they decide only the standings after the last round of the input's matches (every
 * fixture, decided or not), not the standings after an earlier round; the same holds for
 * asking for one.
 */
function atTheEnd(input: StandingsInput): boolean {
  if (input.upToRound === undefined) return true;
  const lastRound = input.matches.reduce((max, m) => Math.max(max, m.round), 0);
  return input.upToRound >= lastRound;
}

/**
 * A match is decided once it counts (or is known to count nowhere: Regel 6). Decision: a
 * fixture of a team without a row (withdrawn) will not be played and does not keep the
 * competition open.
 */
function undecided(match: StandingsMatch, listed: ReadonlySet<string>): boolean {
  if (!listed.has(match.homeTeamId) || !listed.has(match.awayTeamId)) return false;
  if (match.status === 'SCHEDULED' || match.provisional) return true;
  return match.status === 'PLAYED' && (match.homePoints === null || match.awayPoints === null);
}

/** Regel 41 "at the end": every match of the input decided, or the season has ended. */
function competitionFinished(input: Pick<StandingsInput, 'teams' | 'matches' | 'seasonEnded'>): boolean {
  if (input.seasonEnded) return true;
  const listed = new Set(input.teams.map((t) => t.teamId));
  return !input.matches.some((m) => undecided(m, listed));
}

/**
 * These standings are the end of the competition (Regel 41): they are not an earlier
 * round's, and every match is decided or the season has ended. Only then does a shared
 * position ask for a play-off.
 */
export function isFinal(input: StandingsInput): boolean {
  return atTheEnd(input) && competitionFinished(input);
}

/**
 * The standings of one division, best first (Regel 40, 41). Pass every fixture of the
 * division in `matches`, decided or not (a fixture without result counts nowhere): the
 * standings ask for a play-off only once none is left undecided or the season has ended.
 */
export function computeStandings(input: StandingsInput): StandingsRow[] {
  const end = atTheEnd(input);
  const final = isFinal(input);
  const level: Level = { final, playoffs: end ? input.playoffs : [] };
  const rows: StandingsRow[] = [];
  for (const placement of place(tallyTeams(input), level)) {
    const position = rows.length + 1;
    for (const tally of placement.tallies) rows.push(toRow(tally, position, placement, final));
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
