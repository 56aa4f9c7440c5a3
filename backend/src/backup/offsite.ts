/**
 * The copy off the server (issue 45 item 3): each backup file also goes, encrypted and
 * deduplicated, to a second place the operator names, with restic (Debian's package): a local path
 * (a second disk), SFTP or S3-compatible storage. The same retention as on the server, and a weekly
 * `restic check`. Nothing here is ours but the wiring: restic does the encryption, the
 * deduplication, the retention and the check.
 *
 * Settings (the env file; `npm run server -- install --offsite <repository>` writes them):
 *   RESTIC_REPOSITORY   /mnt/tweede-schijf/tsbn, sftp:backup@host:/tsbn, s3:https://host/bucket/tsbn
 *   RESTIC_PASSWORD     the repository's key (printed once by the installer: keep it elsewhere too)
 *   RESTIC_SFTP_COMMAND optional: the ssh command restic runs for SFTP (a key, a port)
 *   AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY for S3, read by restic itself
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_RETENTION, type RetentionSettings } from './retention';

const run = promisify(execFile);

/** restic's tag on our snapshots, and its host name: retention and restores look only at these. */
const TAG = 'tsbn-backup';
const HOST = 'tsbn';

export interface OffsiteConfig {
  repository: string;
  password: string;
  sftpCommand?: string;
  /** The rest of the environment restic gets (S3 keys, HOME for its cache). */
  env: NodeJS.ProcessEnv;
}

export interface OffsiteCopy {
  snapshotId: string;
  /** Bytes this copy added to the repository after deduplication and compression. */
  addedBytes: number;
  seconds: number;
}

/** The settings, or null when no copy off the server is configured. */
export function offsiteConfig(env: NodeJS.ProcessEnv = process.env): OffsiteConfig | null {
  const repository = env.RESTIC_REPOSITORY?.trim();
  const password = env.RESTIC_PASSWORD ?? '';
  if (!repository) return null;
  if (!password) throw new OffsiteError('RESTIC_REPOSITORY is ingesteld maar RESTIC_PASSWORD (de sleutel) niet: zonder sleutel kan er niets buiten de server worden bewaard.');
  return { repository, password, sftpCommand: env.RESTIC_SFTP_COMMAND?.trim() || undefined, env };
}

export class OffsiteError extends Error {}

/** Runs restic with the repository's settings; a failure says in Dutch what restic said. */
async function restic(config: OffsiteConfig, args: string[], timeoutMs = 30 * 60_000): Promise<string> {
  const options = config.sftpCommand ? ['-o', `sftp.command=${config.sftpCommand}`] : [];
  try {
    const { stdout } = await run('restic', [...options, '--no-cache', ...args], {
      env: { ...config.env, RESTIC_REPOSITORY: config.repository, RESTIC_PASSWORD: config.password },
      maxBuffer: 64 * 1024 * 1024,
      timeout: timeoutMs,
    });
    return stdout;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string; killed?: boolean };
    if (failure.code === 'ENOENT') throw new OffsiteError('restic is niet geïnstalleerd (apt-get install restic).');
    if (failure.killed) throw new OffsiteError(`restic ${args[0]} duurde langer dan ${Math.round(timeoutMs / 60_000)} minuten en is gestopt.`);
    const said = (failure.stderr ?? failure.message).trim().split('\n').slice(-3).join(' ');
    throw new OffsiteError(`restic ${args[0]} mislukte: ${said}`);
  }
}

/** Creates the repository the first time (restic init); leaves an existing one alone. */
export async function ensureRepository(config: OffsiteConfig): Promise<boolean> {
  try {
    await restic(config, ['cat', 'config'], 120_000);
    return false;
  } catch (error) {
    const text = (error as Error).message;
    // restic 0.14 says "Is there a repository at the following location?"; later ones also name it.
    if (!/Is there a repository|repository does not exist|unable to open config file/i.test(text)) throw error;
  }
  await restic(config, ['init'], 120_000);
  return true;
}

/** Copies one backup file into the repository (encrypted, deduplicated). */
export async function copyOffsite(config: OffsiteConfig, file: string, now: () => number = Date.now): Promise<OffsiteCopy> {
  const started = now();
  await ensureRepository(config);
  const output = await restic(config, ['backup', '--json', '--tag', TAG, '--host', HOST, file]);
  const summary = output
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { message_type?: string; snapshot_id?: string; data_added?: number })
    .find((message) => message.message_type === 'summary');
  if (!summary?.snapshot_id) throw new OffsiteError('restic backup gaf geen samenvatting; de kopie is niet zeker gemaakt.');
  return { snapshotId: summary.snapshot_id, addedBytes: summary.data_added ?? 0, seconds: (now() - started) / 1000 };
}

/**
 * The server's retention by days, weeks and months (BACKUP_KEEP_DAILY/WEEKLY/MONTHLY: by default
 * 7, 4, 12); what falls out is pruned. Not BACKUP_KEEP_LAST: on the server it keeps the newest of
 * each kind apart, the copies are one series, and the newest of each day is what a lost disk needs.
 */
export async function forgetOffsite(config: OffsiteConfig, retention: RetentionSettings = DEFAULT_RETENTION): Promise<void> {
  const keep = { ...DEFAULT_RETENTION, ...retention };
  await restic(config, ['forget', '--tag', TAG, '--host', HOST, '--keep-daily', String(keep.daily), '--keep-weekly', String(keep.weekly), '--keep-monthly', String(keep.monthly), '--prune']);
}

/** The weekly check of the repository's structure (restic check). */
export async function checkOffsite(config: OffsiteConfig): Promise<void> {
  await restic(config, ['check']);
}

export interface OffsiteSnapshot {
  id: string;
  time: string;
  paths: string[];
}

/** Our snapshots in the repository, newest last. */
export async function listOffsite(config: OffsiteConfig): Promise<OffsiteSnapshot[]> {
  const output = await restic(config, ['snapshots', '--json', '--tag', TAG, '--host', HOST], 120_000);
  const snapshots = JSON.parse(output || '[]') as { short_id: string; id: string; time: string; paths: string[] }[];
  return snapshots.map((s) => ({ id: s.id, time: s.time, paths: s.paths })).sort((a, b) => a.time.localeCompare(b.time));
}

/**
 * Brings the newest copied backup file (or the snapshot `snapshotId`) back from the repository
 * into `directory`, for a restore when the server's own disk and backups are gone.
 * @returns the path of the backup file
 */
export async function fetchFromOffsite(config: OffsiteConfig, directory: string, snapshotId = 'latest'): Promise<string> {
  await mkdir(directory, { recursive: true });
  await restic(config, ['restore', snapshotId, '--tag', TAG, '--host', HOST, '--target', directory]);
  const found = await findBackupFiles(directory);
  if (!found.length) throw new OffsiteError(`De kopie ${snapshotId} bevat geen back-upbestand.`);
  return found.sort().at(-1)!;
}

async function findBackupFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && /^tsbn-backup-.*\.gz$/.test(e.name)).map((e) => path.join(e.parentPath, e.name));
}
