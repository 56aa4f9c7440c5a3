import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launch, login, newPage } from './browser';

interface Season {
  id: string;
  name: string;
  status: string;
}
interface Division {
  id: string;
  name: string;
}

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${BASE_URL}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** Every fixture of the current (demo) season as "division/round/home-away/date", to see it is left alone. */
async function currentSeasonFixtures(seasonId: string): Promise<string[]> {
  const divisions = await getJson<Division[]>(`/api/seasons/${seasonId}/divisions`);
  const lists = await Promise.all(
    divisions.map(async (d) => {
      const { rounds } = await getJson<{ rounds: { round: number; matches: { date: string; homeTeam: { name: string }; awayTeam: { name: string } }[] }[] }>(`/api/divisions/${d.id}/matches`);
      return rounds.flatMap((r) => r.matches.map((m) => `${d.name}/${r.round}/${m.homeTeam.name}-${m.awayTeam.name}/${m.date}`));
    }),
  );
  return lists.flat().sort();
}

/** The status badge in a season's row of the seasons list. */
const seasonRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

describe('seasons side by side: next season prepared while this one runs', () => {
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let current: Season;
  let fixturesBefore: string[];
  const stamp = Date.now().toString(36);
  const nextName = `2027/2028 ${stamp}`;
  const divisionName = `Hoofdklasse ${stamp}`;
  const teamNames: string[] = [];
  let moved = '';

  beforeAll(async () => {
    browser = await launch();
    current = await getJson<Season>('/api/seasons/current');
    fixturesBefore = await currentSeasonFixtures(current.id);
    admin = await newPage(browser, { width: 390, height: 844 });
    await login(admin.page, 'admin@tsbn.nl');
  });
  afterAll(async () => {
    await admin.context.close();
    await browser.close();
  });

  it('shows the demo season as lopend in the seasons list and filters by status', async () => {
    const { page } = admin;
    expect(current.status).toBe('RUNNING');
    await page.goto(`${BASE_URL}/beheer/seizoenen`);
    await page.getByRole('heading', { name: 'Seizoenen', exact: true }).waitFor();
    await seasonRow(page, current.name).getByText('Lopend', { exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Seizoenen filteren op status' }).getByRole('link', { name: /^Afgesloten/ }).click();
    await page.waitForURL(/status=afgesloten/);
    expect(await page.getByRole('link', { name: current.name, exact: true }).count()).toBe(0);
  });

  it('creates next season, which is in voorbereiding', async () => {
    const { page } = admin;
    await page.goto(`${BASE_URL}/beheer/seizoenen`);
    await page.getByLabel('Naam').fill(nextName);
    await page.getByLabel('Begin seizoen').fill('2027-09-01');
    await page.getByLabel('Eerste speeldag').fill('2027-09-18');
    await page.getByLabel('Einde seizoen').fill('2028-05-31');
    await page.getByRole('button', { name: 'Seizoen aanmaken' }).click();
    await page.getByRole('heading', { name: `Seizoen ${nextName}` }).waitFor();
    await page.getByText('In voorbereiding', { exact: true }).first().waitFor();
  });

  it('adds a division and four teams on the season page', async () => {
    const { page } = admin;
    const newDivision = page.getByRole('region', { name: 'Nieuwe poule' });
    await newDivision.getByLabel('Naam').fill(divisionName);
    await newDivision.getByRole('button', { name: 'Poule aanmaken' }).click();
    const division = page.getByRole('region', { name: `Poule ${divisionName}` });
    await division.waitFor();
    const clubs = (await division.getByLabel('Vereniging').locator('option').allInnerTexts()).filter((c) => c.trim() && c !== '—');
    expect(clubs.length).toBeGreaterThanOrEqual(4);
    for (const club of clubs.slice(0, 4)) {
      const team = `${club} ${stamp}`;
      await division.getByLabel('Vereniging').selectOption({ label: club });
      await division.getByLabel('Teamnaam').fill(team);
      await division.getByRole('button', { name: 'Team inschrijven' }).click();
      await division.getByRole('listitem').filter({ hasText: team }).waitFor();
      teamNames.push(team);
    }
  });

  it('generates the fixtures from the season page', async () => {
    const { page } = admin;
    const division = page.getByRole('region', { name: `Poule ${divisionName}` });
    const form = division.getByRole('form', { name: `Programma ${divisionName}` });
    await form.getByText('4 teams: 6 speelrondes nodig.').waitFor();
    await form.getByRole('button', { name: 'Speeldata invullen' }).click();
    await form.getByText('6 van 6 ingevuld').waitFor();
    await form.getByRole('button', { name: 'Programma maken' }).click();
    await division.getByText('12 wedstrijden in 6 ronden, van 18-09-2027').waitFor();
  });

  it('moves one fixture of the new season', async () => {
    const { page } = admin;
    await page.getByRole('link', { name: `Programma van ${divisionName} bekijken en wedstrijden verplaatsen` }).click();
    await page.waitForURL(/\/beheer\/wedstrijden\?seizoen=/);
    await page.getByText(`Seizoen ${nextName}`).first().waitFor();
    await page.getByRole('list', { name: 'Ronde 1' }).getByRole('link').first().click();
    const title = page.getByRole('heading', { level: 1 }).filter({ hasText: ' – ' });
    await title.waitFor();
    moved = (await title.innerText()).replace(/\s+/g, ' ').trim();
    expect(teamNames.some((t) => moved.startsWith(t))).toBe(true);
    const move = page.getByRole('form', { name: 'Wedstrijd verplaatsen' });
    await move.getByLabel('Nieuwe datum').fill('2027-09-21');
    await move.getByLabel('Reden van de verplaatsing').fill('Zaal bezet op zaterdag');
    await move.getByRole('button', { name: 'Verplaatsen' }).click();
    await page.getByRole('status').filter({ hasText: 'verplaatst naar dinsdag 21 september 2027, 20:00 uur.' }).waitFor();
    // The match's own line (date, time · venue), not the result message that names the date too.
    await page.getByText(/21 september 2027, 20:00 uur · /).waitFor();
  });

  it('leaves the current season lopend and its fixtures as they were', async () => {
    const { page } = admin;
    await page.goto(`${BASE_URL}/beheer/seizoenen`);
    await seasonRow(page, current.name).getByText('Lopend', { exact: true }).waitFor();
    await seasonRow(page, nextName).getByText('In voorbereiding', { exact: true }).waitFor();
    expect((await getJson<Season>('/api/seasons/current')).id).toBe(current.id);
    expect(await currentSeasonFixtures(current.id)).toEqual(fixturesBefore);

    const visitor = await newPage(browser, { width: 390, height: 844 });
    await visitor.page.goto(BASE_URL);
    await visitor.page.getByRole('heading', { name: `Seizoen ${current.name}` }).waitFor();
    expect(await visitor.page.getByText(nextName).count()).toBe(0);
    await visitor.context.close();
  });

  it('switches Beheer → Wedstrijden between the two seasons with the season choice', async () => {
    const { page } = admin;
    await page.goto(`${BASE_URL}/beheer/wedstrijden`);
    await page.getByText(`Seizoen ${current.name}`).first().waitFor();
    const poules = page.getByRole('navigation', { name: 'Poules' });
    expect(await poules.getByRole('link', { name: divisionName }).count()).toBe(0);

    const choice = page.getByRole('form', { name: 'Seizoen kiezen' });
    await choice.getByLabel('Seizoen').selectOption({ label: `${nextName} — in voorbereiding` });
    await choice.getByRole('button', { name: 'Tonen' }).click();
    await page.waitForURL(/seizoen=/);
    await page.getByText(`Seizoen ${nextName}`).first().waitFor();
    await poules.getByRole('link', { name: divisionName }).waitFor();
    await page.getByRole('list', { name: 'Ronde 1' }).getByRole('link').filter({ hasText: moved }).getByText('21 september 2027').waitFor();

    await choice.getByLabel('Seizoen').selectOption({ label: `${current.name} — lopend` });
    await choice.getByRole('button', { name: 'Tonen' }).click();
    await page.waitForURL((url) => url.searchParams.get('seizoen') === current.id);
    await page.getByText(`Seizoen ${current.name}`).first().waitFor();
    await poules.getByRole('link', { name: 'Hoofdklasse', exact: true }).waitFor();
  });

  it('says what archiving does, confirms it, and shows the season as afgesloten', async () => {
    const { page } = admin;
    const next = (await getJson<Season[]>('/api/seasons?status=PREPARING')).find((s) => s.name === nextName)!;
    await page.goto(`${BASE_URL}/beheer/seizoenen/${next.id}`);
    await page.getByRole('button', { name: 'Archiveren', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('nooit meer het huidige seizoen').waitFor();
    await dialog.getByText('Archiveren kan niet ongedaan worden gemaakt.').waitFor();
    await dialog.getByRole('button', { name: 'Ja, archiveren' }).click();
    await page.getByRole('status').filter({ hasText: `Seizoen ${nextName} is gearchiveerd en staat nu op "afgesloten".` }).waitFor();
    await page.getByText('Afgesloten', { exact: true }).first().waitFor();
    expect((await getJson<Season>('/api/seasons/current')).id).toBe(current.id);
  });
});
