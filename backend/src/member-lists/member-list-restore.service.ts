import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.types';
import { isoDate, todayIso } from '../common/dto';
import { ConflictError, ForbiddenError, NotFoundError, RuleViolationError } from '../common/errors';
import { compareDates, formatDutchDate } from '../domain/dates';
import { EntryNow, PersonFields, planRestore, RestorePlan, restorableUntil, restoreRefusal, RestoreStep, UploadChanges } from '../domain/member-list-undo';
import { PrismaService } from '../prisma/prisma.service';
import { MemberListRestoreResultDto, MemberListUploadDto, MemberListUploadsDto } from './member-list-upload.dto';
import { Db, lockList, SeasonContext, touchList } from './member-list.store';
import { MemberListsService } from './member-lists.service';

const DAY_MS = 24 * 60 * 60 * 1000;

interface UploadRow {
  id: string;
  fileName: string;
  byFederation: boolean;
  added: number;
  changed: number;
  removed: number;
  changes: unknown;
  createdAt: Date;
  restoredAt: Date | null;
  user: { name: string } | null;
  restoredBy: { name: string } | null;
}

/**
 * Putting a member list back as it was before an upload (RULES.md "A list upload is the whole
 * list, and a mistake is undone"): the club's secretary and the federation, for
 * memberListRestoreDays days. The rules are in domain/member-list-undo.ts (planRestore); this
 * service loads the upload's changes and the entries they name as they are now, asks the plan,
 * and writes it in one transaction with three set-based statements and an audit entry.
 */
