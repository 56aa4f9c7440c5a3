import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.types';
import { dbDate, isoDate } from '../common/dto';
import { ConflictError, NotFoundError, RuleViolationError, ValidationError } from '../common/errors';
import { compareDates, formatDutchDate, IsoDate } from '../domain/dates';
import { datesNeededMessage, generateSchedule, roundsNeeded, ScheduleError } from '../domain/match';
import { publicLink } from '../mail/mail-config';
import { renderMail } from '../mail/mail-template';
import { MailService } from '../mail/mail.service';
import { PrismaService } from '../prisma/prisma.service';
import type { MoveInputDto, ScheduleInputDto, SwapInputDto } from './fixtures.dto';
import { DivisionMatchesDto, MatchDetailDto } from './match.dto';
import { MatchDataService } from './match-data.service';
import { matchStart, MatchRow } from './match-row';
import { commandUser, MatchWriterService, Tx } from './match-writer.service';
import { playsElsewhereMessages } from './plays-elsewhere';
import { assertOpen } from '../seasons/season-open';

const DEFAULT_START_TIME = '20:00';

/**
 * Every match day lies between the competition's start (the first match day, RULES.md) and the
 * season's end.
 */
function assertInSeason(dates: readonly IsoDate[], season: { competitionStartsOn: Date; endsOn: Date }, field: string): void {
  const [from, until] = [isoDate(season.competitionStartsOn), isoDate(season.endsOn)];
  const outside = dates.filter((d) => compareDates(d, from) < 0 || compareDates(d, until) > 0);
  if (outside.length) {
    const message = `${outside.map(formatDutchDate).join(', ')} ${outside.length === 1 ? 'valt' : 'vallen'} buiten de competitie (${formatDutchDate(from)}, de eerste speeldag, t/m ${formatDutchDate(until)}).`;
    throw new ValidationError(message, [{ field, message }], 'OUTSIDE_SEASON');
  }
}

/**
 * The fixture list: a division's round robin on the administrator's match dates
 * (circle method, home and away balanced), and moving or swapping single fixtures with
 * a reason that stays in the match's history.
 */
/**
 * RULES.md "Moving a match": one member, one match per date on the new date too. Refused,
 * naming the members and the other match, until one of the clubs changes its line-up.
 */
async function assertPlayersFree(tx: Tx, match: MatchRow, date: IsoDate, user: AuthUser): Promise<void> {
  const memberIds = match.lineups.flatMap((l) => l.players.map((p) => p.memberId));
  if (!memberIds.length) return;
  const clashes = await playsElsewhereMessages(tx, memberIds, { id: match.id, date: dbDate(date) }, match.homeTeam.clubId, user);
  if (!clashes.length) return;
  const which = clashes.length === 1 ? clashes[0] : `${clashes.length} spelers staan die dag al op een andere wedstrijd, o.a. ${clashes[0]}`;
  const message = `Verplaatsen naar ${formatDutchDate(date)} kan niet: ${which} Eén van de verenigingen past eerst haar spelerslijst aan.`;
  throw new RuleViolationError(message, 'MEMBER_PLAYS_ELSEWHERE', clashes.map((m) => ({ field: 'date', message: m })));
}

