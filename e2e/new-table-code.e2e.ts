// A new table code keeps the half-entered set (issue 47, item 6), on a phone (390 px): the
// supervisor gives a table a new code mid-set (the old one stops working at once). What the
// pair typed under the old code and what waits in the phone's outbox is never dropped: the
// phone says what it keeps, and once the new code is typed or scanned on it, the half-typed
// set comes back and what waited is sent under the new code, once.
// Plays a match of its own today (matchOfItsOwnToday).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type ApiCall, apiSession, composeLineup, matchOfItsOwnToday } from './api-session';
import { seriousFindings } from './axe';
import { BASE_URL, launch } from './browser';
import { type Fixture, PHONE, secretaryOf } from './fixtures';
import { enterAndSign, openTable, saveAndSign, storedCommands, tableView, winGame } from './table-phone';

/** The phone looks again (as it does when it comes back to the front, or on its 20-second check). */
const lookAgain = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

describe('a new table code keeps what the pair typed (390 px)', () => {
  let browser: Browser;
  let match: Fixture;
  let home: ApiCall;
  let codes: { tableNumber: number; code: string }[] = [];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const admin = await apiSession('admin@tsbn.nl');
    match = await matchOfItsOwnToday<Fixture>(admin, 'nieuwe code', ['Wanica Kaarters', 'Para Troefcall']);
    home = await apiSession(secretaryOf(match.homeTeam));
    await composeLineup(home, match.id, match.homeTeam.id);
    await composeLineup(await apiSession(secretaryOf(match.awayTeam)), match.id, match.awayTeam.id);
    codes = (await home<{ tables: { tableNumber: number; code: string }[] }>('POST', `/api/matches/${match.id}/night`, {})).tables;
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  async function phone() {
    const context = await browser.newContext({ viewport: PHONE, locale: 'nl-NL' });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return { context, page };
  }

  /** The supervisor's "Nieuwe code" for one table: the old code stops working at once. */
  async function newCode(tableNumber: number): Promise<string> {
    const night = await home<{ tables: { tableNumber: number; code: string }[] }>('POST', `/api/matches/${match.id}/night/tables/${tableNumber}/revoke`, { reason: 'Foto van de tafelkaart ging rond' });
    return night.tables.find((t) => t.tableNumber === tableNumber)!.code;
  }

  it('a half-typed set survives the new code: the phone says it keeps it, and it comes back under the new code', async () => {
    const { page } = await phone();
    const { code: oldCode, tableNumber } = codes[0];
    await openTable(page, oldCode, tableNumber);
    await enterAndSign(page, 1, ['Thuis', 'Thuis', 'Thuis', 'Thuis']);
    await page.getByText(/wacht(en)? op verbinding/).waitFor({ state: 'detached' });
    // Set 2: two games typed, not saved.
    await page.getByRole('button', { name: 'Set 2: Nog niet ingevoerd' }).click();
    await winGame(page, 1, 'Uit');
    await winGame(page, 2, 'Thuis');

    const code = await newCode(tableNumber);
    expect((await tableView(oldCode)).status).toBe(404);
    await lookAgain(page);
    await page.getByText(/Deze tafelcode werkt niet/).waitFor();
    const kept = page.getByRole('region', { name: 'Bewaard op deze telefoon' });
    await kept.getByText('Set 2: half ingevoerd, nog niet opgeslagen').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousFindings(page)).toEqual([]);

    // The new code, typed on the same phone: set 2 is back as it was typed.
    await page.getByLabel('Tafelcode').fill(code);
    await page.getByRole('button', { name: 'Naar mijn tafel' }).click();
    await page.waitForURL(`**/tafel/${code}`);
    await expect(page.getByRole('button', { name: 'Set 2: Nog niet ingevoerd' }).getAttribute('aria-current')).resolves.toBe('step');
    const pressed = (n: number, group: 'punten voor' | 'hoe') => page.getByRole('group', { name: `Partij ${n}: ${group}` }).locator('[aria-pressed="true"]').innerText();
    await expect(pressed(1, 'punten voor')).resolves.toMatch(/^Uit/i);
    await expect(pressed(2, 'punten voor')).resolves.toMatch(/^Thuis/i);
    await expect(pressed(2, 'hoe')).resolves.toMatch(/^Gewonnen/i);
    expect(await page.getByRole('group', { name: 'Partij 3: punten voor' }).locator('[aria-pressed="true"]').count()).toBe(0);
    await winGame(page, 3, 'Thuis');
    await winGame(page, 4, 'Thuis');
    await saveAndSign(page, 2);
    await page.getByText(/wacht(en)? op verbinding/).waitFor({ state: 'detached' });
    const sets = (await tableView(code)).sets;
    expect(sets.slice(0, 2).map((s) => [s.state, s.homePoints, s.awayPoints])).toEqual([
      ['SIGNED', 8, 0],
      ['SIGNED', 6, 2],
    ]);
    // Nothing typed lingers once it is saved: a reload opens on set 3.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Set 3: Nog niet ingevoerd' }).getAttribute('aria-current')).resolves.toBe('step');
  });

  it('a set kept offline under the old code is not marked refused, and goes under the new code once', async () => {
    const { context, page } = await phone();
    const { code: oldCode, tableNumber } = codes[1];
    await openTable(page, oldCode, tableNumber);
    await context.setOffline(true);
    await page.getByText(/Geen verbinding/).first().waitFor();
    await enterAndSign(page, 1, ['Thuis', 'Thuis', 'Thuis', 'Uit']);
    await page.getByText('1 set wacht op verbinding').waitFor();

    const code = await newCode(tableNumber);
    await context.setOffline(false);
    await page.getByText(/Deze tafelcode werkt niet/).waitFor();
    await page.getByRole('region', { name: 'Bewaard op deze telefoon' }).getByText('Set 1 6–2: nog niet verstuurd').waitFor();
    expect(await page.getByText(/^Niet verstuurd/).count()).toBe(0);
    expect((await tableView(code)).sets[0].state).toBe('WAITING');
    // Opened again under the old code (a reload, the old card's QR code): the same words, nothing lost.
    await page.reload();
    await page.getByText(/Deze tafelcode werkt niet/).waitFor();
    await page.getByRole('region', { name: 'Bewaard op deze telefoon' }).getByText('Set 1 6–2: nog niet verstuurd').waitFor();
    expect(await seriousFindings(page)).toEqual([]);

    // The new card's QR code, scanned on the same phone.
    await page.goto(`${BASE_URL}/tafel/${code}`);
    await page.getByRole('button', { name: 'Set 1: Ondertekend' }).waitFor();
    await page.getByText(/wacht(en)? op verbinding/).waitFor({ state: 'detached' });
    expect((await tableView(code)).sets[0]).toMatchObject({ state: 'SIGNED', homePoints: 6, awayPoints: 2, signedBySide: 'AWAY' });
    expect((await storedCommands(match.id, tableNumber)).map((c) => [c.kind, c.payload.setNumber])).toEqual([['TABLE_ENTER', 1]]);
  });
});
