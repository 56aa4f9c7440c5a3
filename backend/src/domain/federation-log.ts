/**
 * The federation's log (Beheer → Logboek): who changed what outside a match, in Dutch sentences,
 * by kind. Matches keep their own logboek (the match page), so their entries are not here.
 * Pure: the service reads the audit entries and backup runs, this module names and words them.
 */
import { describeAudit } from './audit-descriptions';
import type { BackupKind } from '../backup/retention';

export const LOG_KINDS = ['moederlijsten', 'boetes', 'seizoen', 'gebruikers', 'back-ups'] as const;
export type LogKind = (typeof LOG_KINDS)[number];

/** The kind of an audit action by its prefix (the part before the first dot); null: not in this log. */
const KIND_BY_PREFIX: Record<string, LogKind> = {
  memberList: 'moederlijsten',
  memberListEntry: 'moederlijsten',
  member: 'moederlijsten',
  transfer: 'moederlijsten',
  fine: 'boetes',
  'fine-catalog': 'boetes',
  season: 'seizoen',
  division: 'seizoen',
  team: 'seizoen',
  club: 'seizoen',
  playoff: 'seizoen',
  user: 'gebruikers',
  account: 'gebruikers',
  backup: 'back-ups',
  restore: 'back-ups',
};

export const KIND_LABELS: Record<LogKind, string> = {
  moederlijsten: 'Moederlijsten',
  boetes: 'Boetes',
  seizoen: 'Seizoen, poules en verenigingen',
  gebruikers: 'Gebruikers en rollen',
  'back-ups': 'Back-ups en herstel',
};

export function kindOf(action: string): LogKind | null {
  return KIND_BY_PREFIX[action.split('.')[0]] ?? null;
}

/** The action prefixes of one kind (for the query's filter). */
export function prefixesOf(kind: LogKind): string[] {
  return Object.entries(KIND_BY_PREFIX)
    .filter(([, k]) => k === kind)
    .map(([prefix]) => prefix);
}

const ROLE_NAMES: Record<string, string> = { ADMIN: 'bondsbeheerder', SECRETARY: 'secretaris', SUPERVISOR: 'wedstrijdleider' };

export interface LogEntryInput {
  at: Date;
  action: string;
  actor: { name: string; role: string } | null;
  clubName: string | null;
  reason: string | null;
  /** How many members a list upload or restore touched (RULES.md: who, when and how many). */
  counts?: Record<string, number> | null;
  /** A backup run's or drill's kind, file and error. */
  backup?: { kind: BackupKind | 'drill'; file: string | null; error: string | null };
}

/** A backup run's kind (or the restore drill) in words. */
const BACKUP_KIND_WORDS: Record<BackupKind | 'drill', string> = {
  schedule: 'de nachtelijke back-up',
  manual: 'npm run backup',
  'before-upgrade': 'vóór een upgrade',
  'before-restore': 'vóór het terugzetten van een back-up',
  'after-night': 'na de laatste uitslag van een speelavond',
  drill: 'de wekelijkse hersteltest: teruggezet in een proefdatabase, vergeleken en weer verwijderd',
};

/** "3 nieuw, 0 gewijzigd, 12 afgevoerd" for an upload; what came back and went off for a restore. */
export function countsInWords(action: string, counts: Record<string, number> | null | undefined): string | null {
  if (!counts) return null;
  const n = (key: string) => Number(counts[key] ?? 0);
  if (action === 'memberList.import') return `${n('added')} nieuw, ${n('changed')} gewijzigd, ${n('removed')} afgevoerd`;
  if (action === 'memberList.restore') return `${n('back')} terug op de lijst, ${n('off')} weer afgevoerd, ${n('records')} gegevens teruggezet, ${n('kept')} latere wijzigingen gehouden`;
  return null;
}

/**
 * One sentence: who, what, for which club, and why when a reason was given.
 * "Mireille Pinas (secretaris): Moederlijst geüpload — Kaiman. Reden: …"
 */
export function logSentence(entry: LogEntryInput): string {
  const who = entry.actor ? `${entry.actor.name} (${ROLE_NAMES[entry.actor.role] ?? entry.actor.role})` : 'Het systeem';
  const what = BACKUP_DESCRIPTIONS[entry.action] ?? describeAudit(entry.action);
  const club = entry.clubName ? ` — ${entry.clubName}` : '';
  const howMany = countsInWords(entry.action, entry.counts);
  const backup = entry.backup ? ` (${BACKUP_KIND_WORDS[entry.backup.kind] ?? entry.backup.kind})${entry.backup.file ? `: ${entry.backup.file}` : ''}${entry.backup.error ? `. Fout: ${entry.backup.error}` : ''}` : '';
  const reason = entry.reason?.trim() ? ` Reden: ${entry.reason.trim()}` : '';
  return `${who}: ${what}${howMany ? ` (${howMany})` : ''}${club}${backup}.${reason}`;
}

/** Backups are runs (backup_runs), not audit entries: their sentences live here. */
const BACKUP_DESCRIPTIONS: Record<string, string> = {
  'backup.made': 'Back-up gemaakt',
  'backup.failed': 'Back-up mislukt',
  'backup.running': 'Back-up bezig',
  'backup.restore': 'Back-up teruggezet',
  'backup.drill': 'Hersteltest geslaagd',
  'backup.drill-failed': 'Hersteltest mislukt',
  'backup.drill-running': 'Hersteltest bezig',
};

/** A backup run (or a restore drill, status drill-…) as a log entry's action. */
export function backupAction(status: string): string {
  if (status.startsWith('drill-')) return status === 'drill-SUCCEEDED' ? 'backup.drill' : status === 'drill-FAILED' ? 'backup.drill-failed' : 'backup.drill-running';
  return status === 'SUCCEEDED' ? 'backup.made' : status === 'FAILED' ? 'backup.failed' : 'backup.running';
}
