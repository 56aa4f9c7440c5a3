// RULES.md "Say how it became final" (issue 46 part 3), as the players, the secretaries and the
// public see it: the table's phone, the venue screen (the TV, ?groot=1), the public match page
// and the printed form say how a match became final in the same words: by the correction
// window, by both confirmations, after 48 hours (a paper form). Before final every screen shows
// the same score (the signed sets; the unsigned work marked apart), and a match complete at the
// tables asks nobody for a paper step or a confirmation ("Nu al bevestigen" is optional).
// The moment a match becomes final is moved into the past in the database and the scheduled
// job's finaliser is run (finalise-due.mjs): the e2e run has no scheduled jobs.
// Plays matches of its own today (matchOfItsOwnToday).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import type { Browser, Page } from 'playwright-core';
import { type ApiCall, apiSession, composeLineup, matchOfItsOwnToday } from './api-session';
import { atTable, BASE_URL, launch, login, newPage } from './browser';
import { type Fixture, PHONE, secretaryOf } from './fixtures';

type TableSet = { setNumber: number; state: string };

/**
 * The match's moment came (its correction window, or a paper form's hours after the home
 * signature, which moves back as far): moved instead of waited for, then the job's finaliser.
 */
async function finaliseNow(matchId: string, { paperHours }: { paperHours?: number } = {}): Promise<void> {
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    const past = new Date(Date.now() - 60_000);
    await db.query('update matches set "finalDueAt" = $2 where id = $1', [matchId, past]);
    if (paperHours !== undefined) await db.query('update matches set "homeSignedAt" = $2 where id = $1', [matchId, new Date(past.getTime() - paperHours * 3_600_000)]);
  } finally {
    await db.end();
  }
  const out = execFileSync(process.execPath, [path.join(__dirname, 'finalise-due.mjs')], { env: process.env, timeout: 60_000 });
  const line = out.toString('utf8').split('\n').find((l) => l.startsWith('finalised: '));
  expect(JSON.parse(line!.slice('finalised: '.length))).toContain(matchId);
}

