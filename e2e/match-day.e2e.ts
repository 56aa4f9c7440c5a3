import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiSession, moveToToday } from './api-session';
import { BASE_URL, launch, login, newPage } from './browser';
import { type Fixture, secretaryOf, type Team } from './fixtures';

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${BASE_URL}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** The Hoofdklasse matches still to be played, in order, through the public API. */
async function upcomingMatches(): Promise<Fixture[]> {
  const season = await getJson<{ id: string }>('/api/seasons/current');
  const divisions = await getJson<{ id: string; name: string }[]>(`/api/seasons/${season.id}/divisions`);
  const hoofdklasse = divisions.find((d) => d.name === 'Hoofdklasse')!;
  const { rounds } = await getJson<{ rounds: { matches: Fixture[] }[] }>(`/api/divisions/${hoofdklasse.id}/matches`);
  const matches = rounds.flatMap((r) => r.matches).filter((m) => m.status === 'SCHEDULED' && m.resultState === 'NONE');
  if (matches.length < 2) throw new Error('De demo-seed heeft te weinig komende wedstrijden in de Hoofdklasse.');
  return matches;
}

/** Picks the first twelve players of the member list as pairs 1–6 and saves; returns the chosen options' texts. */
async function composeLineup(page: Page, teamName: string): Promise<string[]> {
  await page.getByRole('link', { name: `Spelerslijst ${teamName} samenstellen` }).click();
  await page.getByRole('heading', { name: `Spelerslijst ${teamName}` }).waitFor();
  const options = page.getByLabel('Koppel 1, speler 1').locator('option');
  // Members already on another line-up that day (a demo match day) are offered disabled: the first twelve others.
  const values = (await options.evaluateAll((os) => os.filter((o) => !(o as HTMLOptionElement).disabled).map((o) => o.getAttribute('value') ?? ''))).filter(Boolean);
  expect(values.length).toBeGreaterThanOrEqual(12);
  const chosen: string[] = [];
  for (let i = 0; i < 12; i++) {
    const select = page.getByLabel(`Koppel ${Math.floor(i / 2) + 1}, speler ${(i % 2) + 1}`);
    await select.selectOption(values[i]);
    chosen.push(await select.locator('option:checked').innerText());
  }
  // Regel 5D/5E is decided by the first save: a secretary reads it, there is nothing to tick.
  await page.getByText(/Nog niet opgeslagen\. Sla de spelerslijst op vóór de aanvang/).waitFor();
  await page.getByRole('button', { name: 'Spelerslijst opslaan' }).click();
  await page.getByRole('status').filter({ hasText: `Spelerslijst van ${teamName} opgeslagen: 6 koppels, 0 reserves.` }).waitFor();
  return chosen;
}

