/**
 * Which backups to keep (issue 25): the newest backup of each of the last `daily` days that have
 * one, of the last `weekly` weeks (Monday to Sunday) and of the last `monthly` calendar months,
 * in the federation's calendar; the newest backup always. The rest may be deleted. Pure: the
 * caller gives each backup's calendar day (zone.today of its moment).
 */
import { addDays, weekday, type IsoDate } from '../domain/dates';

export interface RetentionSettings {
  daily: number;
  weekly: number;
  monthly: number;
}

export const DEFAULT_RETENTION: RetentionSettings = { daily: 7, weekly: 4, monthly: 12 };

export interface BackupEntry {
  name: string;
  /** The moment it was made (orders backups of the same day). */
  createdAt: Date;
  /** Its calendar day in the federation's time zone. */
  day: IsoDate;
}

const mondayOf = (day: IsoDate): IsoDate => addDays(day, -((weekday(day) + 6) % 7));

/** The names to keep; every other backup may go. */
export function backupsToKeep(backups: readonly BackupEntry[], settings: RetentionSettings): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name));
  const keep = new Set<string>();
  if (newestFirst.length) keep.add(newestFirst[0].name);
  const rule = (count: number, period: (day: IsoDate) => string) => {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      if (seen.size >= count) break;
      const key = period(backup.day);
      if (seen.has(key)) continue; // an older backup of a period already kept
      seen.add(key);
      keep.add(backup.name);
    }
  };
  rule(settings.daily, (day) => day);
  rule(settings.weekly, mondayOf);
  rule(settings.monthly, (day) => day.slice(0, 7));
  return keep;
}

/** Reads BACKUP_KEEP_DAILY / _WEEKLY / _MONTHLY (whole numbers ≥ 0; otherwise the default). */
export function retentionFromEnv(env: NodeJS.ProcessEnv = process.env): RetentionSettings {
  const read = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return value !== undefined && value.trim() !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
  };
  return {
    daily: read(env.BACKUP_KEEP_DAILY, DEFAULT_RETENTION.daily),
    weekly: read(env.BACKUP_KEEP_WEEKLY, DEFAULT_RETENTION.weekly),
    monthly: read(env.BACKUP_KEEP_MONTHLY, DEFAULT_RETENTION.monthly),
  };
}