/** The printed form's first page (totals and result), as a PDF text extractor reads it (backend/test/pdf-text.mjs). */
async function formText(matchId: string): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/matches/${matchId}/form.pdf`);
  expect(res.status).toBe(200);
  const out = execFileSync(process.execPath, [path.join(__dirname, '..', 'backend', 'test', 'pdf-text.mjs')], { input: Buffer.from(await res.arrayBuffer()), maxBuffer: 16 * 1024 * 1024 });
  return (JSON.parse(out.toString('utf8')) as { pages: string[] }).pages[0].replace(/\s+/g, ' ');
}

/** Both line-ups, and the night opened: the table codes. */
async function tablesOpen(match: Fixture): Promise<{ codes: { tableNumber: number; code: string }[]; home: ApiCall; away: ApiCall }> {
  const home = await apiSession(secretaryOf(match.homeTeam));
  const away = await apiSession(secretaryOf(match.awayTeam));
  await composeLineup(home, match.id, match.homeTeam.id);
  await composeLineup(away, match.id, match.awayTeam.id);
  const night = await home<{ tables: { tableNumber: number; code: string }[] }>('POST', `/api/matches/${match.id}/night`);
  return { codes: night.tables, home, away };
}

/** Every seat still waiting, entered by the home pair and signed by the away pair (6–2), as the tables would; `unsigned` ("set/table") is entered only. */
async function playTables(codes: { tableNumber: number; code: string }[], unsigned: string[] = []): Promise<void> {
  await Promise.all(
    codes.map(async (t) => {
      const view = await atTable<{ sets: TableSet[] }>('GET', t.code);
      for (const s of view.sets.filter((x) => x.state === 'WAITING')) {
        await atTable('PUT', `${t.code}/sets/${s.setNumber}`, { enteredBy: 'HOME', totals: { home: 6, away: 2 } });
        if (!unsigned.includes(`${s.setNumber}/${t.tableNumber}`)) await atTable('POST', `${t.code}/sets/${s.setNumber}/sign`, { side: 'AWAY' });
      }
    }),
  );
}

/** The words on the table's phone (the note under the table's name). */
async function onTablePhone(page: Page, code: string, words: RegExp): Promise<void> {
  await page.goto(`${BASE_URL}/tafel/${code}`);
  await page.getByRole('note', { name: 'Uitslag' }).filter({ hasText: words }).waitFor();
}

/** The venue screen of the match's round: its state line says it. */
async function onTv(page: Page, match: Fixture, words: RegExp): Promise<void> {
  await page.goto(`${BASE_URL}/speelavond/${match.divisionId}/${match.round}?groot=1`);
  await page.locator('[data-live-match]').getByText(words).waitFor();
}

/** The public match page: its line under the score says it. */
async function onPublicPage(page: Page, match: Fixture, words: RegExp): Promise<void> {
  await page.goto(`${BASE_URL}/wedstrijden/${match.id}`);
  await page.getByRole('status', { name: 'Definitief' }).filter({ hasText: words }).waitFor();
}

describe('how a match became final: the table phone, the TV, the public page and the form say the same', () => {
  let browser: Browser;
  let admin: ApiCall;

  beforeAll(async () => {
    admin = await apiSession('admin@tsbn.nl');
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('complete at the tables: one score everywhere before, no paper steps, then "definitief na het correctievenster"', async () => {
    const match = await matchOfItsOwnToday<Fixture>(admin, 'venster', ['Nickerie Stars', 'Marowijne']);
    const { codes } = await tablesOpen(match);
    // 35 seats signed (35 × 6–2), set 6 at table 6 entered but not signed yet.
    await playTables(codes, ['6/6']);
    const { page, context } = await newPage(browser, { width: 1920, height: 1080 });
    const supervisor = await newPage(browser);
    try {
      // One score on every screen: the signed sets; the unsigned entry apart (its points for the clubs and the supervisor only, Regel 15).
      await page.goto(`${BASE_URL}/speelavond/${match.divisionId}/${match.round}?groot=1`);
      const tv = page.locator('[data-live-match]');
      expect(await tv.locator('[data-live-score]').innerText()).toBe('210–70');
      expect(await tv.locator('[data-live-unsigned]').innerText()).toBe('+ 1 set nog niet ondertekend');
      await page.goto(`${BASE_URL}/wedstrijden/${match.id}`);
      expect(await page.getByLabel('Stand', { exact: true }).innerText()).toBe('210 – 70');
      expect(await page.getByLabel('Nog niet ondertekend').innerText()).toBe('+ 1 set nog niet ondertekend');
      await login(supervisor.page, 'wedstrijdleider@tsbn.nl');
      await supervisor.page.goto(`${BASE_URL}/wedstrijdleider/avond/${match.id}`);
      expect(await supervisor.page.getByLabel('Stand', { exact: true }).first().innerText()).toBe('210 – 70');
      await supervisor.page.getByText('210 – 70 (+ 6–2 nog niet ondertekend)').waitFor();

      await atTable('POST', `${codes.find((t) => t.tableNumber === 6)!.code}/sets/6/sign`, { side: 'AWAY' });
      // Complete: final by itself at the end of the window; nobody is asked to sign or confirm.
      const window = /^Compleet, wordt definitief om \d\d:\d\d$/;
      await onTablePhone(page, codes[0].code, window);
      await onTv(page, match, window);
      await onPublicPage(page, match, /^Compleet, wordt definitief om \d\d:\d\d/);
      expect(await page.getByText('Wordt ingevoerd', { exact: true }).count()).toBe(0);
      expect(await page.getByLabel('Stand', { exact: true }).innerText()).toBe('216 – 72');

      const secretary = await newPage(browser, PHONE);
      try {
        await login(secretary.page, secretaryOf(match.homeTeam));
        await secretary.page.goto(`${BASE_URL}/vereniging/wedstrijden/${match.id}`);
        await secretary.page.getByRole('heading', { name: '2. Uitslag aan tafel' }).waitFor();
        await secretary.page.getByText(/^Compleet, wordt definitief om \d\d:\d\d\. Bevestigen hoeft niet/).waitFor();
        await secretary.page.getByRole('link', { name: 'Nu al bevestigen' }).waitFor();
        for (const paperStep of ['Nog ondertekenen', 'Bevestigen kan zodra', 'Controleren kan zodra', 'Uitslag invoeren en ondertekenen']) {
          expect(await secretary.page.getByText(paperStep).count()).toBe(0);
        }
      } finally {
        await secretary.context.close();
      }

      await finaliseNow(match.id);
      await onTablePhone(page, codes[0].code, /^Definitief na het correctievenster$/);
      await page.getByText('De uitslag is definitief (definitief na het correctievenster); hier verandert niets meer.').waitFor();
      await onTv(page, match, /^Definitief na het correctievenster$/);
      await onPublicPage(page, match, /^Definitief na het correctievenster$/);
      const form = await formText(match.id);
      expect(form).toContain(`Uitslag (definitief na het correctievenster): ${match.homeTeam.name} 216 – 72 ${match.awayTeam.name}`);
      expect(form).not.toMatch(/bevestigd/);
    } finally {
      await context.close();
      await supervisor.context.close();
    }
  }, 180_000);

  it('both teams confirmed early: "bevestigd door beide teams"', async () => {
    const match = await matchOfItsOwnToday<Fixture>(admin, 'beide', ['Coronie Kap', 'Commewijne 78']);
    const { codes, home, away } = await tablesOpen(match);
    await playTables(codes);
    await home('POST', `/api/matches/${match.id}/confirm-night`, {});
    await away('POST', `/api/matches/${match.id}/confirm-night`, {});
    const { page, context } = await newPage(browser, PHONE);
    try {
      await onTablePhone(page, codes[2].code, /^Bevestigd door beide teams$/);
      await onTv(page, match, /^Bevestigd door beide teams$/);
      await onPublicPage(page, match, /^Bevestigd door beide teams$/);
      expect(await formText(match.id)).toContain(`Uitslag (bevestigd door beide teams): ${match.homeTeam.name} 216 – 72 ${match.awayTeam.name}`);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('a paper form the away team did not react to: "definitief na 48 uur"', async () => {
    const match = await matchOfItsOwnToday<Fixture>(admin, 'papier', ['Nickerie Stars', 'Commewijne 78']);
    const home = await apiSession(secretaryOf(match.homeTeam));
    await composeLineup(home, match.id, match.homeTeam.id);
    await composeLineup(await apiSession(secretaryOf(match.awayTeam)), match.id, match.awayTeam.id);
    const sets = [];
    for (let setNumber = 1; setNumber <= 6; setNumber++) for (let tableNumber = 1; tableNumber <= 6; tableNumber++) sets.push({ setNumber, tableNumber, homePoints: 6, awayPoints: 2 });
    await home('PUT', `/api/matches/${match.id}/result`, { version: (await home<{ version: number }>('GET', `/api/matches/${match.id}`)).version, sets });
    await home('POST', `/api/matches/${match.id}/sign`, { version: (await home<{ version: number }>('GET', `/api/matches/${match.id}`)).version });
    const { page, context } = await newPage(browser, PHONE);
    try {
      // Signed by the home team: final by itself after the hours, unless the away team reacts.
      await onPublicPage(page, match, /^Ondertekend door de thuisploeg, wordt definitief op \w+ \d+ \w+ om \d\d:\d\d/);
      await finaliseNow(match.id, { paperHours: 48 });
      await onTv(page, match, /^Definitief na 48 uur$/);
      await onPublicPage(page, match, /^Definitief na 48 uur$/);
      expect(await formText(match.id)).toContain(`Uitslag (definitief na 48 uur): ${match.homeTeam.name} 216 – 72 ${match.awayTeam.name}`);
    } finally {
      await context.close();
    }
  }, 180_000);
});
