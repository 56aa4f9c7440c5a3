import { Injectable } from '@nestjs/common';
import { backupAction, KIND_LABELS, kindOf, LOG_KINDS, logSentence, prefixesOf } from '../domain/federation-log';
import { PrismaService } from '../prisma/prisma.service';
import type { BackupKind } from '../backup/retention';
import type { FederationLogDto, FederationLogQueryDto } from './federation-log.dto';

const PAGE = 100;

interface Row {
  id: string;
  at: Date;
  action: string;
  reason: string | null;
  actorName: string | null;
  actorRole: string | null;
  clubId: string | null;
  clubName: string | null;
  counts: Record<string, number> | null;
  backupKind: string | null;
  file: string | null;
  error: string | null;
}

/**
 * Beheer → Logboek: the audit entries outside matches (member lists, fines, the season, users)
 * and the backup runs, newest first, with the club each concerns where there is one (through the
 * entity the entry names: a list, an entry, a fine, a team, a user, a transfer).
 */
@Injectable()
export class FederationLogService {
  constructor(private readonly prisma: PrismaService) {}

  async list(query: FederationLogQueryDto): Promise<FederationLogDto> {
    const before = query.before ? new Date(query.before) : new Date('9999-12-31T00:00:00Z');
    // The page before (before, beforeId): rows of the same moment as the last one shown are not skipped.
    // Without one, nothing of the moment `before` itself (the empty text sorts first).
    const beforeId = query.beforeId ?? '';
    const kinds = query.kind ? [query.kind] : [...LOG_KINDS];
    const prefixes = kinds.flatMap(prefixesOf);
    const withBackups = kinds.includes('back-ups') && !query.clubId;
    const club = query.clubId ?? null;
    const rows = await this.prisma.$queryRaw<Row[]>`
      WITH audit AS (
        SELECT a.id::text AS id, a."createdAt" AS at, a.action, a.reason, a."entityType", a."entityId",
               CASE a.action
                 WHEN 'memberList.import' THEN CASE WHEN a.after ? 'added' THEN jsonb_build_object('added', jsonb_array_length(a.after->'added'), 'changed', jsonb_array_length(a.after->'changed'), 'removed', jsonb_array_length(a.after->'removed')) END
                 WHEN 'memberList.restore' THEN a.after->'counts'
               END AS counts,
               CASE WHEN a."entityId" ~ '^[0-9a-fA-F-]{36}$' THEN a."entityId"::uuid END AS eid,
               u.name AS "actorName", u.role::text AS "actorRole"
          FROM audit_logs a
          LEFT JOIN users u ON u.id = a."userId"
         WHERE (a."createdAt", a.id::text) < (${before}, ${beforeId})
           AND split_part(a.action, '.', 1) = ANY(${prefixes}::text[])
      ), located AS (
        SELECT audit.*, ARRAY_REMOVE(ARRAY[
                 CASE "entityType"
                   WHEN 'Club' THEN eid
                   WHEN 'MemberList' THEN (SELECT "clubId" FROM member_lists WHERE id = eid)
                   WHEN 'MemberListEntry' THEN (SELECT ml."clubId" FROM member_list_entries e JOIN member_lists ml ON ml.id = e."memberListId" WHERE e.id = eid)
                   WHEN 'Fine' THEN (SELECT "clubId" FROM fines WHERE id = eid)
                   WHEN 'Team' THEN (SELECT "clubId" FROM teams WHERE id = eid)
                   WHEN 'User' THEN (SELECT "clubId" FROM users WHERE id = eid)
                   WHEN 'Transfer' THEN (SELECT "toClubId" FROM transfers WHERE id = eid)
                 END,
                 CASE WHEN "entityType" = 'Transfer' THEN (SELECT "fromClubId" FROM transfers WHERE id = eid) END
               ], NULL) AS clubs
          FROM audit
      )
      SELECT l.id, l.at, l.action, l.reason, l."actorName", l."actorRole",
             l.clubs[1]::text AS "clubId", c.name AS "clubName", l.counts, NULL AS "backupKind", NULL AS file, NULL AS error
        FROM located l
        LEFT JOIN clubs c ON c.id = l.clubs[1]
       WHERE ${club}::uuid IS NULL OR ${club}::uuid = ANY(l.clubs)
      UNION ALL
      SELECT b.id::text, b."startedAt", b.status::text, NULL, NULL, NULL, NULL, NULL, NULL, b.trigger, b.file, b.error
        FROM backup_runs b
       WHERE ${withBackups} AND (b."startedAt", b.id::text) < (${before}, ${beforeId})
      UNION ALL
      SELECT d.id::text, d."startedAt", 'drill-' || d.status::text, NULL, NULL, NULL, NULL, NULL, NULL, 'drill', d.file, d.error
        FROM restore_drills d
       WHERE ${withBackups} AND (d."startedAt", d.id::text) < (${before}, ${beforeId})
      ORDER BY at DESC, id DESC
      LIMIT ${PAGE + 1}`;
    const page = rows.slice(0, PAGE);
    const last = page.at(-1);
    return {
      entries: page.map((row) => {
        const action = row.backupKind ? backupAction(row.action) : row.action;
        const sentence = logSentence({
          at: row.at,
          action,
          actor: row.actorName ? { name: row.actorName, role: row.actorRole ?? '' } : null,
          clubName: row.clubName,
          reason: row.reason,
          counts: row.counts,
          backup: row.backupKind ? { kind: row.backupKind as BackupKind | 'drill', file: row.file, error: row.error } : undefined,
        });
        return { id: row.id, at: row.at.toISOString(), kind: kindOf(action)!, action, sentence, actorName: row.actorName, clubId: row.clubId, clubName: row.clubName };
      }),
      next: rows.length > PAGE && last ? last.at.toISOString() : null,
      nextId: rows.length > PAGE && last ? last.id : null,
      kinds: LOG_KINDS.map((kind) => ({ kind, label: KIND_LABELS[kind] })),
    };
  }
}
