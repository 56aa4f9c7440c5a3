// Issue 47 item 7, on a 390 px phone: the ratings can be found. The standings link to the
// division's ranking, a club's page to its players and their ratings, and a player's page
// gives its dates in Dutch (no "2026-11-14"). axe finds nothing serious on these pages.
// Reads the demo season; writes nothing.
import type { Browser, Page } from 'playwright-core';
import { seriousFindings } from './axe';
import { BASE_URL, launch } from './browser';
import { PHONE } from './fixtures';

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${BASE_URL}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;

describe('the ratings are linked from the standings and the clubs (issue 47)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    // The public pages allow no scripts of their own: axe needs bypassCSP.
    const context = await browser.newContext({ viewport: PHONE, locale: 'nl-NL', bypassCSP: true });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });
  afterAll(() => browser.close());

  const fits = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  it("the standings lead to the division's ranking", async () => {
    const season = await getJson<{ id: string }>('/api/seasons/current');
    const divisions = await getJson<{ id: string; name: string }[]>(`/api/seasons/${season.id}/divisions`);
    const hoofdklasse = divisions.find((d) => d.name === 'Hoofdklasse')!;
    await page.goto(`${BASE_URL}/stand/${hoofdklasse.id}`);
    expect(await seriousFindings(page)).toEqual([]);
    await page.getByRole('link', { name: 'Ranglijst van de spelers (ratings)' }).click();
    await page.waitForURL(`${BASE_URL}/ranglijst/${hoofdklasse.id}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Hoofdklasse');
    expect(await fits()).toBeLessThanOrEqual(0);
  });

  it("a club's page leads to its players and their ratings", async () => {
    const clubs = await getJson<{ id: string; name: string }[]>('/api/clubs');
    const kaiman = clubs.find((c) => c.name === 'Kaiman')!;
    await page.goto(`${BASE_URL}/verenigingen/${kaiman.id}`);
    expect(await seriousFindings(page)).toEqual([]);
    await page.getByRole('link', { name: 'Spelers en hun ratings' }).click();
    await page.waitForURL(`${BASE_URL}/verenigingen/${kaiman.id}/spelers`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Kaiman');
    expect(await fits()).toBeLessThanOrEqual(0);
  });

  it("a player's page gives its dates in Dutch", async () => {
    const list = await getJson<{ entries: { player: { id: string | null } }[] }>('/api/public/ratings');
    const player = list.entries.find((e) => e.player.id)!.player;
    await page.goto(`${BASE_URL}/spelers/${player.id}`);
    const recent = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Laatste wedstrijden' }) });
    const lines = await recent.getByRole('listitem').allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^(maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag) \d{1,2} [a-z]+ \d{4} tegen /);
    expect(await page.locator('main, #inhoud').first().innerText()).not.toMatch(ISO_DATE);
    expect(await page.locator('svg[role="img"]').getAttribute('aria-label')).not.toMatch(ISO_DATE);
    expect(await seriousFindings(page)).toEqual([]);
    expect(await fits()).toBeLessThanOrEqual(0);
  });
});
