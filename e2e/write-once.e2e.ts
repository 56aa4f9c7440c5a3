// Every write button of the dashboard sends once and says what happened (issue 23 item 4),
// on a 390 px phone: a double tap on "Verplaatsen", "Boete opleggen", "Wijziging opslaan"
// and "Spelerslijst opslaan" sends one request and shows one result message; a retry after
// a lost answer carries the same idempotency key (the API acts once), a new intent a new
// one; a stale error goes as soon as the user edits. On a match of its own today.
import type { Browser } from 'playwright-core';
import { ApiCall, apiSession, composeLineup, matchOfItsOwnToday, todayInAmsterdam } from './api-session';
import { BASE_URL, launch, login, newPage, recordWrites, keyOf } from './browser';
import { type Fixture, PHONE, secretaryOf } from './fixtures';

const LONG_DATE = new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const longDate = (iso: string) => LONG_DATE.format(new Date(`${iso}T00:00:00Z`));

function isoPlus(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}



describe('a write button sends once and says what happened (390 px)', () => {
  let browser: Browser;
  let admin: ApiCall;
  let match: Fixture;
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    browser = await launch();
    admin = await apiSession('admin@tsbn.nl');
    match = await matchOfItsOwnToday<Fixture>(admin, 'dubbeltik', ['Saramacca Baunie', 'Brokopondo']);
  });
  afterAll(async () => {
    await browser.close();
  });

  it('moves a match once on a double tap, and a retry after a lost answer moves it once with the same key', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await login(page, 'admin@tsbn.nl');
    await page.goto(`${BASE_URL}/beheer/wedstrijden/${match.id}`);
    const moves = recordWrites(page, 'POST', /\/api\/matches\/[^/]+\/move$/);
    const form = page.getByRole('form', { name: 'Wedstrijd verplaatsen' });
    const first = isoPlus(todayInAmsterdam(), 10);
    await form.getByLabel('Nieuwe datum').fill(first);
    await form.getByLabel('Aanvang').fill('19:30');
    await form.getByLabel('Reden van de verplaatsing').fill('Zaal bezet, dubbel getikt');
    await form.getByRole('button', { name: 'Verplaatsen' }).dblclick();
    const movedTo = `Wedstrijd ${match.homeTeam.name} – ${match.awayTeam.name} verplaatst naar ${longDate(first)}, 19:30 uur.`;
    await form.getByRole('status').filter({ hasText: movedTo }).waitFor();
    expect(moves).toHaveLength(1);
    expect(keyOf(moves[0])).toMatch(/^[\w-]{8,100}$/);

    // The answer to the next move is lost on the way back (the API did move the match): the
    // user taps again, and the retry carries the same key, so the API answers without acting twice.
    const second = isoPlus(todayInAmsterdam(), 11);
    let lost = false;
    await page.route(/\/api\/matches\/[^/]+\/move$/, async (route) => {
      if (lost) return route.continue();
      lost = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await form.getByLabel('Nieuwe datum').fill(second);
    await form.getByLabel('Reden van de verplaatsing').fill('Zaal toch bezet');
    await form.getByRole('button', { name: 'Verplaatsen' }).click();
    await form.getByRole('alert').filter({ hasText: 'De server is niet bereikbaar' }).waitFor();
    await form.getByRole('button', { name: 'Verplaatsen' }).click();
    await form.getByRole('status').filter({ hasText: `verplaatst naar ${longDate(second)}, 19:30 uur.` }).waitFor();
    // The stale error went with the new try.
    expect(await form.getByRole('alert').count()).toBe(0);
    expect(moves).toHaveLength(3);
    expect(keyOf(moves[2])).toBe(keyOf(moves[1]));
    expect(keyOf(moves[1])).not.toBe(keyOf(moves[0]));
    expect((await admin<{ date: string }>('GET', `/api/matches/${match.id}`)).date).toBe(second);
    await context.close();
  });

  it('levies one fine on a double tap and names it, and a retry after a lost answer levies it once with the same key', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await login(page, 'admin@tsbn.nl');
    await page.goto(`${BASE_URL}/beheer/boetes`);
    const levies = recordWrites(page, 'POST', /^\/api\/fines$/);
    const detail = `Dubbel getikt ${stamp}`;
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Boete opleggen' }) });
    await form.getByLabel('Vereniging').selectOption({ label: 'Brokopondo' });
    await form.getByLabel('Toelichting').fill(detail);
    await form.getByRole('button', { name: 'Boete opleggen' }).dblclick();
    await form.getByRole('status').filter({ hasText: /^Boete opgelegd: € [\d.,]+ voor Brokopondo \(.*\), te betalen vóór \d\d-\d\d-\d{4}\./ }).waitFor();
    expect(levies).toHaveLength(1);
    const clubs = await admin<{ id: string; name: string }[]>('GET', '/api/clubs');
    const club = clubs.find((c) => c.name === 'Brokopondo')!;
    const { fines } = await admin<{ fines: { reason: string }[] }>('GET', `/api/clubs/${club.id}/fines`);
    expect(fines.filter((f) => f.reason.includes(detail))).toHaveLength(1);
    expect(keyOf(levies[0])).toMatch(/^[\w-]{8,100}$/);

    // The answer to the next fine is lost on the way back (the API did levy it): the user taps
    // again, and the retry carries the same key, so the club is fined once.
    const lostDetail = `Antwoord kwijt ${stamp}`;
    let lost = false;
    await page.route(/\/api\/fines$/, async (route) => {
      if (lost || route.request().method() !== 'POST') return route.continue();
      lost = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await form.getByLabel('Vereniging').selectOption({ label: 'Brokopondo' });
    await form.getByLabel('Toelichting').fill(lostDetail);
    await form.getByRole('button', { name: 'Boete opleggen' }).click();
    await form.getByRole('alert').filter({ hasText: 'De server is niet bereikbaar' }).waitFor();
    await form.getByRole('button', { name: 'Boete opleggen' }).click();
    await form.getByRole('status').filter({ hasText: /^Boete opgelegd: € [\d.,]+ voor Brokopondo/ }).waitFor();
    expect(levies).toHaveLength(3);
    expect(keyOf(levies[2])).toBe(keyOf(levies[1]));
    expect(keyOf(levies[1])).not.toBe(keyOf(levies[0]));
    const after = await admin<{ fines: { reason: string }[] }>('GET', `/api/clubs/${club.id}/fines`);
    expect(after.fines.filter((f) => f.reason.includes(lostDetail))).toHaveLength(1);
    await context.close();
  });

  it("saves a member's edit once on a double tap and names the member", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await login(page, secretaryOf({ clubName: 'Brokopondo' }));
    await page.goto(`${BASE_URL}/vereniging/moederlijst`);
    const query = 'Test dubbeltik 7';
    await page.getByRole('searchbox').fill(query);
    await page.getByRole('button', { name: 'Wijzigen' }).first().click();
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Wijziging opslaan' }) });
    await form.getByLabel('Voornamen').fill(`${query} ${stamp}`);
    const patches = recordWrites(page, 'PATCH', /^\/api\/member-list-entries\/[^/]+$/);
    await form.getByRole('button', { name: 'Wijziging opslaan' }).dblclick();
    await form.getByRole('status').filter({ hasText: `Gegevens van ${query} ${stamp} Sabajo (` }).waitFor();
    expect(patches).toHaveLength(1);
    await context.close();
  });

  it('saves a line-up once on a double tap', async () => {
    const team = match.homeTeam;
    const secretary = await apiSession(secretaryOf(team));
    await composeLineup(secretary, match.id, team.id);
    const { context, page } = await newPage(browser, PHONE);
    await login(page, secretaryOf(team));
    await page.goto(`${BASE_URL}/vereniging/wedstrijden/${match.id}/spelerslijst`);
    await page.getByRole('heading', { name: `Spelerslijst ${team.name}` }).waitFor();
    const puts = recordWrites(page, 'PUT', /\/api\/matches\/[^/]+\/lineups\/[^/]+$/);
    await page.getByRole('button', { name: 'Spelerslijst opslaan' }).dblclick();
    await page.getByRole('status').filter({ hasText: `Spelerslijst van ${team.name} opgeslagen: 6 koppels, 0 reserves.` }).waitFor();
    expect(puts).toHaveLength(1);
    await context.close();
  });
});
