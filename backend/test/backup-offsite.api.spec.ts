/**
 * Issue 45 item 3: the copy off the server, with restic (Debian's package), to a local path (a
 * second disk) and over SFTP (OpenSSH's sshd on loopback, started by this test): encrypted (the
 * repository holds none of the backup's text), deduplicated (the same file again adds nothing),
 * checked (restic check), kept by the same retention, and enough on its own: after the backup
 * folder is gone, the file comes back from the copy and passes every check of a backup file.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readBackupFile } from '../src/backup/backup-file';
import { checkOffsite, copyOffsite, fetchFromOffsite, forgetOffsite, listOffsite, offsiteConfig, OffsiteError, type OffsiteConfig } from '../src/backup/offsite';
import { runBackup } from '../src/backup/backup-runner';
import { BackupService } from '../src/backup/backup.service';
import { createClub, loginAs, resetDatabase, startApp, type TestContext } from './helpers';

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '..', '..');

/** `npm run backup`'s program into `directory`: the file it made. */
function backupInto(directory: string): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'backend', 'src', 'backup', 'cli.ts'), 'backup'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, BACKUP_DIR: directory },
  });
  const file = /Back-up gemaakt: (\S+)/.exec(result.stdout)?.[1];
  if (!file) throw new Error(`Geen back-up: ${result.stdout}${result.stderr}`);
  return file;
}

/** Every file under `dir`, as one buffer: to look for plain text in the repository. */
async function everything(dir: string): Promise<Buffer> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Buffer.concat(await Promise.all(entries.filter((e) => e.isFile()).map((e) => readFile(path.join(e.parentPath, e.name)))));
}

