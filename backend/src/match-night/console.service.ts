import { Injectable } from '@nestjs/common';
import { canReadMatchInternals } from '../auth/access';
import type { AuthUser } from '../auth/auth.types';
import { dbDate, todayIso } from '../common/dto';
import { ForbiddenError } from '../common/errors';
import type { SupervisorRole } from '../domain/match/match-command';
import type { CompetitionSettings } from '../domain/settings';
import type { Prisma } from '../generated/prisma/client';
import { forViewer, MatchDetailDto } from '../matches/match.dto';
import { MatchDataService } from '../matches/match-data.service';
import { MatchWriterService } from '../matches/match-writer.service';
import { matchInclude, MatchRow } from '../matches/match-row';
import { PrismaService } from '../prisma/prisma.service';
import { mapSettings } from '../seasons/season.dto';
import type { ConfirmNightInputDto, ConsoleMatchDto, DecisionInputDto, MatchNightsQueryDto } from './match-night.dto';
import { mapConsoleMatch } from './night-views';

/** A secretary sees the console of their own club's matches only (home or away). */
export function assertConsoleAccess(user: AuthUser, match: { homeTeam: { clubId: string }; awayTeam: { clubId: string } }): void {
  if (canReadMatchInternals(user, [match.homeTeam.clubId, match.awayTeam.clubId])) return;
  throw new ForbiddenError('U kunt alleen de wedstrijden van uw eigen vereniging volgen.', 'OTHER_CLUB');
}

/** The supervisor's console: every table of a match, or of every match of a day (at one venue), with what needs attention. */
@Injectable()
export class ConsoleService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly data: MatchDataService,
    private readonly writer: MatchWriterService,
  ) {}

  async day(query: MatchNightsQueryDto, user: AuthUser): Promise<ConsoleMatchDto[]> {
    const where: Prisma.MatchWhereInput = { archivedAt: null, date: dbDate(query.date ?? todayIso()) };
    const and: Prisma.MatchWhereInput[] = [];
    if (query.venueClubId) and.push({ homeTeam: { clubId: query.venueClubId } });
    // @Roles lets administrators, supervisors and secretaries in; a secretary sees their own club's matches.
    if (user.role === 'SECRETARY') {
      if (!user.clubId) return [];
      and.push({ OR: [{ homeTeam: { clubId: user.clubId } }, { awayTeam: { clubId: user.clubId } }] });
    }
    const matches = await this.prisma.match.findMany({
      where: { ...where, AND: and },
      include: matchInclude,
      orderBy: [{ startTime: 'asc' }, { homeTeam: { club: { name: 'asc' } } }, { homeTeam: { name: 'asc' } }],
    });
    // One query for the settings of every season among them (usually one).
    const rows = await this.prisma.seasonSettings.findMany({ where: { seasonId: { in: [...new Set(matches.map((m) => m.division.seasonId))] } } });
    const settings = new Map<string, CompetitionSettings>(rows.map((row) => [row.seasonId, mapSettings(row)]));
    return matches.map((m: MatchRow) => mapConsoleMatch(m, settings.get(m.division.seasonId) ?? mapSettings(null)));
  }

  async match(matchId: string, user: AuthUser): Promise<ConsoleMatchDto> {
    const match = await this.data.load(matchId);
    assertConsoleAccess(user, match);
    return mapConsoleMatch(match, this.data.settingsOf(match));
  }

  /**
   * The supervisor settles a refusal (keeps or changes the score) or corrects an impossible
   * signed score, with a reason the table sees; the set counts as signed. After the result
   * locked this is a correction (shown on the match page).
   */
  async decide(matchId: string, setNumber: number, tableNumber: number, body: DecisionInputDto, user: AuthUser): Promise<ConsoleMatchDto> {
    const { row, settings } = await this.writer.applyWithRow(
      matchId,
      {
        kind: 'DECIDE_SET',
        setNumber,
        tableNumber,
        reason: body.reason,
        by: user.role as SupervisorRole,
        ...(body.games !== undefined ? { games: body.games } : {}),
        ...(body.totals !== undefined ? { totals: { home: body.totals.home, away: body.totals.away } } : {}),
      },
      { user, actor: user.id, idempotencyKey: body.idempotencyKey, reason: body.reason, action: 'match.supervisor.decide' },
    );
    // The row the write left (a retry answered from the log has none: read it then). @Roles keeps this to supervisors and administrators.
    const match = row ?? (await this.data.load(matchId));
    return mapConsoleMatch(match, settings ?? this.data.settingsOf(match));
  }

  /**
   * One tap per club once every set is signed (or credited) and no dispute is open: the
   * secretary confirms for the side of their club; when both have, the result locks and
   * the standings change. When one club has both teams, its secretary cannot confirm for
   * both (Regel 15 asks for two signatures): that match goes the paper way (the administrator confirms).
   */
  async confirmNight(matchId: string, body: ConfirmNightInputDto, user: AuthUser): Promise<MatchDetailDto> {
    const teams = await this.data.teams(matchId);
    const home = user.clubId !== null && user.clubId === teams.homeTeam.clubId;
    const away = user.clubId !== null && user.clubId === teams.awayTeam.clubId;
    if (home && away) {
      throw new ForbiddenError(
        'Beide teams in deze wedstrijd zijn van dezelfde vereniging. Regel 15 vraagt de handtekening van beide teams, dus de bondsbeheerder bevestigt deze uitslag.',
        'SAME_CLUB',
      );
    }
    if (!home && !away) throw new ForbiddenError('Alleen de secretarissen van beide teams bevestigen de avond, elk voor de eigen vereniging.', 'OTHER_CLUB');
    const side = home ? 'HOME' : 'AWAY';
    const { answer, settings } = await this.writer.applyWithRow(
      matchId,
      { kind: 'CONFIRM_NIGHT', side, userId: user.id },
      { user, actor: user.id, idempotencyKey: body.idempotencyKey, action: 'match.night.confirm' },
    );
    return forViewer(answer, user, { liveScores: settings?.liveScores ?? (await this.data.settings(answer.seasonId)).liveScores });
  }
}
