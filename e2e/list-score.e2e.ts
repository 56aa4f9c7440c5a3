// A club's match list on a phone (390 px) during the evening shows the score the match page
// shows (countedScore): the signed sets, with the unsigned work apart, never a total that
// counts a set not yet signed (issue 46 item 3, left over until issue 47).
// Plays a match of its own today (matchOfItsOwnToday).
import type { Browser } from 'playwright-core';
import { apiSession, composeLineup, matchOfItsOwnToday } from './api-session';
import { seriousFindings } from './axe';
import { BASE_URL, launch, login, newPage } from './browser';
import { type Fixture, PHONE, secretaryOf } from './fixtures';

async function tableEntry(code: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${BASE_URL}/api/table/${code}/sets/1`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`PUT /api/table/${code}/sets/1: ${res.status} ${await res.text()}`);
}

describe("a club's match list counts what the match page counts (390 px)", () => {
  let browser: Browser;
  let match: Fixture;

  beforeAll(async () => {
    const admin = await apiSession('admin@tsbn.nl');
    match = await matchOfItsOwnToday<Fixture>(admin, 'lijststand', ['Albina Aces', 'Coronie Kap']);
    const home = await apiSession(secretaryOf(match.homeTeam));
    await composeLineup(home, match.id, match.homeTeam.id);
    await composeLineup(await apiSession(secretaryOf(match.awayTeam)), match.id, match.awayTeam.id);
    const { tables } = await home<{ tables: { tableNumber: number; code: string }[] }>('POST', `/api/matches/${match.id}/night`, {});
    // Set 1: table 1 entered and signed (6–2), table 2 entered and not yet signed (8–0).
    await tableEntry(tables[0].code, { enteredBy: 'HOME', totals: { home: 6, away: 2 }, signedBy: 'AWAY' });
    await tableEntry(tables[1].code, { enteredBy: 'HOME', totals: { home: 8, away: 0 } });
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('shows 6 – 2 with "+ 8–0 nog niet ondertekend", as the match page does', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await login(page, secretaryOf(match.homeTeam));
    await page.goto(`${BASE_URL}/vereniging/wedstrijden`);
    const card = page.getByRole('listitem').filter({ hasText: `${match.homeTeam.name} – ${match.awayTeam.name}` });
    await card.getByText('+ 8–0 nog niet ondertekend').waitFor();
    expect(await card.innerText()).toContain('6 – 2');
    expect(await card.innerText()).not.toContain('14 – 2');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousFindings(page)).toEqual([]);

    // The match page says the same.
    await card.getByRole('link').click();
    await page.getByText('+ 8–0 nog niet ondertekend').first().waitFor();
    await context.close();
  });
});