@Injectable()
export class FixturesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly data: MatchDataService,
    private readonly writer: MatchWriterService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
  ) {}

  async schedule(divisionId: string, body: ScheduleInputDto, user: AuthUser): Promise<DivisionMatchesDto> {
    const division = await this.prisma.division.findUnique({
      where: { id: divisionId },
      include: { season: true, teams: { where: { archivedAt: null }, orderBy: { name: 'asc' }, select: { id: true } } },
    });
    if (!division) throw new NotFoundError('Poule');
    assertOpen(division.season);
    const teamIds = this.teamOrder(division.teams.map((t) => t.id), body.teamIds);
    const fixtures = this.generate(teamIds, body);
    assertInSeason(body.dates, division.season, 'dates');

    await this.prisma.$transaction(async (tx) => {
      const existing = await tx.match.findMany({ where: { divisionId }, select: { id: true, status: true, resultState: true } });
      if (existing.length && !body.replace) {
        throw new ConflictError(`Deze poule heeft al een programma van ${existing.length} wedstrijden; kies "vervangen" om een nieuw te maken.`, 'SCHEDULE_EXISTS');
      }
      if (existing.some((m) => m.status !== 'SCHEDULED' || m.resultState !== 'NONE')) {
        throw new ConflictError('Er zijn al wedstrijden gespeeld of ingevoerd in deze poule; het programma kan niet meer worden vervangen.', 'MATCHES_PLAYED');
      }
      await tx.match.deleteMany({ where: { divisionId } });
      await tx.match.createMany({
        data: fixtures.map((f) => ({ divisionId, round: f.round, date: dbDate(f.date), startTime: body.startTime ?? DEFAULT_START_TIME, homeTeamId: f.homeTeamId, awayTeamId: f.awayTeamId })),
      });
      await this.audit.record(
        {
          userId: user.id,
          action: 'division.schedule',
          entityType: 'Division',
          entityId: divisionId,
          before: { matches: existing.length },
          after: { matches: fixtures.length, rounds: roundsNeeded(teamIds.length, body.double), double: body.double, teamIds, dates: body.dates },
        },
        tx,
      );
    });
    return this.data.division(divisionId);
  }

  /**
   * The MOVE command of the match core (who may, and that the match has no result, is the
   * core's), with a reason, idempotent with a key; once applied, in the same transaction: the
   * date free for both teams and within the season, the move in the match's history, the
   * line-ups' punctuality kept, and both clubs told.
   */
  async move(matchId: string, body: MoveInputDto, user: AuthUser): Promise<MatchDetailDto> {
    return this.writer.apply(
      matchId,
      async (_tx, match) => ({
        command: { kind: 'MOVE', by: commandUser(user), date: body.date, startTime: body.startTime ?? match.startTime, reason: body.reason },
        after: async (tx, moved) => {
          const season = await tx.season.findUniqueOrThrow({ where: { id: match.division.seasonId }, select: { competitionStartsOn: true, endsOn: true } });
          assertInSeason([body.date], season, 'date');
          if (body.date !== isoDate(match.date)) {
            await this.assertDateFree(tx, match, body.date);
            await assertPlayersFree(tx, match, body.date, user);
          }
          await tx.matchMove.create({ data: { matchId: match.id, fromDate: match.date, toDate: dbDate(body.date), reason: body.reason, movedById: user.id } });
          // Regel 5D/5E: a line-up already recorded counts as composed before the match when first
          // saved before the new start, or when it was in time for the start it was composed for: the
          // move itself never makes a club late (moving a match into the past proposes no fine).
          const start = matchStart(moved);
          for (const lineup of match.lineups) {
            await tx.lineup.update({ where: { id: lineup.id }, data: { composedBeforeMatch: lineup.composedBeforeMatch || lineup.createdAt < start } });
          }
          await this.tellClubsOfMove(tx, match, moved, body.reason);
        },
      }),
      { user, actor: user.id, action: 'match.move', reason: body.reason, idempotencyKey: body.idempotencyKey },
    );
  }

  /** Both clubs' secretaries hear of every move at once, by mail (delivered after the commit). */
  private async tellClubsOfMove(tx: Tx, match: MatchRow, moved: { date: Date; startTime: string }, reason: string): Promise<void> {
    const secretaries = await tx.user.findMany({
      where: { role: 'SECRETARY', archivedAt: null, clubId: { in: [match.homeTeam.clubId, match.awayTeam.clubId] } },
      select: { email: true, name: true },
    });
    const fixture = `${match.homeTeam.name} – ${match.awayTeam.name}`;
    const from = `${formatDutchDate(isoDate(match.date))} om ${match.startTime}`;
    const to = `${formatDutchDate(isoDate(moved.date))} om ${moved.startTime}`;
    for (const secretary of secretaries) {
      const body = renderMail({
        greeting: `Beste ${secretary.name},`,
        paragraphs: [`De wedstrijd ${fixture} is verplaatst van ${from} naar ${to}.`, `Reden: ${reason}`, 'Controleer of uw spelerslijst en uw spelers op de nieuwe datum klaarstaan.'],
        action: { label: 'Bekijk de wedstrijd', url: publicLink(`/vereniging/wedstrijden/${match.id}`) },
      });
      await this.mail.send({ to: secretary.email, subject: `Wedstrijd verplaatst: ${fixture} naar ${to}`, kind: 'match.moved', ...body }, tx);
    }
  }

  /** The SWAP_SIDES command of the match core: the credits follow from the new sides there; the swap in the match's history. */
  async swap(matchId: string, body: SwapInputDto, user: AuthUser): Promise<MatchDetailDto> {
    return this.writer.apply(
      matchId,
      async (_tx, match) => ({
        command: { kind: 'SWAP_SIDES', by: commandUser(user), reason: body.reason },
        after: async (tx) => {
          await tx.matchMove.create({ data: { matchId: match.id, fromDate: match.date, toDate: match.date, swapped: true, reason: body.reason, movedById: user.id } });
        },
      }),
      { user, actor: user.id, action: 'match.swap', reason: body.reason, idempotencyKey: body.idempotencyKey },
    );
  }

  private teamOrder(divisionTeamIds: string[], requested: string[] | undefined): string[] {
    if (!requested) return divisionTeamIds;
    const same = requested.length === divisionTeamIds.length && divisionTeamIds.every((id) => requested.includes(id));
    if (!same) {
      const message = 'Geef elk team van de poule precies één keer op.';
      throw new ValidationError(message, [{ field: 'teamIds', message }], 'INVALID_SCHEDULE');
    }
    return requested;
  }

  private generate(teamIds: string[], body: ScheduleInputDto) {
    if (teamIds.length >= 2 && body.dates.length > roundsNeeded(teamIds.length, body.double)) {
      // Every date given becomes a match day; a date too many is a mistake in the list, not something to drop silently.
      const message = `${datesNeededMessage(teamIds.length, body.double, body.dates.length)} Laat de overtollige data weg.`;
      throw new ValidationError(message, [{ field: 'dates', message }], 'INVALID_SCHEDULE');
    }
    try {
      return generateSchedule({ teamIds, dates: body.dates, double: body.double });
    } catch (error) {
      if (!(error instanceof ScheduleError)) throw error;
      throw new ValidationError(error.message, [{ field: teamIds.length < 2 ? 'teamIds' : 'dates', message: error.message }], 'INVALID_SCHEDULE');
    }
  }

  /** Each team plays at most once per match day. */
  private async assertDateFree(tx: Tx, match: MatchRow, date: IsoDate): Promise<void> {
    const clash = await tx.match.findFirst({
      where: {
        id: { not: match.id },
        archivedAt: null,
        date: dbDate(date),
        OR: [match.homeTeamId, match.awayTeamId].flatMap((teamId) => [{ homeTeamId: teamId }, { awayTeamId: teamId }]),
      },
      include: { homeTeam: { select: { name: true } }, awayTeam: { select: { name: true } } },
    });
    if (clash) {
      throw new ConflictError(`Op ${formatDutchDate(date)} is er al de wedstrijd ${clash.homeTeam.name} – ${clash.awayTeam.name}.`, 'DATE_TAKEN');
    }
  }
}
