// "Te doen" and the reminder settings (issue 17) in the browser, on the demo season.
// With SCREENSHOTS=1 it also saves the README's picture (docs/screenshots/te-doen.png).
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { BASE_URL, launch, login, newPage } from './browser';

// A secretary no other browser test logs in as.
const SECRETARY = 'secretaris@coronie-kap.nl';

describe('Te doen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it("the administrator's landing page starts with the to-do list, and the nav leads to the whole list", async () => {
    const { page, context } = await newPage(browser);
    await login(page, 'admin@tsbn.nl');
    await page.goto(`${BASE_URL}/beheer`);
    const todo = page.getByRole('heading', { name: 'Te doen', level: 2 });
    await todo.waitFor();
    // The to-do list comes before the tiles of the overview.
    const [todoTop, tilesTop] = await Promise.all([todo.evaluate((el) => el.getBoundingClientRect().top), page.getByText('Aangesloten verenigingen').evaluate((el) => el.getBoundingClientRect().top)]);
    expect(todoTop).toBeLessThan(tilesTop);

    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Te doen' }).click();
    await page.getByRole('heading', { name: 'Te doen', level: 1 }).waitFor();
    // Every item links to where it is done (or the empty state says what to do next).
    const items = page.getByRole('list', { name: 'Te doen' }).getByRole('link');
    if ((await items.count()) > 0) {
      const href = await items.first().getAttribute('href');
      expect(href).toMatch(/^\/(beheer|vereniging|wedstrijdleider)\//);
      if (process.env.SCREENSHOTS === '1') {
        await page.setViewportSize({ width: 1000, height: 760 });
        await page.screenshot({ path: path.join(__dirname, '..', 'docs', 'screenshots', 'te-doen.png') });
      }
    } else {
      await page.getByText('Niets te doen').waitFor();
    }
    await context.close();
  });

  it('a secretary sees only their own club and chooses a weekly summary', async () => {
    const { page, context } = await newPage(browser);
    await login(page, SECRETARY);
    await page.goto(`${BASE_URL}/vereniging`);
    await page.getByRole('heading', { name: 'Te doen', level: 2 }).waitFor();
    await page.goto(`${BASE_URL}/te-doen`);
    await page.getByRole('heading', { name: 'Te doen', level: 1 }).waitFor();
    const titles = await page.getByRole('list', { name: 'Te doen' }).getByRole('link').allTextContents();
    for (const title of titles) expect(title).not.toMatch(/Kaiman|Paramaribo Boys|Brokopondo/);

    await page.locator('#inhoud').getByRole('link', { name: 'Meldingen' }).click();
    await page.getByRole('heading', { name: 'Meldingen' }).waitFor();
    await page.getByLabel('Eén weekoverzicht, op maandag om 08:00').check();
    await page.getByLabel(/Een boete moet binnen 7 dagen betaald zijn/).uncheck();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByRole('status').filter({ hasText: 'Opgeslagen.' }).waitFor();
    await page.reload();
    expect(await page.getByLabel('Eén weekoverzicht, op maandag om 08:00').isChecked()).toBe(true);
    expect(await page.getByLabel(/Een boete moet binnen 7 dagen betaald zijn/).isChecked()).toBe(false);
    // Back as it was, for a second run.
    await page.getByLabel('Elke herinnering meteen, als eigen e-mail').check();
    await page.getByLabel(/Een boete moet binnen 7 dagen betaald zijn/).check();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByRole('status').filter({ hasText: 'Opgeslagen.' }).waitFor();
    await context.close();
  });
});
