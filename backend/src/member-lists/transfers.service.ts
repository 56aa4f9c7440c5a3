import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { assertClubAccess } from '../auth/access';
import type { AuthUser } from '../auth/auth.types';
import { dbDate, isoDate, todayIso } from '../common/dto';
import { ConflictError, ForbiddenError, NotFoundError, RuleViolationError, ValidationError } from '../common/errors';
import { formatDutchDate } from '../domain/dates';
import { transferFreezePeriod, transferTiming } from '../domain/eligibility';
import { MEMBER_NUMBER_MESSAGE, normalizeMemberNumber } from '../domain/member-import';
import type { MatchStatus, TransferStatus } from '../generated/prisma/enums';
import { PrismaService } from '../prisma/prisma.service';
import { CreateTransferDto, mapTransfer, TransferDto, transferInclude, TransferQueryDto } from './member-list.dto';
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
    const known = await knownTo(this.prisma, user, transfers);
    return transfers.map((transfer) => mapTransfer(transfer, known(transfer)));
  }

  /**
   * Regel 2. An administrator's request is granted at once (inside the freeze only as a board
   * decision). A secretary's request waits for the board inside the freeze, and also outside it
   * when another club has the member on a list of this or a later season (one club cannot take
   * a member off another club's list on its own), or when the member was never on the
   * requesting club's list: a member number alone must not put a person, and so their record,
   * on a secretary's list (to add someone they know, a secretary names them on the list).
   */
  async request(body: CreateTransferDto, user: AuthUser): Promise<TransferDto> {
    assertClubAccess(user, body.toClubId);
    if (body.boardReason && user.role !== 'ADMIN') {
      throw new ForbiddenError('Alleen het bestuur (de bondsbeheerder) kan een overschrijving als bestuursbesluit goedkeuren.', 'BOARD_ONLY');
    }
    const memberNumber = normalizeMemberNumber(body.memberNumber);
    if (!memberNumber) {
      throw new ValidationError('Het lidnummer is ongeldig.', [{ field: 'memberNumber', message: MEMBER_NUMBER_MESSAGE }]);
    }
    const toClub = await this.prisma.club.findUnique({ where: { id: body.toClubId } });
    if (!toClub) throw new NotFoundError('Vereniging');
    const today = todayIso();
    const seasons = await loadSeasons(this.prisma);
    return this.prisma.$transaction(async (tx) => {
      const { memberId, fromClubId } = await this.transferable(tx, memberNumber, toClub);
      const { frozenIn, takesEffectIn } = transferTiming(today, seasons, await playedForClubIn(tx, memberId, fromClubId, today));
      if (!frozenIn && body.boardReason) {
        throw new ValidationError('Buiten de overschrijvingsstop is geen bestuursbesluit nodig.', [
          { field: 'boardReason', message: 'Laat dit leeg: buiten de overschrijvingsstop gaat de overschrijving in zonder bestuursbesluit.' },
        ]);
      }
      if (frozenIn && !body.boardReason && !body.askBoard) throw new RuleViolationError(freezeMessage(frozenIn), 'TRANSFER_FREEZE');
      const base = { memberId, fromClubId, toClubId: toClub.id, requestedOn: dbDate(today) };
      if (frozenIn && body.boardReason) {
        const created = await tx.transfer.create({ data: { ...base, effectiveSeasonId: frozenIn.id, status: 'REQUESTED' } });
        return this.decide(tx, created, { status: 'COMPLETED', reason: body.boardReason, registeredOn: today }, user);
      }
      const forTheBoard =
        frozenIn !== null || (user.role !== 'ADMIN' && ((await heldByOtherClub(tx, memberId, toClub.id, today)) || !(await everOnList(tx, memberId, toClub.id))));
      const status: TransferStatus = forTheBoard ? 'REQUESTED' : 'APPROVED';
      const created = await tx.transfer.create({ data: { ...base, effectiveSeasonId: (frozenIn ?? takesEffectIn)?.id ?? null, status } });
      await this.audit.record({ userId: user.id, action: 'transfer.request', entityType: 'Transfer', entityId: created.id, after: created }, tx);
      if (takesEffectIn && !forTheBoard) await this.apply(tx, created, takesEffectIn.id, today, user.id);
      return this.map(tx, created.id, user);
    });
  }

  /**
   * A board decision on a request: approved (takes effect at once, or with the next season when
   * that does not exist yet) or refused.
   */
  async decide(tx: Db, transfer: { id: string; status: TransferStatus }, decision: { status: 'COMPLETED' | 'REFUSED'; reason: string; registeredOn?: string }, user: AuthUser) {
    if (transfer.status !== 'REQUESTED') {
      throw new ConflictError('Over deze overschrijving is al beslist.', 'ALREADY_DECIDED');
    }
    const before = await tx.transfer.findUniqueOrThrow({ where: { id: transfer.id } });
    const granted = decision.status === 'COMPLETED';
    // Without its season yet the granted transfer waits, like one granted outside the freeze (see settle).
    const status = granted && !before.effectiveSeasonId ? 'APPROVED' : decision.status;
    const after = await tx.transfer.update({
      where: { id: transfer.id },
      data: { status, boardDecision: true, boardReason: decision.reason, decidedById: user.id, decidedAt: new Date() },
    });
    const action = granted ? 'transfer.approve' : 'transfer.refuse';
    await this.audit.record({ userId: user.id, action, entityType: 'Transfer', entityId: transfer.id, before, after, reason: decision.reason }, tx);
    if (granted && before.effectiveSeasonId) {
      await this.apply(tx, before, before.effectiveSeasonId, decision.registeredOn ?? todayIso(), user.id);
    }
    return this.map(tx, transfer.id, user);
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
      where: { status: 'APPROVED', effectiveSeasonId: null, requestedOn: { lt: dbDate(transferFreezePeriod(season, season.settings).from) } },
    });
    if (pending.length === 0) return;
    const seasons = await loadSeasons(this.prisma);
    for (const transfer of pending) {
      const requestedOn = isoDate(transfer.requestedOn);
      const played = await playedForClubIn(this.prisma, transfer.memberId, transfer.fromClubId, todayIso());
      if (transferTiming(requestedOn, seasons, played).takesEffectIn?.id !== season.id) continue;
      await this.prisma.$transaction(async (tx) => {
        const claimed = await tx.transfer.updateMany({ where: { id: transfer.id, status: 'APPROVED', effectiveSeasonId: null }, data: { effectiveSeasonId: season.id } });
        if (claimed.count === 1) await this.apply(tx, transfer, season.id, requestedOn, null);
      });
    }
  }

  /**
   * Moves the member to the new club's list for the season and marks the transfer done. Decision:
   * the member also leaves the old club's lists of later seasons already created (a transfer
   * takes effect from its season on), and moves to the new club's list there.
   */
  private async apply(tx: Db, transfer: TransferToApply, seasonId: string, registeredOn: string, userId: string | null) {
    const season = await tx.season.findUniqueOrThrow({ where: { id: seasonId }, select: { startsOn: true } });
    const later = await tx.memberListEntry.findMany({
      where: { memberId: transfer.memberId, season: { startsOn: { gt: season.startsOn } }, memberList: { clubId: { not: transfer.toClubId } } },
      select: { seasonId: true },
    });
    for (const target of [seasonId, ...later.map((entry) => entry.seasonId)]) {
      const { before, entry } = await placeOnList(tx, { seasonId: target, clubId: transfer.toClubId, memberId: transfer.memberId, registeredOn });
      await this.audit.record(
        { userId, action: 'memberListEntry.transfer', entityType: 'MemberListEntry', entityId: entry.id, before, after: entry, reason: `Overschrijving ${transfer.id}` },
        tx,
      );
    }
    await tx.transfer.update({ where: { id: transfer.id }, data: { status: 'COMPLETED', effectiveSeasonId: seasonId } });
  }

  private async find(tx: Db, id: string) {
    const transfer = await tx.transfer.findUnique({ where: { id } });
    if (!transfer) throw new NotFoundError('Overschrijving');
    return transfer;
  }

  private async map(tx: Db, id: string, user: AuthUser): Promise<TransferDto> {
    const transfer = await tx.transfer.findUniqueOrThrow({ where: { id }, include: transferInclude });
    return mapTransfer(transfer, (await knownTo(tx, user, [transfer]))(transfer));
  }

  /**
   * The member and the club whose list (latest season) holds them; refuses what is no transfer.
   * The member's row stays locked until the transaction ends, so of two simultaneous requests
   * the second waits and then finds the first. Messages name the member by number only.
   */
  private async transferable(tx: Db, memberNumber: string, toClub: { id: string; name: string }) {
    const [member] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM members WHERE "memberNumber" = ${memberNumber} FOR UPDATE`;
    if (!member) throw new NotFoundError(`Lid met lidnummer ${memberNumber}`, 'MEMBER_NOT_FOUND');
    const open = await tx.transfer.findFirst({ where: { memberId: member.id, status: { in: ['REQUESTED', 'APPROVED'] } } });
    if (open) throw new ConflictError(`Voor lidnummer ${memberNumber} loopt al een overschrijving.`, 'TRANSFER_PENDING');
    const latest = await tx.memberListEntry.findFirst({
      where: { memberId: member.id },
      orderBy: { season: { startsOn: 'desc' } },
      include: { memberList: { select: { clubId: true } } },
    });
    if (!latest) {
      throw new RuleViolationError(`Lidnummer ${memberNumber} staat bij geen vereniging ingeschreven; voeg het lid gewoon toe aan uw moederlijst.`, 'NOT_A_TRANSFER');
    }
    if (latest.memberList.clubId === toClub.id) {
      throw new RuleViolationError(`Lidnummer ${memberNumber} staat al op de moederlijst van ${toClub.name}; voeg het lid zo nodig opnieuw toe.`, 'ALREADY_AT_CLUB');
    }
    return { memberId: member.id, fromClubId: latest.memberList.clubId };
  }
}

/**
 * Regel 2: the seasons in which the member played a match for `clubId` up to `today` (in a pair
 * of one of its teams' line-ups, or brought in as a substitute); there a transfer cannot take
 * effect any more.
 */
async function playedForClubIn(db: Db, memberId: string, clubId: string | null, today: string): Promise<Set<string>> {
  if (!clubId) return new Set();
  const match = { date: { lte: dbDate(today) }, status: { in: ['SCHEDULED', 'PLAYED'] as MatchStatus[] } };
  // One after the other: inside a transaction the connection runs one query at a time.
  const paired = await db.lineupPlayer.findMany({
    where: { memberId, pairNumber: { not: null }, lineup: { team: { clubId }, match } },
    select: { lineup: { select: { match: { select: { division: { select: { seasonId: true } } } } } } },
  });
  const substituted = await db.substitution.findMany({
    where: { inMemberId: memberId, team: { clubId }, match },
    select: { match: { select: { division: { select: { seasonId: true } } } } },
  });
  return new Set([...paired.map((p) => p.lineup.match.division.seasonId), ...substituted.map((s) => s.match.division.seasonId)]);
}

/** Regel 2: another club has the member on its list of a season not over yet (this one or a later one), removed or not. */
async function heldByOtherClub(db: Db, memberId: string, clubId: string, today: string): Promise<boolean> {
  const entries = await db.memberListEntry.count({ where: { memberId, memberList: { clubId: { not: clubId } }, season: { endsOn: { gte: dbDate(today) } } } });
  return entries > 0;
}

/** The club has (had) the member on its list, in any season. */
async function everOnList(db: Db, memberId: string, clubId: string): Promise<boolean> {
  return (await db.memberListEntry.count({ where: { memberId, memberList: { clubId } } })) > 0;
}

type TransferParties = { memberId: string; fromClubId: string | null };

/**
 * Which transfers the reader may see with the member's name and the club they come from:
 * administrators all; a secretary those out of their own club, and those of members who are
 * (or were) on their own club's list.
 */
async function knownTo(db: Db, user: AuthUser, transfers: TransferParties[]): Promise<(transfer: TransferParties) => boolean> {
  const clubId = user.clubId;
  if (user.role === 'ADMIN') return () => true;
  if (!clubId) return () => false;
  const own = await db.memberListEntry.findMany({
    where: { memberId: { in: [...new Set(transfers.map((transfer) => transfer.memberId))] }, memberList: { clubId } },
    select: { memberId: true },
  });
  const ids = new Set(own.map((entry) => entry.memberId));
  return (transfer) => transfer.fromClubId === clubId || ids.has(transfer.memberId);
}

function freezeMessage(season: SeasonContext): string {
  const { from, until } = transferFreezePeriod(season, season.settings);
  return (
    `Overschrijven kan in seizoen ${season.name} niet van ${formatDutchDate(from)} tot en met ${formatDutchDate(until)}: ` +
    `vanaf ${season.settings.transferFreezeDays} dagen voor de start van de competitie tot het einde van het seizoen (Regel 2). ` +
    'Alleen het bestuur kan hiervan afwijken: leg het verzoek voor aan het bestuur.'
  );
}
