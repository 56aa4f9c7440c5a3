import { Injectable } from '@nestjs/common';
import ical, { ICalEventStatus } from 'ical-generator';
import { toCsv } from '../common/csv';
import { isoDate } from '../common/dto';
import { NotFoundError } from '../common/errors';
import { formatDutchDate } from '../domain/dates';
import { finalityWords } from '../domain/match/match-command';
import { pairPlayersAt, tablePlan } from '../domain/match';
import { PrismaService } from '../prisma/prisma.service';
import { forViewer, mapMatchDetail, mapPlayers, MatchDetailDto, MatchSummaryDto, namesFor } from './match.dto';
import { MatchDataService } from './match-data.service';
import { ScoreFactsService } from './score-facts.service';
import type { DownloadFile } from '../common/download';
import { FormScores, FormTeam, renderMatchForm } from './match-form.pdf';
import { renderScoreSlips } from './score-slips.pdf';
import { localInstant, MatchRow, matchSummaryInclude } from './match-row';
import type { Prisma } from '../generated/prisma/client';
import type { AuthUser } from '../auth/auth.types';
import { canSeeTableCodes, liveTableCodes } from '../match-night/night-access';
import { dutchInstant, formatTableCode, tableUrl } from '../match-night/table-code';


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

function formTeam(name: string, lineup: MatchDetailDto['homeLineup'], substitutions: MatchDetailDto['substitutions']): FormTeam {
  const { pairs, reserves } = lineup ?? { pairs: [], reserves: [] };
  const teamSubs = substitutions.filter((s) => s.teamId === lineup?.teamId);
  return { name, pairs, reserves, substitutions: teamSubs.map(({ setNumber, pairNumber, outName, inName }) => ({ setNumber, pairNumber, outName, inName })) };
}

/** What was entered, for the printed form; null while nothing is (the blank form). */
function formScores(detail: MatchDetailDto): FormScores | null {
  if (detail.homePoints === null && detail.sets.every((s) => s.homePoints === null)) return null;
  const outcome =
    detail.resultState !== 'CONFIRMED'
      ? null
      : detail.winner === 'HOME'
        ? `winnaar ${detail.homeTeam.name}`
        : detail.winner === 'AWAY'
          ? `winnaar ${detail.awayTeam.name}`
          : detail.winner === 'DRAW'
            ? 'gelijkspel'
            : detail.homeIneligible && detail.awayIneligible
              ? 'beide teams verliezen (Regel 4)'
              : detail.bothForfeited
                ? 'beide teams onvolledig: beide verliezen (Regel 7)'
                : detail.status === 'CANCELLED'
                  ? 'afgelast, geen winnaar (Regel 8: geen competitiepunten)'
                  : null;
  return {
    seats: detail.sets.map((s) => ({
      setNumber: s.setNumber,
      tableNumber: s.tableNumber,
      homePoints: s.homePoints,
      awayPoints: s.awayPoints,
      credited: s.credited,
      games: s.games.map((g) => ({ gameNumber: g.gameNumber, winner: g.winner, points: g.points })),
    })),
    // Before final the score every screen shows (the counted sets), the unsigned work apart.
    homePoints: detail.score.homePoints,
    awayPoints: detail.score.awayPoints,
    confirmed: detail.resultState === 'CONFIRMED',
    finality: detail.finality,
    unsigned: detail.score.unsigned,
    outcome,
  };
}

/** Who sits in `pairNumber` in `setNumber`: the line-up's pair with the substitutions made by then (family names). */
function pairNamesInSet(team: FormTeam, pairNumber: number, setNumber: number): string[] {
  const pair = team.pairs.find((p) => p.pairNumber === pairNumber);
  if (!pair || pair.fromSet > setNumber) return [];
  // The domain's seat-by-seat substitution (one seat per substitution, so two players of one
  // family name are never both replaced), applied to the printed family names.
  const subs = (team.substitutions ?? []).map((s) => ({ setNumber: s.setNumber, pairNumber: s.pairNumber, outPlayerId: s.outName, inPlayerId: s.inName }));
  return pairPlayersAt(pair.names, pairNumber, subs, setNumber);
}

/** What a calendar event needs of a match: the teams with the home club's venue, the division, and how often it moved. */
const feedInclude = {
  ...matchSummaryInclude,
  division: { select: { name: true } },
  _count: { select: { moves: true } },
} satisfies Prisma.MatchInclude;

type FeedMatch = Prisma.MatchGetPayload<{ include: typeof feedInclude }>;

/** Calendar apps ask again after this long (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const FEED_TTL_SECONDS = 3 * 60 * 60;

/** Points once both teams signed; before that the calendar shows no score. */
function confirmedScore(match: FeedMatch): string {
  return match.resultState === 'CONFIRMED' && match.homePoints !== null && match.awayPoints !== null ? `${match.homePoints}–${match.awayPoints}` : '';
}

