import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { assertClubAccess } from '../auth/access';
import type { AuthUser } from '../auth/auth.types';
import { dbDate, isoDate, todayIso } from '../common/dto';
import { ConflictError, ForbiddenError, NotFoundError, RuleViolationError, ValidationError } from '../common/errors';
import { formatDutchDate } from '../domain/dates';
import { transferFreezePeriod, transferTiming } from '../domain/eligibility';
import { normalizeMemberNumber } from '../domain/member-import';
import type { TransferStatus } from '../generated/prisma/enums';
import { PrismaService } from '../prisma/prisma.service';
import { CreateTransferDto, fullName, mapTransfer, TransferDto, transferInclude, TransferQueryDto } from './member-list.dto';
import { Db, loadSeasons, placeOnList, SeasonContext } from './member-list.store';

interface TransferToApply {
  id: string;
  memberId: string;
  toClubId: string;
}

/** Regel 2: transfers take effect between seasons; inside the freeze only by a board decision. */
@Injectable()
export class TransfersService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  /** Administrators see every transfer; a secretary those into or out of their own club. */
  async list(query: TransferQueryDto, user: AuthUser): Promise<TransferDto[]> {
    const clubId = user.role === 'SECRETARY' ? (query.clubId ?? user.clubId ?? '') : query.clubId;
    if (user.role === 'SECRETARY') assertClubAccess(user, clubId!);
    const transfers = await this.prisma.transfer.findMany({
      where: {
        ...(clubId ? { OR: [{ fromClubId: clubId }, { toClubId: clubId }] } : {}),
        ...(query.memberId ? { memberId: query.memberId } : {}),
      },
      include: transferInclude,
      orderBy: [{ requestedOn: 'desc' }, { createdAt: 'desc' }],
    });
    return transfers.map(mapTransfer);
  }

  async request(body: CreateTransferDto, user: AuthUser): Promise<TransferDto> {
    assertClubAccess(user, body.toClubId);
    if (body.boardReason && user.role !== 'ADMIN') {
      throw new ForbiddenError('Alleen het bestuur (de bondsbeheerder) kan een overschrijving als bestuursbesluit goedkeuren.', 'BOARD_ONLY');
    }
    const { member, fromClubId } = await this.findMember(body.memberNumber, body.toClubId);
    const today = todayIso();
    const { frozenIn, nextSeason } = transferTiming(today, await loadSeasons(this.prisma));
    const base = { memberId: member.id, fromClubId, toClubId: body.toClubId, requestedOn: dbDate(today) };
    if (!frozenIn && body.boardReason) {
      throw new ValidationError('Buiten de overschrijvingsstop is geen bestuursbesluit nodig.', [
        { field: 'boardReason', message: 'Laat dit leeg: de overschrijving gaat in het volgende seizoen in.' },
      ]);
    }
    if (frozenIn && !body.boardReason && !body.askBoard) throw new RuleViolationError(freezeMessage(frozenIn), 'TRANSFER_FREEZE');
    return this.prisma.$transaction(async (tx) => {
      if (frozenIn && body.boardReason) {
        const created = await tx.transfer.create({ data: { ...base, effectiveSeasonId: frozenIn.id, status: 'REQUESTED' } });
        return this.decide(tx, created, { status: 'COMPLETED', reason: body.boardReason, registeredOn: today }, user);
      }
      const status: TransferStatus = frozenIn ? 'REQUESTED' : 'APPROVED';
      const created = await tx.transfer.create({ data: { ...base, effectiveSeasonId: (frozenIn ?? nextSeason)?.id ?? null, status } });
      await this.audit.record({ userId: user.id, action: 'transfer.request', entityType: 'Transfer', entityId: created.id, after: created }, tx);
      if (nextSeason && !frozenIn) await this.apply(tx, created, nextSeason.id, today, user.id);
      return this.map(tx, created.id);
    });
  }

  /** A board decision on a request made inside the freeze: approved (takes effect at once) or refused. */
  async decide(tx: Db, transfer: { id: string; status: TransferStatus }, decision: { status: 'COMPLETED' | 'REFUSED'; reason: string; registeredOn?: string }, user: AuthUser) {
    if (transfer.status !== 'REQUESTED') {
      throw new ConflictError('Over deze overschrijving is al beslist.', 'ALREADY_DECIDED');
    }
    const before = await tx.transfer.findUniqueOrThrow({ where: { id: transfer.id } });
    const after = await tx.transfer.update({
      where: { id: transfer.id },
      data: { status: decision.status, boardDecision: true, boardReason: decision.reason, decidedById: user.id, decidedAt: new Date() },
    });
    const action = decision.status === 'COMPLETED' ? 'transfer.approve' : 'transfer.refuse';
    await this.audit.record({ userId: user.id, action, entityType: 'Transfer', entityId: transfer.id, before, after, reason: decision.reason }, tx);
    if (decision.status === 'COMPLETED' && before.effectiveSeasonId) {
      await this.apply(tx, before, before.effectiveSeasonId, decision.registeredOn ?? todayIso(), user.id);
    }
    return this.map(tx, transfer.id);
  }

  async approve(id: string, reason: string, user: AuthUser): Promise<TransferDto> {
    return this.prisma.$transaction(async (tx) => this.decide(tx, await this.find(tx, id), { status: 'COMPLETED', reason }, user));
  }

  async refuse(id: string, reason: string, user: AuthUser): Promise<TransferDto> {
    return this.prisma.$transaction(async (tx) => this.decide(tx, await this.find(tx, id), { status: 'REFUSED', reason }, user));
  }

  /**
   * Transfers granted while the next season did not exist yet take effect once it does: the
   * first time that season's lists are looked at, the member moves to the new club's list,
   * registered on the day the transfer was granted.
   */
  async settle(season: SeasonContext): Promise<void> {
    const pending = await this.prisma.transfer.findMany({
      where: { status: 'APPROVED', effectiveSeasonId: null, requestedOn: { lt: dbDate(season.startsOn) } },
    });
    if (pending.length === 0) return;
    const seasons = await loadSeasons(this.prisma);
    for (const transfer of pending) {
      const requestedOn = isoDate(transfer.requestedOn);
      if (transferTiming(requestedOn, seasons).nextSeason?.id !== season.id) continue;
      await this.prisma.$transaction(async (tx) => {
        const claimed = await tx.transfer.updateMany({ where: { id: transfer.id, status: 'APPROVED', effectiveSeasonId: null }, data: { effectiveSeasonId: season.id } });
        if (claimed.count === 1) await this.apply(tx, transfer, season.id, requestedOn, null);
      });
    }
  }

  /** Moves the member to the new club's list for the season and marks the transfer done. */
  private async apply(tx: Db, transfer: TransferToApply, seasonId: string, registeredOn: string, userId: string | null) {
    const { before, entry } = await placeOnList(tx, { seasonId, clubId: transfer.toClubId, memberId: transfer.memberId, registeredOn });
    await tx.transfer.update({ where: { id: transfer.id }, data: { status: 'COMPLETED', effectiveSeasonId: seasonId } });
    await this.audit.record(
      { userId, action: 'memberListEntry.transfer', entityType: 'MemberListEntry', entityId: entry.id, before, after: entry, reason: `Overschrijving ${transfer.id}` },
      tx,
    );
  }

  private async find(tx: Db, id: string) {
    const transfer = await tx.transfer.findUnique({ where: { id } });
    if (!transfer) throw new NotFoundError('Overschrijving');
    return transfer;
  }

  private async map(tx: Db, id: string): Promise<TransferDto> {
    return mapTransfer(await tx.transfer.findUniqueOrThrow({ where: { id }, include: transferInclude }));
  }

  /** The member and the club whose list (latest season) holds them; refuses what is no transfer. */
  private async findMember(rawNumber: string, toClubId: string) {
    const memberNumber = normalizeMemberNumber(rawNumber);
    if (!memberNumber) {
      throw new ValidationError('Het lidnummer is ongeldig.', [{ field: 'memberNumber', message: 'Een lidnummer bestaat alleen uit cijfers (hoogstens 10).' }]);
    }
    const [member, toClub] = await Promise.all([
      this.prisma.member.findUnique({ where: { memberNumber } }),
      this.prisma.club.findUnique({ where: { id: toClubId } }),
    ]);
    if (!toClub) throw new NotFoundError('Vereniging');
    if (!member) throw new NotFoundError(`Lid met lidnummer ${memberNumber}`, 'MEMBER_NOT_FOUND');
    const open = await this.prisma.transfer.findFirst({ where: { memberId: member.id, status: { in: ['REQUESTED', 'APPROVED'] } } });
    if (open) throw new ConflictError(`Voor ${fullName(member)} loopt al een overschrijving.`, 'TRANSFER_PENDING');
    const latest = await this.prisma.memberListEntry.findFirst({
      where: { memberId: member.id },
      orderBy: { season: { startsOn: 'desc' } },
      include: { memberList: { select: { clubId: true } } },
    });
    if (!latest) {
      throw new RuleViolationError(`${fullName(member)} staat bij geen vereniging ingeschreven; voeg het lid gewoon toe aan uw moederlijst.`, 'NOT_A_TRANSFER');
    }
    if (latest.memberList.clubId === toClubId) {
      throw new RuleViolationError(`${fullName(member)} staat al op de moederlijst van ${toClub.name}; voeg het lid zo nodig opnieuw toe.`, 'ALREADY_AT_CLUB');
    }
    return { member, fromClubId: latest.memberList.clubId };
  }
}

function freezeMessage(season: SeasonContext): string {
  const { from, until } = transferFreezePeriod(season, season.settings);
  return (
    `Overschrijven kan in seizoen ${season.name} niet van ${formatDutchDate(from)} tot en met ${formatDutchDate(until)}: ` +
    `vanaf ${season.settings.transferFreezeDays} dagen voor de start van de competitie tot het einde van het seizoen (Regel 2). ` +
    'Alleen het bestuur kan hiervan afwijken: leg het verzoek voor aan het bestuur.'
  );
}