@Injectable()
export class MemberListRestoreService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly lists: MemberListsService,
  ) {}

  /** The uploads still to be put back (and those put back within the same days), newest first, each with what a restore would do now. */
  async uploads(seasonId: string, clubId: string, user: AuthUser): Promise<MemberListUploadsDto> {
    const { season } = await this.lists.context(seasonId, clubId, user);
    const { settings } = season;
    const list = await this.prisma.memberList.findUnique({ where: { seasonId_clubId: { seasonId, clubId } }, select: { id: true } });
    if (!list) return { restoreDays: settings.memberListRestoreDays, uploads: [] };
    const today = todayIso();
    const rows = await this.prisma.memberListUpload.findMany({
      // The window in days, with a day's margin for the time zone; the exact last day is judged below.
      where: { memberListId: list.id, createdAt: { gte: new Date(Date.now() - (settings.memberListRestoreDays + 2) * DAY_MS) } },
      include: { user: { select: { name: true } }, restoredBy: { select: { name: true } } },
      orderBy: { createdAt: 'desc' },
    });
    const shown = rows.filter((row) => compareDates(restorableUntil(todayIso(row.createdAt), settings), today) >= 0);
    const plans = await this.plans(this.prisma, list.id, shown.filter((row) => row.restoredAt === null));
    return {
      restoreDays: settings.memberListRestoreDays,
      uploads: shown.map((row) => this.mapUpload(row, plans.get(row.id) ?? null, user, season)),
    };
  }

  async restore(seasonId: string, clubId: string, uploadId: string, user: AuthUser): Promise<MemberListRestoreResultDto> {
    const { season } = await this.lists.context(seasonId, clubId, user, true);
    return this.prisma.$transaction(
      async (tx) => {
        const list = await lockList(tx, seasonId, clubId);
        const upload = await tx.memberListUpload.findFirst({ where: { id: uploadId, memberListId: list.id } });
        if (!upload) throw new NotFoundError('Upload van deze moederlijst');
        this.assertRestorable(upload, user, season);
        const plan = (await this.plans(tx, list.id, [upload])).get(upload.id)!;
        await applyPlan(tx, plan.steps);
        await touchList(tx, list);
        await tx.memberListUpload.update({ where: { id: upload.id }, data: { restoredAt: new Date(), restoredById: user.id } });
        const numbers = (...kinds: RestoreStep['kind'][]) => plan.steps.filter((step) => kinds.includes(step.kind)).map((step) => step.memberNumber);
        await this.audit.record(
          {
            userId: user.id,
            action: 'memberList.restore',
            entityType: 'MemberList',
            entityId: list.id,
            before: { upload: upload.id, file: upload.fileName, uploadedAt: upload.createdAt.toISOString(), added: upload.added, changed: upload.changed, removed: upload.removed },
            after: { counts: plan.counts, back: numbers('BRING_BACK', 'REGISTRATION_BACK'), off: numbers('TAKE_OFF'), records: numbers('RECORD_BACK'), kept: plan.kept },
          },
          tx,
        );
        const memberCount = await tx.memberListEntry.count({ where: { memberListId: list.id, removedAt: null } });
        return { uploadId: upload.id, ...plan.counts, keptMembers: plan.kept, memberCount };
      },
      { maxWait: 10_000, timeout: 60_000 },
    );
  }

  private assertRestorable(upload: { createdAt: Date; byFederation: boolean; restoredAt: Date | null }, user: AuthUser, season: SeasonContext): void {
    const uploadedOn = todayIso(upload.createdAt);
    const refusal = restoreRefusal({ uploadedOn, byFederation: upload.byFederation, restored: upload.restoredAt !== null }, { federation: user.role === 'ADMIN' }, todayIso(), season.settings);
    if (refusal === 'ALREADY_RESTORED') {
      throw new ConflictError(`De moederlijst is al teruggezet naar vóór deze upload (op ${formatDutchDate(todayIso(upload.restoredAt!))}).`, 'ALREADY_RESTORED');
    }
    if (refusal === 'RESTORE_EXPIRED') {
      const until = formatDutchDate(restorableUntil(uploadedOn, season.settings));
      throw new RuleViolationError(
        `Een moederlijst is ${season.settings.memberListRestoreDays} dagen terug te zetten naar vóór een upload; deze upload van ${formatDutchDate(uploadedOn)} kon tot en met ${until} worden teruggezet. Voeg de leden weer toe of lees de volledige lijst in.`,
        'RESTORE_EXPIRED',
      );
    }
    if (refusal === 'FEDERATION_UPLOAD') {
      throw new ForbiddenError('Deze upload is door de bond ingelezen; alleen de bond kan de moederlijst terugzetten naar vóór deze upload. Neem contact op met de bond.', 'FEDERATION_UPLOAD');
    }
  }

  /** For each upload, what putting it back would do now: its changes against the entries and records they name, read in two queries. */
  private async plans(db: Db, listId: string, uploads: { id: string; changes: unknown }[]): Promise<Map<string, RestorePlan>> {
    if (uploads.length === 0) return new Map();
    const changesOf = new Map(uploads.map((upload) => [upload.id, upload.changes as UploadChanges]));
    const all = [...changesOf.values()];
    const entryIds = [...new Set(all.flatMap((changes) => [...changes.added, ...changes.removed].map((member) => member.entryId)))];
    const memberIds = [...new Set(all.flatMap((changes) => changes.changed.map((change) => change.memberId)))];
    const entries = await db.memberListEntry.findMany({ where: { id: { in: entryIds } }, select: { id: true, memberListId: true, removedAt: true, registeredOn: true } });
    const members = await db.member.findMany({ where: { id: { in: memberIds } }, select: { id: true, familyName: true, namePrefix: true, givenNames: true, birthDate: true } });
    const now = new Map<string, EntryNow>(
      entries.map((entry) => [entry.id, { entryId: entry.id, onThisList: entry.memberListId === listId, removed: entry.removedAt !== null, registeredOn: isoDate(entry.registeredOn) }]),
    );
    const records = new Map<string, PersonFields>(members.map((m) => [m.id, { familyName: m.familyName, namePrefix: m.namePrefix, givenNames: m.givenNames, birthDate: isoDate(m.birthDate) }]));
    return new Map([...changesOf].map(([id, changes]) => [id, planRestore(changes, now, records)]));
  }

  private mapUpload(row: UploadRow, plan: RestorePlan | null, user: AuthUser, season: SeasonContext): MemberListUploadDto {
    const restorable = restoreRefusal({ uploadedOn: todayIso(row.createdAt), byFederation: row.byFederation, restored: row.restoredAt !== null }, { federation: user.role === 'ADMIN' }, todayIso(), season.settings);
    return {
      id: row.id,
      fileName: row.fileName,
      uploadedAt: row.createdAt.toISOString(),
      uploadedBy: row.user?.name ?? null,
      byFederation: row.byFederation,
      added: row.added,
      changed: row.changed,
      removed: row.removed,
      restorableUntil: restorableUntil(todayIso(row.createdAt), season.settings),
      restoredAt: row.restoredAt?.toISOString() ?? null,
      restoredBy: row.restoredBy?.name ?? null,
      canRestore: restorable === null,
      wouldRestore: plan && restorable !== 'ALREADY_RESTORED' && restorable !== 'RESTORE_EXPIRED' ? plan.counts : null,
    };
  }
}

