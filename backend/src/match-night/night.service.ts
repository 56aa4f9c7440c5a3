import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.types';
import { isoDate, todayIso } from '../common/dto';
import { ConflictError, NotFoundError, ValidationError } from '../common/errors';
import { shortDutchDate } from '../domain/match';
import type { Prisma } from '../generated/prisma/client';
import { MatchDataService } from '../matches/match-data.service';
import { assertPlayable } from '../matches/match-rules';
import { PrismaService } from '../prisma/prisma.service';
import type { DownloadFile } from '../common/download';
import type { MatchNightDto, TableCodeDto } from './match-night.dto';
import { dutchInstant, formatTableCode, generateTableCode, nightEndsAt, tableUrl } from './table-code';
import { renderTableCards } from './table-cards.pdf';
import { assertNightAccess, liveTableCodes } from './night-access';

type Tx = Prisma.TransactionClient;

const nightSelect = {
  id: true,
  date: true,
  startTime: true,
  round: true,
  status: true,
  resultState: true,
  nightOpenedAt: true,
  nightEndsAt: true,
  division: { select: { name: true, seasonId: true } },
  homeTeam: { select: { name: true, clubId: true } },
  awayTeam: { select: { name: true, clubId: true } },
} satisfies Prisma.MatchSelect;

type NightMatch = Prisma.MatchGetPayload<{ select: typeof nightSelect }>;

