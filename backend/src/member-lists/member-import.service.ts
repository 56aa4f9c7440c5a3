import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.types';
import { isoDate, todayIso } from '../common/dto';
import { ConflictError, RuleViolationError, ValidationError } from '../common/errors';
import { formatDutchDate, IsoDate } from '../domain/dates';
import { refuseUnknownPersons } from '../domain/known-person';
import { registrationOnReturn, removalNeedsConfirmation, removalRefusal, restorableUntil, UploadChanges } from '../domain/member-list-undo';
import {
  buildImportPreview,
  DIFF_FIELDS,
  ExistingMember,
  ImportedMember,
  ImportPreview,
  matchHeaders,
  MemberField,
  normalizeMemberNumber,
} from '../domain/member-import';
import { PrismaService } from '../prisma/prisma.service';
import { ParsedMemberFile, UploadedFile } from './member-file-parser';
import { readMemberFile } from './member-file-reader';
import { fullName, MemberRow } from './member-list.dto';
import { MemberListImportResultDto, MemberListPreviewDto, PreviewMemberDto } from './member-import.dto';
import { Db, deadlineStatus, lockList, matchesPlayed, SeasonContext, touchList } from './member-list.store';
import { MemberListsService } from './member-lists.service';
import { Registration, registrationFor } from './registration';
import type { Prisma } from '../generated/prisma/client';

interface StoredMember extends ExistingMember {
  entryId: string;
  memberId: string;
  registeredOn: IsoDate;
  registeredOnReason: string | null;
}

/** The registration a member the upload puts on the list gets (RULES.md: added again soon after, the original date stays). */
type Placement = Registration & { kept: boolean };

interface ImportState {
  preview: ImportPreview<StoredMember>;
  /** Persons the federation already knows, by member number. */
  known: Map<string, MemberRow>;
  /**
   * A secretary's upload keeps the stored record of persons who are or were on another club's
   * list (only the federation corrects them): member number → that record.
   */
  kept: ReadonlyMap<string, ExistingMember>;
  /** The fields the file has columns for: only those are compared and written. */
  fields: Set<MemberField>;
  /** Each added member's registration, by member number. */
  placements: Map<string, Placement>;
  /**
   * Added members who keep an earlier registration of this list (taken off within the window), by
   * member number: what the preview showed, whatever date an administrator's confirmation records.
   */
  returning: Map<string, IsoDate>;
  /** Members on the list now (the second confirmation counts against them). */
  listSize: number;
}

const sql = {
  existing: (db: Db, seasonId: string, clubId: string) =>
    db.$queryRaw<(MemberRow & { entryId: string; registeredOn: Date; registeredOnReason: string | null })[]>`
      SELECT e.id AS "entryId", m.id, m."memberNumber", m."familyName", m."namePrefix", m."givenNames", m."birthDate", e."registeredOn", e."registeredOnReason"
      FROM member_list_entries e
      JOIN member_lists l ON l.id = e."memberListId"
      JOIN members m ON m.id = e."memberId"
      WHERE e."seasonId" = ${seasonId}::uuid AND l."clubId" = ${clubId}::uuid AND e."removedAt" IS NULL`,
  /** Regel 2: this season's entries on other clubs' lists, removed ones included (the person stays that club's this season). */
  otherClubs: (db: Db, seasonId: string, clubId: string, numbers: string[]) =>
    db.$queryRaw<{ memberNumber: string; clubName: string; removedAt: Date | null }[]>`
      SELECT m."memberNumber", c.name AS "clubName", e."removedAt"
      FROM member_list_entries e
      JOIN member_lists l ON l.id = e."memberListId"
      JOIN clubs c ON c.id = l."clubId"
      JOIN members m ON m.id = e."memberId"
      WHERE e."seasonId" = ${seasonId}::uuid AND l."clubId" <> ${clubId}::uuid AND m."memberNumber" = ANY(${numbers}::text[])`,
  /**
   * The stored persons, whether any club other than this one has (had) them on its list, in any
   * season, and whether this club's list of this season holds (or held) them.
   */
  known: (db: Db, seasonId: string, clubId: string, numbers: string[]) =>
    db.$queryRaw<(MemberRow & { elsewhere: boolean; ownThisSeason: boolean })[]>`
      SELECT m.id, m."memberNumber", m."familyName", m."namePrefix", m."givenNames", m."birthDate",
             EXISTS (SELECT 1 FROM member_list_entries e JOIN member_lists l ON l.id = e."memberListId"
                     WHERE e."memberId" = m.id AND l."clubId" <> ${clubId}::uuid) AS elsewhere,
             EXISTS (SELECT 1 FROM member_list_entries e JOIN member_lists l ON l.id = e."memberListId"
                     WHERE e."memberId" = m.id AND l."clubId" = ${clubId}::uuid AND e."seasonId" = ${seasonId}::uuid) AS "ownThisSeason"
      FROM members m WHERE m."memberNumber" = ANY(${numbers}::text[])`,
  /** Members of the file taken off this club's list this season: added again soon, they keep their registration. */
  takenOff: (db: Db, seasonId: string, clubId: string, numbers: string[]) =>
    db.$queryRaw<{ memberNumber: string; registeredOn: Date; registeredOnReason: string | null; removedAt: Date }[]>`
      SELECT m."memberNumber", e."registeredOn", e."registeredOnReason", e."removedAt"
      FROM member_list_entries e
      JOIN member_lists l ON l.id = e."memberListId"
      JOIN members m ON m.id = e."memberId"
      WHERE e."seasonId" = ${seasonId}::uuid AND l."clubId" = ${clubId}::uuid AND e."removedAt" IS NOT NULL AND m."memberNumber" = ANY(${numbers}::text[])`,
};

