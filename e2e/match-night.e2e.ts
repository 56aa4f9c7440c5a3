// The match night at the table (issue 15), on phones: the home secretary opens the night,
// the phone at table 2 opens it by its short code, the home pair enters set 1 game by game
// and the away pair signs it on the same device; a spectator's live page shows the score
// without a reload; a refusal at table 3 reaches the supervisor's console, whose decision
// (with a reason) appears at that table; once every set is signed both secretaries confirm.
// Plays a match of its own today (matchOfItsOwnToday): Paramaribo Boys and Kaiman.
// With SCREENSHOTS=1 it also saves the phone views of docs/guide.md's "Speelavond aan tafel"
// (docs/screenshots/match-night-*.png).
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { apiSession, composeLineup, matchOfItsOwnToday } from './api-session';
import { BASE_URL, launch, login, newPage, atTable } from './browser';
import { type Fixture, PHONE, secretaryOf } from './fixtures';

interface NightTable {
  tableNumber: number;
  code: string;
  displayCode: string;
}
interface TableSet {
  setNumber: number;
  state: string;
  homePair: { number: number; names: string[] };
  awayPair: { number: number; names: string[] };
}

const REFUSAL = 'De laatste partij was een kap voor ons, geen gewonnen partij.';
const DECISION = 'Beide koppels gehoord: de partij was gewonnen, de stand blijft 6–2.';


