import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { assertClubAccess } from '../auth/access';
import type { AuthUser } from '../auth/auth.types';
import { dbDate, isoDate, todayIso } from '../common/dto';
import { ConflictError, NotFoundError, RuleViolationError, ValidationError } from '../common/errors';
import { MEMBER_NUMBER_MESSAGE, normalizeMemberNumber } from '../domain/member-import';
import { namesKnownPerson, unknownPersonMessage } from '../domain/known-person';
import { registrationOnReturn } from '../domain/member-list-undo';
import { PrismaService } from '../prisma/prisma.service';
import { AddEntryDto, entryInclude, fullName, mapEntry, MemberListEntryDto, UpdateEntryDto } from './member-list.dto';
import { Db, lockList, matchesPlayed, touchList } from './member-list.store';
import { MemberListsService } from './member-lists.service';
import { registrationFor } from './registration';
import { assertOpen } from '../seasons/season-open';

/** Adding, editing and removing one entry at a time; each change audited with before and after. */
@Injectable()
export class MemberEntriesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly lists: MemberListsService,
  ) {}

  async add(seasonId: string, clubId: string, body: AddEntryDto, user: AuthUser): Promise<MemberListEntryDto> {
    const { season } = await this.lists.context(seasonId, clubId, user, true);
    const asked = registrationFor(body, user);
    const memberNumber = normalizeMemberNumber(body.memberNumber);
    if (!memberNumber) {
      throw new ValidationError('Het lidnummer is ongeldig.', [{ field: 'memberNumber', message: MEMBER_NUMBER_MESSAGE }]);
    }
    return this.prisma.$transaction(async (tx) => {
      const list = await lockList(tx, seasonId, clubId);
      const person = await tx.member.findUnique({
        where: { memberNumber },
        include: { listEntries: { where: { seasonId }, include: { memberList: { include: { club: { select: { name: true } } } } } } },
      });
      const earlier = person?.listEntries[0];
      if (earlier && earlier.memberList.clubId !== clubId) {
        // A secretary learns neither who the person is nor which club holds them.
        const who = user.role === 'ADMIN' ? ` (${fullName(person)})` : '';
        const where = user.role === 'ADMIN' ? earlier.memberList.club.name : 'een andere vereniging';
        throw new RuleViolationError(
          `Lidnummer ${memberNumber}${who} staat dit seizoen al op de moederlijst van ${where}; ` +
            'een lid kan maar bij één vereniging ingeschreven staan en overschrijven gaat via de bond (Regel 2).',
          'ON_OTHER_CLUB_LIST',
        );
      }
      if (earlier && !earlier.removedAt) throw new ConflictError(`Lidnummer ${memberNumber} staat al op deze moederlijst.`, 'ALREADY_ON_LIST');
      const names = {
        familyName: body.familyName,
        namePrefix: body.namePrefix ?? null,
        givenNames: body.givenNames,
        ...(body.birthDate !== undefined || !person ? { birthDate: dbDate(body.birthDate ?? null) } : {}),
      };
      const keep = person && (await keepsStoredRecord(tx, person.id, clubId, user));
      // On this list this season before (and taken off): the secretary has seen the record already.
      if (person && keep && !earlier && !namesKnownPerson({ ...names, birthDate: body.birthDate ?? null }, { ...person, birthDate: isoDate(person.birthDate) })) {
        throw new RuleViolationError(unknownPersonMessage(memberNumber), 'MEMBER_KNOWN_OTHERWISE');
      }
      const member = !person ? await tx.member.create({ data: { memberNumber, ...names } }) : keep ? person : await tx.member.update({ where: { id: person.id }, data: names });
      // Taken off this list and added again soon after: the original registration stays (RULES.md).
      const ended = earlier?.removedAt ? { registeredOn: isoDate(earlier.registeredOn), registeredOnReason: earlier.registeredOnReason, removedOn: todayIso(earlier.removedAt) } : null;
      const registration = registrationOnReturn(ended, asked, todayIso(), season.settings);
      const data = { registeredOn: dbDate(registration.registeredOn), registeredOnReason: registration.reason, removedAt: null };
      const entry = earlier
        ? await tx.memberListEntry.update({ where: { id: earlier.id }, data })
        : await tx.memberListEntry.create({ data: { ...data, memberListId: list.id, seasonId, memberId: member.id } });
      await touchList(tx, list, registration.registeredOn);
      const after = await this.load(tx, entry.id);
      await this.audit.record(
        { userId: user.id, action: 'memberListEntry.add', entityType: 'MemberListEntry', entityId: entry.id, before: earlier ? { entry: earlier, member: person } : null, after, reason: registration.reason },
        tx,
      );
      return after;
    });
  }

  async update(entryId: string, body: UpdateEntryDto, user: AuthUser): Promise<MemberListEntryDto> {
    const { memberList } = await this.entryList(entryId, user);
    const registration = body.registeredOn ? registrationFor(body, user) : null;
    return this.prisma.$transaction(async (tx) => {
      const before = await this.load(tx, entryId);
      if (changesPerson(before, body) && (await keepsStoredRecord(tx, before.memberId, memberList.clubId, user))) {
        throw new RuleViolationError(keptMessage(before.memberNumber), 'MEMBER_KEPT');
      }
      const entry = await tx.memberListEntry.update({
        where: { id: entryId },
        data: registration ? { registeredOn: dbDate(registration.registeredOn), registeredOnReason: registration.reason } : { updatedAt: new Date() },
        include: { memberList: true },
      });
      await tx.member.update({
        where: { id: entry.memberId },
        data: {
          familyName: body.familyName ?? undefined,
          givenNames: body.givenNames ?? undefined,
          namePrefix: body.namePrefix,
          birthDate: body.birthDate === undefined ? undefined : dbDate(body.birthDate),
        },
      });
      await touchList(tx, entry.memberList, registration?.registeredOn);
      const after = await this.load(tx, entryId);
      await this.audit.record({ userId: user.id, action: 'memberListEntry.update', entityType: 'MemberListEntry', entityId: entryId, before, after, reason: registration?.reason }, tx);
      return after;
    });
  }

  /** Soft removal: the entry stays, so line-ups and results of matches already played keep their player. */
  async remove(entryId: string, user: AuthUser): Promise<MemberListEntryDto> {
    const { removedAt } = await this.entryList(entryId, user);
    if (removedAt) throw new ConflictError('Dit lid is al van de moederlijst afgevoerd.', 'ALREADY_REMOVED');
    return this.prisma.$transaction(async (tx) => {
      const before = await this.load(tx, entryId);
      const entry = await tx.memberListEntry.update({ where: { id: entryId }, data: { removedAt: new Date() }, include: { memberList: true } });
      await touchList(tx, entry.memberList);
      const after = await this.load(tx, entryId);
      await this.audit.record({ userId: user.id, action: 'memberListEntry.remove', entityType: 'MemberListEntry', entityId: entryId, before, after }, tx);
      return after;
    });
  }

  private async entryList(entryId: string, user: AuthUser) {
    const entry = await this.prisma.memberListEntry.findUnique({
      where: { id: entryId },
      include: { memberList: { select: { clubId: true } }, season: { select: { name: true, archivedAt: true } } },
    });
    if (!entry) throw new NotFoundError('Inschrijving');
    assertClubAccess(user, entry.memberList.clubId);
    assertOpen(entry.season);
    return entry;
  }

  private async load(db: Db, entryId: string): Promise<MemberListEntryDto> {
    const entry = await db.memberListEntry.findUniqueOrThrow({ where: { id: entryId }, include: { ...entryInclude, memberList: { select: { clubId: true } } } });
    const played = await matchesPlayed(db, entry.seasonId, entry.memberList.clubId, [entry.memberId]);
    return mapEntry(entry, todayIso(), played.get(entry.memberId) ?? 0);
  }
}

/**
 * A secretary may not rewrite the record of a person who is or was on another club's list (in
 * any season): the federation knows that person, and only the federation corrects them.
 */
async function keepsStoredRecord(db: Db, memberId: string, clubId: string, user: AuthUser): Promise<boolean> {
  if (user.role === 'ADMIN') return false;
  return (await db.memberListEntry.count({ where: { memberId, memberList: { clubId: { not: clubId } } } })) > 0;
}

function keptMessage(memberNumber: string): string {
  return `De gegevens van lidnummer ${memberNumber} worden niet gewijzigd: deze persoon is bij de bond al bekend; vraag de bond om een correctie.`;
}

/** Whether the edit changes the person's names or birth date (fields left out change nothing). */
function changesPerson(before: MemberListEntryDto, body: UpdateEntryDto): boolean {
  return (['familyName', 'namePrefix', 'givenNames', 'birthDate'] as const).some((field) => body[field] !== undefined && (body[field] || null) !== (before[field] || null));
}
