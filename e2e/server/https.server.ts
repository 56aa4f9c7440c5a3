// The installation as the internet reaches it (issue 44): https://tsbn.test through Caddy, on an
// installation scripts/ci/server.mjs made with `npm run server -- install --tls internal`.
// Chromium trusts Caddy's CA (an NSS database in CHROMIUM_HOME), Node through NODE_EXTRA_CA_CERTS.
// Clients of other addresses come from 127.0.0.2, 127.0.0.3 …, as phones from the internet would.
// The upgrade cases at the end add commits to TSBN_SERVER_SOURCE, a clone of this checkout.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import pg from 'pg';
import { type Browser, chromium } from 'playwright-core';

const SITE = process.env.TSBN_SERVER_URL ?? 'https://tsbn.test';
const ADMIN_LINK = process.env.TSBN_ADMIN_LINK ?? '';
const ADMIN_EMAIL = process.env.TSBN_ADMIN_EMAIL ?? '';
const SOURCE = process.env.TSBN_SERVER_SOURCE ?? '';
const ADMIN_PASSWORD = 'een-eigen-wachtwoord-2026';
const REPOSITORY_ROOT = path.resolve(__dirname, '..', '..');

/** The installation's settings (the test runs as root, like the operator). */
function setting(name: string): string {
  const line = readFileSync('/etc/tsbn/tsbn.env', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}=`));
  return line ? line.slice(name.length + 1).replace(/^"|"$/g, '') : '';
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One request without following redirects, from a client address of our choosing. */
function request(url: string, { method = 'GET', headers = {}, body, from }: { method?: string; headers?: Record<string, string>; body?: unknown; from?: string } = {}): Promise<Answer> {
  const client = url.startsWith('https:') ? https : require('node:http');
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = client.request(
      url,
      { method, localAddress: from, headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
      (res: import('node:http').IncomingMessage) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** `npm run server -- <args>` from this checkout, as the operator runs it. */
function server(...args: string[]): { code: number; output: string } {
  const result = spawnSync(process.execPath, [path.join(REPOSITORY_ROOT, 'scripts', 'server.mjs'), ...args], { cwd: REPOSITORY_ROOT, encoding: 'utf8' });
  return { code: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}

async function database<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: setting('DATABASE_URL') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Every table's row count: what an upgrade must keep. */
const rowCounts = () =>
  database(async (client) => {
    const tables = (await client.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)).rows.map((r) => r.tablename);
    const counts: Record<string, number> = {};
    for (const table of tables) counts[table] = Number((await client.query(`SELECT count(*) AS n FROM "${table}"`)).rows[0].n);
    return counts;
  });

describe(`the installation at ${SITE}`, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      // Chromium reads its trusted CAs from $HOME/.pki/nssdb: there is Caddy's.
      env: { ...(process.env as Record<string, string>), HOME: process.env.CHROMIUM_HOME ?? '' },
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the installer pointed the test name at this machine (--tls internal, nothing resolved it)', () => {
    expect(readFileSync('/etc/hosts', 'utf8')).toMatch(/^127\.0\.0\.1 tsbn\.test # npm run server -- install --tls internal$/m);
  });

  it('doctor finds nothing wrong on a fresh installation (exit 0)', () => {
    const { code, output } = server('doctor');
    expect(output).toMatch(/^OK\s+https:\/\/tsbn\.test\/api\/health antwoordt 200\./m);
    expect(output).not.toMatch(/^FOUT/m);
    expect(code).toBe(0);
  });

  it('sends HTTP on to HTTPS, and HSTS with every HTTPS answer', async () => {
    const plain = await request(`${SITE.replace('https:', 'http:')}/stand`);
    expect([301, 308]).toContain(plain.status);
    expect(plain.headers.location).toBe(`${SITE}/stand`);
    const secure = await request(`${SITE}/api/health`);
    expect(secure.status).toBe(200);
    expect(String(secure.headers['strict-transport-security'])).toMatch(/max-age=\d{7,}/);
  });

  it('has no demo season and no demo password', async () => {
    expect(JSON.parse((await request(`${SITE}/api/seasons`)).body)).toEqual([]);
    expect((await request(`${SITE}/api/seasons/current`)).status).toBe(404);
    const demo = await request(`${SITE}/api/auth/login`, { method: 'POST', body: { email: 'admin@tsbn.nl', password: 'troefcall2026' } });
    expect(demo.status).toBe(401);
  });

  it('answers /api/metrics only with the token', async () => {
    const without = await request(`${SITE}/api/metrics`, { from: '127.0.0.2' });
    expect([401, 403]).toContain(without.status);
    const wrong = await request(`${SITE}/api/metrics`, { from: '127.0.0.2', headers: { authorization: 'Bearer fout' } });
    expect([401, 403]).toContain(wrong.status);
    const withToken = await request(`${SITE}/api/metrics`, { from: '127.0.0.2', headers: { authorization: `Bearer ${setting('METRICS_TOKEN')}` } });
    expect(withToken.status).toBe(200);
    expect(withToken.body).toContain('# TYPE');
  });

  it('the administrator opens the mailed link on https, chooses a password, and logs in with a Secure cookie', async () => {
    expect(ADMIN_LINK.startsWith(`${SITE}/uitnodiging?token=`)).toBe(true);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nl-NL' });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(ADMIN_LINK);
    await page.getByRole('heading', { name: /^Welkom/ }).waitFor();
    await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByLabel('Herhaal wachtwoord', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Wachtwoord opslaan en inloggen' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/uitnodiging'));
    await context.clearCookies();

    await page.goto(`${SITE}/inloggen`);
    await page.getByLabel('E-mailadres').fill(ADMIN_EMAIL);
    await page.getByLabel('Wachtwoord').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/inloggen'));
    const cookies = await context.cookies(SITE);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatchObject({ secure: true, httpOnly: true, domain: 'tsbn.test' });
    const me = await page.request.get(`${SITE}/api/auth/me`);
    expect(await me.json()).toMatchObject({ email: ADMIN_EMAIL, role: 'ADMIN' });
    await context.close();
  });

  it('install again: nothing changed, no secret replaced, no new link for an administrator with a password', () => {
    const before = readFileSync('/etc/tsbn/tsbn.env', 'utf8');
    const { code, output } = server('install', '--domain', 'tsbn.test', '--email', ADMIN_EMAIL, '--tls', 'internal');
    expect(output).toContain('Niets veranderd: alles stond er al.');
    expect(output).toContain(`De beheerder ${ADMIN_EMAIL} heeft al een wachtwoord`);
    expect(output).not.toMatch(/uitnodiging\?token=/);
    expect(code).toBe(0);
    expect(readFileSync('/etc/tsbn/tsbn.env', 'utf8')).toBe(before);
  });

  describe('with a season (the demo season loaded for these checks)', () => {
    let tableUrl = '';
    let matchId = '';
    beforeAll(async () => {
      execFileSync(process.execPath, ['scripts/seed.mjs'], { cwd: '/opt/tsbn/current', stdio: 'inherit' });
      // A match of its own tonight with line-ups, and its night opened (as the browser tests do).
      process.env.E2E_BASE_URL = SITE;
      const { apiSession, composeLineup, matchOfItsOwnToday } = await import('../api-session');
      const { secretaryOf } = await import('../fixtures');
      const admin = await apiSession('admin@tsbn.nl');
      const match = await matchOfItsOwnToday<{ id: string; homeTeam: { id: string; clubName: string }; awayTeam: { id: string; clubName: string } }>(admin, 'server', ['Coronie Kap', 'Commewijne 78']);
      matchId = match.id;
      const home = await apiSession(secretaryOf(match.homeTeam));
      await composeLineup(home, match.id, match.homeTeam.id);
      await composeLineup(await apiSession(secretaryOf(match.awayTeam)), match.id, match.awayTeam.id);
      const night = await home<{ tables: { tableNumber: number; url: string }[] }>('POST', `/api/matches/${match.id}/night`, {});
      tableUrl = night.tables.find((t) => t.tableNumber === 2)!.url;
    });

    it('a table enters and signs a set through its QR link on https; the live page follows by itself through Caddy', async () => {
      expect(tableUrl).toMatch(/^https:\/\/tsbn\.test\/tafel\/[A-Z0-9]+$/);
      // The live stream passes through Caddy at once (its first event, not buffered).
      const firstEvent = await new Promise<string>((resolve, reject) => {
        const req = https.get(`${SITE}/api/public/matches/${matchId}/events`, (res) => {
          res.setEncoding('utf8');
          res.once('data', (chunk: string) => {
            resolve(`${res.statusCode} ${res.headers['content-type']} ${chunk}`);
            req.destroy();
          });
        });
        req.on('error', reject);
        req.setTimeout(20_000, () => req.destroy(new Error('geen eerste gebeurtenis binnen 20 s')));
      });
      expect(firstEvent).toMatch(/^200 text\/event-stream/);

      const spectator = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nl-NL' });
      const live = await spectator.newPage();
      await live.goto(`${SITE}/wedstrijden/${matchId}/live`);
      await live.getByRole('region', { name: 'Set 1' }).waitFor();

      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nl-NL' });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      await page.goto(tableUrl);
      await page.getByText('Tafel 2', { exact: true }).waitFor();
      await page.getByRole('radio', { name: 'Setstand' }).click();
      await page.getByLabel(/^Thuis:/).fill('6');
      await page.getByLabel(/^Uit:/).fill('2');
      await page.getByRole('group', { name: 'Ingevoerd door' }).getByRole('button', { name: /^Thuis/ }).click();
      await page.getByRole('button', { name: 'Set 1 opslaan' }).click();
      await page.getByRole('heading', { name: 'Controleren en ondertekenen' }).waitFor();
      await page.getByRole('button', { name: 'Ondertekenen als uitkoppel' }).click();
      await page.getByRole('alertdialog', { name: 'Ondertekenen' }).getByRole('button', { name: 'Ja, ondertekenen' }).click();
      await page.getByText('Set 1 is ondertekend.').waitFor();

      // Without a reload: the signed set reaches the spectator over the stream through Caddy.
      await live.getByRole('region', { name: 'Set 1' }).getByRole('listitem').filter({ hasText: 'T2' }).filter({ hasText: '6–2' }).waitFor({ timeout: 30_000 });
      await context.close();
      await spectator.close();
    });

    it('counts two addresses as two clients: wrong table codes from one address never make another wait', async () => {
      // Codes of the right form that no table has (the code's alphabet has no 0 or 1).
      const code = (i: number) => `ZZZZZZZZ${'23456789'[Math.floor(i / 8)]}${'23456789'[i % 8]}`;
      const wrong = (from: string, i: number) => request(`${SITE}/api/table/${code(i)}`, { from });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await wrong('127.0.0.2', i)).status);
      expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // A client that claims another address in X-Forwarded-For is still itself.
      const claimed = await request(`${SITE}/api/table/${code(20)}`, { from: '127.0.0.2', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(claimed.status).toBe(429);
      expect((await wrong('127.0.0.3', 21)).status).toBe(404);
    });

    it('doctor names the accounts with the published demo password (exit 1)', () => {
      const { code, output } = server('doctor');
      expect(output).toMatch(/^FOUT\s+\d+ account\(s\) met het gepubliceerde demo-wachtwoord: .*admin@tsbn\.nl/m);
      expect(code).toBe(1);
    });
  });

  describe('upgrades', () => {
    /** A commit in the installation's source that adds a migration. */
    function commitMigration(name: string, sql: string): void {
      const dir = path.join(SOURCE, 'prisma', 'migrations', name);
      mkdirSync(dir, { recursive: true });
      appendFileSync(path.join(dir, 'migration.sql'), sql);
      execFileSync('git', ['-C', SOURCE, 'add', '.']);
      execFileSync('git', ['-C', SOURCE, 'commit', '--quiet', '-m', `Migratie ${name}`]);
    }
    const currentRelease = () => path.basename(execFileSync('readlink', ['/opt/tsbn/current'], { encoding: 'utf8' }).trim());
    const tableExists = (name: string) => database(async (c) => (await c.query('SELECT to_regclass($1) AS t', [`public.${name}`])).rows[0].t !== null);

    it('from the previous commit to the next keeps every row, and the new migration is applied', async () => {
      const before = await rowCounts();
      const previous = currentRelease();
      commitMigration('20991231000000_server_upgrade_probe', 'CREATE TABLE "server_upgrade_probe" ("id" INTEGER PRIMARY KEY);\n');
      const { code, output } = server('upgrade', '--from', SOURCE);
      expect(output).toMatch(/Back-up: \S+tsbn-backup-\S+-voor-upgrade\.gz/);
      // …and its copy off the server, encrypted with the key the installation generated.
      expect(output).toMatch(/Kopie buiten de server: [0-9a-f]{8,}/);
      const snapshots = JSON.parse(execFileSync('restic', ['snapshots', '--json', '--no-cache'], { env: { ...process.env, RESTIC_REPOSITORY: setting('RESTIC_REPOSITORY'), RESTIC_PASSWORD: setting('RESTIC_PASSWORD') }, encoding: 'utf8' }));
      expect(snapshots.length).toBeGreaterThan(0);
      expect(output).toMatch(/Bijgewerkt: /);
      expect(code).toBe(0);
      expect(currentRelease()).not.toBe(previous);
      expect(await tableExists('server_upgrade_probe')).toBe(true);
      const after = await rowCounts();
      const { server_upgrade_probe: probe, _prisma_migrations: migrationsAfter, ...rest } = after;
      expect(probe).toBe(0);
      expect(migrationsAfter).toBe(before._prisma_migrations + 1);
      const { _prisma_migrations: _ignored, ...restBefore } = before;
      // Rows the running service writes by itself (its sessions, jobs) may move; the league's data may not.
      for (const table of ['users', 'seasons', 'clubs', 'teams', 'matches', 'members', 'member_list_entries', 'audit_logs', 'fines']) {
        if (table in restBefore) expect([table, rest[table]]).toEqual([table, restBefore[table]]);
      }
      expect((await request(`${SITE}/api/health`)).status).toBe(200);
    });

    it('a failing migration is rolled back: the previous release runs on the database as it was', async () => {
      const before = await rowCounts();
      const previous = currentRelease();
      commitMigration('20991231000001_server_upgrade_fails', 'CREATE TABLE "half_done" ("id" INTEGER);\nSELECT 1 / 0;\n');
      const { code, output } = server('upgrade', '--from', SOURCE);
      expect(output).toMatch(/De upgrade mislukte bij de migratie/);
      expect(output).toMatch(/Teruggezet: versie \S+ draait weer, met de database van vóór de upgrade/);
      expect(code).toBe(1);
      expect(currentRelease()).toBe(previous);
      expect(await tableExists('half_done')).toBe(false);
      const failed = await database(async (c) => (await c.query('SELECT count(*) AS n FROM _prisma_migrations WHERE finished_at IS NULL')).rows[0].n);
      expect(Number(failed)).toBe(0);
      const after = await rowCounts();
      for (const table of ['users', 'seasons', 'clubs', 'teams', 'matches', 'members', 'member_list_entries', 'audit_logs', 'fines', 'server_upgrade_probe', '_prisma_migrations']) {
        if (table in before) expect([table, after[table]]).toEqual([table, before[table]]);
      }
      expect((await request(`${SITE}/api/health`)).status).toBe(200);
      expect(server('doctor').output).toMatch(/^OK\s+Database op het niveau van de versie/m);
      // The project takes the broken migration back; the cases below build on that.
      execFileSync('git', ['-C', SOURCE, 'revert', '--no-edit', 'HEAD'], { stdio: 'ignore' });
    });

    it('rollback refuses to go back to a release that does not know the database’s migrations', () => {
      const before = currentRelease();
      const { code, output } = server('rollback');
      expect(output).toMatch(/De database heeft migraties die versie \S+ niet kent \(20991231000000_server_upgrade_probe\)/);
      expect(code).toBe(1);
      expect(currentRelease()).toBe(before);
    });

    it('a release whose API does not start is rolled back by the health check, the database untouched', async () => {
      const previous = currentRelease();
      const main = path.join(SOURCE, 'backend', 'src', 'main.ts');
      appendFileSync(main, "\nprocess.exit(1); // kapot: deze versie start niet\n");
      execFileSync('git', ['-C', SOURCE, 'commit', '--quiet', '-am', 'Een versie die niet start']);
      const { code, output } = server('upgrade', '--from', SOURCE, '--health-seconds', '30');
      expect(output).toMatch(/De upgrade mislukte bij de gezondheidscontrole/);
      expect(output).toMatch(/Teruggezet: versie \S+ draait weer; de database was niet veranderd\./);
      expect(code).toBe(1);
      expect(currentRelease()).toBe(previous);
      expect((await request(`${SITE}/api/health`)).status).toBe(200);
    });

    it('rollback goes back to the release before, in seconds, when the database allows it', async () => {
      execFileSync('git', ['-C', SOURCE, 'revert', '--no-edit', 'HEAD'], { stdio: 'ignore' });
      const before = currentRelease();
      expect(server('upgrade', '--from', SOURCE).code).toBe(0);
      expect(currentRelease()).not.toBe(before);
      const { code, output } = server('rollback');
      expect(output).toMatch(/Terug op versie \S+ \(was \S+\)\./);
      expect(code).toBe(0);
      expect(currentRelease()).toBe(before);
      expect((await request(`${SITE}/api/health`)).status).toBe(200);
    });
  });
});
