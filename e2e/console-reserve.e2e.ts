// The supervisor adds a reserve on the console (issue 47; Regel 5A, 13, RULES.md revised
// 2026-12-06), on a 1366 px laptop: once set 1 started the away club can no longer change its
// reserves (422 RESERVES_FIXED); the supervisor looks the member up by the member number the team
// leader gives (a wrong number gets the Dutch refusal), adds the member with a reason after a
// confirmation, and the reserve can then come in through the substitution form. axe finds nothing
// serious or critical. Plays a match of its own today (matchOfItsOwnToday).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiSession, composeLineup, matchOfItsOwnToday } from './api-session';
import { seriousFindings } from './axe';
import { atTable, BASE_URL, launch, login } from './browser';
import { type Fixture, secretaryOf } from './fixtures';

const LAPTOP = { width: 1366, height: 768 };
const REASON = 'Reserve meldde zich na set 1 bij de wedstrijdleider';

describe('the supervisor adds a reserve once set 1 started, by member number, with a reason', () => {
  let browser: Browser;
  let match: Fixture;
  let member: { memberId: string; memberNumber: string };
  let supervisor: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    const admin = await apiSession('admin@tsbn.nl');
    match = await matchOfItsOwnToday<Fixture>(admin, 'reserve', ['Sranan Troef', 'Marowijne']);
    const home = await apiSession(secretaryOf(match.homeTeam));
    const away = await apiSession(secretaryOf(match.awayTeam));
    await composeLineup(home, match.id, match.homeTeam.id);
    await composeLineup(away, match.id, match.awayTeam.id);
    // A member of the away club who is not on the line-up, registered at the season's start.
    const season = await admin<{ id: string; startsOn: string }>('GET', '/api/seasons/current');
    const club = (await admin<{ id: string; name: string }[]>('GET', '/api/clubs')).find((c) => c.name === match.awayTeam.clubName)!;
    const memberNumber = `RES-${Date.now()}`;
    const entry = await admin<{ memberId: string }>('POST', `/api/seasons/${season.id}/clubs/${club.id}/member-list/entries`, {
      memberNumber,
      familyName: 'Nakomer',
      givenNames: 'Proef',
      registeredOn: season.startsOn,
      registeredOnReason: 'E2E-test: reserve, ingeschreven bij de start van het seizoen',
    });
    member = { memberId: entry.memberId, memberNumber };
    // Set 1 starts at table 1: from now on the reserves are fixed for the clubs.
    const night = await home<{ tables: { tableNumber: number; code: string }[] }>('POST', `/api/matches/${match.id}/night`, {});
    await atTable('PUT', `${night.tables.find((t) => t.tableNumber === 1)!.code}/sets/1`, { enteredBy: 'HOME', totals: { home: 6, away: 2 } });
    const lineup = await away<{ pairs: { pairNumber: number; fromSet: number; players: { memberId: string }[] }[]; reserves: { memberId: string }[] }>(
      'GET',
      `/api/matches/${match.id}/lineups/${match.awayTeam.id}`,
    );
    const withReserve = { pairs: lineup.pairs.map((p) => ({ pairNumber: p.pairNumber, fromSet: p.fromSet, memberIds: p.players.map((x) => x.memberId) })), reserves: [member.memberId] };
    await expect(away('PUT', `/api/matches/${match.id}/lineups/${match.awayTeam.id}`, withReserve)).rejects.toThrow(/422.*RESERVES_FIXED/);

    browser = await launch();
    // bypassCSP: axe is injected into the page.
    const context = await browser.newContext({ viewport: LAPTOP, locale: 'nl-NL', bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    supervisor = { context, page };
    await login(page, 'wedstrijdleider@tsbn.nl');
  });
  afterAll(async () => {
    await supervisor?.context.close();
    await browser?.close();
  });

  it('a wrong member number gets the Dutch refusal; nothing is found', async () => {
    const { page } = supervisor;
    await page.goto(`${BASE_URL}/wedstrijdleider/avond/${match.id}`);
    const form = page.getByRole('form', { name: 'Reserve toevoegen' });
    await form.getByRole('heading', { name: 'Reserve toevoegen' }).waitFor();
    await form.getByText(/De reserves staan vast zodra set 1 begint/).waitFor();
    await form.getByLabel('Team').selectOption({ label: match.awayTeam.name });
    await form.getByLabel('Lidnummer').fill('GEEN-LID-0');
    await form.getByRole('button', { name: 'Zoeken' }).click();
    await form.getByRole('alert').filter({ hasText: 'Lidnummer GEEN-LID-0 op de moederlijst van deze vereniging niet gevonden.' }).waitFor();
    expect(await form.getByText(/^Gevonden:/).count()).toBe(0);
    // Without a member found the form asks for one first.
    await form.getByLabel('Reden (komt in het logboek)').fill(REASON);
    await form.getByRole('button', { name: 'Reserve toevoegen', exact: true }).click();
    await form.getByRole('alert').filter({ hasText: 'Zoek eerst het lid op lidnummer.' }).waitFor();
    expect(await seriousFindings(page)).toEqual([]);
  });

  it('finds the member by number (family name only), adds the reserve after a confirmation, and the reserve can come in', async () => {
    const { page } = supervisor;
    await page.goto(`${BASE_URL}/wedstrijdleider/avond/${match.id}`);
    const form = page.getByRole('form', { name: 'Reserve toevoegen' });
    await form.getByLabel('Team').selectOption({ label: match.awayTeam.name });
    await form.getByLabel('Lidnummer').fill(` ${member.memberNumber.toLowerCase()} `);
    await form.getByRole('button', { name: 'Zoeken' }).click();
    const found = form.getByRole('status').filter({ hasText: 'Gevonden:' });
    await found.waitFor();
    expect((await found.innerText()).trim()).toBe('Gevonden: Nakomer, speelgerechtigd op de wedstrijddatum.');
    // Family name only (Regel 15): no given names on the page.
    expect(await page.getByText('Proef').count()).toBe(0);

    // A reason of fewer than 3 characters is refused before the confirmation.
    await form.getByLabel('Reden (komt in het logboek)').fill('ok');
    await form.getByRole('button', { name: 'Reserve toevoegen', exact: true }).click();
    await form.getByRole('alert').filter({ hasText: 'Geef de reden waarom de reserve erbij komt (komt in het logboek).' }).waitFor();

    await form.getByLabel('Reden (komt in het logboek)').fill(REASON);
    await form.getByRole('button', { name: 'Reserve toevoegen', exact: true }).click();
    const confirm = form.getByRole('alertdialog', { name: 'Reserve bevestigen' });
    await confirm.getByText(`${match.awayTeam.name}: Nakomer komt op de reservelijst. Reden: ${REASON}`).waitFor();
    expect(await seriousFindings(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Ja, reserve toevoegen' }).click();
    await form.getByRole('status').filter({ hasText: `Reserve toegevoegd: Nakomer staat op de reservelijst van ${match.awayTeam.name}.` }).waitFor();
    expect(await confirm.count()).toBe(0);

    // After the refresh the substitution form offers the reserve for the away team.
    const substitution = page.getByRole('form', { name: 'Wissel vastleggen' });
    await substitution.getByLabel('Team').selectOption({ label: match.awayTeam.name });
    await substitution.getByLabel('Invaller (reserve)').locator('option', { hasText: 'Nakomer' }).waitFor({ state: 'attached' });

    // Stored on the line-up the substitution form reads.
    const stored = await (await apiSession('wedstrijdleider@tsbn.nl'))<{ reserves: { memberId: string; familyName: string }[] }>('GET', `/api/matches/${match.id}/lineups/${match.awayTeam.id}`);
    expect(stored.reserves.map((r) => r.familyName)).toEqual(['Nakomer']);
    expect(await seriousFindings(page)).toEqual([]);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways).toBeLessThanOrEqual(1);
  });
});