/** The match night: opening it (a code per table), its codes, revoking one, the table cards. */
@Injectable()
export class NightService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly data: MatchDataService,
    private readonly audit: AuditService,
  ) {}

  async get(matchId: string, user: AuthUser, origin: string): Promise<MatchNightDto> {
    const match = await this.find(this.prisma, matchId);
    assertNightAccess(user, match);
    return this.view(this.prisma, match, origin, new Date());
  }

  /**
   * Opens the night on the match day (or later that evening): a code per table, valid until
   * 06:00 the next morning. Opening again hands out the live codes (and a code for a table
   * that has none), never new ones for the others.
   */
  async open(matchId: string, user: AuthUser, origin: string): Promise<MatchNightDto> {
    return this.prisma.$transaction(async (tx) => {
      await this.lock(tx, matchId);
      const match = await this.find(tx, matchId);
      assertNightAccess(user, match);
      const now = new Date();
      this.assertCanRun(match, now);
      const endsAt = match.nightEndsAt ?? nightEndsAt(isoDate(match.date));
      const opened = match.nightOpenedAt === null;
      if (opened) await tx.match.update({ where: { id: matchId }, data: { nightOpenedAt: now, nightOpenedById: user.id, nightEndsAt: endsAt } });
      const { pairsPerTeam } = await this.data.settings(match.division.seasonId, tx);
      const live = new Set((await liveTableCodes(tx, matchId, now)).map((c) => c.tableNumber));
      const missing = Array.from({ length: pairsPerTeam }, (_, i) => i + 1).filter((t) => !live.has(t));
      if (missing.length) await tx.tableCode.createMany({ data: missing.map((tableNumber) => ({ matchId, tableNumber, code: generateTableCode(), expiresAt: endsAt, createdById: user.id })) });
      if (opened || missing.length) {
        await this.audit.record(
          { userId: user.id, action: 'match.night.open', entityType: 'Match', entityId: matchId, before: { nightOpenedAt: match.nightOpenedAt }, after: { nightOpenedAt: opened ? now : match.nightOpenedAt, nightEndsAt: endsAt, newCodesForTables: missing } },
          tx,
        );
      }
      return this.view(tx, { ...match, nightOpenedAt: match.nightOpenedAt ?? now, nightEndsAt: endsAt }, origin, now);
    });
  }

  /** A new code for one table; the old one stops working at once (e.g. a photo of it went round). */
  async revoke(matchId: string, tableNumber: number, reason: string, user: AuthUser, origin: string): Promise<MatchNightDto> {
    return this.prisma.$transaction(async (tx) => {
      await this.lock(tx, matchId);
      const match = await this.find(tx, matchId);
      assertNightAccess(user, match);
      const now = new Date();
      if (!match.nightOpenedAt || !match.nightEndsAt) throw this.notOpen();
      this.assertCanRun(match, now);
      const { pairsPerTeam } = await this.data.settings(match.division.seasonId, tx);
      if (tableNumber < 1 || tableNumber > pairsPerTeam) {
        const message = `Tafel ${tableNumber} bestaat niet: deze wedstrijd speelt aan ${pairsPerTeam} tafels.`;
        throw new ValidationError(message, [{ field: 'tableNumber', message }]);
      }
      const { count } = await tx.tableCode.updateMany({ where: { matchId, tableNumber, revokedAt: null }, data: { revokedAt: now } });
      await tx.tableCode.create({ data: { matchId, tableNumber, code: generateTableCode(), expiresAt: match.nightEndsAt, createdById: user.id } });
      await this.audit.record({ userId: user.id, action: 'match.night.revoke-code', entityType: 'Match', entityId: matchId, before: { tableNumber, revokedCodes: count }, after: { tableNumber, newCode: true }, reason }, tx);
      return this.view(tx, match, origin, now);
    });
  }

  /** One card per table with its QR code and short code (while the night runs). */
  async cards(matchId: string, user: AuthUser, origin: string): Promise<DownloadFile> {
    const match = await this.find(this.prisma, matchId);
    assertNightAccess(user, match);
    const now = new Date();
    if (!match.nightOpenedAt || !match.nightEndsAt) throw this.notOpen();
    this.assertCanRun(match, now);
    const codes = await liveTableCodes(this.prisma, matchId, now);
    const body = await renderTableCards({
      divisionName: match.division.name,
      round: match.round,
      date: isoDate(match.date),
      startTime: match.startTime,
      homeName: match.homeTeam.name,
      awayName: match.awayTeam.name,
      typeAt: tableUrl(origin, '').replace(/^https?:\/\//, '').replace(/\/$/, ''),
      validUntil: dutchInstant(match.nightEndsAt),
      cards: codes.map((c) => ({ tableNumber: c.tableNumber, displayCode: formatTableCode(c.code), url: tableUrl(origin, c.code) })),
    });
    return { filename: `tafelkaarten-${isoDate(match.date)}-ronde-${match.round}.pdf`, contentType: 'application/pdf', body };
  }

  private async view(db: Tx | PrismaService, match: NightMatch, origin: string, now: Date): Promise<MatchNightDto> {
    const locked = match.resultState === 'CONFIRMED';
    const open = match.nightOpenedAt !== null;
    const codes = open ? await liveTableCodes(db, match.id, now) : [];
    const tables: TableCodeDto[] = codes.map((c) => ({
      tableNumber: c.tableNumber,
      code: c.code,
      displayCode: formatTableCode(c.code),
      url: tableUrl(origin, c.code),
      expiresAt: c.expiresAt.toISOString(),
      active: !locked,
    }));
    return {
      matchId: match.id,
      open,
      opensOn: isoDate(match.date),
      openedAt: match.nightOpenedAt?.toISOString() ?? null,
      endsAt: match.nightEndsAt?.toISOString() ?? null,
      locked,
      tables,
    };
  }

  /** Only a match that is played, not locked, on its day and before the evening ended. */
  private assertCanRun(match: NightMatch, now: Date): void {
    assertPlayable(match);
    if (match.resultState === 'CONFIRMED') {
      throw new ConflictError('De uitslag staat al vast: aan tafel valt niets meer in te voeren.', 'RESULT_LOCKED');
    }
    const date = isoDate(match.date);
    if (todayIso(now) < date) {
      const message = `De speelavond kan pas op de wedstrijddag worden geopend (${shortDutchDate(date)}).`;
      throw new ConflictError(message, 'NIGHT_NOT_YET', [{ field: 'date', code: 'NIGHT_NOT_YET', message }]);
    }
    if (now >= (match.nightEndsAt ?? nightEndsAt(date))) {
      throw new ConflictError(`De speelavond is voorbij (${dutchInstant(match.nightEndsAt ?? nightEndsAt(date))}); de uitslag gaat verder via het wedstrijdformulier.`, 'NIGHT_OVER');
    }
  }

  private notOpen(): ConflictError {
    return new ConflictError('De speelavond is nog niet geopend: open hem eerst (de tafelcodes ontstaan dan).', 'NIGHT_NOT_OPEN');
  }

  private async lock(tx: Tx, matchId: string): Promise<void> {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM matches WHERE id = ${matchId}::uuid AND "archivedAt" IS NULL FOR UPDATE`;
    if (rows.length === 0) throw new NotFoundError('Wedstrijd');
  }

  private async find(db: Tx | PrismaService, matchId: string): Promise<NightMatch> {
    const match = await db.match.findFirst({ where: { id: matchId, archivedAt: null }, select: nightSelect });
    if (!match) throw new NotFoundError('Wedstrijd');
    return match;
  }
}
