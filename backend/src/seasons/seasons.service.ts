import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.types';
import { dbDate, isoDate, todayIso } from '../common/dto';
import { formatDutchDate } from '../domain/dates';
import { ConflictError, NotFoundError, ValidationError } from '../common/errors';
import type { SeasonStatus } from '../domain/season-status';
import { CompetitionSettings, settingsProblems, STRUCTURAL_SETTINGS } from '../domain/settings';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { CreateSeasonDto, mapSeason, mapSeasonSummary, mapSettings, SeasonDto, SeasonSummaryDto, SettingsInputDto, UpdateSeasonDto } from './season.dto';
import { assertOpen } from './season-open';

function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function checkDateOrder(startsOn: string, competitionStartsOn: string, endsOn: string): void {
  const details = [];
  if (competitionStartsOn < startsOn) {
    details.push({ field: 'competitionStartsOn', message: 'De competitie kan niet vóór het begin van het seizoen starten.' });
  }
  if (endsOn <= competitionStartsOn) {
    details.push({ field: 'endsOn', message: 'Het seizoen moet na de start van de competitie eindigen.' });
  }
  if (details.length) throw new ValidationError('De seizoensdata kloppen niet.', details);
}

function checkSettings(settings: CompetitionSettings): void {
  const problems = settingsProblems(settings);
  if (problems.length) {
    throw new ValidationError('De instellingen passen niet bij elkaar.', problems.map((p) => ({ field: `settings.${p.field}`, message: p.message })));
  }
}

