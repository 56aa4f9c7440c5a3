// The supervisor's actions on the console (issue 15, part 3), on a phone: a substitution from
// set 3 (Regel 13, 14) with a reason and a confirmation; the check appears at once and the
// substitution is listed as allowed. Plays a match of its own today (matchOfItsOwnToday).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiCall, apiSession, composeLineup, matchOfItsOwnToday } from './api-session';
import { BASE_URL, launch, login, newPage } from './browser';
import { type Fixture, PHONE, secretaryOf } from './fixtures';

/**
 * Two reserves of their own for the home club (the demo lists have twelve players per club),
 * registered in time: new members, so the other tests' players stay as they are.
 */
async function addReserves(admin: ApiCall, clubName: string): Promise<string[]> {
  const season = await admin<{ id: string }>('GET', '/api/seasons/current');
  const club = (await admin<{ id: string; name: string }[]>('GET', '/api/clubs')).find((c) => c.name === clubName)!;
  const ids: string[] = [];
  for (const familyName of ['Invalsma', 'Reservius']) {
    const entry = await admin<{ memberId: string }>('POST', `/api/seasons/${season.id}/clubs/${club.id}/member-list/entries`, {
      memberNumber: `R${Date.now()}${ids.length}`,
      familyName,
      givenNames: 'Proef',
      registeredOn: '2026-08-10',
      registeredOnReason: 'E2E-test: reserve, ingeschreven met de rest van de lijst',
    });
    ids.push(entry.memberId);
  }
  return ids;
}

describe('the supervisor’s console on a phone: a substitution from set 3, checked at once', () => {
  let browser: Browser;
  let match: Fixture;
  let supervisor: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    const admin = await apiSession('admin@tsbn.nl');
    match = await matchOfItsOwnToday<Fixture>(admin, 'console', ['Brokopondo', 'Albina Aces']);
    const reserves = await addReserves(admin, match.homeTeam.clubName);
    await composeLineup(await apiSession(secretaryOf(match.homeTeam)), match.id, match.homeTeam.id, reserves);
    await composeLineup(await apiSession(secretaryOf(match.awayTeam)), match.id, match.awayTeam.id);
    browser = await launch();
    supervisor = await newPage(browser, PHONE);
    await login(supervisor.page, 'wedstrijdleider@tsbn.nl');
  });
  afterAll(async () => {
    await supervisor?.context.close();
    await browser?.close();
  });

  it('records a substitution from set 3 with a reason after a confirmation, and shows the Regel 13/14 check', async () => {
    const { page } = supervisor;
    await page.goto(`${BASE_URL}/wedstrijdleider/avond/${match.id}`);
    const form = page.getByRole('form', { name: 'Wissel vastleggen' });
    await form.getByLabel('Team').selectOption({ label: match.homeTeam.name });
    await form.getByLabel('Eerste set van de invaller').selectOption({ label: 'Set 3' });
    await form.getByLabel('Koppel').selectOption({ label: 'Koppel 2' });
    await form.getByLabel('Gaat eruit').selectOption({ index: 1 });
    await form.getByLabel('Invaller (reserve)').selectOption({ index: 1 });
    const outName = await form.getByLabel('Gaat eruit').locator('option:checked').innerText();
    const inName = await form.getByLabel('Invaller (reserve)').locator('option:checked').innerText();
    // Family names only (Regel 15): no given names in the choices.
    expect(['Invalsma', 'Reservius']).toContain(inName.trim());
    await form.getByLabel('Reden (komt in het logboek)').fill('Speler onwel geworden na set 2');
    await form.getByRole('button', { name: 'Wissel controleren' }).click();
    const confirm = form.getByRole('alertdialog', { name: 'Wissel bevestigen' });
    await confirm.getByText(`${inName} voor ${outName}`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Ja, wissel vastleggen' }).click();
    await page.getByText(/Wissel vastgelegd en toegestaan \(Regel 13, 14\)/).waitFor();
    const list = page.getByRole('list', { name: 'Wissels' });
    await list.getByText(`vanaf set 3, koppel 2: ${inName} voor ${outName}`, { exact: false }).waitFor();
    expect(await list.getByText('Toegestaan').count()).toBe(1);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways).toBeLessThanOrEqual(1);
  });
});