describe('the copy off the server (restic)', () => {
  let ctx: TestContext;
  let work: string;
  const CLUB = `Offsite Vereniging ${process.pid}`;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    await createClub(ctx.prisma, CLUB);
    work = await mkdtemp(path.join(os.tmpdir(), 'tsbn-offsite-'));
  });
  afterAll(async () => {
    await ctx.close();
    await rm(work, { recursive: true, force: true });
  });

  it('is off unless RESTIC_REPOSITORY is set, and refuses a repository without a key in Dutch', () => {
    expect(offsiteConfig({})).toBeNull();
    expect(() => offsiteConfig({ RESTIC_REPOSITORY: '/tmp/x' })).toThrow(/RESTIC_PASSWORD/);
  });

  describe('to a local path (a second disk)', () => {
    let config: OffsiteConfig;
    let repository: string;
    beforeAll(() => {
      repository = path.join(work, 'tweede-schijf', 'tsbn');
      config = offsiteConfig({ ...process.env, RESTIC_REPOSITORY: repository, RESTIC_PASSWORD: 'een-lange-sleutel-voor-de-test' })!;
    });

    it('copies a backup encrypted: the repository holds none of its text', async () => {
      const file = backupInto(path.join(work, 'backups'));
      expect(gunzipSync(await readFile(file)).toString('utf8')).toContain(CLUB);
      const copy = await copyOffsite(config, file);
      expect(copy.snapshotId).toMatch(/^[0-9a-f]{8,64}$/);
      expect(copy.addedBytes).toBeGreaterThan(0);
      const stored = await everything(repository);
      expect(stored.length).toBeGreaterThan(0);
      expect(stored.includes(Buffer.from(CLUB))).toBe(false);
      expect(stored.includes(Buffer.from('member_list_entries'))).toBe(false);
    });

    it('deduplicates: the same file again adds (almost) nothing', async () => {
      const [first] = await listOffsite(config);
      const again = await copyOffsite(config, path.join(first.paths[0]));
      expect(again.addedBytes).toBeLessThan(2048);
      expect((await listOffsite(config)).length).toBe(2);
    });

    it('passes restic check, and the retention keeps the snapshots of today', async () => {
      await expect(checkOffsite(config)).resolves.toBeUndefined();
      await forgetOffsite(config);
      // Two copies today: the daily rule keeps the newest of the day.
      expect((await listOffsite(config)).length).toBe(1);
    });

    it('refuses a wrong key with restic’s own reason, in a Dutch sentence', async () => {
      const wrong = { ...config, password: 'fout' };
      await expect(listOffsite(wrong)).rejects.toThrow(OffsiteError);
      await expect(listOffsite(wrong)).rejects.toThrow(/restic snapshots mislukte: .*(wrong password|no key found)/i);
    });

    it('is enough on its own: with the backups gone, the file comes back whole', async () => {
      await rm(path.join(work, 'backups'), { recursive: true, force: true });
      const file = await fetchFromOffsite(config, path.join(work, 'terug'));
      const summary = await readBackupFile(file); // every table's checksum checked
      expect(summary.tables.find((t) => t.table === 'clubs')?.rows).toBe(1);
    });
  });

  describe('after every backup', () => {
    it('copies the new file and records it on the run; the Beheer status and the metrics show it', async () => {
      const config = offsiteConfig({ ...process.env, RESTIC_REPOSITORY: path.join(work, 'na-elke-back-up'), RESTIC_PASSWORD: 'sleutel-na-elke-back-up' });
      const backups = ctx.app.get(BackupService);
      const result = await runBackup(backups.options('manual', { directory: path.join(work, 'backups-run'), offsite: config }));
      expect(result.outcome).toBe('made');
      expect(result.offsite?.copy?.addedBytes).toBeGreaterThan(0);
      const run = await ctx.prisma.backupRun.findUniqueOrThrow({ where: { id: result.runId! } });
      expect(run).toMatchObject({ offsiteSnapshot: result.offsite!.copy!.snapshotId, offsiteError: null });
      expect(run.offsiteAt).toBeInstanceOf(Date);
      const admin = await loginAs(ctx, 'ADMIN');
      const status = (await admin.agent.get('/api/backups/status').expect(200)).body;
      expect(status.lastSuccess).toMatchObject({ offsiteAt: run.offsiteAt!.toISOString(), offsiteError: null });
      const metrics = (await ctx.http().get('/api/metrics').expect(200)).text;
      expect(metrics).toMatch(/^tsbn_backup_offsite_last_success_timestamp_seconds [1-9]\d+/m);
      expect(metrics).toMatch(/^tsbn_backup_offsite_last_failed 0$/m);
    });

    it('a copy that fails leaves the backup good, and is recorded, shown and counted', async () => {
      const unreachable = offsiteConfig({ ...process.env, RESTIC_REPOSITORY: '/proc/tsbn-kan-hier-niet-schrijven', RESTIC_PASSWORD: 'sleutel' });
      const result = await runBackup(ctx.app.get(BackupService).options('manual', { directory: path.join(work, 'backups-run'), offsite: unreachable }));
      expect(result.outcome).toBe('made');
      expect(existsSync(result.file!)).toBe(true);
      expect(result.offsite?.error).toMatch(/^restic (cat|init) mislukte: /);
      const run = await ctx.prisma.backupRun.findUniqueOrThrow({ where: { id: result.runId! } });
      expect(run.offsiteError).toBe(result.offsite!.error);
      const admin = await loginAs(ctx, 'ADMIN');
      expect((await admin.agent.get('/api/backups/status').expect(200)).body.lastSuccess.offsiteError).toBe(result.offsite!.error);
      const metrics = (await ctx.http().get('/api/metrics').expect(200)).text;
      expect(metrics).toMatch(/^tsbn_backup_offsite_last_failed 1$/m);
    });
  });

  describe('over SFTP (sshd on loopback)', () => {
    let sshd: ChildProcess;
    let config: OffsiteConfig;
    beforeAll(async () => {
      const dir = path.join(work, 'ssh');
      spawnSync('mkdir', ['-p', dir, '/run/sshd']);
      spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(dir, 'host')]);
      spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(dir, 'client')]);
      await writeFile(path.join(dir, 'authorized_keys'), await readFile(path.join(dir, 'client.pub')));
      await chmod(path.join(dir, 'authorized_keys'), 0o600);
      const port = 20000 + (process.pid % 20000);
      const user = os.userInfo().username;
      await writeFile(
        path.join(dir, 'sshd_config'),
        [`Port ${port}`, 'ListenAddress 127.0.0.1', `HostKey ${dir}/host`, `AuthorizedKeysFile ${dir}/authorized_keys`, 'PasswordAuthentication no', 'KbdInteractiveAuthentication no', 'StrictModes no', 'UsePAM no', `PidFile ${dir}/sshd.pid`, 'Subsystem sftp internal-sftp', `AllowUsers ${user}`].join('\n') + '\n',
      );
      sshd = spawn('/usr/sbin/sshd', ['-D', '-e', '-f', path.join(dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
      let said = '';
      sshd.stderr!.on('data', (chunk) => (said += chunk));
      for (let i = 0; i < 50 && !said.includes('Server listening'); i++) await new Promise((r) => setTimeout(r, 100));
      if (!said.includes('Server listening')) throw new Error(`sshd startte niet: ${said}`);
      const ssh = `ssh -i ${dir}/client -p ${port} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes -o LogLevel=ERROR ${user}@127.0.0.1 -s sftp`;
      config = offsiteConfig({ ...process.env, RESTIC_REPOSITORY: `sftp:${user}@127.0.0.1:${work}/op-afstand`, RESTIC_PASSWORD: 'sleutel-voor-sftp', RESTIC_SFTP_COMMAND: ssh })!;
    });
    afterAll(() => {
      sshd?.kill('SIGTERM');
    });

    it('copies, checks and brings back a backup over SFTP', async () => {
      const file = backupInto(path.join(work, 'backups-sftp'));
      const copy = await copyOffsite(config, file);
      expect(copy.addedBytes).toBeGreaterThan(0);
      expect(existsSync(path.join(work, 'op-afstand', 'config'))).toBe(true);
      await checkOffsite(config);
      const back = await fetchFromOffsite(config, path.join(work, 'terug-sftp'));
      expect(path.basename(back)).toBe(path.basename(file));
      expect((await readBackupFile(back)).tables.find((t) => t.table === 'clubs')?.rows).toBe(1);
    });
  });
});