function eventDescription(match: FeedMatch, side: 'HOME' | 'AWAY'): string {
  const lines = [`${match.division.name}, ronde ${match.round}. ${side === 'HOME' ? 'Thuiswedstrijd' : 'Uitwedstrijd'} van ${(side === 'HOME' ? match.homeTeam : match.awayTeam).name}.`];
  lines.push(`Status: ${STATUS_LABELS[match.status]}.`);
  const result = confirmedScore(match);
  if (result) lines.push(`Uitslag (${finalityWords(match) ?? 'definitief'}): ${match.homeTeam.name} ${match.homePoints} – ${match.awayPoints} ${match.awayTeam.name}.`);
  if (match._count.moves > 0) lines.push(`Gewijzigd door de bond (${match._count.moves}×); dit is de actuele datum en tijd.`);
  return lines.join('\n');
}

/**
 * A subscribable iCalendar feed (RFC 5545): one event per match with a UID that never
 * changes (`<matchId>@tsbn.nl`), SEQUENCE = the number of times the fixture was moved or
 * swapped (each one changes date, time or venue, so a calendar app replaces its copy), and
 * DTSTAMP/LAST-MODIFIED = the match's last change. Only public facts: teams, date and time,
 * the home club's venue, status and the confirmed result.
 */
function calendarFile(filename: string, name: string, description: string, matches: FeedMatch[], sideOf: (m: FeedMatch) => 'HOME' | 'AWAY'): DownloadFile {
  const calendar = ical({
    name: `${name} – TSBN`,
    description,
    ttl: FEED_TTL_SECONDS,
    prodId: { company: 'TSBN', product: 'competitieadministratie', language: 'NL' },
  });
  for (const match of matches) {
    const start = localInstant(isoDate(match.date), match.startTime);
    const venue = [match.homeTeam.club.venue, match.homeTeam.club.city].filter(Boolean).join(', ');
    const result = confirmedScore(match);
    calendar.createEvent({
      id: `${match.id}@tsbn.nl`,
      sequence: match._count.moves,
      stamp: match.updatedAt,
      lastModified: match.updatedAt,
      start,
      end: new Date(start.getTime() + MATCH_HOURS * 3_600_000),
      summary: `${match.homeTeam.name} – ${match.awayTeam.name}${result ? ` (${result})` : ''}`,
      description: eventDescription(match, sideOf(match)),
      location: venue || null,
      status: match.status === 'CANCELLED' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return { filename, contentType: 'text/calendar; charset=utf-8', body: Buffer.from(calendar.toString(), 'utf8') };
}

function matchSlug(match: MatchRow): string {
  return `${fileSlug(match.homeTeam.name)}-${fileSlug(match.awayTeam.name)}-${isoDate(match.date)}`;
}

/** Public exports: a team's calendar (iCal), a division's fixture list (CSV) and the printable match form (PDF). */
@Injectable()
export class ExportsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly data: MatchDataService,
    private readonly scores: ScoreFactsService,
  ) {}

  /** A team's matches as a calendar feed (all its matches; the team belongs to one season). */
  async teamCalendar(teamId: string): Promise<DownloadFile> {
    const team = await this.prisma.team.findUnique({ where: { id: teamId }, include: { division: { select: { name: true } } } });
    if (!team) throw new NotFoundError('Team');
    const matches = await this.prisma.match.findMany({
      where: { archivedAt: null, OR: [{ homeTeamId: teamId }, { awayTeamId: teamId }] },
      include: feedInclude,
      orderBy: [{ date: 'asc' }, { round: 'asc' }],
    });
    const name = `${team.name} (${team.division.name})`;
    return calendarFile(`${fileSlug(team.name)}.ics`, name, `Wedstrijden van ${name} in de TSBN-competitie`, matches, (m) => (m.homeTeamId === teamId ? 'HOME' : 'AWAY'));
  }

  /** A club's calendar feed: the matches of all its teams in the seasons not archived. */
  async clubCalendar(clubId: string): Promise<DownloadFile> {
    const club = await this.prisma.club.findUnique({ where: { id: clubId }, select: { id: true, name: true } });
    if (!club) throw new NotFoundError('Vereniging');
    const ofClub = { clubId, division: { season: { archivedAt: null } } };
    const matches = await this.prisma.match.findMany({
      where: { archivedAt: null, OR: [{ homeTeam: ofClub }, { awayTeam: ofClub }] },
      include: feedInclude,
      orderBy: [{ date: 'asc' }, { startTime: 'asc' }, { round: 'asc' }],
    });
    return calendarFile(`${fileSlug(club.name)}.ics`, club.name, `Wedstrijden van alle teams van ${club.name} in de TSBN-competitie`, matches, (m) =>
      m.homeTeam.clubId === clubId ? 'HOME' : 'AWAY',
    );
  }

  async divisionCsv(divisionId: string): Promise<DownloadFile> {
    const division = await this.data.division(divisionId);
    // The public file shows what the public match list shows (Regel 15, liveScores).
    const facts = await this.scores.of(divisionId, division.rounds.flatMap((r) => r.matches));
    const header = ['Ronde', 'Datum', 'Aanvang', 'Thuis', 'Uit', 'Status', 'Uitslag', 'Winnaar'];
    const winnerName = (m: MatchSummaryDto) => (m.winner === 'HOME' ? m.homeTeam.name : m.winner === 'AWAY' ? m.awayTeam.name : m.winner === 'DRAW' ? 'gelijk' : '');
    const rows = division.rounds.flatMap((r) =>
      r.matches.map((match) => forViewer(match, undefined, facts)).map((m) => [m.round, formatDutchDate(m.date), m.startTime, m.homeTeam.name, m.awayTeam.name, STATUS_LABELS[m.status], score(m), winnerName(m)]),
    );
    // Team names are typed by people: the shared writer neutralises any that a spreadsheet would run as a formula.
    return { filename: `programma-${fileSlug(division.divisionName)}.csv`, contentType: 'text/csv; charset=utf-8', body: toCsv([header, ...rows]) };
  }

  /**
   * The printed form; once the match night is open it carries the table codes, but only in
   * the copy of the people who hand them out (the home secretary, supervisors, administrators):
   * the form itself is public.
   */
  async matchForm(matchId: string, viewer?: AuthUser, origin?: string): Promise<DownloadFile> {
    const match: MatchRow = await this.data.load(matchId);
    const settings = this.data.settingsOf(match);
    // The scores and the players as this viewer may read them (the match page's rules): the form is
    // public, and the public's copy names a member not published "speler van <club>".
    const detail = forViewer(mapMatchDetail(match, settings, namesFor(viewer, match)), viewer, { liveScores: settings.liveScores });
    const now = new Date();
    const showCodes = origin !== undefined && match.nightEndsAt !== null && match.resultState !== 'CONFIRMED' && canSeeTableCodes(viewer, match);
    const codes = showCodes ? await liveTableCodes(this.prisma, matchId, now) : [];
    const body = await renderMatchForm({
      seasonName: match.division.season.name,
      divisionName: match.division.name,
      round: match.round,
      date: isoDate(match.date),
      startTime: match.startTime,
      venue: match.homeTeam.club.venue,
      city: match.homeTeam.club.city,
      home: formTeam(match.homeTeam.name, detail.homeLineup, detail.substitutions),
      away: formTeam(match.awayTeam.name, detail.awayLineup, detail.substitutions),
      pairsPerTeam: settings.pairsPerTeam,
      gamesPerSet: settings.gamesPerSet,
      maxSubstitutions: settings.maxSubstitutions,
      substitutionsFromSet: settings.substitutionsFromSet,
      plan: tablePlan(settings.pairsPerTeam),
      scores: formScores(detail),
      tableCodes: codes.map((c) => ({ tableNumber: c.tableNumber, displayCode: formatTableCode(c.code), url: tableUrl(origin!, c.code) })),
      tableCodesValidUntil: match.nightEndsAt ? dutchInstant(match.nightEndsAt) : undefined,
    });
    return { filename: `wedstrijdformulier-${matchSlug(match)}.pdf`, contentType: 'application/pdf', body };
  }

  /** A card per set and table for keeping the score on paper (Regel 22 seats, family names only; the public's copy as the form's). */
  async scoreSlips(matchId: string, viewer?: AuthUser): Promise<DownloadFile> {
    const match: MatchRow = await this.data.load(matchId);
    const settings = this.data.settingsOf(match);
    // Players as this viewer may read them, as on the form.
    const { homeLineup, awayLineup, substitutions } = mapPlayers(match, namesFor(viewer, match));
    const home = formTeam(match.homeTeam.name, homeLineup, substitutions);
    const away = formTeam(match.awayTeam.name, awayLineup, substitutions);
    const body = await renderScoreSlips({
      seasonName: match.division.season.name,
      divisionName: match.division.name,
      round: match.round,
      date: isoDate(match.date),
      startTime: match.startTime,
      homeName: match.homeTeam.name,
      awayName: match.awayTeam.name,
      gamesPerSet: settings.gamesPerSet,
      slips: tablePlan(settings.pairsPerTeam).map((seat) => ({
        ...seat,
        homeNames: pairNamesInSet(home, seat.homePairNumber, seat.setNumber),
        awayNames: pairNamesInSet(away, seat.awayPairNumber, seat.setNumber),
      })),
    });
    return { filename: `scorebriefjes-${matchSlug(match)}.pdf`, contentType: 'application/pdf', body };
  }
}