@Injectable()
export class SeasonsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  /** Newest first; with a status, exactly the seasons `seasonStatus` gives that status today (archived ones too). */
  async list(includeArchived: boolean, status?: SeasonStatus): Promise<SeasonSummaryDto[]> {
    const seasons = await this.prisma.season.findMany({
      where: includeArchived || status ? {} : { archivedAt: null },
      orderBy: { startsOn: 'desc' },
    });
    const today = todayIso();
    const mapped = seasons.map((season) => mapSeasonSummary(season, today));
    return status ? mapped.filter((season) => season.status === status) : mapped;
  }

  async get(id: string): Promise<SeasonDto> {
    const season = await this.prisma.season.findUnique({ where: { id }, include: { settings: true } });
    if (!season) throw new NotFoundError('Seizoen');
    return mapSeason(season);
  }

  /** The season running today, or else the one that starts next, or else the latest. */
  async currentId(): Promise<string | null> {
    const today = dbDate(todayIso());
    const where = { archivedAt: null };
    const running = await this.prisma.season.findFirst({
      where: { ...where, startsOn: { lte: today }, endsOn: { gte: today } },
      orderBy: { startsOn: 'desc' },
    });
    const next = running ?? (await this.prisma.season.findFirst({ where: { ...where, startsOn: { gt: today } }, orderBy: { startsOn: 'asc' } }));
    const latest = next ?? (await this.prisma.season.findFirst({ where, orderBy: { startsOn: 'desc' } }));
    return latest?.id ?? null;
  }

  /** A season's settings; inside a transaction pass its client (`db`), so the transaction never waits for a second connection of the pool. */
  async settings(seasonId: string, db: Pick<Prisma.TransactionClient, 'seasonSettings'> = this.prisma): Promise<CompetitionSettings> {
    const settings = await db.seasonSettings.findUnique({ where: { seasonId } });
    return mapSettings(settings);
  }

  async create(body: CreateSeasonDto, user: AuthUser): Promise<SeasonDto> {
    checkDateOrder(body.startsOn, body.competitionStartsOn, body.endsOn);
    checkSettings(mapSettings(definedOnly<SettingsInputDto>(body.settings)));
    await this.assertNoOverlap(body.competitionStartsOn, body.endsOn);
    const season = await this.prisma.$transaction(async (tx) => {
      const created = await tx.season.create({
        data: {
          name: body.name.trim(),
          startsOn: dbDate(body.startsOn),
          competitionStartsOn: dbDate(body.competitionStartsOn),
          endsOn: dbDate(body.endsOn),
          settings: { create: definedOnly<SettingsInputDto>(body.settings) },
        },
        include: { settings: true },
      });
      await this.audit.record({ userId: user.id, action: 'season.create', entityType: 'Season', entityId: created.id, after: created }, tx);
      return created;
    });
    return mapSeason(season);
  }

  async update(id: string, body: UpdateSeasonDto, user: AuthUser): Promise<SeasonDto> {
    const before = await this.get(id);
    assertOpen(before);
    const [competitionStartsOn, endsOn] = [body.competitionStartsOn ?? before.competitionStartsOn, body.endsOn ?? before.endsOn];
    checkDateOrder(body.startsOn ?? before.startsOn, competitionStartsOn, endsOn);
    await this.assertMatchesWithin(id, competitionStartsOn, endsOn);
    if (competitionStartsOn !== before.competitionStartsOn || endsOn !== before.endsOn) {
      await this.assertNoOverlap(competitionStartsOn, endsOn, { id, competitionStartsOn: before.competitionStartsOn, endsOn: before.endsOn });
    }
    const settings = definedOnly<SettingsInputDto>(body.settings);
    checkSettings({ ...before.settings, ...settings });
    await this.assertStructureOpen(id, before.settings, settings);
    const season = await this.prisma.$transaction(async (tx) => {
      const updated = await tx.season.update({
        where: { id },
        data: {
          name: body.name?.trim(),
          startsOn: body.startsOn ? dbDate(body.startsOn) : undefined,
          competitionStartsOn: body.competitionStartsOn ? dbDate(body.competitionStartsOn) : undefined,
          endsOn: body.endsOn ? dbDate(body.endsOn) : undefined,
          settings: { upsert: { create: settings, update: settings } },
        },
        include: { settings: true },
      });
      await this.audit.record({ userId: user.id, action: 'season.update', entityType: 'Season', entityId: id, before, after: mapSeason(updated) }, tx);
      return updated;
    });
    return mapSeason(season);
  }

  /**
   * Competitions follow each other: one season's competition (first match day to end) never
   * overlaps another's, or two seasons would both be running (member lists, the freeze, the
   * current season of every page). The season itself may start earlier (member lists, transfers)
   * while the previous one ends. Archived seasons do not count. Checked when a season is made,
   * and when its competition dates change (`changed`: the season as it was): then only against
   * the seasons it did not overlap before, so a season imported beside another (history, or a
   * copy to compare; an import is not checked) keeps its dates editable, but no change makes
   * two competitions meet that did not.
   */
  private async assertNoOverlap(competitionStartsOn: string, endsOn: string, changed?: { id: string; competitionStartsOn: string; endsOn: string }): Promise<void> {
    const overlaps = (from: string, until: string) => ({ competitionStartsOn: { lte: dbDate(until) }, endsOn: { gte: dbDate(from) } });
    const other = await this.prisma.season.findFirst({
      where: {
        archivedAt: null,
        ...overlaps(competitionStartsOn, endsOn),
        ...(changed ? { id: { not: changed.id }, NOT: overlaps(changed.competitionStartsOn, changed.endsOn) } : {}),
      },
      orderBy: { competitionStartsOn: 'asc' },
    });
    if (other) {
      const period = `${formatDutchDate(isoDate(other.competitionStartsOn))} t/m ${formatDutchDate(isoDate(other.endsOn))}`;
      throw new ConflictError(`De competitie van dit seizoen valt samen met die van ${other.name} (${period}). Kies data na het einde van dat seizoen.`, 'SEASON_OVERLAP', [
        { field: 'competitionStartsOn', message: `Overlapt met ${other.name} (${period}).` },
      ]);
    }
  }

  /** The season's fixtures stay within its competition: new dates never leave a match (or a result) outside it. */
  private async assertMatchesWithin(seasonId: string, competitionStartsOn: string, endsOn: string): Promise<void> {
    const where = { archivedAt: null, division: { seasonId } };
    const [first, last] = await Promise.all([
      this.prisma.match.findFirst({ where: { ...where, date: { lt: dbDate(competitionStartsOn) } }, orderBy: { date: 'asc' }, select: { date: true } }),
      this.prisma.match.findFirst({ where: { ...where, date: { gt: dbDate(endsOn) } }, orderBy: { date: 'desc' }, select: { date: true } }),
    ]);
    const details = [
      ...(first ? [{ field: 'competitionStartsOn', message: `Er staat al een wedstrijd op ${formatDutchDate(isoDate(first.date))}: de competitie kan niet later beginnen.` }] : []),
      ...(last ? [{ field: 'endsOn', message: `Er staat nog een wedstrijd op ${formatDutchDate(isoDate(last.date))}: het seizoen kan niet eerder eindigen.` }] : []),
    ];
    if (details.length) {
      throw new ConflictError('Met deze data vallen wedstrijden van het seizoen buiten de competitie. Verplaats die wedstrijden eerst.', 'MATCHES_OUTSIDE_SEASON', details);
    }
  }

  /** Structural settings are fixed once a result of the season is recorded (or imported). */
  private async assertStructureOpen(seasonId: string, current: CompetitionSettings, change: Partial<CompetitionSettings>): Promise<void> {
    const changed = STRUCTURAL_SETTINGS.filter((key) => change[key] !== undefined && change[key] !== current[key]);
    if (!changed.length) return;
    const withResult = await this.prisma.match.count({ where: { division: { seasonId }, OR: [{ status: { not: 'SCHEDULED' } }, { resultState: { not: 'NONE' } }] } });
    if (withResult) {
      throw new ConflictError(
        'Deze instellingen liggen vast zodra er uitslagen van het seizoen zijn: ze bepalen de opbouw van elke wedstrijd.',
        'SETTINGS_LOCKED',
        changed.map((key) => ({ field: `settings.${key}`, message: 'Ligt vast: er zijn al uitslagen in dit seizoen.' })),
      );
    }
  }

  async archive(id: string, user: AuthUser): Promise<SeasonDto> {
    const before = await this.get(id);
    // Archived once: archiving again changes nothing (the date it was archived stays).
    if (before.archivedAt) return before;
    const season = await this.prisma.season.update({ where: { id }, data: { archivedAt: new Date() }, include: { settings: true } });
    await this.audit.record({ userId: user.id, action: 'season.archive', entityType: 'Season', entityId: id });
    return mapSeason(season);
  }
}
