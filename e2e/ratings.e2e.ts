/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import path from 'node:path';
import { BASE_URL, launch, newPage } from './browser';
import { PHONE } from './fixtures';

/**
 * The rating pages on a 390 px phone (issue 24), over the demo season: the federation's
 * rating list, sorted by links, leads to a player page with the rating, its chart (SVG, no
 * JavaScript), statistics and koppels; a koppel leads to the pair page. Writes nothing.
 * With SCREENSHOTS=1 it saves the README's picture (docs/screenshots/speler.png).
 */
const SCREENSHOTS = process.env.SCREENSHOTS === '1';

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(`${BASE_URL}${url}`);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

type List = { entries: { rank: number; player: { id: string | null; name: string }; rating: number; sets: number }[] };

describe('ratings on a phone', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });

  afterAll(() => browser.close());

  it('rating list → player page → pair page, without JavaScript and without sideways scrolling', async () => {
    const list = await getJson<List>('/api/public/ratings');
    expect(list.entries.length).toBeGreaterThan(0);
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto(`${BASE_URL}/ranglijst`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Ranglijst');
      expect(await page.locator('script[src]').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      const rows = page.locator('tbody tr');
      expect(await rows.count()).toBe(list.entries.length);

      // Sorting by name is a link: the first row is then the first name in Dutch order.
      await page.getByRole('link', { name: 'naam', exact: true }).click();
      await page.waitForURL(/sort=name/);
      const names = [...list.entries.map((e) => e.player.name)].sort((a, b) => a.localeCompare(b, 'nl'));
      await expect(rows.first().locator('td').nth(1).textContent()).resolves.toContain(names[0]);

      // The best-rated player's page.
      const best = list.entries[0];
      await page.goto(`${BASE_URL}/spelers/${best.player.id}`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(best.player.name);
      await expect(page.locator('main, body').first().textContent()).resolves.toContain(`${best.rating.toFixed(1).replace('.', ',')} %`);
      expect(await page.locator('svg[role="img"]').count()).toBe(1);
      expect(await page.locator('script[src]').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      if (SCREENSHOTS) await page.screenshot({ path: path.join(__dirname, '..', 'docs', 'screenshots', 'speler.png'), fullPage: false });

      // A koppel of the player: its page counts the sets they played together.
      const pairLink = page.locator('a[href^="/koppels/"]').first();
      const href = await pairLink.getAttribute('href');
      expect(href).toMatch(/^\/koppels\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
      await pairLink.click();
      await page.waitForURL(/\/koppels\//);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Koppel');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });
});
