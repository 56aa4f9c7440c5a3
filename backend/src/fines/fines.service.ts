import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.types';
import { dbDate, isoDate, todayIso } from '../common/dto';
import type { DownloadFile } from '../common/download';
import { ConflictError, IdempotencyKeyReusedError, NotFoundError, ValidationError } from '../common/errors';
import { compareDates, formatDutchDate, type IsoDate } from '../domain/dates';
import { dueDate } from '../domain/fines/fines';
import type { Prisma } from '../generated/prisma/client';
import type { FineStatus } from '../generated/prisma/enums';
import { PrismaService } from '../prisma/prisma.service';
import { SeasonsService } from '../seasons/seasons.service';
import {
  awaitsBoardAmount,
  BulkMarkPaidDto,
  ChangeFineAmountDto,
  ClubFinesDto,
  ConfirmFineDto,
  FineDetailDto,
  FineDto,
  FineListDto,
  FineListQueryDto,
  FineSeasonDto,
  LevyFineDto,
  mapFine,
  mapTotals,
  MarkPaidDto,
  StatementQueryDto,
} from './fine.dto';
import { FINE_INCLUDE, FineRow, lockClubFines, seasonSettings } from './fine-rows';
import { FineProposalsService } from './fine-proposals.service';
import { statementCsv, statementPdf } from './fine-statement';
import { assertSeasonOpen } from '../seasons/season-open';

type Tx = Prisma.TransactionClient;

/** What the club pays: proposals and discarded proposals are not (yet) fines to the club. */
const FINAL_STATUSES: FineStatus[] = ['OPEN', 'PAID', 'WAIVED'];
/**
 * What the club's secretary may see: its fines and the proposals still waiting for the
 * federation (shown apart, as "voorgesteld", not to be paid yet). A discarded proposal is gone.
 */
const CLUB_VISIBLE_STATUSES: FineStatus[] = [...FINAL_STATUSES, 'PROPOSED'];

const STATUS_WORDS: Record<FineStatus, string> = {
  PROPOSED: 'nog een voorstel',
  OPEN: 'openstaand',
  PAID: 'al betaald',
  WAIVED: 'kwijtgescholden',
  DISCARDED: 'vervallen',
};

interface Transition {
  action: string;
  from: FineStatus;
  refusal: string;
  reason?: string;
  update: (row: FineRow, tx: Tx) => Promise<Prisma.FineUpdateManyMutationInput> | Prisma.FineUpdateManyMutationInput;
  /** What follows from the change, in the same transaction (after the fine's own update). */
  then?: (row: FineRow, tx: Tx) => Promise<void>;
}

