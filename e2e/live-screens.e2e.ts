// Issue 47, as walked: the public live page on a 390 px phone (item 1: names break between words
// only, scores never wrap, with and without ?groot=1), the venue screen's provisional standings on
// a 1920×1080 TV (item 9: large type, nothing below the screen's edge), and the supervisor's
// all-tables overview on a 1366 px laptop (item 5: 'Corrigeren' on a signed seat opens its
// correction form, where nothing is preselected). axe finds nothing serious or critical on them.
// Reads the demo's Hoofdklasse round 1; plays a match of its own today for the console.
import type { Browser, Page } from 'playwright-core';
import { apiSession, composeLineup, matchOfItsOwnToday } from './api-session';
import { seriousFindings } from './axe';
import { atTable, BASE_URL, launch, login } from './browser';
import { type Fixture, secretaryOf } from './fixtures';

interface Fit {
  pageWidth: number;
  names: { text: string; clipped: boolean; brokenWords: string[] }[];
  scores: { text: string; wrapped: boolean }[];
}

/** Each team name's and score's fit (a word whose letters land on two lines was broken inside it). */
function measure(): Fit {
  const names = [...document.querySelectorAll('[data-team-name]')].map((el) => {
    const brokenWords: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) brokenWords.push(word[0]);
      }
    }
    return { text: el.textContent ?? '', clipped: el.scrollWidth > el.clientWidth + 1, brokenWords };
  });
  const scores = [...document.querySelectorAll('[data-live-score], [data-seat-score]')].map((el) => {
    // The score's own first line (a seat's note, "gecorrigeerd", may sit below it).
    const text = el.firstChild?.textContent ?? '';
    const range = document.createRange();
    range.selectNodeContents(el.firstChild ?? el);
    return { text, wrapped: new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size > 1 };
  });
  return { pageWidth: document.documentElement.scrollWidth, names, scores };
}

describe('issue 47: live pages, the venue standings and the console overview', () => {
  let browser: Browser;
  let divisionId: string;
  let matchIds: string[];

  beforeAll(async () => {
    const admin = await apiSession('admin@tsbn.nl');
    const season = await admin<{ id: string }>('GET', '/api/seasons/current');
    const divisions = await admin<{ id: string; name: string }[]>('GET', `/api/seasons/${season.id}/divisions`);
    divisionId = divisions.find((d) => d.name === 'Hoofdklasse')!.id;
    const { rounds } = await admin<{ rounds: { matches: { id: string }[] }[] }>('GET', `/api/divisions/${divisionId}/matches`);
    matchIds = rounds[0].matches.map((m) => m.id);
    browser = await launch();
  });
  afterAll(() => browser?.close());

  async function open(viewport: { width: number; height: number }, path: string): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await browser.newContext({ viewport, locale: 'nl-NL', bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${BASE_URL}${path}`);
    return { page, close: () => context.close() };
  }

  it.each(['', '?groot=1'])('a match live on a 390 px phone%s: names whole, scores on one line, nothing sideways', async (query) => {
    for (const id of matchIds) {
      const { page, close } = await open({ width: 390, height: 844 }, `/wedstrijden/${id}/live${query}`);
      const fit = await page.evaluate(measure);
      expect(fit.pageWidth).toBeLessThanOrEqual(390);
      expect(fit.names).toHaveLength(2);
      for (const name of fit.names) expect(name).toEqual({ text: name.text, clipped: false, brokenWords: [] });
      expect(fit.scores.length).toBeGreaterThan(30);
      for (const score of fit.scores) expect(score).toEqual({ text: score.text, wrapped: false });
      if (id === matchIds[0]) expect(await seriousFindings(page)).toEqual([]);
      await close();
    }
  });

  it('the venue screen on a 1920×1080 TV: the standings in large type, above the bottom edge', async () => {
    const { page, close } = await open({ width: 1920, height: 1080 }, `/speelavond/${divisionId}/1?groot=1`);
    const standings = page.locator('[data-live-standings]');
    const box = (await standings.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(1080);
    const sizes = await standings.locator('tbody th, tbody td').evaluateAll((cells) => cells.map((c) => parseFloat(getComputedStyle(c).fontSize)));
    expect(sizes.length).toBeGreaterThanOrEqual(6 * 5);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(24);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(1080);
    expect(await seriousFindings(page)).toEqual([]);
    if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: 'docs/screenshots/venue-screen-standings.png' });
    await close();
  });

  it("the supervisor's overview on a 1366 px laptop: 'Corrigeren' on a signed seat opens its correction, nothing preselected", async () => {
    const admin = await apiSession('admin@tsbn.nl');
    const match = await matchOfItsOwnToday<Fixture>(admin, 'overzicht', ['Para Troefcall', 'Albina Aces']);
    const home = await apiSession(secretaryOf(match.homeTeam));
    await composeLineup(home, match.id, match.homeTeam.id);
    await composeLineup(await apiSession(secretaryOf(match.awayTeam)), match.id, match.awayTeam.id);
    const night = await home<{ tables: { tableNumber: number; code: string }[] }>('POST', `/api/matches/${match.id}/night`, {});
    const code = night.tables.find((t) => t.tableNumber === 2)!.code;
    await atTable('PUT', `${code}/sets/1`, { enteredBy: 'HOME', totals: { home: 6, away: 2 } });
    await atTable('POST', `${code}/sets/1/sign`, { side: 'AWAY' });

    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'nl-NL', bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await login(page, 'wedstrijdleider@tsbn.nl');
      await page.goto(`${BASE_URL}/wedstrijdleider/avond`);
      const card = page.locator('section', { has: page.getByRole('heading', { name: `${match.homeTeam.name} – ${match.awayTeam.name}` }) });
      expect(await seriousFindings(page)).toEqual([]);
      await card.getByRole('link', { name: 'Tafel 2, set 1: Ondertekend, 6–2, corrigeren' }).click();
      await page.waitForURL((url) => url.pathname === `/wedstrijdleider/avond/${match.id}` && url.search.includes('tafel=2'));
      await page.getByRole('heading', { name: 'Set 1, tafel 2: corrigeren' }).waitFor();
      const form = page.getByRole('form', { name: 'Beslissing set 1, tafel 2' });
      expect(await form.getByRole('radio').count()).toBe(2);
      expect(await form.getByRole('radio', { checked: true }).count()).toBe(0);
      await form.getByLabel('Reden').fill('Scorebriefje laat 6–2 zien');
      await form.getByRole('button', { name: 'Beslissing vastleggen' }).click();
      await form.getByText('Kies eerst: de stand houden of wijzigen.').waitFor();
      expect(await seriousFindings(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
