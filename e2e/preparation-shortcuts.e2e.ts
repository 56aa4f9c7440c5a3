// Issue 23 item 11, the smaller journeys, at 390 px: a secretary fills the line-up from the
// previous match (a member suspended since is left out, named, and nothing is saved until
// "opslaan"); the administrator takes over last season's divisions and teams into a season in
// preparation, after a confirmation, and the schedule form warns for a suggested date on a
// public holiday; the table's phone and the live page name a pair's players in one order.
// Everything runs on divisions, teams and players of this file's own (Marowijne, Sranan Troef).
import type { Browser } from 'playwright-core';
import { apiSession, type ApiCall, composeLineup, matchOfItsOwnToday, todayInAmsterdam } from './api-session';
import { BASE_URL, launch, login, newPage } from './browser';
import { type Fixture, PHONE, secretaryOf } from './fixtures';

const CLUBS = ['Marowijne', 'Sranan Troef'] as const;

function isoPlus(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const dutch = (iso: string) => iso.split('-').reverse().join('-');

interface Season {
  id: string;
  name: string;
  startsOn: string;
}

describe('shortcuts for the secretary and the administrator (issue 23 item 11)', () => {
  let browser: Browser;
  let admin: ApiCall;
  let season: Season;
  let code: string;

  beforeAll(async () => {
    browser = await launch();
    admin = await apiSession('admin@tsbn.nl');
    season = await admin<Season>('GET', '/api/seasons/current');
    code = Math.random().toString(36).slice(2, 6);
  });
  afterAll(() => browser.close());

  it("fills the line-up with the previous match's, leaves out a member suspended since with who and why, and saves nothing", async () => {
    const clubs = await admin<{ id: string; name: string }[]>('GET', '/api/clubs');
    const club = clubs.find((c) => c.name === CLUBS[0])!;
    const opponent = clubs.find((c) => c.name === CLUBS[1])!;
    const division = await admin<{ id: string }>('POST', '/api/divisions', { seasonId: season.id, name: `E2E overnemen ${code}`, level: 9 });
    const team = await admin<{ id: string; name: string }>('POST', '/api/teams', { divisionId: division.id, clubId: club.id, name: `${club.name} (overnemen ${code})` });
    await admin('POST', '/api/teams', { divisionId: division.id, clubId: opponent.id, name: `${opponent.name} (overnemen ${code})` });
    // Thirteen players of this test's own, named so that their order is the order they were added.
    const players: { memberId: string; name: string }[] = [];
    for (let i = 1; i <= 13; i++) {
      const familyName = `Kopie${String(i).padStart(2, '0')}`;
      const entry = await admin<{ memberId: string }>('POST', `/api/seasons/${season.id}/clubs/${club.id}/member-list/entries`, {
        memberNumber: `E2E-KOPIE-${code}-${i}`.toUpperCase(),
        familyName,
        givenNames: `Test ${i}`,
        registeredOn: season.startsOn,
        registeredOnReason: 'Speler van een browsertest, ingeschreven bij de start van het seizoen',
      });
      players.push({ memberId: entry.memberId, name: `Test ${i} ${familyName}` });
    }
    const first = isoPlus(todayInAmsterdam(), 14);
    const second = isoPlus(first, 7);
    await admin('POST', `/api/divisions/${division.id}/schedule`, { dates: [first, second], double: true, startTime: '20:00' });
    const { rounds } = await admin<{ rounds: { matches: Fixture[] }[] }>('GET', `/api/divisions/${division.id}/matches`);
    const [previous, next] = [rounds[0].matches[0], rounds[1].matches[0]];
    const secretary = await apiSession(secretaryOf({ clubName: club.name }));
    const ids = players.map((p) => p.memberId);
    await secretary('PUT', `/api/matches/${previous.id}/lineups/${team.id}`, {
      pairs: [1, 2, 3, 4, 5, 6].map((pairNumber) => ({ pairNumber, memberIds: [ids[2 * pairNumber - 2], ids[2 * pairNumber - 1]] })),
      reserves: [ids[12]],
    });
    // Player 3 (pair 2) is suspended from the day after the first match.
    await admin('POST', `/api/members/${ids[2]}/sanctions`, { kind: 'SUSPENSION', startsOn: isoPlus(first, 1), endsOn: isoPlus(second, 30), reason: 'E2E-test: wangedrag' });

    const { context, page } = await newPage(browser, PHONE);
    await login(page, secretaryOf({ clubName: club.name }));
    await page.goto(`${BASE_URL}/vereniging/wedstrijden/${next.id}/spelerslijst`);
    await page.getByRole('heading', { name: `Spelerslijst ${team.name}` }).waitFor();
    expect(await page.getByLabel('Koppel 1, speler 1').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Opstelling van vorige wedstrijd overnemen' }).click();
    const told = page.getByRole('status').filter({ hasText: 'staat in het formulier' });
    await told.waitFor();
    const text = (await told.textContent())!;
    expect(text).toContain(`(${dutch(first)})`);
    expect(text).toContain('Nog niet opgeslagen');
    expect(text).toContain(`${players[2].name} (koppel 2): Geschorst van ${dutch(isoPlus(first, 1))} tot en met ${dutch(isoPlus(second, 30))}`);
    expect(await page.getByLabel('Koppel 1, speler 1').inputValue()).toBe(ids[0]);
    expect(await page.getByLabel('Koppel 1, speler 2').inputValue()).toBe(ids[1]);
    expect(await page.getByLabel('Koppel 2, speler 1').inputValue()).toBe('');
    expect(await page.getByLabel('Koppel 2, speler 2').inputValue()).toBe(ids[3]);
    expect(await page.getByLabel('Koppel 6, speler 2').inputValue()).toBe(ids[11]);
    expect(await page.getByLabel('Reserve 1').inputValue()).toBe(ids[12]);
    // Nothing stored until the secretary saves.
    expect((await secretary<{ recorded: boolean }>('GET', `/api/matches/${next.id}/lineups/${team.id}`)).recorded).toBe(false);
    // The page stays within the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it("takes over last season's divisions and teams after a confirmation, and warns for suggested dates on public holidays", async () => {
    const name = `E2E overnemen ${code}`;
    const created = await admin<Season>('POST', '/api/seasons', { name, startsOn: '2035-09-01', competitionStartsOn: '2035-09-15', endsOn: '2036-05-31' });
    const seasons = await admin<Season[]>('GET', '/api/seasons?includeArchived=true');
    const from = seasons.filter((s) => s.id !== created.id && s.startsOn < created.startsOn).sort((a, b) => (a.startsOn < b.startsOn ? 1 : -1))[0];
    const fromDivisions = await admin<{ name: string; archivedAt: string | null }[]>('GET', `/api/seasons/${from.id}/divisions`);

    const { context, page } = await newPage(browser, PHONE);
    await login(page, 'admin@tsbn.nl');
    await page.goto(`${BASE_URL}/beheer/seizoenen/${created.id}`);
    await page.getByText('Nog geen poules.').waitFor();
    await page.getByRole('button', { name: `Poules en teams van ${from.name} overnemen` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Poules en teams overnemen' });
    expect(await dialog.textContent()).toContain('het programma, de spelers en de uitslagen worden niet overgenomen');
    // Nothing happens before the "yes".
    expect(await admin<unknown[]>('GET', `/api/seasons/${created.id}/divisions`)).toHaveLength(0);
    await dialog.getByRole('button', { name: 'Ja, overnemen' }).click();
    await page.getByRole('status').filter({ hasText: `Overgenomen van seizoen ${from.name}` }).waitFor();
    const copied = await admin<{ name: string; teams: unknown[] }[]>('GET', `/api/seasons/${created.id}/divisions`);
    expect(copied.map((d) => d.name).sort()).toEqual(fromDivisions.filter((d) => !d.archivedAt).map((d) => d.name).sort());
    const division = [...copied].sort((a, b) => b.teams.length - a.teams.length)[0];
    expect(division.teams.length).toBeGreaterThanOrEqual(3);
    await page.getByRole('region', { name: `Poule ${division.name}` }).waitFor();
    expect(await page.getByRole('button', { name: /overnemen$/ }).count()).toBe(0);

    // The schedule's suggested dates: every week from 11 December 2035 runs into Christmas and New Year.
    const schedule = page.getByRole('region', { name: `Speelschema ${division.name}` });
    await schedule.getByLabel('Eerste speeldag').fill('2035-12-11');
    await schedule.getByLabel('Elke … dagen').fill('7');
    await schedule.getByRole('button', { name: 'Speeldata invullen' }).click();
    const warning = schedule.getByRole('note', { name: 'Feestdagen' });
    await warning.getByText('25-12-2035 is Eerste Kerstdag').waitFor();
    await warning.getByText('01-01-2036 is Nieuwjaarsdag').waitFor();
    expect(await warning.textContent()).not.toContain('18-12-2035');
    await context.close();
  });

  it("names a pair's players in the same order on the table's phone and on the live page", async () => {
    const match = await matchOfItsOwnToday<Fixture>(admin, `paren ${code}`, CLUBS);
    const home = await apiSession(secretaryOf(match.homeTeam));
    const away = await apiSession(secretaryOf(match.awayTeam));
    await composeLineup(home, match.id, match.homeTeam.id);
    await composeLineup(away, match.id, match.awayTeam.id);
    // The home secretary chose every pair's players the other way round (Z before A).
    type Lineup = { pairs: { pairNumber: number; players: { memberId: string }[] }[]; reserves: { memberId: string }[] };
    const saved = await home<Lineup>('GET', `/api/matches/${match.id}/lineups/${match.homeTeam.id}`);
    await home('PUT', `/api/matches/${match.id}/lineups/${match.homeTeam.id}`, {
      pairs: saved.pairs.map((p) => ({ pairNumber: p.pairNumber, memberIds: p.players.map((x) => x.memberId).reverse() })),
      reserves: saved.reserves.map((r) => r.memberId),
    });
    const night = await home<{ tables: { tableNumber: number; code: string }[] }>('POST', `/api/matches/${match.id}/night`, {});

    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${BASE_URL}/tafel/${night.tables.find((t) => t.tableNumber === 1)!.code}`);
    const atTable = page.getByRole('region', { name: 'Set 1' }).locator('dd').first().locator('strong');
    await atTable.waitFor();
    const tableNames = (await atTable.textContent())!.trim();
    expect(tableNames).toMatch(/ \/ /);
    await page.goto(`${BASE_URL}/wedstrijden/${match.id}/live`);
    const row = page.getByRole('region', { name: 'Set 1' }).getByRole('listitem').first();
    await row.waitFor();
    expect((await row.textContent())!.replace(/\s+/g, ' ')).toContain(`T1 ${tableNames}`);
    await context.close();
  });
});