@Injectable()
export class FinesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly seasons: SeasonsService,
    private readonly proposals: FineProposalsService,
  ) {}

  // ─────────────────────────── reading ───────────────────────────

  async list(query: FineListQueryDto): Promise<FineListDto> {
    const season = await this.season(query.seasonId);
    const today = todayIso();
    const rows = await this.prisma.fine.findMany({ where: { seasonId: season.id }, include: FINE_INCLUDE, orderBy: [{ issuedOn: 'desc' }, { createdAt: 'desc' }] });
    const all = rows.map((row) => mapFine(row, today));
    const fines = all.filter(
      (f) =>
        (!query.clubId || f.clubId === query.clubId) &&
        (!query.status || f.status === query.status) &&
        (!query.rule || f.rule === query.rule) &&
        (query.overdue === undefined || f.overdue === query.overdue),
    );
    return { season, today, fines, ...mapTotals(all, today), proposedCount: all.filter((f) => f.status === 'PROPOSED').length };
  }

  /** A club's own fines in a season: what is due when, and where to pay. */
  async clubFines(clubId: string, seasonId?: string): Promise<ClubFinesDto> {
    const club = await this.prisma.club.findUnique({ where: { id: clubId }, select: { id: true, name: true } });
    if (!club) throw new NotFoundError('Vereniging');
    const season = await this.season(seasonId);
    const today = todayIso();
    const rows = await this.prisma.fine.findMany({
      where: { seasonId: season.id, clubId, status: { in: CLUB_VISIBLE_STATUSES } },
      include: FINE_INCLUDE,
      orderBy: [{ issuedOn: 'asc' }, { createdAt: 'asc' }],
    });
    const fines = rows.filter((row) => FINAL_STATUSES.includes(row.status)).map((row) => mapFine(row, today));
    const proposed = rows.filter((row) => row.status === 'PROPOSED').map((row) => mapFine(row, today));
    const settings = await this.seasons.settings(season.id);
    return {
      season,
      clubId: club.id,
      clubName: club.name,
      today,
      fines,
      proposed,
      totals: mapTotals(fines, today).totals,
      payment: { accountName: settings.paymentAccountName, iban: settings.paymentIban, reference: `Boetes ${club.name} ${season.name}` },
    };
  }

  /** The statement of exactly what clubFines lists, so its totals match the screen. */
  async statement(clubId: string, query: StatementQueryDto): Promise<DownloadFile> {
    const data = await this.clubFines(clubId, query.seasonId);
    return query.format === 'csv' ? statementCsv(data) : statementPdf(data);
  }

  /** One fine with its history; a secretary sees only their own club's fines and proposals (not discarded ones). */
  async get(id: string, user: AuthUser): Promise<FineDetailDto> {
    const row = await this.prisma.fine.findUnique({ where: { id }, include: FINE_INCLUDE });
    const visible = row && (user.role === 'ADMIN' || CLUB_VISIBLE_STATUSES.includes(row.status));
    if (!row || !visible) throw new NotFoundError('Boete');
    const history = await this.audit.history('Fine', id);
    return {
      ...mapFine(row, todayIso()),
      history: history.map((h) => ({ action: h.action, at: h.createdAt.toISOString(), userName: h.user?.name ?? null, reason: h.reason })),
    };
  }

  /** The club a fine belongs to (for the access check before reading it). */
  async clubOf(id: string): Promise<string> {
    const row = await this.prisma.fine.findUnique({ where: { id }, select: { clubId: true } });
    if (!row) throw new NotFoundError('Boete');
    return row.clubId;
  }

  // ─────────────────────────── administrator actions ───────────────────────────

  /** Makes a proposal final: issued today, due per Regel 12B; Regel 6 gets its amount from the board now. */
  confirm(id: string, body: ConfirmFineDto, user: AuthUser): Promise<FineDto> {
    return this.transition(id, user, {
      action: 'fine.confirm',
      from: 'PROPOSED',
      refusal: 'Alleen een voorgestelde boete kan worden bevestigd.',
      update: async (row, tx) => {
        const issuedOn = todayIso();
        const settings = await seasonSettings(tx, row.seasonId);
        return { status: 'OPEN', issuedOn: dbDate(issuedOn), dueOn: dbDate(dueDate(issuedOn, settings)), amountCents: confirmedAmount(row, body) };
      },
    });
  }

  changeAmount(id: string, body: ChangeFineAmountDto, user: AuthUser): Promise<FineDto> {
    return this.transition(id, user, {
      action: 'fine.change-amount',
      from: 'PROPOSED',
      refusal: 'Alleen het bedrag van een voorgestelde boete kan worden gewijzigd.',
      reason: body.reason,
      update: (row) => ({
        amountCents: body.amountCents,
        // What the rules gave stays visible; Regel 6 gave no amount.
        proposedAmountCents: row.proposedAmountCents ?? (awaitsBoardAmount(row) ? null : row.amountCents),
        changeReason: body.reason,
      }),
    });
  }

  discard(id: string, reason: string, user: AuthUser): Promise<FineDto> {
    return this.transition(id, user, {
      action: 'fine.discard',
      from: 'PROPOSED',
      refusal: 'Alleen een voorgestelde boete kan vervallen.',
      reason,
      // Regel 5D/5E count the offences that stand: the club's later line-up proposals move up
      // (the club's fines locked first, in the order the proposals take it, before the update).
      update: async (row, tx) => {
        if (isLineupFine(row)) await lockClubFines(tx, row.seasonId, [row.clubId]);
        return { status: 'DISCARDED', waivedReason: reason };
      },
      then: async (row, tx) => {
        if (isLineupFine(row)) await this.proposals.renumberLineupFines(tx, row.seasonId, row.clubId, user.id);
      },
    });
  }

  markPaid(id: string, body: MarkPaidDto, user: AuthUser): Promise<FineDto> {
    const paidOn = paymentDate(body.paidOn);
    return this.transition(id, user, {
      action: 'fine.pay',
      from: 'OPEN',
      refusal: 'Alleen een openstaande boete kan als betaald worden gemarkeerd.',
      update: (row) => {
        checkPaidAfterIssue(paidOn, row);
        return { status: 'PAID', paidOn: dbDate(paidOn) };
      },
    });
  }

  waive(id: string, reason: string, user: AuthUser): Promise<FineDto> {
    return this.transition(id, user, {
      action: 'fine.waive',
      from: 'OPEN',
      refusal: 'Alleen een openstaande boete kan worden kwijtgescholden.',
      reason,
      update: () => ({ status: 'WAIVED', waivedReason: reason }),
    });
  }

  /** Marks several open fines paid on one date: all of them, or none. */
  async markPaidBulk(body: BulkMarkPaidDto, user: AuthUser): Promise<FineDto[]> {
    const paidOn = paymentDate(body.paidOn);
    const today = todayIso();
    return this.prisma.$transaction(async (tx) => {
      const rows = await tx.fine.findMany({ where: { id: { in: body.fineIds } }, include: FINE_INCLUDE });
      const byId = new Map(rows.map((r) => [r.id, r]));
      const problems = body.fineIds.flatMap((fineId, row) => {
        const fine = byId.get(fineId);
        if (!fine) return [{ field: 'fineIds', row, message: 'Deze boete bestaat niet.' }];
        if (fine.status !== 'OPEN') return [{ field: 'fineIds', row, message: `${fine.club.name}: deze boete is ${STATUS_WORDS[fine.status]}.` }];
        if (compareDates(paidOn, isoDate(fine.issuedOn)) < 0) return [{ field: 'paidOn', row, message: `${fine.club.name}: de betaaldatum ligt vóór de datum van opleggen.` }];
        return [];
      });
      if (problems.length) throw new ConflictError('Alleen openstaande boetes kunnen als betaald worden gemarkeerd; er is niets gewijzigd.', 'FINE_STATUS', problems);
      const updated = await tx.fine.updateMany({ where: { id: { in: body.fineIds }, status: 'OPEN' }, data: { status: 'PAID', paidOn: dbDate(paidOn) } });
      if (updated.count !== body.fineIds.length) throw new ConflictError('Een boete is intussen gewijzigd; er is niets gewijzigd.', 'FINE_STATUS');
      const after = await tx.fine.findMany({ where: { id: { in: body.fineIds } }, include: FINE_INCLUDE, orderBy: { issuedOn: 'asc' } });
      for (const fine of after) {
        await this.audit.record({ userId: user.id, action: 'fine.pay', entityType: 'Fine', entityId: fine.id, before: mapFine(byId.get(fine.id)!, today), after: mapFine(fine, today) }, tx);
      }
      return after.map((fine) => mapFine(fine, today));
    });
  }

  /** Regel 10: a fine from the season's catalog, final at once (the administrator levies it). */
  async levy(body: LevyFineDto, user: AuthUser): Promise<FineDto> {
    // The same request again (its answer lost on the way, a second click): the fine it levied, whatever changed since.
    const earlier = await this.levied(body, user);
    if (earlier) return earlier;
    try {
      return await this.levyOnce(body, user);
    } catch (error) {
      // The same key at the same moment: one of the two stored it, the other answers with that fine.
      const same = (error as { code?: string }).code === 'P2002' ? await this.levied(body, user) : null;
      if (same) return same;
      throw error;
    }
  }

  /** The fine a request with this key levied before; 409 when the key came with another request. */
  private async levied(body: LevyFineDto, user: AuthUser): Promise<FineDto | null> {
    if (!body.idempotencyKey) return null;
    const fine = await this.prisma.fine.findUnique({ where: { idempotencyKey: body.idempotencyKey }, include: FINE_INCLUDE });
    if (!fine) return null;
    if (fine.createdById !== user.id || fine.clubId !== body.clubId || fine.catalogItemId !== body.catalogItemId) {
      throw new IdempotencyKeyReusedError('een andere boete');
    }
    return mapFine(fine, todayIso());
  }

  private async levyOnce(body: LevyFineDto, user: AuthUser): Promise<FineDto> {
    const item = await this.prisma.fineCatalogItem.findUnique({ where: { id: body.catalogItemId } });
    if (!item || item.archivedAt) throw new ValidationError('Kies een boete uit de catalogus van het seizoen.', [{ field: 'catalogItemId', message: 'Deze boete staat niet (meer) in de catalogus.' }]);
    await assertSeasonOpen(this.prisma, item.seasonId);
    const club = await this.prisma.club.findUnique({ where: { id: body.clubId } });
    if (!club) throw new ValidationError('Deze vereniging bestaat niet.', [{ field: 'clubId', message: 'Deze vereniging bestaat niet.' }]);
    const today = todayIso();
    const issuedOn = body.issuedOn ?? today;
    if (compareDates(issuedOn, today) > 0) throw new ValidationError('De datum van opleggen ligt in de toekomst.', [{ field: 'issuedOn', message: 'Een boete kan niet in de toekomst worden opgelegd.' }]);
    // A fine of a season is levied in that season (from its start): the due date (Regel 12B) follows from it.
    const season = await this.prisma.season.findUniqueOrThrow({ where: { id: item.seasonId }, select: { startsOn: true } });
    if (compareDates(issuedOn, isoDate(season.startsOn)) < 0) {
      const message = `Een boete van dit seizoen wordt opgelegd vanaf het begin van het seizoen (${formatDutchDate(isoDate(season.startsOn))}).`;
      throw new ValidationError('De datum van opleggen ligt vóór het seizoen.', [{ field: 'issuedOn', message }]);
    }
    const teamId = body.matchId ? await this.clubTeamInMatch(body.matchId, club.id, item.seasonId) : null;
    const detail = body.detail?.trim();
    return this.prisma.$transaction(async (tx) => {
      await lockClubFines(tx, item.seasonId, [club.id]);
      const settings = await seasonSettings(tx, item.seasonId);
      const fine = await tx.fine.create({
        data: {
          seasonId: item.seasonId,
          clubId: club.id,
          teamId,
          matchId: body.matchId ?? null,
          catalogItemId: item.id,
          rule: item.rule,
          reason: `${item.description}${detail ? `: ${detail}` : ''} (Regel ${item.rule}).`,
          amountCents: item.amountCents,
          issuedOn: dbDate(issuedOn),
          dueOn: dbDate(dueDate(issuedOn, settings)),
          status: 'OPEN',
          createdById: user.id,
          idempotencyKey: body.idempotencyKey ?? null,
        },
        include: FINE_INCLUDE,
      });
      const dto = mapFine(fine, today);
      await this.audit.record({ userId: user.id, action: 'fine.levy', entityType: 'Fine', entityId: fine.id, after: dto }, tx);
      return dto;
    });
  }

  // ─────────────────────────── helpers ───────────────────────────

  private async season(seasonId?: string): Promise<FineSeasonDto> {
    const id = seasonId ?? (await this.seasons.currentId());
    const season = id ? await this.prisma.season.findUnique({ where: { id }, select: { id: true, name: true } }) : null;
    if (!season) throw new NotFoundError('Seizoen');
    return season;
  }

  private async clubTeamInMatch(matchId: string, clubId: string, seasonId: string): Promise<string> {
    const match = await this.prisma.match.findUnique({ where: { id: matchId }, include: { homeTeam: true, awayTeam: true, division: true } });
    const team = [match?.homeTeam, match?.awayTeam].find((t) => t?.clubId === clubId);
    if (!match || !team || match.division.seasonId !== seasonId) {
      throw new ValidationError('Deze vereniging speelde deze wedstrijd niet in dit seizoen.', [{ field: 'matchId', message: 'Kies een wedstrijd van deze vereniging in dit seizoen.' }]);
    }
    return team.id;
  }

  /** One status change: checked, applied only if nobody changed the fine meanwhile, audited with before and after. */
  private async transition(id: string, user: AuthUser, step: Transition): Promise<FineDto> {
    const today = todayIso();
    return this.prisma.$transaction(async (tx) => {
      const row = await tx.fine.findUnique({ where: { id }, include: FINE_INCLUDE });
      if (!row) throw new NotFoundError('Boete');
      if (row.status !== step.from) throw new ConflictError(`${step.refusal} Deze boete is ${STATUS_WORDS[row.status]}.`, 'FINE_STATUS');
      const data = await step.update(row, tx);
      const { count } = await tx.fine.updateMany({ where: { id, status: row.status, updatedAt: row.updatedAt }, data });
      if (count !== 1) throw new ConflictError('Deze boete is intussen gewijzigd; laad de pagina opnieuw.', 'FINE_STATUS');
      await step.then?.(row, tx);
      const after = mapFine(await tx.fine.findUniqueOrThrow({ where: { id }, include: FINE_INCLUDE }), today);
      await this.audit.record({ userId: user.id, action: step.action, entityType: 'Fine', entityId: id, before: mapFine(row, today), after, reason: step.reason ?? null }, tx);
      return after;
    });
  }
}

