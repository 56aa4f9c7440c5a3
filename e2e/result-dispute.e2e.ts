import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiCall, apiSession, moveToToday } from './api-session';
import { BASE_URL, launch, login, newPage } from './browser';
import { type Fixture, secretaryOf } from './fixtures';

/** Eerste klasse clubs whose secretaries no other browser test logs in as. */
const OWN_CLUBS = ['Coronie Kap', 'Saramacca Baunie', 'Commewijne 78', 'Para Troefcall'];
const COMMENT = 'Set 2, tafel 3 was 6–2 voor ons, niet 2–6. Zie ons formulier.';

/** An Eerste klasse match still to be played between two of OWN_CLUBS. */
async function pickMatch(admin: ApiCall): Promise<Fixture> {
  const season = await admin<{ id: string }>('GET', '/api/seasons/current');
  const divisions = await admin<{ id: string; name: string }[]>('GET', `/api/seasons/${season.id}/divisions`);
  const division = divisions.find((d) => d.name === 'Eerste klasse')!;
  const { rounds } = await admin<{ rounds: { matches: Fixture[] }[] }>('GET', `/api/divisions/${division.id}/matches`);
  const match = rounds
    .flatMap((r) => r.matches)
    .find((m) => m.status === 'SCHEDULED' && m.resultState === 'NONE' && OWN_CLUBS.includes(m.homeTeam.clubName) && OWN_CLUBS.includes(m.awayTeam.clubName));
  if (!match) throw new Error('De demo-seed heeft geen komende wedstrijd tussen twee van ' + OWN_CLUBS.join(', '));
  return match;
}

/** Pairs 1–6 from the first twelve players of the team's member list, through the API. */
async function composeLineup(secretary: ApiCall, matchId: string, teamId: string): Promise<void> {
  const lineup = await secretary<{ candidates: { memberId: string; eligible: boolean; playsElsewhere: string | null }[] }>('GET', `/api/matches/${matchId}/lineups/${teamId}`);
  // One member, one match a day: not those already on another match's line-up today (another test file's).
  const ids = lineup.candidates.filter((c) => c.eligible && !c.playsElsewhere).map((c) => c.memberId);
  const pairs = [1, 2, 3, 4, 5, 6].map((pairNumber) => ({ pairNumber, memberIds: [ids[2 * pairNumber - 2], ids[2 * pairNumber - 1]] }));
  await secretary('PUT', `/api/matches/${matchId}/lineups/${teamId}`, { pairs, reserves: [] });
}