/**
 * Upload of a whole member list: a preview that stores nothing, then a confirmation that
 * applies exactly that preview in one transaction.
 *
 * Decision: the confirmation carries the file again and the server parses it again; nothing
 * of an upload is kept between the two requests. The preview's `previewId` is a hash of the
 * file and of the changes it would make; the confirmation recomputes both against the list as
 * it is then and refuses when they differ (someone changed the list in between, or another
 * file was sent). So the client's copy of the preview is never trusted, nothing expires or is
 * lost when the API restarts, and what is applied is exactly what the secretary saw.
 */
@Injectable()
export class MemberImportService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly lists: MemberListsService,
  ) {}

  async preview(seasonId: string, clubId: string, file: UploadedFile, user: AuthUser): Promise<MemberListPreviewDto> {
    const { season } = await this.lists.context(seasonId, clubId, user, true);
    const parsed = await readMemberFile(file);
    const state = await this.state(this.prisma, season, clubId, parsed, user, { registeredOn: todayIso(), reason: null });
    const played = await matchesPlayed(this.prisma, seasonId, clubId, state.preview.removed.map((member) => member.memberId));
    return mapPreview(file, parsed, state, played, previewId(seasonId, clubId, file, state), user.role === 'ADMIN', season);
  }

  async confirm(
    seasonId: string,
    clubId: string,
    file: UploadedFile,
    body: { previewId: string; registeredOn?: string | null; registeredOnReason?: string | null; confirmRemoved?: number | null },
    user: AuthUser,
  ): Promise<MemberListImportResultDto> {
    const { season } = await this.lists.context(seasonId, clubId, user, true);
    const registration = registrationFor(body, user);
    const parsed = await readMemberFile(file);
    return this.prisma.$transaction(
      async (tx) => {
        const list = await lockList(tx, seasonId, clubId);
        const state = await this.state(tx, season, clubId, parsed, user, registration);
        const { preview } = state;
        if (!preview.ok) {
          throw new ValidationError(
            `De moederlijst bevat ${preview.errors.length === 1 ? 'een fout' : `${preview.errors.length} fouten`}; er is niets opgeslagen.`,
            preview.errors.map(({ row, field, code, message }) => ({ row, field, code, message })),
            'IMPORT_FAILED',
          );
        }
        if (previewId(seasonId, clubId, file, state) !== body.previewId) {
          throw new ConflictError('De moederlijst of het bestand is veranderd sinds het voorbeeld. Bekijk het voorbeeld opnieuw en bevestig dan.', 'PREVIEW_OUTDATED');
        }
        // RULES.md: removing more than a quarter of the list needs a second confirmation that names the number.
        const refusal = removalRefusal(state.listSize, preview.removed.length, body.confirmRemoved, season.settings);
        if (refusal) throw new RuleViolationError(refusal, 'REMOVAL_NOT_CONFIRMED', [{ field: 'confirmRemoved', message: `Stuur het aantal af te voeren leden mee: ${preview.removed.length}.` }]);
        const counts = { added: preview.added.length, changed: preview.changed.length, removed: preview.removed.length, unchanged: preview.unchanged };
        const changes = counts.added + counts.changed + counts.removed;
        if (changes === 0 && list.status === 'SUBMITTED') {
          return { ...counts, listChanged: false, deadlineStatus: deadlineStatus(list.firstSubmittedAt, season), uploadId: null, restorableUntil: null };
        }
        const undo = await this.write(tx, { seasonId, listId: list.id }, state);
        const touched = await touchList(tx, list, registration.registeredOn);
        await this.recordImport(tx, { userId: user.id, listId: list.id, fileName: file.originalName, reason: registration.reason }, state);
        // Kept with what it changed, so the club and the federation can put the list back (member-list-restore.service.ts).
        const upload = await tx.memberListUpload.create({
          data: {
            memberListId: list.id,
            userId: user.id,
            byFederation: user.role === 'ADMIN',
            fileName: file.originalName,
            ...{ added: counts.added, changed: counts.changed, removed: counts.removed },
            changes: undo as unknown as Prisma.InputJsonValue,
          },
        });
        return {
          ...counts,
          listChanged: true,
          deadlineStatus: deadlineStatus(touched.firstSubmittedAt, season),
          uploadId: upload.id,
          restorableUntil: restorableUntil(todayIso(upload.createdAt), season.settings),
        };
      },
      { maxWait: 10_000, timeout: 60_000 },
    );
  }

  /** One audit entry for the whole import, with every member before and after. */
  private async recordImport(tx: Db, what: { userId: string; listId: string; fileName: string; reason: string | null }, { preview, fields, kept }: ImportState) {
    await this.audit.record(
      {
        userId: what.userId,
        action: 'memberList.import',
        entityType: 'MemberList',
        entityId: what.listId,
        before: { columns: AUDIT_COLUMNS, changed: preview.changed.map((change) => auditRow(change.before)), removed: preview.removed.map(auditRow) },
        after: {
          file: what.fileName,
          columns: AUDIT_COLUMNS,
          added: preview.added.map((member) => auditRow(kept.get(member.memberNumber) ?? member)),
          changed: preview.changed.map((change) => auditRow(asStored(change, fields))),
          removed: preview.removed.map((member) => member.memberNumber),
        },
        reason: what.reason,
      },
      tx,
    );
  }

  /**
   * The preview of the file against the list as stored. Administrators see which club holds a
   * member and may correct anyone's record; a secretary learns neither the club nor the stored
   * names of another club's members, and keeps their records unchanged.
   */
  private async state(db: Db, season: SeasonContext, clubId: string, parsed: ParsedMemberFile, user: AuthUser, asked: Registration): Promise<ImportState> {
    const isAdmin = user.role === 'ADMIN';
    const { columns } = matchHeaders(parsed.headers);
    const numberColumn = columns.memberNumber;
    const numbers =
      numberColumn === undefined ? [] : [...new Set(parsed.rows.map((cells) => normalizeMemberNumber(cells[numberColumn] ?? '')).filter((n): n is string => n !== null))];
    const [existingRows, otherRows, knownRows, takenOffRows] = await Promise.all([
      sql.existing(db, season.id, clubId),
      sql.otherClubs(db, season.id, clubId, numbers),
      sql.known(db, season.id, clubId, numbers),
      sql.takenOff(db, season.id, clubId, numbers),
    ]);
    const existing: StoredMember[] = existingRows.map((row) => ({
      ...toImported(row),
      entryId: row.entryId,
      memberId: row.id,
      registeredOn: isoDate(row.registeredOn),
      registeredOnReason: row.registeredOnReason,
    }));
    const otherClubMembers = new Map(
      otherRows.map((row) => [row.memberNumber, !isAdmin ? null : row.removedAt ? `${row.clubName} (afgevoerd op ${formatDutchDate(todayIso(row.removedAt))})` : row.clubName]),
    );
    const kept = new Map(isAdmin ? [] : knownRows.filter((row) => row.elsewhere).map((row) => [row.memberNumber, toImported(row)]));
    // A person the secretary has not seen on this season's list goes on it only under the name the federation knows.
    const seen = new Set(knownRows.filter((row) => row.ownThisSeason).map((row) => row.memberNumber));
    const unseen = new Map([...kept].filter(([number]) => !seen.has(number)));
    const preview = refuseUnknownPersons(buildImportPreview(parsed, { existing, otherClubMembers, keptMembers: kept, today: todayIso() }), unseen);
    const takenOff = new Map(takenOffRows.map((row) => [row.memberNumber, row]));
    const today = todayIso();
    const ended = (number: string) => {
      const earlier = takenOff.get(number);
      return earlier ? { registeredOn: isoDate(earlier.registeredOn), registeredOnReason: earlier.registeredOnReason, removedOn: todayIso(earlier.removedAt) } : null;
    };
    const placements = new Map(preview.added.map((member) => [member.memberNumber, registrationOnReturn(ended(member.memberNumber), asked, today, season.settings)] as const));
    const returning = new Map(
      preview.added.flatMap((member) => {
        const kept = registrationOnReturn(ended(member.memberNumber), { registeredOn: today, reason: null }, today, season.settings);
        return kept.kept ? [[member.memberNumber, kept.registeredOn] as const] : [];
      }),
    );
    return {
      preview,
      known: new Map(knownRows.map((row) => [row.memberNumber, row])),
      kept,
      fields: new Set((Object.keys(columns) as MemberField[]).filter((field) => columns[field] !== undefined)),
      placements,
      returning,
      listSize: existing.length,
    };
  }

  /**
   * One statement writes the people (new ones inserted, known ones updated unless kept) and puts
   * the new members on the list; a second marks the removed ones. So a list of thousands of
   * members costs two round trips. Answers what it did, for putting the list back.
   */
  private async write(tx: Db, target: { seasonId: string; listId: string }, state: ImportState): Promise<UploadChanges> {
    const { preview, fields, kept, placements } = state;
    const upserts = [...preview.added, ...preview.changed.map((change) => change.after)];
    const undo: UploadChanges = {
      added: [],
      removed: preview.removed.map(({ entryId, memberNumber, registeredOn, registeredOnReason }) => ({ entryId, memberNumber, registeredOn, registeredOnReason })),
      changed: [...preview.changed.map((change) => recordChange(change.before.memberId, change.before, asStored(change, fields))), ...this.knownRecordsRewritten(state)],
    };
    if (upserts.length > 0) {
      const column = <K extends keyof ImportedMember>(key: K) => upserts.map((member) => member[key]);
      const isNew = upserts.map((_, i) => i < preview.added.length);
      const keep = upserts.map((member) => kept.has(member.memberNumber));
      const registeredOn = upserts.map((member, i) => (i < preview.added.length ? placements.get(member.memberNumber)!.registeredOn : null));
      const reason = upserts.map((member, i) => (i < preview.added.length ? placements.get(member.memberNumber)!.reason : null));
      // A member removed from this list earlier comes back on it (soon after: with the registration they had); one on another list is a conflict (Regel 2).
      const placed = await tx.$queryRaw<{ entryId: string; memberNumber: string; registeredOn: Date }[]>`
        WITH t AS (
          SELECT * FROM unnest(${column('memberNumber')}::text[], ${column('familyName')}::text[], ${column('namePrefix')}::text[],
                               ${column('givenNames')}::text[], ${column('birthDate')}::text[], ${isNew}::boolean[], ${keep}::boolean[],
                               ${registeredOn}::date[], ${reason}::text[])
                   AS t(n, f, p, g, b, added, keep, r, why)
        ), written AS (
          INSERT INTO members (id, "memberNumber", "familyName", "namePrefix", "givenNames", "birthDate", "createdAt", "updatedAt")
          SELECT gen_random_uuid(), t.n, t.f, t.p, t.g, t.b::date, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC' FROM t WHERE NOT t.keep
          ON CONFLICT ("memberNumber") DO UPDATE SET
            "familyName" = EXCLUDED."familyName",
            "givenNames" = EXCLUDED."givenNames",
            "namePrefix" = CASE WHEN ${fields.has('namePrefix')}::boolean THEN EXCLUDED."namePrefix" ELSE members."namePrefix" END,
            "birthDate" = CASE WHEN ${fields.has('birthDate')}::boolean THEN EXCLUDED."birthDate" ELSE members."birthDate" END,
            "updatedAt" = EXCLUDED."updatedAt"
          RETURNING id, "memberNumber"
        ), m AS (
          SELECT id, "memberNumber" FROM written
          UNION ALL
          SELECT members.id, members."memberNumber" FROM members JOIN t ON t.n = members."memberNumber" WHERE t.keep
        ), placed AS (
          INSERT INTO member_list_entries (id, "memberListId", "seasonId", "memberId", "registeredOn", "registeredOnReason", "createdAt", "updatedAt")
          SELECT gen_random_uuid(), ${target.listId}::uuid, ${target.seasonId}::uuid, m.id, t.r, t.why,
                 now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
          FROM m JOIN t ON t.n = m."memberNumber" WHERE t.added
          ON CONFLICT ("seasonId", "memberId") DO UPDATE SET
            "removedAt" = NULL, "registeredOn" = EXCLUDED."registeredOn", "registeredOnReason" = EXCLUDED."registeredOnReason", "updatedAt" = EXCLUDED."updatedAt"
          WHERE member_list_entries."memberListId" = EXCLUDED."memberListId"
          RETURNING id, "memberId", "registeredOn"
        )
        SELECT placed.id AS "entryId", m."memberNumber", placed."registeredOn" FROM placed JOIN m ON m.id = placed."memberId"`;
      if (placed.length !== preview.added.length) {
        throw new ConflictError('Een lid uit het bestand is intussen op de moederlijst van een andere vereniging gezet. Bekijk het voorbeeld opnieuw.', 'PREVIEW_OUTDATED');
      }
      undo.added = placed.map((entry) => ({ entryId: entry.entryId, memberNumber: entry.memberNumber, registeredOn: isoDate(entry.registeredOn) }));
    }
    if (preview.removed.length > 0) {
      await tx.$executeRaw`
        UPDATE member_list_entries SET "removedAt" = now() AT TIME ZONE 'UTC', "updatedAt" = now() AT TIME ZONE 'UTC'
        WHERE id = ANY(${preview.removed.map((member) => member.entryId)}::uuid[])`;
    }
    return undo;
  }

  /** Persons the upload puts on the list whose stored record it rewrites (known from this club's earlier lists, not kept). */
  private knownRecordsRewritten({ preview, known, kept, fields }: ImportState): UploadChanges['changed'] {
    return preview.added.flatMap((member) => {
      const stored = known.get(member.memberNumber);
      if (!stored || kept.has(member.memberNumber)) return [];
      const before = toImported(stored);
      const after = { ...before, ...Object.fromEntries([...fields].map((field) => [field, member[field]])) };
      return DIFF_FIELDS.some((field) => (before[field] || null) !== (after[field] || null)) ? [recordChange(stored.id, before, after)] : [];
    });
  }
}