describe('match night at the table: enter, sign on the same phone, live page, dispute on the console, confirmation', () => {
  let browser: Browser;
  let match: Fixture;
  let secretary: { context: BrowserContext; page: Page };
  let table: { context: BrowserContext; page: Page };
  let spectator: { context: BrowserContext; page: Page };
  let supervisor: { context: BrowserContext; page: Page };
  let codes: NightTable[] = [];
  let set1: TableSet;

  beforeAll(async () => {
    const admin = await apiSession('admin@tsbn.nl');
    match = await matchOfItsOwnToday<Fixture>(admin, 'speelavond', ['Paramaribo Boys', 'Kaiman']);
    await composeLineup(await apiSession(secretaryOf(match.homeTeam)), match.id, match.homeTeam.id);
    await composeLineup(await apiSession(secretaryOf(match.awayTeam)), match.id, match.awayTeam.id);
    browser = await launch();
    secretary = await newPage(browser, PHONE);
    table = await newPage(browser, PHONE);
    spectator = await newPage(browser, PHONE);
    supervisor = await newPage(browser, PHONE);
    await login(secretary.page, secretaryOf(match.homeTeam));
    await login(supervisor.page, 'wedstrijdleider@tsbn.nl');
  });
  afterAll(async () => {
    for (const c of [secretary, table, spectator, supervisor]) await c?.context.close();
    await browser?.close();
  });

  it('lets the home secretary open the night and shows a code with its QR code per table', async () => {
    const { page } = secretary;
    await page.goto(`${BASE_URL}/vereniging/wedstrijden/${match.id}`);
    await page.getByRole('link', { name: /Speelavond aan tafel/ }).click();
    await page.getByRole('heading', { name: 'Speelavond aan tafel' }).waitFor();
    await page.getByRole('button', { name: 'Speelavond openen' }).click();
    await page.getByRole('img', { name: 'QR-code van tafel 6' }).waitFor();
    const home = await apiSession(secretaryOf(match.homeTeam));
    codes = (await home<{ tables: NightTable[] }>('GET', `/api/matches/${match.id}/night`)).tables;
    expect(codes).toHaveLength(6);
    expect(await page.getByLabel('Code tafel 2').innerText()).toBe(codes[1].displayCode);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'table-codes', page.getByRole('heading', { name: 'Tafelcodes' }));
    // One match, one way: with the night open the pairs enter at the table, the club no longer on paper.
    await page.goto(`${BASE_URL}/vereniging/wedstrijden/${match.id}/uitslag`);
    await page.getByText(/Deze wedstrijd wordt aan de tafels gespeeld/).waitFor();
    expect(await page.getByRole('button', { name: /opslaan/i }).count()).toBe(0);
  });

  it('opens table 2 on a phone by its short code and shows the pairs of set 1 by family name (Regel 22)', async () => {
    const { page } = table;
    await page.goto(`${BASE_URL}/tafel`);
    await page.getByLabel('Tafelcode').fill(codes[1].displayCode.toLowerCase());
    await page.getByRole('button', { name: 'Naar mijn tafel' }).click();
    await page.waitForURL(`**/tafel/${codes[1].code}`);
    await page.getByText('Tafel 2', { exact: true }).waitFor();
    const view = await atTable<{ sets: TableSet[] }>('GET', codes[1].code);
    set1 = view.sets[0];
    const section = page.getByRole('region', { name: 'Set 1' });
    await section.getByText(set1.homePair.names.join(' / '), { exact: true }).first().waitFor();
    await section.getByText(set1.awayPair.names.join(' / '), { exact: true }).first().waitFor();
    expect(await page.getByRole('status').first().innerText()).toBe('Nog niet ingevoerd');
    await expectNoSidewaysScroll(page);
  });

  it('lets the home pair enter set 1 game by game and the away pair sign it on the same phone; the live page shows it without a reload', async () => {
    await spectator.page.goto(`${BASE_URL}/wedstrijden/${match.id}/live`);
    // Nothing signed yet at table 2.
    expect(await spectator.page.getByRole('region', { name: 'Set 1' }).getByRole('listitem').filter({ hasText: 'T2' }).filter({ hasText: '9–2' }).count()).toBe(0);
    await spectator.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    const { page } = table;
    const games: [side: 'Thuis' | 'Uit', kind: string][] = [
      ['Thuis', 'Kap'],
      ['Uit', 'Gewonnen'],
      ['Thuis', 'Gewonnen'],
      ['Thuis', 'Gewonnen'],
    ];
    for (const [i, [side, kind]] of games.entries()) {
      await page.getByRole('group', { name: `Partij ${i + 1}: punten voor` }).getByRole('button', { name: new RegExp(`^${side}`) }).click();
      await page.getByRole('group', { name: `Partij ${i + 1}: hoe` }).getByRole('button', { name: new RegExp(`^${kind} \\d`) }).click();
    }
    expect(await page.getByLabel('Stand set 1').innerText()).toBe('9–2');
    await screenshot(page, 'table-entry', page.getByRole('group', { name: 'Partij 3: punten voor' }));
    await page.getByRole('group', { name: 'Ingevoerd door' }).getByRole('button', { name: /^Thuis/ }).click();
    // Every state set 1's banner passes through from here on, as the phone draws it: once entered
    // it never flashes back (the worker's background sync and the page's own send both deliver it).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { banners: string[] }).banners = seen;
      const note = () => {
        const text = document.querySelector('section[aria-label="Set 1"] [role=status]')?.textContent ?? '';
        if (seen[seen.length - 1] !== text) seen.push(text);
      };
      note();
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Set 1 opslaan' }).click();

    // The review for the away pair: every game, the total, then the signature.
    await page.getByRole('heading', { name: 'Controleren en ondertekenen' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Ingevoerd — wacht op handtekening' }).count()).toBe(1);
    // Waited for, not counted at once: the review's games may render a moment after its heading
    // (waitFor is strict: exactly one such line).
    await page.getByText('Partij 1: thuis, kap').waitFor();
    await page.getByLabel('Stand set 1').filter({ hasText: '9–2' }).waitFor();
    await screenshot(page, 'table-sign', page.getByRole('heading', { name: 'Controleren en ondertekenen' }));
    await page.getByRole('button', { name: 'Ondertekenen als uitkoppel' }).click();
    await page.getByRole('alertdialog', { name: 'Ondertekenen' }).getByRole('button', { name: 'Ja, ondertekenen' }).click();
    await page.getByText('Set 1 is ondertekend.').waitFor();
    await page.getByRole('status').filter({ hasText: 'Ondertekend door het uitkoppel' }).waitFor();
    // The set's button is relabelled in its own render, a moment after the status (waitFor is
    // strict: it fails when more than one button matches).
    await page.getByRole('button', { name: 'Set 1: Ondertekend' }).waitFor();

    // The spectator's page follows by itself.
    const liveSet1 = spectator.page.getByRole('region', { name: 'Set 1' });
    await liveSet1.getByRole('listitem').filter({ hasText: 'T2' }).filter({ hasText: '9–2' }).waitFor({ timeout: 30_000 });
    expect(await spectator.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // Meanwhile (the live page took its time) the phone never showed an older state of set 1.
    expect(await page.evaluate(() => (window as unknown as { banners: string[] }).banners)).toEqual(['Nog niet ingevoerd', 'Ingevoerd — wacht op handtekening', 'Ondertekend door het uitkoppel']);
  });

  it('asks before a pair refuses to sign, and puts the refusal at table 3 on the supervisor console, whose decision appears at that table', async () => {
    const code3 = codes[2].code;
    await atTable('PUT', `${code3}/sets/1`, { enteredBy: 'HOME', totals: { home: 6, away: 2 } });
    const { page } = table;
    await page.goto(`${BASE_URL}/tafel/${code3}`);
    await page.getByRole('button', { name: 'Weigeren' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Weigeren' });
    await dialog.getByRole('button', { name: 'Ja, weigeren' }).click();
    await page.getByRole('alert').filter({ hasText: 'Schrijf op waarom' }).waitFor();
    await dialog.getByLabel(/Waarom ondertekent het uitkoppel niet/).fill(REFUSAL);
    await dialog.getByRole('button', { name: 'Ja, weigeren' }).click();
    await page.getByText('Set 1 is betwist. De wedstrijdleider beslist.').waitFor();
    await page.getByRole('status').filter({ hasText: /^Betwist$/ }).waitFor();

    const desk = supervisor.page;
    await desk.goto(`${BASE_URL}/wedstrijdleider`);
    await desk.getByRole('link', { name: 'Speelavond: alle tafels' }).click();
    const alerts = desk.getByRole('list', { name: 'Meldingen' });
    const alert = alerts.getByRole('listitem').filter({ hasText: REFUSAL });
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/tafel 3/i);
    await desk.getByLabel('Tafel 2, set 1: Ondertekend, 9–2').waitFor();
    await desk.getByLabel('Tafel 3, set 1: Betwist, 6–2, let op').waitFor();
    await expectNoSidewaysScroll(desk);
    await screenshot(desk, 'console', desk.getByRole('heading', { name: /Wacht op u/ }));

    await alert.getByRole('link', { name: 'Beslissen' }).click();
    const form = desk.getByRole('form', { name: 'Beslissing set 1, tafel 3' });
    // Nothing is preselected (issue 47 item 5): the supervisor chooses to keep or change.
    expect(await form.getByRole('radio', { checked: true }).count()).toBe(0);
    await form.getByRole('button', { name: 'Beslissing vastleggen' }).click();
    await form.getByText('Kies eerst: de stand houden of wijzigen.').waitFor();
    await form.getByRole('radio', { name: 'Stand 6–2 houden' }).click();
    await form.getByRole('button', { name: 'Beslissing vastleggen' }).click();
    await form.getByText('Geef de reden van uw beslissing').waitFor();
    await form.getByLabel('Reden').fill(DECISION);
    await form.getByRole('button', { name: 'Beslissing vastleggen' }).click();
    await desk.waitForURL((url) => !url.search.includes('tafel='));
    // What was recorded, in words (issue 23 item 4).
    await desk.getByRole('status').filter({ hasText: 'Beslissing vastgelegd: set 1, tafel 3 nu 6–2.' }).waitFor();
    await desk.getByLabel('Tafel 3, set 1: Beslist door de wedstrijdleider, 6–2').waitFor();
    // The supervisor has the table codes at hand too.
    expect(await desk.getByRole('link', { name: codes[2].displayCode }).count()).toBe(1);

    // The table's phone, left open, shows the decision by itself.
    await page.getByText(DECISION).waitFor({ timeout: 30_000 });
    await page.getByRole('status').filter({ hasText: /^Beslist door de wedstrijdleider/ }).waitFor();
  });

  it('once the last of the 36 sets is signed nobody must confirm; both secretaries may confirm early', async () => {
    // The other 34 seats as the tables would enter and sign them (set-up through the table API).
    await Promise.all(
      codes.map(async (t) => {
        const view = await atTable<{ sets: TableSet[] }>('GET', t.code);
        for (const s of view.sets.filter((x) => x.state === 'WAITING')) {
          await atTable('PUT', `${t.code}/sets/${s.setNumber}`, { enteredBy: 'HOME', totals: { home: 4, away: 4 } });
          await atTable('POST', `${t.code}/sets/${s.setNumber}/sign`, { side: 'AWAY' });
        }
      }),
    );
    const { page } = secretary;
    await page.goto(`${BASE_URL}/vereniging/wedstrijden/${match.id}/avond`);
    await page.getByText('Alle 36 sets zijn ondertekend.', { exact: false }).waitFor();
    // Complete: final at the end of the correction window, or earlier when both confirm (RULES.md 2026-12-06).
    await page.getByText(/Compleet, wordt definitief om \d\d:\d\d, ook zonder bevestiging: bevestigen hoeft niet/).waitFor();
    await page.getByRole('button', { name: 'Nu al bevestigen' }).click();
    // One tap does not confirm: it says what becomes final, then asks.
    const ask = page.getByRole('alertdialog', { name: 'Nu al bevestigen' });
    expect(await ask.innerText()).toContain('alleen de bond');
    await ask.getByRole('button', { name: 'Ja, bevestigen' }).click();
    await page.getByText(`${match.homeTeam.name}: nu al bevestigd`).waitFor();
    expect(await page.getByRole('button', { name: 'Nu al bevestigen' }).count()).toBe(0);

    const away = await newPage(browser, PHONE);
    await login(away.page, secretaryOf(match.awayTeam));
    await away.page.goto(`${BASE_URL}/vereniging/wedstrijden/${match.id}/avond`);
    // The away secretary sees no codes, only the sets and the confirmation.
    expect(await away.page.getByRole('heading', { name: 'Tafelcodes' }).count()).toBe(0);
    await away.page.getByRole('button', { name: 'Nu al bevestigen' }).click();
    await away.page.getByRole('alertdialog', { name: 'Nu al bevestigen' }).getByRole('button', { name: 'Ja, bevestigen' }).click();
    await away.page.getByText('De uitslag staat vast').waitFor();
    // 9–2 + 6–2 + 34 × 4–4
    expect(await away.page.getByText(`${match.homeTeam.name} 151–140 ${match.awayTeam.name}`).count()).toBe(1);
    await away.context.close();

    // A locked match: the table's phone only reads.
    await table.page.goto(`${BASE_URL}/tafel/${codes[1].code}`);
    await table.page.getByText(/bevestigd door beide teams|tafelcode werkt niet/i).first().waitFor();
  }, 180_000);
});

/** The phone's screen, scrolled to `from` (else the top). */
async function screenshot(page: Page, name: string, from?: Locator): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  if (from) await from.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  else await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(__dirname, '..', 'docs', 'screenshots', `match-night-${name}.png`) });
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