describe('result dispute on a phone: away disagrees, the supervisor decides (final), the federation corrects', () => {
  let browser: Browser;
  let match: Fixture;
  let home: { context: BrowserContext; page: Page };
  let away: { context: BrowserContext; page: Page };
  const matchUrl = () => `${BASE_URL}/vereniging/wedstrijden/${match.id}`;

  beforeAll(async () => {
    const admin = await apiSession('admin@tsbn.nl');
    match = await pickMatch(admin);
    await moveToToday(admin, match);
    // The form as the home team typed it: 8–0 everywhere, but set 2 table 3 the wrong way round (2–6).
    const homeApi = await apiSession(secretaryOf(match.homeTeam));
    const awayApi = await apiSession(secretaryOf(match.awayTeam));
    await composeLineup(homeApi, match.id, match.homeTeam.id);
    await composeLineup(awayApi, match.id, match.awayTeam.id);
    const sets = [];
    for (let setNumber = 1; setNumber <= 6; setNumber++) {
      for (let tableNumber = 1; tableNumber <= 6; tableNumber++) {
        const wrong = setNumber === 2 && tableNumber === 3;
        sets.push({ setNumber, tableNumber, homePoints: wrong ? 2 : 8, awayPoints: wrong ? 6 : 0 });
      }
    }
    const { version } = await homeApi<{ version: number }>('GET', `/api/matches/${match.id}`);
    await homeApi('PUT', `/api/matches/${match.id}/result`, { version, sets });

    browser = await launch();
    home = await newPage(browser, { width: 390, height: 844 });
    away = await newPage(browser, { width: 390, height: 844 });
    await login(home.page, secretaryOf(match.homeTeam));
    await login(away.page, secretaryOf(match.awayTeam));
  });
  afterAll(async () => {
    await home?.context.close();
    await away?.context.close();
    await browser?.close();
  });

  it('lets the home secretary sign after checking the summary of sets and totals', async () => {
    const { page } = home;
    await page.goto(matchUrl());
    await page.getByText('Nog ondertekenen', { exact: true }).waitFor();
    // The away team has nothing to confirm yet.
    await away.page.goto(matchUrl());
    await away.page.getByText(`Controleren kan zodra ${match.homeTeam.name} de uitslag heeft ondertekend.`).waitFor();
    expect(await away.page.getByRole('button', { name: 'Uitslag bevestigen' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Controleren en ondertekenen' }).click();
    const summary = page.getByRole('table', { name: 'Overzicht van de uitslag' });
    await summary.waitFor();
    expect((await summary.locator('tfoot').innerText()).replace(/\s+/g, ' ')).toContain('Totaal 282 6');
    await page.getByRole('button', { name: `Ondertekenen namens ${match.homeTeam.name}` }).click();
    await page.getByText('Ondertekend', { exact: true }).first().waitFor();
  });

  it('lets the away secretary disagree, only with a comment; both sides see the dispute', async () => {
    const { page } = away;
    await page.goto(matchUrl());
    await page.getByText('Te controleren', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Niet akkoord', exact: true }).click();
    await page.getByRole('button', { name: 'Niet akkoord versturen' }).click();
    await page.getByRole('alert').filter({ hasText: 'Schrijf op wat er niet klopt' }).waitFor();
    await page.getByLabel(/Wat klopt er niet\?/).fill(COMMENT);
    await page.getByRole('button', { name: 'Niet akkoord versturen' }).click();
    const note = page.getByRole('note', { name: 'Betwist' });
    await note.getByText(`Betwist door ${match.awayTeam.name}:`).waitFor();
    expect(await note.innerText()).toContain(COMMENT);
    await page.getByText('Niet akkoord', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Uitslag bevestigen' }).count()).toBe(0);

    await home.page.goto(matchUrl());
    expect(await home.page.getByRole('note', { name: 'Betwist' }).innerText()).toContain(COMMENT);
    await home.page.getByText('Betwist', { exact: true }).waitFor();

    // The supervisor sees the dispute with its comment.
    const supervisor = await newPage(browser, { width: 390, height: 844 });
    await login(supervisor.page, 'wedstrijdleider@tsbn.nl');
    await supervisor.page.goto(`${BASE_URL}/wedstrijdleider?poule=${match.divisionId}`);
    const disputed = supervisor.page.getByRole('list', { name: 'Betwiste uitslagen' });
    expect(await disputed.getByRole('link', { name: new RegExp(`${match.homeTeam.name} – ${match.awayTeam.name}`) }).innerText()).toContain(COMMENT);
    await supervisor.context.close();
  });

  it('the refusal waits for the supervisor: the home secretary can no longer change or sign it (no loop)', async () => {
    const { page } = home;
    await page.goto(matchUrl());
    await page.getByText('De wedstrijdleider beslist; die beslissing maakt de uitslag definitief.', { exact: false }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Uitslag aanpassen' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Controleren en ondertekenen' }).count()).toBe(0);
  });

  it('lets the supervisor decide the refusal with a reason, which makes the result final for both', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await login(page, 'wedstrijdleider@tsbn.nl');
    await page.goto(`${BASE_URL}/wedstrijdleider/${match.id}`);
    const decision = page.getByRole('group', { name: 'Weigering beslissen' });
    await decision.getByRole('button', { name: 'Beslissen: formulier geldt' }).click();
    await decision.getByRole('alert').filter({ hasText: 'Geef de reden' }).waitFor();
    await decision.getByLabel(/Reden \(verplicht/).fill('Beide formulieren gezien; het formulier van de thuisploeg klopt');
    await decision.getByRole('button', { name: 'Beslissen: formulier geldt' }).click();
    await page.getByRole('status', { name: 'Definitief' }).filter({ hasText: /^Definitief na beslissing van de wedstrijdleider/ }).waitFor();
    await context.close();

    await home.page.goto(matchUrl());
    await home.page.getByText('Definitief', { exact: true }).waitFor();
    await home.page.getByText('De uitslag staat vast.').waitFor();
    await away.page.goto(matchUrl());
    await away.page.getByRole('status', { name: 'Definitief' }).waitFor();
  });

  it('shows the federation’s correction of the final result in the log at once, and on the public page with reason and date', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await login(page, 'admin@tsbn.nl');
    await page.goto(`${BASE_URL}/wedstrijdleider/${match.id}?set=1`);
    await page.getByRole('heading', { name: 'Set 1 van 6' }).waitFor();
    const reason = 'Tafel 1 van set 1 verkeerd overgenomen van het formulier';
    await page.getByLabel('Reden van de correctie (verplicht, komt in het logboek)').fill(reason);
    await page.getByRole('textbox', { name: `Set 1, tafel 1: punten ${match.homeTeam.name}` }).fill('6');
    await page.getByRole('textbox', { name: `Set 1, tafel 1: punten ${match.awayTeam.name}` }).fill('2');
    await page.getByRole('button', { name: 'Correctie set 1 opslaan' }).click();
    await page.getByRole('status').filter({ hasText: 'Nieuwe stand: 280 – 8.' }).waitFor();
    // The log on the same page is brought up to date without a reload.
    await page.getByText('Uitslag gecorrigeerd', { exact: true }).waitFor();
    await page.getByText(`Reden: ${reason}`).first().waitFor();
    await context.close();

    const visitor = await newPage(browser, { width: 390, height: 844 });
    await visitor.page.goto(`${BASE_URL}/wedstrijden/${match.id}`);
    const note = visitor.page.getByRole('note', { name: 'Gecorrigeerd' });
    const text = await note.innerText();
    expect(text).toContain('Gecorrigeerd door de bond');
    expect(text).toContain(reason);
    expect(text).toMatch(/op \d{2}-\d{2}-\d{4}/);
    expect(text).not.toContain('Wedstrijdleider TSBN');
    await visitor.context.close();
  });
});