/** A record change as the undo keeps it: only the fields whose value changed, before and after. */
function recordChange(memberId: string, before: ExistingMember, after: ExistingMember): UploadChanges['changed'][number] {
  const fields = DIFF_FIELDS.filter((field) => (before[field] || null) !== (after[field] || null));
  const pick = (member: ExistingMember) => Object.fromEntries(fields.map((field) => [field, member[field] || null]));
  return { memberId, memberNumber: before.memberNumber, before: pick(before), after: pick(after) };
}

/** The import's audit entry holds thousands of members: one compact row each, under named columns. */
const AUDIT_COLUMNS = ['memberNumber', 'familyName', 'namePrefix', 'givenNames', 'birthDate'] as const;
const auditRow = (member: ExistingMember) => AUDIT_COLUMNS.map((column) => member[column]);

/** A changed member as stored after the import: fields the file has no column for keep their value. */
function asStored(change: { before: ExistingMember; after: ImportedMember }, fields: Set<MemberField>): ExistingMember {
  return { ...memberFields(change.before), ...Object.fromEntries([...fields].map((field) => [field, change.after[field]])) };
}

function toImported(row: MemberRow): ExistingMember {
  return memberFields({ ...row, birthDate: isoDate(row.birthDate) });
}

function memberFields({ memberNumber, familyName, namePrefix, givenNames, birthDate }: ExistingMember): ExistingMember {
  return { memberNumber, familyName, namePrefix, givenNames, birthDate };
}

