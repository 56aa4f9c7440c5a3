// Beheer → Logboek (issue 45 item 7) on a 1366 px laptop: a change to a club's member list shows
// as a sentence with who and which club, and the club filter keeps it while the kind filter for
// fines leaves it out.
import type { Browser } from 'playwright-core';
import { apiSession } from './api-session';
import { BASE_URL, launch, login, newPage } from './browser';

describe('the federation log', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows who added a member to which club, filtered by club and by kind', async () => {
    const admin = await apiSession('admin@tsbn.nl');
    const season = await admin<{ id: string; startsOn: string }>('GET', '/api/seasons/current');
    const club = (await admin<{ id: string; name: string }[]>('GET', '/api/clubs')).find((c) => c.name === 'Kaiman')!;
    const number = `LOG-${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
    await admin('POST', `/api/seasons/${season.id}/clubs/${club.id}/member-list/entries`, {
      memberNumber: number,
      familyName: 'Logboek',
      givenNames: 'Test',
      registeredOn: season.startsOn,
      registeredOnReason: 'Lid van een browsertest, ingeschreven bij de start van het seizoen',
    });

    const { page, context } = await newPage(browser, { width: 1366, height: 768 });
    await login(page, 'admin@tsbn.nl');
    await page.goto(`${BASE_URL}/beheer`);
    await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Logboek' }).click();
    await page.getByRole('heading', { name: 'Logboek' }).waitFor();
    const line = page.getByRole('list', { name: 'Wijzigingen, nieuwste eerst' }).getByRole('listitem').filter({ hasText: 'Lid toegevoegd aan de moederlijst — Kaiman' }).first();
    await line.waitFor();
    expect(await line.innerText()).toMatch(/\(bondsbeheerder\): Lid toegevoegd aan de moederlijst — Kaiman\./);

    await page.getByLabel('Vereniging', { exact: true }).selectOption({ label: 'Kaiman' });
    await page.getByRole('button', { name: 'Filteren' }).click();
    await page.waitForURL(/club=/);
    await line.waitFor();
    await page.getByLabel('Soort', { exact: true }).selectOption({ label: 'Boetes' });
    await page.getByRole('button', { name: 'Filteren' }).click();
    await page.waitForURL(/soort=boetes/);
    expect(await page.getByText('Lid toegevoegd aan de moederlijst — Kaiman').count()).toBe(0);
    await context.close();
  });
});