type Step<K extends RestoreStep['kind']> = Extract<RestoreStep, { kind: K }>;

/** The plan in three statements: members back on the list (or their registration back), members off again, records back. */
async function applyPlan(tx: Db, steps: RestoreStep[]): Promise<void> {
  const back = steps.filter((step): step is Step<'BRING_BACK' | 'REGISTRATION_BACK'> => step.kind === 'BRING_BACK' || step.kind === 'REGISTRATION_BACK');
  const off = steps.filter((step): step is Step<'TAKE_OFF'> => step.kind === 'TAKE_OFF');
  const records = steps.filter((step): step is Step<'RECORD_BACK'> => step.kind === 'RECORD_BACK');
  if (back.length > 0) {
    await tx.$executeRaw`
      UPDATE member_list_entries e
      SET "removedAt" = NULL, "registeredOn" = t.r, "registeredOnReason" = t.why, "updatedAt" = now() AT TIME ZONE 'UTC'
      FROM unnest(${back.map((step) => step.entryId)}::uuid[], ${back.map((step) => step.registeredOn)}::date[], ${back.map((step) => step.registeredOnReason)}::text[]) AS t(id, r, why)
      WHERE e.id = t.id`;
  }
  if (off.length > 0) {
    // From the moment of the restore: a match played meanwhile keeps its players (Regel 4 history).
    await tx.$executeRaw`
      UPDATE member_list_entries SET "removedAt" = now() AT TIME ZONE 'UTC', "updatedAt" = now() AT TIME ZONE 'UTC'
      WHERE id = ANY(${off.map((step) => step.entryId)}::uuid[]) AND "removedAt" IS NULL`;
  }
  if (records.length > 0) {
    const has = (field: keyof PersonFields) => records.map((step) => field in step.fields);
    const value = (field: keyof PersonFields) => records.map((step) => step.fields[field] ?? null);
    await tx.$executeRaw`
      UPDATE members m SET
        "familyName" = CASE WHEN t.hf THEN t.f ELSE m."familyName" END,
        "namePrefix" = CASE WHEN t.hp THEN t.p ELSE m."namePrefix" END,
        "givenNames" = CASE WHEN t.hg THEN t.g ELSE m."givenNames" END,
        "birthDate" = CASE WHEN t.hb THEN t.b::date ELSE m."birthDate" END,
        "updatedAt" = now() AT TIME ZONE 'UTC'
      FROM unnest(${records.map((step) => step.memberId)}::uuid[], ${value('familyName')}::text[], ${value('namePrefix')}::text[], ${value('givenNames')}::text[], ${value('birthDate')}::text[],
                  ${has('familyName')}::boolean[], ${has('namePrefix')}::boolean[], ${has('givenNames')}::boolean[], ${has('birthDate')}::boolean[])
           AS t(id, f, p, g, b, hf, hp, hg, hb)
      WHERE m.id = t.id`;
  }
}
