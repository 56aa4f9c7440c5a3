import { Injectable } from '@nestjs/common';
import ical, { ICalEventStatus } from 'ical-generator';
import { toCsv } from '../common/csv';
import { isoDate } from '../common/dto';
import { NotFoundError } from '../common/errors';
import { formatDutchDate } from '../domain/dates';
import { tablePlan } from '../domain/match';
import { PrismaService } from '../prisma/prisma.service';
import { mapPublicLineup, MatchSummaryDto } from './match.dto';
import { MatchDataService } from './match-data.service';
import type { DownloadFile } from '../common/download';
import { FormTeam, renderMatchForm } from './match-form.pdf';
import { LineupRow, lineupOf, localInstant, MatchRow } from './match-row';


/** An evening of 6 sets of 4 games; the calendar blocks this long. */
const MATCH_HOURS = 4;

const STATUS_LABELS: Record<MatchSummaryDto['status'], string> = {
  SCHEDULED: 'gepland',
  PLAYED: 'gespeeld',
  NOT_PLAYED: 'niet gespeeld (Regel 6)',
  FORFEIT: 'reglementair (Regel 7)',
  CANCELLED: 'afgelast (Regel 8)',
};

function score(match: MatchSummaryDto): string {
  return match.homePoints === null || match.awayPoints === null ? '' : `${match.homePoints}–${match.awayPoints}`;
}

function fileSlug(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function formTeam(name: string, lineup: LineupRow | null): FormTeam {
  const { pairs, reserves } = mapPublicLineup(lineup) ?? { pairs: [], reserves: [] };
  return { name, pairs, reserves };
}

/** Public exports: a team's calendar (iCal), a division's fixture list (CSV) and the printable match form (PDF). */
@Injectable()
export class ExportsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly data: MatchDataService,
  ) {}

  async teamCalendar(teamId: string): Promise<DownloadFile> {
    const team = await this.prisma.team.findUnique({ where: { id: teamId }, include: { division: { select: { name: true } } } });
    if (!team) throw new NotFoundError('Team');
    const matches = await this.data.team(teamId);
    const clubs = await this.prisma.club.findMany({ where: { id: { in: matches.map((m) => m.homeTeam.clubId) } }, select: { id: true, venue: true, city: true } });
    const calendar = ical({ name: `${team.name} (${team.division.name})`, prodId: { company: 'TSBN', product: 'competitieadministratie', language: 'NL' } });
    for (const match of matches) {
      const start = localInstant(match.date, match.startTime);
      const club = clubs.find((c) => c.id === match.homeTeam.clubId);
      const result = score(match);
      calendar.createEvent({
        id: `${match.id}@tsbn.nl`,
        start,
        end: new Date(start.getTime() + MATCH_HOURS * 3_600_000),
        summary: `${match.homeTeam.name} – ${match.awayTeam.name}${result ? ` (${result})` : ''}`,
        description: `${team.division.name}, ronde ${match.round}. ${match.homeTeam.id === teamId ? 'Thuiswedstrijd' : 'Uitwedstrijd'}; status: ${STATUS_LABELS[match.status]}.`,
        location: [club?.venue, club?.city].filter(Boolean).join(', ') || null,
        status: match.status === 'CANCELLED' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      });
    }
    return { filename: `${fileSlug(team.name)}.ics`, contentType: 'text/calendar; charset=utf-8', body: Buffer.from(calendar.toString(), 'utf8') };
  }

  async divisionCsv(divisionId: string): Promise<DownloadFile> {
    const division = await this.data.division(divisionId);
    const header = ['Ronde', 'Datum', 'Aanvang', 'Thuis', 'Uit', 'Status', 'Uitslag', 'Winnaar'];
    const winnerName = (m: MatchSummaryDto) => (m.winner === 'HOME' ? m.homeTeam.name : m.winner === 'AWAY' ? m.awayTeam.name : m.winner === 'DRAW' ? 'gelijk' : '');
    const rows = division.rounds.flatMap((r) =>
      r.matches.map((m) => [m.round, formatDutchDate(m.date), m.startTime, m.homeTeam.name, m.awayTeam.name, STATUS_LABELS[m.status], score(m), winnerName(m)]),
    );
    // Team names are typed by people: the shared writer neutralises any that a spreadsheet would run as a formula.
    return { filename: `programma-${fileSlug(division.divisionName)}.csv`, contentType: 'text/csv; charset=utf-8', body: toCsv([header, ...rows]) };
  }

  async matchForm(matchId: string): Promise<DownloadFile> {
    const match: MatchRow = await this.data.load(matchId);
    const settings = await this.data.settings(match.division.seasonId);
    const body = await renderMatchForm({
      seasonName: match.division.season.name,
      divisionName: match.division.name,
      round: match.round,
      date: isoDate(match.date),
      startTime: match.startTime,
      venue: match.homeTeam.club.venue,
      city: match.homeTeam.club.city,
      home: formTeam(match.homeTeam.name, lineupOf(match, 'HOME')),
      away: formTeam(match.awayTeam.name, lineupOf(match, 'AWAY')),
      pairsPerTeam: settings.pairsPerTeam,
      gamesPerSet: settings.gamesPerSet,
      maxSubstitutions: settings.maxSubstitutions,
      substitutionsFromSet: settings.substitutionsFromSet,
      plan: tablePlan(settings.pairsPerTeam),
    });
    return { filename: `wedstrijdformulier-${fileSlug(match.homeTeam.name)}-${fileSlug(match.awayTeam.name)}-${isoDate(match.date)}.pdf`, contentType: 'application/pdf', body };
  }
}
