// The public live pages (issue 15, part 5): a match and its match night follow the tables
// without a reload (Server-Sent Events through the dashboard's proxy, /live.js); without
// JavaScript they carry a refresh; the large-type view for a screen at the venue; the
// provisional standings. Plays a match of its own today (matchOfItsOwnToday).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiSession, composeLineup, matchOfItsOwnToday } from './api-session';
import { BASE_URL, launch, newPage } from './browser';
import { type Fixture, secretaryOf } from './fixtures';

/** A call at the table, as a phone without login makes it. */
async function atTable(method: 'PUT' | 'POST', path: string, body: unknown): Promise<void> {
  const res = await fetch(`${BASE_URL}/api/table/${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} /api/table/${path}: ${res.status} ${await res.text()}`);
}

const scoreText = (page: Page) => page.evaluate(() => document.querySelector('[data-live-root]')?.textContent ?? '');

describe('live pages: no-JS refresh, live updates through the proxy, large type, provisional standings', () => {
  let browser: Browser;
  let match: Fixture;
  let codes: { tableNumber: number; code: string }[] = [];
  let viewer: { context: BrowserContext; page: Page };
  const livePath = () => `/wedstrijden/${match.id}/live`;
  const nightPath = () => `/speelavond/${match.divisionId}/${match.round}`;

  beforeAll(async () => {
    const admin = await apiSession('admin@tsbn.nl');
    match = await matchOfItsOwnToday<Fixture>(admin, 'live', ['Nickerie Stars', 'Marowijne']);
    const home = await apiSession(secretaryOf(match.homeTeam));
    await composeLineup(home, match.id, match.homeTeam.id);
    await composeLineup(await apiSession(secretaryOf(match.awayTeam)), match.id, match.awayTeam.id);
    codes = (await home<{ tables: { tableNumber: number; code: string }[] }>('POST', `/api/matches/${match.id}/night`)).tables;
    browser = await launch();
    viewer = await newPage(browser);
  });
  afterAll(async () => {
    await viewer?.context.close();
    await browser?.close();
  });

  it('serves the live pages as HTML with one script of our own, allowed by the CSP, and a refresh inside <noscript>', async () => {
    for (const path of [livePath(), nightPath()]) {
      const res = await fetch(`${BASE_URL}${path}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/<noscript[^>]*><meta http-equiv="refresh" content="30"\/?><\/noscript>/);
      expect(html).toContain('<script src="/live.js" defer="">');
      // No Next.js runtime: the page's scripts are /live.js only.
      expect([...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1])).toEqual(['/live.js']);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
    }
    // The match page itself still exists beside its live page, and still runs no script at all.
    const page = await fetch(`${BASE_URL}/wedstrijden/${match.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(await page.text()).toContain(`href="${livePath()}"`);
    const script = await fetch(`${BASE_URL}/live.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
  });

  it('without JavaScript: the page carries the refresh and shows the table plan by family name', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'nl-NL' });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}${livePath()}`);
    expect(await page.locator('meta[http-equiv="refresh"]').getAttribute('content')).toBe('30');
    await page.getByRole('heading', { name: match.homeTeam.name }).waitFor();
    await page.getByRole('region', { name: 'Set 1' }).waitFor();
    expect(await page.getByText('Nog niet begonnen').count()).toBeGreaterThan(0);
    expect(await page.locator('body[data-live]').count()).toBe(0);
    await context.close();
  });

  it('streams events through the dashboard’s origin without buffering (gzip asked for)', async () => {
    const controller = new AbortController();
    const res = await fetch(`${BASE_URL}/api/public/matches/${match.id}/events`, { headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBeNull();
    // The stream's opening lines and its `ready` may come as separate chunks; a buffering proxy
    // would hold both back (until its buffer fills, or the first ping after 15 s).
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const deadline = Date.now() + 10_000;
    let text = '';
    while (!text.includes('event: ready') && Date.now() < deadline) {
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([reader.read(), new Promise<null>((r) => (timer = setTimeout(() => r(null), Math.max(0, deadline - Date.now()))))]);
      clearTimeout(timer);
      if (!chunk || chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    expect(text).toContain('event: ready');
    controller.abort();
  });

  it('sends the live answer gzipped through the dashboard’s origin, as a phone’s browser asks for it', async () => {
    const res = await fetch(`${BASE_URL}/api/public/matches/${match.id}/live`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    // fetch unpacks it: the same answer, its version the ETag.
    const body = (await res.json()) as { version: string; id: string };
    expect(body.id).toBe(match.id);
    expect(res.headers.get('etag')).toBe(`"${body.version}"`);
  });

  it('updates the open page without a reload when a set is signed at a table', async () => {
    const { page } = viewer;
    await page.goto(`${BASE_URL}${livePath()}`);
    await page.locator('body[data-live="open"]').waitFor();
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    expect(await scoreText(page)).not.toMatch(/6–2/);

    // Entered at table 1 but not yet signed: not public.
    await atTable('PUT', `${codes[0].code}/sets/1`, { enteredBy: 'HOME', totals: { home: 6, away: 2 } });
    await page.waitForTimeout(1_500);
    expect(await scoreText(page)).not.toMatch(/6–2/);

    await atTable('POST', `${codes[0].code}/sets/1/sign`, { side: 'AWAY' });
    await page.waitForFunction(() => /6–2/.test(document.querySelector('[data-live-root]')?.textContent ?? ''), undefined, { timeout: 15_000 });
    expect(await page.getByLabel('Stand').first().innerText()).toBe('6–2');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(Number(await page.locator('body').getAttribute('data-live-updates'))).toBeGreaterThanOrEqual(1);
    expect(await page.getByText('Bezig: 1 van 36 sets ondertekend').count()).toBe(1);
  });

  it('shows the match night with the provisional standings, and follows the next signature', async () => {
    const { page } = viewer;
    await page.goto(`${BASE_URL}${nightPath()}`);
    await page.locator('body[data-live="open"]').waitFor();
    await page.getByRole('heading', { name: 'Stand (voorlopig)' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: match.homeTeam.name });
    expect(await row.getByText('voorlopig: wedstrijd bezig').count()).toBe(1);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await atTable('PUT', `${codes[1].code}/sets/1`, { enteredBy: 'AWAY', totals: { home: 4, away: 4 } });
    await atTable('POST', `${codes[1].code}/sets/1/sign`, { side: 'HOME' });
    // Set 1 now 10–6 over two tables (6–2 and 4–4).
    await page.waitForFunction(() => /10–6/.test(document.querySelector('[data-live-root]')?.textContent ?? ''), undefined, { timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  it('fits a 390 px phone: neither live page scrolls sideways', async () => {
    const phone = await newPage(browser, { width: 390, height: 844 });
    for (const path of [livePath(), nightPath()]) {
      await phone.page.goto(`${BASE_URL}${path}`);
      await phone.page.locator('[data-live-root]').waitFor();
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    }
    await phone.context.close();
  });

  it('shows the large-type view for a screen at the venue, without the site menu', async () => {
    const { page } = viewer;
    await page.goto(`${BASE_URL}${livePath()}?groot=1`);
    const score = page.getByLabel('Stand').first();
    expect(await score.innerText()).toBe('10–6');
    const size = await score.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(72);
    expect(await page.getByRole('navigation', { name: 'Hoofdmenu' }).isVisible()).toBe(false);
  });
});
