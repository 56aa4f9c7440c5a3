import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, login, newPage } from './browser';

/**
 * Watches a page for JavaScript: every script it downloads, and every HTML document it
 * receives that carries a `<script>` (inline or not). `found()` waits for the documents read.
 */
function watchScripts(page: Page): { found: () => Promise<string[]> } {
  const seen: string[] = [];
  const reading: Promise<void>[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') seen.push(request.url());
  });
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'document') return;
    reading.push(
      response.text().then(
        (html) => void (/<script\b/i.test(html) && seen.push(`<script> in ${response.url()}`)),
        () => undefined,
      ),
    );
  });
  return { found: async () => (await Promise.all(reading), seen) };
}

describe('public standings, programme and club pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('opens the standings from the home page, follows a club and sees its upcoming matches', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    const scripts = watchScripts(page);
    await page.goto(BASE_URL);
    await page.getByRole('main').getByRole('link', { name: 'Stand', exact: true }).click();
    await page.getByRole('heading', { name: 'Stand 2026/2027' }).waitFor();
    const table = page.getByRole('table', { name: 'Stand Hoofdklasse' });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(6);
    // the demo season has played rounds: every team has played
    expect(await table.locator('tbody tr').first().locator('td').nth(2).textContent()).not.toBe('0');

    await table.getByRole('link', { name: 'Paramaribo Boys 1' }).click();
    await page.getByRole('heading', { name: 'Paramaribo Boys', level: 1 }).waitFor();
    const team = page.getByRole('region', { name: 'Paramaribo Boys 1' });
    await team.getByRole('heading', { name: 'Komende wedstrijden' }).waitFor();
    const upcoming = team.locator('h3:has-text("Komende wedstrijden") + ul > li');
    expect(await upcoming.count()).toBeGreaterThan(0);
    expect(await upcoming.first().textContent()).toContain('Paramaribo Boys 1');
    // A calendar subscription per team (webcal:// on this site's host) and the same feed as a link to copy.
    const feed = `${new URL(BASE_URL).host}/api/teams/`;
    expect(await team.getByRole('link', { name: 'Abonneren in uw agenda' }).getAttribute('href')).toMatch(new RegExp(`^webcal://${feed}[0-9a-f-]{36}/calendar\\.ics$`));
    expect(await team.getByRole('link', { name: new RegExp(`^${BASE_URL}/api/teams/[0-9a-f-]{36}/calendar\\.ics$`) }).count()).toBe(1);
    expect(await team.getByRole('img', { name: /^Verloop Paramaribo Boys 1: ronde 1: plaats \d/ }).count()).toBe(1);

    // and on to the division's standings per round and a match form
    await team.getByRole('link', { name: /in de Hoofdklasse$/ }).click();
    await page.getByRole('navigation', { name: 'Stand na ronde' }).getByRole('link', { name: 'na ronde 1' }).click();
    await page.getByText('Na ronde 1', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Programma en uitslagen' }).click();
    await page.getByRole('region', { name: /^Ronde 1 ·/ }).getByRole('link', { name: /^\d+–\d+$/ }).first().click();
    await page.getByText('Uitslag per set en tafel').waitFor();
    // The rules page explains the standings with this season's numbers (no JavaScript either).
    await page.getByRole('contentinfo').getByRole('link', { name: 'Hoe de stand wordt berekend' }).click();
    await page.getByRole('heading', { name: 'Hoe de competitie wordt bijgehouden' }).waitFor();
    await page.getByText(/winst 3, gelijkspel 1, verlies 0/).waitFor();
    expect(await page.locator('#beslissingswedstrijd-nodig').count()).toBe(1);
    // The public pages are HTML and CSS only: not one script on the whole way.
    expect(await scripts.found()).toEqual([]);
    await context.close();
  });

  it('answers an unknown division, club or match with a Dutch not-found page (404)', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    for (const path of ['/stand/00000000-0000-4000-8000-000000000000', '/verenigingen/00000000-0000-4000-8000-000000000000', '/wedstrijden/00000000-0000-4000-8000-000000000000']) {
      const res = await page.goto(`${BASE_URL}${path}`);
      expect(res!.status()).toBe(404);
      await page.getByText('Deze pagina bestaat niet (meer).').waitFor();
      expect(await page.getByText('This page could not be found').count()).toBe(0);
    }
    await context.close();
  });

  it('knows a logged-in visitor on the public pages and logs out without JavaScript', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin@tsbn.nl');
    const scripts = watchScripts(page);
    await page.goto(`${BASE_URL}/beheer`);
    // the dashboard is interactive and does load JavaScript (which also shows the watcher sees it)
    expect((await scripts.found()).length).toBeGreaterThan(0);
    const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await menu.getByRole('link', { name: 'Stand' }).click();
    await page.getByRole('heading', { name: 'Stand 2026/2027' }).waitFor();
    expect(await page.locator('script').count()).toBe(0);
    await menu.getByRole('link', { name: 'Beheer' }).waitFor();
    await menu.getByRole('button', { name: 'Uitloggen' }).click();
    await page.waitForURL(`${BASE_URL}/`);
    await menu.getByRole('link', { name: 'Inloggen' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Beheer' }).count()).toBe(0);
    const me = await page.request.get(`${BASE_URL}/api/auth/me`);
    expect(me.status()).toBe(401);
    await context.close();
  });

  it('shows the fixtures and results by round, with links to the match forms', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${BASE_URL}/programma`);
    await page.getByRole('heading', { name: 'Programma Hoofdklasse' }).waitFor();
    const first = page.getByRole('region', { name: /^Ronde 1 ·/ });
    const results = first.getByRole('link', { name: /^\d+–\d+$/ });
    expect(await results.count()).toBe(3);
    expect(await results.first().getAttribute('href')).toMatch(/^\/wedstrijden\/[0-9a-f-]{36}$/);
    await page.getByRole('link', { name: 'Eerste klasse' }).click();
    await page.getByRole('heading', { name: 'Programma Eerste klasse' }).waitFor();
    await context.close();
  });
});