/** Identifies this file applied to the list as it is now; see the class comment. */
function previewId(seasonId: string, clubId: string, file: UploadedFile, { preview, returning }: ImportState): string {
  // In a fixed order: the stored entries come from the database in no guaranteed order (a
  // prepared statement's plan may return them otherwise than the preview's did).
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const changes = {
    added: preview.added
      .map(({ row: _row, ...member }) => ({ ...member, keeps: returning.get(member.memberNumber) ?? null }))
      .sort((a, b) => byText(a.memberNumber, b.memberNumber)),
    changed: preview.changed.map((change) => [change.memberNumber, change.fields, change.before.entryId] as const).sort((a, b) => byText(a[0], b[0])),
    removed: preview.removed.map((member) => member.entryId).sort(byText),
  };
  return createHash('sha256').update(seasonId).update(clubId).update(file.buffer).update(JSON.stringify(changes)).digest('base64url');
}

/** Only administrators see the stored names of a person the file names differently. */
function mapPreview(
  file: UploadedFile,
  parsed: ParsedMemberFile,
  { preview, known, returning, listSize }: ImportState,
  played: Map<string, number>,
  id: string,
  isAdmin: boolean,
  season: SeasonContext,
): MemberListPreviewDto {
  const otherName = (member: ImportedMember): MemberRow | null => {
    const person = known.get(member.memberNumber);
    return person && DIFF_FIELDS.some((field) => field !== 'birthDate' && (person[field] || null) !== (member[field] || null)) ? person : null;
  };
  const toDto = (member: ImportedMember): PreviewMemberDto => {
    const person = otherName(member);
    return {
      ...member,
      knownUnderOtherName: person !== null,
      knownAs: person && isAdmin ? fullName(person) : null,
      keepsRegistrationOn: returning.get(member.memberNumber) ?? null,
    };
  };
  return {
    previewId: id,
    fileName: file.originalName,
    format: parsed.format,
    encoding: parsed.encoding ?? null,
    delimiter: parsed.delimiter ?? null,
    sheetName: parsed.sheetName ?? null,
    ok: preview.ok,
    rowCount: preview.rowCount,
    added: preview.added.map(toDto),
    changed: preview.changed.map((change) => ({ memberNumber: change.memberNumber, row: change.after.row, fields: change.fields, before: memberFields(change.before), after: memberFields(change.after) })),
    removed: preview.removed.map((member) => ({ ...memberFields(member), memberId: member.memberId, matchesPlayed: played.get(member.memberId) ?? 0 })),
    unchanged: preview.unchanged,
    listSize,
    removalNeedsConfirmation: removalNeedsConfirmation(listSize, preview.removed.length, season.settings),
    removalConfirmPercent: season.settings.memberRemovalConfirmPercent,
    errors: preview.errors.map((error) => ({ row: error.row, field: error.field ?? null, code: error.code, message: error.message, memberNumber: error.memberNumber ?? null })),
    warnings: [
      // Only the first filled worksheet is the list: the others are named, never silently passed over.
      ...(parsed.otherSheets?.length ? [otherSheetsWarning(parsed.sheetName ?? '', parsed.otherSheets)] : []),
      ...preview.warnings.map((warning) => ({ column: null, header: null, row: null, memberNumber: null, ...warning })),
    ],
  };
}

/** OTHER_SHEETS: the workbook's other filled worksheets, which are not read. */
function otherSheetsWarning(read: string, others: readonly string[]) {
  const one = others.length === 1;
  const names = others.map((n) => `'${n}'`).join(', ');
  const message = `Alleen tabblad '${read}' is gelezen; ${one ? 'tabblad' : 'de tabbladen'} ${names} ${one ? 'bevat' : 'bevatten'} ook gegevens en ${one ? 'is' : 'zijn'} niet gelezen. Zet alle leden op één tabblad.`;
  return { code: 'OTHER_SHEETS', column: null, header: null, row: null, memberNumber: null, message };
}