describe('match day: line-up, result set by set, confirmation, public page', () => {
  let browser: Browser;
  let match: Fixture;
  let other: Fixture;
  let home: { context: BrowserContext; page: Page };
  let away: { context: BrowserContext; page: Page };
  let homePlayers: string[] = [];
  const totals = { home: 0, away: 0 };

  beforeAll(async () => {
    browser = await launch();
    [match, other] = await upcomingMatches();
    // Result entry opens on the match day: the demo season's next rounds are brought forward to today.
    const admin = await apiSession('admin@tsbn.nl');
    for (const fixture of [match, other]) await moveToToday(admin, fixture);
    home = await newPage(browser, { width: 390, height: 844 });
    away = await newPage(browser);
    await login(home.page, secretaryOf(match.homeTeam));
    await login(away.page, secretaryOf(match.awayTeam));
  });
  afterAll(async () => {
    await home.context.close();
    await away.context.close();
    await browser.close();
  });

  it('lets both secretaries compose their line-up from their member list', async () => {
    const { page } = home;
    await page.goto(`${BASE_URL}/vereniging`);
    await page.getByRole('link', { name: 'Wedstrijden bekijken' }).click();
    await page.getByRole('list', { name: 'Komende wedstrijden' }).getByRole('link', { name: `${match.homeTeam.name} – ${match.awayTeam.name}` }).first().click();
    await page.getByRole('heading', { name: `${match.homeTeam.name} – ${match.awayTeam.name}` }).waitFor();
    homePlayers = await composeLineup(page, match.homeTeam.name);

    await away.page.goto(`${BASE_URL}/vereniging/wedstrijden/${match.id}`);
    await composeLineup(away.page, match.awayTeam.name);
  });

  it('lets the home secretary enter the whole match set by set, refusing an impossible set score at its table', async () => {
    const { page } = home;
    await page.goto(`${BASE_URL}/vereniging/wedstrijden/${match.id}`);
    await page.getByRole('link', { name: 'Uitslag invoeren, set voor set' }).click();
    await page.getByRole('heading', { name: 'Set 1 van 6' }).waitFor();

    // Set 1 game by game: the sides take turns; table 1 opens with a kap.
    await page.getByText('Per partij', { exact: true }).click();
    for (let table = 1; table <= 6; table++) {
      for (let game = 1; game <= 4; game++) {
        const row = page.getByRole('group', { name: `Set 1, tafel ${table}, partij ${game}` });
        const side = (table + game) % 2 === 0 ? 'home' : 'away';
        await row.getByText(side === 'home' ? 'Thuis' : 'Uit', { exact: true }).click();
        const kap = table === 1 && game === 1;
        if (kap) await row.getByRole('combobox', { name: `Set 1, tafel ${table}, partij ${game}: soort` }).selectOption('KAP');
        totals[side] += kap ? 5 : 2;
      }
    }
    await page.getByRole('region', { name: 'Set 1, tafel 1' }).getByText('7–4').waitFor();
    await page.getByRole('button', { name: 'Set 1 opslaan → set 2' }).click();
    await page.getByRole('heading', { name: 'Set 2 van 6' }).waitFor();

    // Sets 2–6 as set totals, typed and saved with Enter.
    await page.getByText('Setstand', { exact: true }).click();
    const scores = [
      [8, 0],
      [6, 2],
      [4, 4],
      [2, 6],
      [5, 6],
      [15, 6],
    ];
    const homeLabel = (set: number, table: number) => `Set ${set}, tafel ${table}: punten ${match.homeTeam.name}`;
    const awayLabel = (set: number, table: number) => `Set ${set}, tafel ${table}: punten ${match.awayTeam.name}`;
    for (let set = 2; set <= 6; set++) {
      for (let table = 1; table <= 6; table++) {
        const [h, a] = scores[(set + table) % scores.length];
        const impossible = set === 2 && table === 3;
        await page.getByRole('textbox', { name: homeLabel(set, table) }).fill(impossible ? '7' : String(h));
        await page.getByRole('textbox', { name: awayLabel(set, table) }).fill(impossible ? '0' : String(a));
        totals.home += h;
        totals.away += a;
      }
      await page.keyboard.press('Enter');
      if (set === 2) {
        const table3 = page.getByRole('region', { name: 'Set 2, tafel 3' });
        await table3.getByText('Set 2, tafel 3: 7–0 is geen mogelijke setstand').waitFor();
        expect(await page.getByRole('heading', { name: 'Set 2 van 6' }).isVisible()).toBe(true);
        const [h, a] = scores[(2 + 3) % scores.length];
        await page.getByRole('textbox', { name: homeLabel(2, 3) }).fill(String(h));
        await page.getByRole('textbox', { name: awayLabel(2, 3) }).fill(String(a));
        await page.keyboard.press('Enter');
      }
      if (set < 6) await page.getByRole('heading', { name: `Set ${set + 1} van 6` }).waitFor();
    }
    await page.getByRole('status').filter({ hasText: `De uitslag is compleet: ${totals.home} – ${totals.away}.` }).waitFor();
    // Saving set 6 does not sign: the home team checks the summary and signs (Regel 15).
    await page.getByRole('button', { name: 'Controleren en ondertekenen' }).click();
    const summary = page.getByRole('table', { name: 'Overzicht van de uitslag' });
    expect(await summary.locator('tfoot').innerText()).toContain(String(totals.home));
    await page.getByRole('button', { name: `Ondertekenen namens ${match.homeTeam.name}` }).click();
    await page.getByRole('status').filter({ hasText: `${match.awayTeam.name} kan hem nu controleren` }).first().waitFor();
  }, 120_000);

  it('lets the away secretary check the sets and confirm, which locks the result', async () => {
    const { page } = away;
    await page.goto(`${BASE_URL}/vereniging`);
    await page.getByRole('link', { name: 'Wedstrijden bekijken' }).click();
    await page.getByRole('list', { name: 'Te controleren' }).getByRole('link', { name: new RegExp(`${match.homeTeam.name} – ${match.awayTeam.name}`) }).click();
    await page.getByRole('region', { name: 'Set 6' }).waitFor();
    await page.getByRole('button', { name: 'Uitslag bevestigen' }).click();
    await page.getByRole('alertdialog', { name: 'Uitslag bevestigen?' }).getByText(`${totals.home} – ${totals.away}`).waitFor();
    await page.getByRole('button', { name: 'Ja, uitslag bevestigen' }).click();
    // The page refreshes into its confirmed state (the short-lived success notice may
    // already be gone by then), so wait for what stays.
    await page.getByText('Definitief', { exact: true }).waitFor();

    // The home secretary can no longer change it.
    await home.page.goto(`${BASE_URL}/vereniging/wedstrijden/${match.id}/uitslag`);
    await home.page.getByText(/staat vast/).first().waitFor();
    expect(await home.page.getByRole('heading', { name: 'Set 1 van 6' }).count()).toBe(0);
  });

  it('shows the confirmed result on the public match page, with family names only', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${BASE_URL}/wedstrijden/${match.id}`);
    await page.getByRole('heading', { name: `${match.homeTeam.name} – ${match.awayTeam.name}` }).waitFor();
    // How it became final, in the API's words (RULES.md "Say how it became final").
    await page.getByText('Bevestigd door beide teams', { exact: true }).first().waitFor();
    expect(await page.getByLabel('Stand').innerText()).toBe(`${totals.home} – ${totals.away}`);
    const winner = totals.home > totals.away ? `${match.homeTeam.name} wint` : totals.home < totals.away ? `${match.awayTeam.name} wint` : 'Gelijkspel';
    await page.getByText(winner, { exact: true }).waitFor();
    const set2 = page.getByRole('region', { name: 'Set 2' });
    expect(await set2.getByText('Tafel 3 · koppel 3 – koppel 2').count()).toBe(1);
    const [h, a] = [6, 2];
    expect(await set2.getByText(`${h}–${a}`).count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Wedstrijdformulier (PDF)' }).getAttribute('href')).toBe(`/api/matches/${match.id}/form.pdf`);
    expect(await page.getByRole('link', { name: 'Scorebriefjes per tafel (PDF)' }).getAttribute('href')).toBe(`/api/matches/${match.id}/score-slips.pdf`);

    // Regel 15: the pairs by family name; no given names or member numbers anywhere.
    const text = await page.locator('main').innerText();
    const [, fullName, memberNumber] = homePlayers[0].match(/^(.*) \((\d+)\)$/)!;
    const givenName = fullName.split(' ')[0];
    const familyName = fullName.slice(givenName.length + 1);
    expect(text).toContain(familyName);
    expect(text).not.toContain(memberNumber);
    expect(text).not.toContain(fullName);
    await context.close();
  });

  it('never lets a second scorer silently overwrite: the older save is refused and the newer result shown', async () => {
    const email = secretaryOf(other.homeTeam);
    const scorers = [await newPage(browser), await newPage(browser)];
    for (const { page } of scorers) {
      await login(page, email);
      await page.goto(`${BASE_URL}/vereniging/wedstrijden/${other.id}/uitslag?set=1`);
      await page.getByRole('heading', { name: 'Set 1 van 6' }).waitFor();
      await page.getByText('Setstand', { exact: true }).click();
    }
    const [first, second] = scorers.map((s) => s.page);
    const field = (page: Page, side: Team) => page.getByRole('textbox', { name: `Set 1, tafel 1: punten ${side.name}` });
    await field(first, other.homeTeam).fill('8');
    await field(first, other.awayTeam).fill('0');
    await first.keyboard.press('Enter');
    await first.getByRole('heading', { name: 'Set 2 van 6' }).waitFor();

    await field(second, other.homeTeam).fill('0');
    await field(second, other.awayTeam).fill('8');
    await second.keyboard.press('Enter');
    const stale = second.getByRole('alert').filter({ hasText: 'Iemand anders heeft deze wedstrijd intussen opgeslagen' });
    await stale.getByText('Tafel 1: 8–0').waitFor();
    await second.getByRole('button', { name: 'Nieuwste versie overnemen' }).click();
    expect(await field(second, other.homeTeam).inputValue()).toBe('8');
    expect(await field(second, other.awayTeam).inputValue()).toBe('0');

    // Read as the home club (the scorer's session): before the home team signs, the form's scores are not public (Regel 15).
    const stored = (await first.evaluate(async (id) => (await fetch(`/api/matches/${id}`)).json(), other.id)) as { sets: { setNumber: number; tableNumber: number; homePoints: number | null }[] };
    expect(stored.sets.find((s) => s.setNumber === 1 && s.tableNumber === 1)?.homePoints).toBe(8);
    for (const { context } of scorers) await context.close();
  });
});
