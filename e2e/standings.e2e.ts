import type { Browser } from 'playwright-core';
import { BASE_URL, launch, newPage } from './browser';

describe('public standings, programme and club pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('opens the standings from the home page, follows a club and sees its upcoming matches', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
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
    expect(await team.getByRole('link', { name: 'Zet in je agenda (iCal)' }).getAttribute('href')).toMatch(/^\/api\/teams\/[0-9a-f-]{36}\/calendar\.ics$/);
    expect(await team.getByRole('img', { name: /^Verloop Paramaribo Boys 1: ronde 1: plaats \d/ }).count()).toBe(1);
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
