// Issue 47 through the dashboard: every phone its own client (loopback addresses 127.0.0.x, as in
// forwarding.e2e.ts; scripts/e2e.mjs trusts only 127.0.0.1 as a proxy), the dashboard's /api proxy
// in between, the mail read from the API's mail catcher as an administrator reads it.
// - An account guessed at from 10 phones waits for every phone it does not know; the owner's own
//   phone gets in; the login page says it in Dutch; the owner gets one mail whose link gets them in.
// - An idempotency key is bound to its sender: the away secretary reusing the home secretary's
//   key for a remark is refused in Dutch instead of answered 201 with nothing stored.
import { request } from 'node:http';
import type { Browser } from 'playwright-core';
import { apiSession, type ApiCall } from './api-session';
import { BASE_URL, DEMO_PASSWORD, launch, newPage } from './browser';
import { type Fixture, secretaryOf } from './fixtures';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request to the dashboard from `localAddress`, with the client's own cookies. */
function call(localAddress: string, method: string, path: string, body?: unknown, cookie?: string): Promise<Answer> {
  const url = new URL(path, BASE_URL);
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { ...(cookie ? { cookie } : {}), ...(text ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) } : {}) };
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, localAddress, headers }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (data += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data }));
    });
    req.on('error', reject);
    if (text) req.write(text);
    req.end();
  });
}

/** The cookies an answer set, as a browser sends them back. */
const cookiesOf = (answer: Answer) =>
  ([] as string[])
    .concat(answer.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');

const login = (address: string, email: string, password: string, cookie?: string) => call(address, 'POST', '/api/auth/login', { email, password }, cookie);

interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  receivedAt: string;
}

/** The mails to `to` whose subject matches, once at least one has arrived. */
async function mailsTo(admin: ApiCall, to: string, subject: RegExp): Promise<CaughtMail[]> {
  const until = Date.now() + 20_000;
  for (;;) {
    const mails = (await admin<CaughtMail[]>('GET', '/api/mail/caught')).filter((m) => m.to.includes(to) && subject.test(m.subject));
    if (mails.length) return mails;
    if (Date.now() > until) throw new Error(`Geen mail aan ${to} (${subject}) aangekomen`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('through the dashboard, from many phones', () => {
  let browser: Browser;
  let admin: ApiCall;
  beforeAll(async () => {
    browser = await launch();
    admin = await apiSession('admin@tsbn.nl');
  });
  afterAll(() => browser.close());

  it("an account guessed at from 10 phones waits for phones it does not know; the owner's own phone gets in; one mail, whose link gets them in", async () => {
    const email = `doelwit-${Date.now().toString(36)}@tsbn.nl`;
    const password = 'eigen-wachtwoord-2026';
    await admin('POST', '/api/users', { email, name: 'Doelwit Browsertest', role: 'SUPERVISOR', password });
    // The owner's own phone, known from a login there.
    const first = await login('127.0.0.40', email, password);
    expect(first.status).toBe(200);
    const ownPhone = cookiesOf(first);
    expect(ownPhone).toMatch(/tsbn_device=/);

    for (let i = 0; i < 10; i++) expect((await login(`127.0.0.${41 + i}`, email, `geraden-${i}`)).status).toBe(401);
    const refused = await login('127.0.0.51', email, 'nog-een-gok');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(JSON.parse(refused.body).error).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
    // The right password from a phone the owner never used waits as well …
    expect((await login('127.0.0.52', email, password)).status).toBe(429);
    // … and the login page says why and what to do, in Dutch.
    const { context, page } = await newPage(browser);
    await page.goto(`${BASE_URL}/inloggen`);
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Wachtwoord').fill(password);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.getByRole('alert').filter({ hasText: /^Voor dit account is te vaak een verkeerd wachtwoord geprobeerd\. Probeer het over .+ opnieuw, of kies "Wachtwoord vergeten\?" voor een nieuw wachtwoord\.$/ }).waitFor();

    // The owner's own phone is not made to wait: a slip is just wrong, the right password gets in.
    expect((await login('127.0.0.40', email, 'tikfout-123', ownPhone)).status).toBe(401);
    const own = await login('127.0.0.40', email, password, ownPhone);
    expect(own.status).toBe(200);
    expect(JSON.parse(own.body).email).toBe(email);

    // One mail, not one per failure; its link chooses a new password and logs in.
    const mails = await mailsTo(admin, email, /Veel mislukte inlogpogingen/);
    expect(mails).toHaveLength(1);
    const link = mails[0].text.match(/https?:\/\/\S+\/wachtwoord-herstellen\?token=[\w-]+/)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    await page.goto(`${BASE_URL}${url.pathname}${url.search}`);
    await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('na-de-aanval-2026');
    await page.getByLabel('Herhaal wachtwoord', { exact: true }).fill('na-de-aanval-2026');
    await page.getByRole('button', { name: 'Wachtwoord opslaan en inloggen' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/wachtwoord-herstellen'));
    await context.close();
    expect((await login('127.0.0.53', email, 'na-de-aanval-2026')).status).toBe(200);
    expect(await mailsTo(admin, email, /Veel mislukte inlogpogingen/)).toHaveLength(1);
  });

  it("the away secretary reusing the home secretary's key for a remark is refused in Dutch, and a key of their own stores it", async () => {
    const season = await admin<{ id: string }>('GET', '/api/seasons/current');
    const [division] = await admin<{ id: string }[]>('GET', `/api/seasons/${season.id}/divisions`);
    const { rounds } = await admin<{ rounds: { matches: Fixture[] }[] }>('GET', `/api/divisions/${division.id}/matches`);
    const match = rounds[0].matches[0];
    const home = cookiesOf(await login('127.0.0.61', secretaryOf(match.homeTeam), DEMO_PASSWORD));
    const away = cookiesOf(await login('127.0.0.62', secretaryOf(match.awayTeam), DEMO_PASSWORD));
    const key = `e2e-opmerking-${Date.now().toString(36)}`;
    const path = `/api/matches/${match.id}/remarks`;

    expect((await call('127.0.0.61', 'POST', path, { text: 'Tafel 2 begon later (browsertest)', idempotencyKey: key }, home)).status).toBe(201);
    const reused = await call('127.0.0.62', 'POST', path, { text: 'Tafel 4 had geen mat (browsertest)', idempotencyKey: key }, away);
    expect(reused.status).toBe(409);
    expect(JSON.parse(reused.body).error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'Deze sleutel (idempotencyKey) is al gebruikt voor een verzoek van iemand anders; stuur een nieuwe.' });
    expect((await call('127.0.0.62', 'POST', path, { text: 'Tafel 4 had geen mat (browsertest)', idempotencyKey: `${key}-uit` }, away)).status).toBe(201);

    const remarks = JSON.parse((await call('127.0.0.61', 'GET', path, undefined, home)).body) as { text: string }[];
    expect(remarks.map((r) => r.text)).toEqual(expect.arrayContaining(['Tafel 2 begon later (browsertest)', 'Tafel 4 had geen mat (browsertest)']));
  });
});
