import { Injectable } from '@nestjs/common';
import { isoDate } from '../common/dto';
import { NotFoundError } from '../common/errors';
import { tablePlan } from '../domain/match';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { mapSettings } from '../seasons/season.dto';
import { DocumentMatchDto, SeasonDocumentDto } from './season-document.dto';
import { DOCUMENT_VERSION } from './season-document';

const exportSelect = {
  name: true,
  startsOn: true,
  competitionStartsOn: true,
  endsOn: true,
  settings: true,
  divisions: {
    where: { archivedAt: null },
    orderBy: [{ level: 'asc' }, { name: 'asc' }],
    select: {
      name: true,
      level: true,
      teams: { orderBy: { name: 'asc' }, select: { id: true, name: true, archivedAt: true, club: { select: { name: true } } } },
      matches: {
        where: { archivedAt: null },
        orderBy: [{ round: 'asc' }, { date: 'asc' }, { startTime: 'asc' }, { homeTeam: { name: 'asc' } }],
        select: {
          round: true,
          date: true,
          startTime: true,
          homeTeamId: true,
          awayTeamId: true,
          status: true,
          resultState: true,
          homePoints: true,
          awayPoints: true,
          forfeitingTeamId: true,
          bothForfeited: true,
          forfeitCause: true,
          incompleteAppearances: { select: { teamId: true, kind: true } },
          homeIneligible: true,
          awayIneligible: true,
          sets: { orderBy: [{ setNumber: 'asc' }, { tableNumber: 'asc' }], select: { setNumber: true, tableNumber: true, homePoints: true, awayPoints: true } },
        },
      },
      playoffs: { orderBy: [{ date: 'asc' }, { createdAt: 'asc' }], select: { winnerTeamId: true, loserTeamId: true, date: true } },
    },
  },
  deductions: {
    orderBy: { createdAt: 'asc' },
    select: { teamId: true, points: true, rule: true, reason: true, match: { select: { round: true } } },
  },
} satisfies Prisma.SeasonSelect;

type ExportSource = Prisma.SeasonGetPayload<{ select: typeof exportSelect }>;
type ExportMatch = ExportSource['divisions'][number]['matches'][number];

/** Set rows exactly on the table plan, in set order and table 1..n within a set; otherwise null. */
function setsOnPlan(match: ExportMatch, pairs: number): [number, number][] | null {
  const plan = tablePlan(pairs);
  if (match.sets.length !== plan.length) return null;
  const onPlan = plan.every((seat, k) => match.sets[k].setNumber === seat.setNumber && match.sets[k].tableNumber === seat.tableNumber);
  return onPlan ? match.sets.map((s) => [s.homePoints, s.awayPoints]) : null;
}

/**
 * One match of the document. Decision: only a confirmed result is exported; a match whose
 * result is not confirmed yet is exported as SCHEDULED (the result is not final).
 */
function exportMatch(match: ExportMatch, division: string, teamName: (id: string) => string, pairs: number): DocumentMatchDto {
  const base: DocumentMatchDto = {
    division,
    round: match.round,
    date: isoDate(match.date),
    startTime: match.startTime,
    home: teamName(match.homeTeamId),
    away: teamName(match.awayTeamId),
    status: 'SCHEDULED',
  };
  if (match.resultState !== 'CONFIRMED' || match.status === 'SCHEDULED') return base;
  const result: DocumentMatchDto = { ...base, status: match.status };
  if (match.status === 'NOT_PLAYED') return result;
  const sets = match.status === 'CANCELLED' ? null : setsOnPlan(match, pairs);
  if (sets) result.sets = sets;
  else if (match.homePoints !== null && match.awayPoints !== null) result.score = [match.homePoints, match.awayPoints];
  if (match.status === 'FORFEIT') result.forfeitedBy = match.bothForfeited ? 'both' : match.forfeitingTeamId === match.homeTeamId ? 'home' : 'away';
  if (match.bothForfeited) delete result.score;
  if (match.status === 'FORFEIT' && match.forfeitCause) result.forfeitCause = match.forfeitCause;
  const ineligible = [...(match.homeIneligible ? ['home' as const] : []), ...(match.awayIneligible ? ['away' as const] : [])];
  if (match.status === 'PLAYED' && ineligible.length) result.ineligible = ineligible;
  // Regel 11 occurrences of a played match (a forfeit's follow from forfeitedBy and its cause).
  const sides = (kind: 'INCOMPLETE' | 'LATE') =>
    match.incompleteAppearances.filter((a) => a.kind === kind).map((a) => (a.teamId === match.homeTeamId ? ('home' as const) : ('away' as const)));
  if (match.status === 'PLAYED' && sides('INCOMPLETE').length) result.incomplete = sides('INCOMPLETE');
  if (match.status === 'PLAYED' && sides('LATE').length) result.late = sides('LATE');
  return result;
}

@Injectable()
export class SeasonExportService {
  constructor(private readonly prisma: PrismaService) {}

  /** The whole season as one document that POST /api/seasons/import reads back. */
  async export(seasonId: string): Promise<SeasonDocumentDto> {
    const season = await this.prisma.season.findUnique({ where: { id: seasonId }, select: exportSelect });
    if (!season) throw new NotFoundError('Seizoen');
    const settings = mapSettings(season.settings);
    const teams = new Map(season.divisions.flatMap((d) => d.teams.map((t) => [t.id, { name: t.name, division: d.name }] as const)));
    const teamName = (id: string) => teams.get(id)!.name;
    return {
      version: DOCUMENT_VERSION,
      season: {
        name: season.name,
        startsOn: isoDate(season.startsOn),
        competitionStartsOn: isoDate(season.competitionStartsOn),
        endsOn: isoDate(season.endsOn),
        settings,
      },
      divisions: season.divisions.map((d) => ({
        name: d.name,
        level: d.level,
        teams: d.teams.map((t) => ({ name: t.name, club: t.club.name, ...(t.archivedAt ? { withdrawn: true } : {}) })),
      })),
      matches: season.divisions.flatMap((d) => d.matches.map((m) => exportMatch(m, d.name, teamName, settings.pairsPerTeam))),
      // Deductions of teams in archived divisions are left out with their division.
      deductions: season.deductions
        .filter((x) => teams.has(x.teamId))
        .map((x) => ({
          division: teams.get(x.teamId)!.division,
          team: teamName(x.teamId),
          points: x.points,
          rule: x.rule,
          reason: x.reason,
          ...(x.match ? { round: x.match.round } : {}),
        })),
      playoffs: season.divisions.flatMap((d) =>
        d.playoffs.map((p) => ({ division: d.name, winner: teamName(p.winnerTeamId), loser: teamName(p.loserTeamId), date: isoDate(p.date) })),
      ),
    };
  }
}
