import { Injectable } from '@nestjs/common';
import { backupAction, KIND_LABELS, kindOf, LOG_KINDS, logSentence, prefixesOf } from '../domain/federation-log';
import { PrismaService } from '../prisma/prisma.service';
import type { FederationLogDto, FederationLogQueryDto } from './federation-log.dto';

const PAGE = 100;

/** A backup run's trigger in words. */
const TRIGGERS: Record<string, string> = {
  schedule: 'de nachtelijke back-up',
  manual: 'npm run backup',
  'before-upgrade': 'vóór een upgrade',
  'before-restore': 'vóór het terugzetten van een back-up',
  'after-night': 'na de laatste uitslag van een speelavond',
  drill: 'de wekelijkse hersteltest: teruggezet in een proefdatabase, vergeleken en weer verwijderd',
};

interface Row {
  id: string;
  at: Date;
  action: string;
  reason: string | null;
  actorName: string | null;
  actorRole: string | null;
  clubId: string | null;
  clubName: string | null;
  detail: string | null;
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
    const kinds = query.kind ? [query.kind] : [...LOG_KINDS];
    const prefixes = kinds.flatMap(prefixesOf);
    const withBackups = kinds.includes('back-ups') && !query.clubId;
    const club = query.clubId ?? null;
    const rows = await this.prisma.$queryRaw<Row[]>`
      WITH audit AS (
        SELECT a.id::text AS id, a."createdAt" AS at, a.action, a.reason, a."entityType", a."entityId",
               CASE WHEN a."entityId" ~ '^[0-9a-fA-F-]{36}$' THEN a."entityId"::uuid END AS eid,
               u.name AS "actorName", u.role::text AS "actorRole"
          FROM audit_logs a
          LEFT JOIN users u ON u.id = a."userId"
         WHERE a."createdAt" < ${before}
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
             l.clubs[1]::text AS "clubId", c.name AS "clubName", NULL::text AS detail
        FROM located l
        LEFT JOIN clubs c ON c.id = l.clubs[1]
       WHERE ${club}::uuid IS NULL OR ${club}::uuid = ANY(l.clubs)
      UNION ALL
      SELECT b.id::text, b."startedAt", b.status::text, NULL, NULL, NULL, NULL, NULL,
             concat_ws('|', b.trigger, coalesce(b.file, ''), coalesce(b.error, ''))
        FROM backup_runs b
       WHERE ${withBackups} AND b."startedAt" < ${before}
      UNION ALL
      SELECT d.id::text, d."startedAt", 'drill-' || d.status::text, NULL, NULL, NULL, NULL, NULL,
             concat_ws('|', 'drill', coalesce(d.file, ''), coalesce(d.error, ''))
        FROM restore_drills d
       WHERE ${withBackups} AND d."startedAt" < ${before}
      ORDER BY at DESC, id DESC
      LIMIT ${PAGE + 1}`;
    const page = rows.slice(0, PAGE);
    return {
      entries: page.map((row) => {
        const isBackup = row.detail !== null;
        const action = isBackup ? backupAction(row.action) : row.action;
        let sentence = logSentence({ at: row.at, action, actor: row.actorName ? { name: row.actorName, role: row.actorRole ?? '' } : null, clubName: row.clubName, reason: row.reason });
        if (isBackup) {
          const [trigger, file, ...error] = row.detail!.split('|');
          sentence = sentence.replace(/\.$/, '') + ` (${TRIGGERS[trigger] ?? trigger})${file ? `: ${file}` : ''}${error.join('|') ? `. Fout: ${error.join('|')}` : ''}.`;
        }
        return { id: row.id, at: row.at.toISOString(), kind: kindOf(action)!, action, sentence, actorName: row.actorName, clubId: row.clubId, clubName: row.clubName };
      }),
      next: rows.length > PAGE ? page[page.length - 1].at.toISOString() : null,
      kinds: LOG_KINDS.map((kind) => ({ kind, label: KIND_LABELS[kind] })),
    };
  }
}
