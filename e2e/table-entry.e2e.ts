// At the table on a 390 px phone (issue 23 item 2): an impossible set total is refused on the
// phone itself, by the same rule as the API (domain/match/scores.ts), before anything is queued:
// one clear error naming the set and the table, the typed numbers kept, no hand-over text, and
// nothing waiting to be sent. A possible total then goes through as before; the signature asks
// once more (issue 23 item 8), and the supervisor's console offers 'Corrigeren' on the signed
// cell (item 9).
// Plays a match of its own today (matchOfItsOwnToday): Coronie Kap and Commewijne 78.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiSession, composeLineup, matchOfItsOwnToday } from './api-session';
import { BASE_URL, launch, login, newPage } from './browser';
import { type Fixture, PHONE, secretaryOf } from './fixtures';

describe('a set total at the table', () => {
  let browser: Browser;
  let phone: { context: BrowserContext; page: Page };
  let code: string;
  let matchId: string;
  let divisionId: string;

  beforeAll(async () => {
    const admin = await apiSession('admin@tsbn.nl');
    const match = await matchOfItsOwnToday<Fixture>(admin, 'tafel', ['Coronie Kap', 'Commewijne 78']);
    matchId = match.id;
    divisionId = match.divisionId;
    const home = await apiSession(secretaryOf(match.homeTeam));
    await composeLineup(home, match.id, match.homeTeam.id);
    await composeLineup(await apiSession(secretaryOf(match.awayTeam)), match.id, match.awayTeam.id);
    const night = await home<{ tables: { tableNumber: number; code: string }[] }>('POST', `/api/matches/${match.id}/night`, {});
    code = night.tables.find((t) => t.tableNumber === 4)!.code;
    browser = await launch();
    phone = await newPage(browser, PHONE);
  });
  afterAll(async () => {
    await phone?.context.close();
    await browser?.close();
  });

  it('refuses 3–5 on the phone, keeps the numbers, queues nothing; 6–2 then goes through', async () => {
    const { page } = phone;
    await page.goto(`${BASE_URL}/tafel/${code}`);
    await page.getByText('Tafel 4', { exact: true }).waitFor();
    // The players need no federation menu and no "Inloggen" at the table (issue 23 item 11).
    expect(await page.getByRole('link', { name: 'Inloggen' }).isVisible()).toBe(false);
    await page.getByRole('radio', { name: 'Setstand' }).click();
    const home = page.getByLabel(/^Thuis:/);
    const away = page.getByLabel(/^Uit:/);
    await home.fill('3');
    await away.fill('5');
    await page.getByRole('group', { name: 'Ingevoerd door' }).getByRole('button', { name: /^Thuis/ }).click();
    await page.getByRole('button', { name: 'Set 1 opslaan' }).click();

    const error = page.getByRole('alert').filter({ hasText: 'geen mogelijke setstand' });
    await error.waitFor();
    expect(await error.innerText()).toContain('Set 1, tafel 4: 3–5 is geen mogelijke setstand');
    expect(await page.getByText(/Geef de telefoon aan/).count()).toBe(0);
    expect(await page.getByText(/wacht(en)? op verbinding/).count()).toBe(0);
    expect(await home.inputValue()).toBe('3');
    expect(await away.inputValue()).toBe('5');

    await away.fill('2');
    await home.fill('6');
    await page.getByRole('button', { name: 'Set 1 opslaan' }).click();
    await page.getByText(/Set 1 is ingevoerd\. Geef de telefoon aan het uitkoppel/).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'geen mogelijke setstand' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Controleren en ondertekenen' }).waitFor();
  });

  it("the home page links to tonight's live match night", async () => {
    const { page } = phone;
    await page.goto(`${BASE_URL}/`);
    const tonight = page.getByRole('region', { name: 'Vandaag live' });
    await tonight.waitFor();
    expect(await tonight.locator(`a[href="/speelavond/${divisionId}/1"]`).count()).toBe(1);
    await page.goto(`${BASE_URL}/tafel/${code}`);
    await page.getByText('Tafel 4', { exact: true }).waitFor();
  });

  it("asks once before the signature, and the supervisor's console offers 'Corrigeren' on the signed cell", async () => {
    const { page } = phone;
    await page.getByRole('button', { name: 'Ondertekenen als uitkoppel' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Ondertekenen' });
    expect(await ask.innerText()).toContain('alleen de wedstrijdleider');
    await ask.getByRole('button', { name: 'Ja, ondertekenen' }).click();
    await page.getByText('Set 1 is ondertekend.').waitFor();

    const supervisor = await newPage(browser, PHONE);
    try {
      await login(supervisor.page, 'wedstrijdleider@tsbn.nl');
      await supervisor.page.goto(`${BASE_URL}/wedstrijdleider/avond/${matchId}`);
      await supervisor.page.getByRole('link', { name: 'Tafel 4, set 1: Ondertekend, 6–2, corrigeren' }).click();
      const card = supervisor.page.getByRole('heading', { name: 'Set 1, tafel 4: corrigeren' });
      await card.waitFor();
      expect(await supervisor.page.getByRole('note').filter({ hasText: 'Een andere stand is een correctie' }).count()).toBe(1);
      if (process.env.SCREENSHOTS === '1') await supervisor.page.screenshot({ path: 'docs/screenshots/console-correction.png', fullPage: true });

      // Regel 38 (issue 23 item 5): the picker lists the four players at that table in that set,
      // told apart by side, pair and seat: in set 2 home pair 3 and away pair 2 sit at table 3.
      const decisions = supervisor.page.locator('section', { has: supervisor.page.getByRole('heading', { name: 'Beslissingen aan tafel (Regel 22, 38)' }) });
      await decisions.getByRole('combobox', { name: /^Set/ }).selectOption('2');
      await decisions.getByRole('combobox', { name: /^Tafel/ }).selectOption('3');
      const options = (await decisions.getByRole('combobox', { name: /^Speler/ }).locator('option').allInnerTexts()).slice(1);
      expect(options).toHaveLength(4);
      expect(options.map((o) => o.split(':')[0])).toEqual(['Thuis, koppel 3, speler 1', 'Thuis, koppel 3, speler 2', 'Uit, koppel 2, speler 1', 'Uit, koppel 2, speler 2']);
    } finally {
      await supervisor.context.close();
    }
  });
});
