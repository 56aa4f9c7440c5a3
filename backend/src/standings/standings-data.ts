/**
 * Everything the standings of one division are computed from, read in one Prisma call,
 * and its mapping to the pure engine's input (domain/standings). A match counts iff its
 * result is confirmed (both teams signed, or entered by the federation); the others go to
 * the engine as fixtures without result, so it knows whether every match is decided
 * (Regel 41: a play-off is asked for at the end).
 */
import { isoDate } from '../common/dto';
import { DEFAULT_SETTINGS } from '../domain/settings';
import type { PointDeduction, PointsSettings, StandingsInput, StandingsMatch } from '../domain/standings/standings';
import type { Prisma } from '../generated/prisma/client';

export const standingsSelect = {
  id: true,
  seasonId: true,
  season: { select: { endsOn: true, settings: { select: { pointsWin: true, pointsDraw: true, pointsLoss: true, cancelledMatchPoints: true } } } },
  // Decision: a withdrawn (archived) team has no row; its matches still count for its opponents.
  teams: {
    where: { archivedAt: null },
    select: {
      id: true,
      name: true,
      clubId: true,
      club: { select: { name: true } },
      deductions: { select: { points: true, rule: true, reason: true, createdAt: true, match: { select: { round: true } } } },
    },
  },
  matches: {
    where: { archivedAt: null },
    select: {
      id: true,
      resultState: true,
      round: true,
      date: true,
      homeTeamId: true,
      awayTeamId: true,
      status: true,
      homePoints: true,
      awayPoints: true,
      forfeitingTeamId: true,
      bothForfeited: true,
      homeIneligible: true,
      awayIneligible: true,
      updatedAt: true,
    },
  },
  playoffs: { select: { winnerTeamId: true, loserTeamId: true, createdAt: true } },
} satisfies Prisma.DivisionSelect;

export type StandingsSource = Prisma.DivisionGetPayload<{ select: typeof standingsSelect }>;
type MatchRow = StandingsSource['matches'][number];

export interface DivisionStandingsData {
  divisionId: string;
  seasonId: string;
  /** The season's last day: after it the competition has ended (Regel 41). */
  seasonEndsOn: string;
  /** The engine's input: all confirmed results and the fixtures without one (no upToRound, no seasonEnded). */
  input: StandingsInput;
  /** The settings the standings are computed with (the season's, or the TSBN defaults). */
  settings: PointsSettings;
  clubIds: ReadonlyMap<string, string>;
  /** Rounds with at least one confirmed result, ascending. */
  rounds: number[];
  /** The latest confirmed change that counts: a result, a deduction or a play-off. */
  asOf: Date | null;
}

/** A match whose result is not confirmed counts nowhere yet: a fixture without result. */
function toMatch(match: MatchRow): StandingsMatch {
  if (match.resultState !== 'CONFIRMED') {
    const { id, round, homeTeamId, awayTeamId } = match;
    return { id, round, date: isoDate(match.date), homeTeamId, awayTeamId, status: 'SCHEDULED', homePoints: null, awayPoints: null };
  }
  const ineligibleTeamIds = [
    ...(match.homeIneligible ? [match.homeTeamId] : []),
    ...(match.awayIneligible ? [match.awayTeamId] : []),
  ];
  return {
    id: match.id,
    round: match.round,
    date: isoDate(match.date),
    homeTeamId: match.homeTeamId,
    awayTeamId: match.awayTeamId,
    status: match.status,
    homePoints: match.homePoints,
    awayPoints: match.awayPoints,
    forfeitingTeamId: match.forfeitingTeamId,
    bothForfeited: match.bothForfeited,
    ineligibleTeamIds,
  };
}

const latest = (dates: Date[]): Date | null =>
  dates.reduce<Date | null>((max, d) => (max === null || d > max ? d : max), null);

export function toStandingsData(source: StandingsSource): DivisionStandingsData {
  const stored = source.season.settings ?? DEFAULT_SETTINGS;
  const settings: PointsSettings = {
    pointsWin: stored.pointsWin,
    pointsDraw: stored.pointsDraw,
    pointsLoss: stored.pointsLoss,
    cancelledMatchPoints: stored.cancelledMatchPoints,
  };
  const confirmed = source.matches.filter((m) => m.resultState === 'CONFIRMED');
  // A deduction linked to a match counts from that match's round on; one without a match from the start.
  const deductions: PointDeduction[] = source.teams.flatMap((team) =>
    team.deductions.map((d) => ({ teamId: team.id, points: d.points, rule: d.rule, reason: d.reason, round: d.match?.round ?? null })),
  );
  return {
    divisionId: source.id,
    seasonId: source.seasonId,
    seasonEndsOn: isoDate(source.season.endsOn),
    settings,
    input: {
      teams: source.teams.map((team) => ({ teamId: team.id, teamName: team.name, clubName: team.club.name })),
      matches: source.matches.map(toMatch),
      deductions,
      playoffs: source.playoffs.map(({ winnerTeamId, loserTeamId }) => ({ winnerTeamId, loserTeamId })),
      settings,
    },
    clubIds: new Map(source.teams.map((team) => [team.id, team.clubId])),
    rounds: [...new Set(confirmed.map((m) => m.round))].sort((a, b) => a - b),
    asOf: latest([
      ...confirmed.map((m) => m.updatedAt),
      ...source.teams.flatMap((t) => t.deductions.map((d) => d.createdAt)),
      ...source.playoffs.map((p) => p.createdAt),
    ]),
  };
}