const isLineupFine = (row: Pick<FineRow, 'rule'>) => row.rule === '5D' || row.rule === '5E';

function confirmedAmount(row: FineRow, body: ConfirmFineDto): number | undefined {
  if (row.rule === '6') {
    if (body.amountCents !== undefined) return body.amountCents;
    if (!awaitsBoardAmount(row)) return undefined;
    throw new ValidationError('Het bestuur stelt bij Regel 6 het bedrag vast: vul het bedrag in.', [{ field: 'amountCents', message: 'Vul het bedrag in dat het bestuur heeft vastgesteld.' }]);
  }
  if (body.amountCents !== undefined) {
    throw new ValidationError('Het bedrag volgt uit de regels.', [{ field: 'amountCents', message: 'Alleen bij Regel 6 stelt het bestuur het bedrag vast; wijzig het bedrag anders met een reden.' }]);
  }
  return undefined;
}

function paymentDate(paidOn: IsoDate | undefined): IsoDate {
  const today = todayIso();
  const date = paidOn ?? today;
  if (compareDates(date, today) > 0) throw new ValidationError('De betaaldatum ligt in de toekomst.', [{ field: 'paidOn', message: 'Een betaaldatum kan niet in de toekomst liggen.' }]);
  return date;
}

function checkPaidAfterIssue(paidOn: IsoDate, row: FineRow): void {
  if (compareDates(paidOn, isoDate(row.issuedOn)) < 0) {
    throw new ValidationError('De betaaldatum ligt vóór de datum van opleggen.', [{ field: 'paidOn', message: 'Een boete kan niet betaald zijn vóór ze is opgelegd.' }]);
  }
}
