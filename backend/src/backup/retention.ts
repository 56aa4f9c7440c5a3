/**
 * Which backups to keep (issues 25 and 45). Each kind of backup is kept by itself, so a backup
 * made by hand never pushes out the one made before an upgrade, and two on one day never push
 * out each other:
 *
 * - the kinds: made by the nightly job, by hand (`npm run backup`), before an upgrade, before a
 *   restore (`--vervang`); the kind is part of the file's name (backup-runner.ts);
 * - of each kind: its newest backup; the newest of each of the last `daily` days that have one,
 *   of the last `weekly` weeks (Monday to Sunday) and of the last `monthly` calendar months, in
 *   the federation's calendar; and its `last` newest backups, whatever their day;
 * - and every backup younger than 24 hours, of any kind.
 *
 * The rest may be deleted. Pure: the caller gives each backup's calendar day (zone.today of its
 * moment) and the moment of now.
 */
import { addDays, weekday, type IsoDate } from '../domain/dates';

export const BACKUP_KINDS = ['schedule', 'manual', 'before-upgrade', 'before-restore', 'after-night'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

/** The kind's word in a file name and on the command line (`npm run backup -- --soort voor-upgrade`). */
export const BACKUP_KIND_WORDS: Record<BackupKind, string> = {
  schedule: 'gepland',
  manual: 'handmatig',
  'before-upgrade': 'voor-upgrade',
  'before-restore': 'voor-herstel',
  // When a match night's last match became final (issue 45 item 4): the night off the server the same night.
  'after-night': 'na-speelavond',
};

export function backupKindOfWord(word: string): BackupKind | null {
  return BACKUP_KINDS.find((kind) => BACKUP_KIND_WORDS[kind] === word) ?? null;
}

/** A backup younger than this is never deleted. */
export const MINIMUM_AGE_HOURS = 24;

export interface RetentionSettings {
  daily: number;
  weekly: number;
  monthly: number;
  /** The newest this many of each kind (default DEFAULT_RETENTION.last). */
  last?: number;
}

export const DEFAULT_RETENTION: Required<RetentionSettings> = { daily: 7, weekly: 4, monthly: 12, last: 5 };

export interface BackupEntry {
  name: string;
  kind: BackupKind;
  /** The moment it was made (orders backups of the same day). */
  createdAt: Date;
  /** Its calendar day in the federation's time zone. */
  day: IsoDate;
}

const mondayOf = (day: IsoDate): IsoDate => addDays(day, -((weekday(day) + 6) % 7));

/** The names to keep of backups of one kind. */
function keepOfKind(backups: readonly BackupEntry[], settings: RetentionSettings): string[] {
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name));
  const keep = newestFirst.slice(0, Math.max(1, settings.last ?? DEFAULT_RETENTION.last)).map((b) => b.name);
  const rule = (count: number, period: (day: IsoDate) => string) => {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      if (seen.size >= count) break;
      const key = period(backup.day);
      if (seen.has(key)) continue; // an older backup of a period already kept
      seen.add(key);
      keep.push(backup.name);
    }
  };
  rule(settings.daily, (day) => day);
  rule(settings.weekly, mondayOf);
  rule(settings.monthly, (day) => day.slice(0, 7));
  return keep;
}

/** The names to keep; every other backup may go. */
export function backupsToKeep(backups: readonly BackupEntry[], settings: RetentionSettings, now: Date): Set<string> {
  const keep = new Set<string>();
  for (const kind of BACKUP_KINDS) {
    for (const name of keepOfKind(backups.filter((b) => b.kind === kind), settings)) keep.add(name);
  }
  for (const backup of backups) {
    if (now.getTime() - backup.createdAt.getTime() < MINIMUM_AGE_HOURS * 3_600_000) keep.add(backup.name);
  }
  return keep;
}

/** Reads BACKUP_KEEP_DAILY / _WEEKLY / _MONTHLY / _LAST (whole numbers ≥ 0; otherwise the default). */
export function retentionFromEnv(env: NodeJS.ProcessEnv = process.env): Required<RetentionSettings> {
  const read = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return value !== undefined && value.trim() !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
  };
  return {
    daily: read(env.BACKUP_KEEP_DAILY, DEFAULT_RETENTION.daily),
    weekly: read(env.BACKUP_KEEP_WEEKLY, DEFAULT_RETENTION.weekly),
    monthly: read(env.BACKUP_KEEP_MONTHLY, DEFAULT_RETENTION.monthly),
    last: read(env.BACKUP_KEEP_LAST, DEFAULT_RETENTION.last),
  };
}
