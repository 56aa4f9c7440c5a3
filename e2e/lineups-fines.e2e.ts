// Issue 14.4 and 14.5 in the browser: a club sees a proposed fine as a proposal, with its
// match; a line-up says why a player may not play, from when, and asks before saving.
// Uses Commewijne 78 and Para Troefcall (Eerste klasse); result-dispute.e2e.ts may play a match
// between them too, so this file records its forfeit on Commewijne 78's last match still to come
// and suspends a member of its own, leaving the demo players and the first matches as they were.
// What it needs is set up through the API as the administrator.
import type { Browser } from 'playwright-core';
import { apiSession } from './api-session';
import { BASE_URL, launch, login, newPage } from './browser';
import { type Fixture, type Team } from './fixtures';

/** "2026-11-28" → "28-11-2026", `days` later. */
function dutch(iso: string, days = 0): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  const [y, m, day] = d.toISOString().slice(0, 10).split('-');
  return `${day}-${m}-${y}`;
}

function isoPlus(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const FORFEIT_CLUB = 'Commewijne 78';
const LINEUP_CLUB = 'Para Troefcall';

describe('line-ups and fines people understand', () => {
  let browser: Browser;
  let forfeit: Fixture;
  let lineupMatch: Fixture;
  let lineupTeam: Team;
  let suspended: { memberId: string; name: string; endsOn: string };

  beforeAll(async () => {
    browser = await launch();
    const admin = await apiSession('admin@tsbn.nl');
    const seasons = await admin<{ id: string; name: string }[]>('GET', '/api/seasons');
    const season = seasons.find((s) => s.name === '2026/2027')!;
    const divisions = await admin<{ id: string; name: string }[]>('GET', `/api/seasons/${season.id}/divisions`);
    const division = divisions.find((d) => d.name === 'Eerste klasse')!;
    const { rounds } = await admin<{ rounds: { matches: Fixture[] }[] }>('GET', `/api/divisions/${division.id}/matches`);
    const upcoming = rounds.flatMap((r) => r.matches).filter((m) => m.status === 'SCHEDULED' && m.resultState === 'NONE');
    const plays = (m: Fixture, club: string) => m.homeTeam.clubName === club || m.awayTeam.clubName === club;

    // A forfeit by Commewijne 78 (3 pairs came: Regel 7), recorded as the administrator does it.
    forfeit = upcoming.filter((m) => plays(m, FORFEIT_CLUB) && !plays(m, LINEUP_CLUB)).at(-1)!;
    const offender = forfeit.homeTeam.clubName === FORFEIT_CLUB ? forfeit.homeTeam : forfeit.awayTeam;
    const { version } = await admin<{ version: number }>('GET', `/api/matches/${forfeit.id}`);
    await admin('POST', `/api/matches/${forfeit.id}/not-played`, { kind: 'FORFEIT', offendingTeamId: offender.id, pairsPresent: 3, reason: 'E2E-test: kwam met drie koppels', version });

    // A new Para Troefcall player (registered in time), suspended until a week after the club's next
    // match. A member of its own: result-dispute.e2e.ts may use Para Troefcall too and needs its
    // twelve demo players eligible.
    lineupMatch = upcoming.find((m) => plays(m, LINEUP_CLUB) && m.id !== forfeit.id)!;
    lineupTeam = lineupMatch.homeTeam.clubName === LINEUP_CLUB ? lineupMatch.homeTeam : lineupMatch.awayTeam;
    const clubs = await admin<{ id: string; name: string }[]>('GET', '/api/clubs');
    const club = clubs.find((c) => c.name === LINEUP_CLUB)!;
    const member = await admin<{ memberId: string; familyName: string; namePrefix: string | null; givenNames: string }>('POST', `/api/seasons/${season.id}/clubs/${club.id}/member-list/entries`, {
      memberNumber: `E2E-${Date.now()}`,
      familyName: 'Zeegelaar',
      givenNames: 'Proef',
      registeredOn: '2026-08-10',
      registeredOnReason: 'E2E-test: ingeschreven met de rest van de lijst',
    });
    const endsOn = isoPlus(lineupMatch.date, 7);
    await admin('POST', `/api/members/${member.memberId}/sanctions`, { kind: 'SUSPENSION', startsOn: '2026-09-01', endsOn, reason: 'E2E-test: wangedrag' });
    suspended = { memberId: member.memberId, name: [member.givenNames, member.namePrefix, member.familyName].filter(Boolean).join(' '), endsOn };
  });
  afterAll(() => browser.close());

  it("shows a forfeit's fine to the club as a proposal, not yet due, naming and linking its match", async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await login(page, 'secretaris@commewijne-78.nl');
    await page.goto(`${BASE_URL}/vereniging/boetes`);
    await page.getByRole('heading', { name: /Voorgesteld, nog niet definitief/ }).waitFor();
    const proposal = page.getByRole('list', { name: 'Voorgestelde boetes' }).getByRole('listitem').filter({ hasText: 'Regel 7' });
    await proposal.getByText('Voorgesteld', { exact: true }).waitFor();
    await proposal.getByText('Nog niet te betalen: de bond moet dit voorstel nog bevestigen.').waitFor();
    expect(await proposal.textContent()).toMatch(/€\s60,00/);
    const matchName = `${forfeit.homeTeam.name} – ${forfeit.awayTeam.name}, ${dutch(forfeit.date)}`;
    const link = proposal.getByRole('link', { name: matchName });
    expect(await link.getAttribute('href')).toBe(`/wedstrijden/${forfeit.id}`);
    // Not yet due: nothing to pay, and it is not among the fines.
    expect(await page.getByText(/Maak .* over op/).count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Boetes van uw vereniging' }).count()).toBe(0);
    await link.click();
    await page.waitForURL(`${BASE_URL}/wedstrijden/${forfeit.id}`);
    await context.close();

    // The administrator has it among the proposals, with the same match.
    const admin = await newPage(browser);
    await login(admin.page, 'admin@tsbn.nl');
    await admin.page.goto(`${BASE_URL}/beheer/boetes`);
    const card = admin.page.getByRole('listitem', { name: `Voorstel ${FORFEIT_CLUB} Regel 7` });
    await card.getByRole('link', { name: matchName }).waitFor();
    await admin.context.close();
  });

  it('says why a player may not play and from when, marks an incomplete line-up, and asks before saving', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await login(page, 'secretaris@para-troefcall.nl');
    await page.goto(`${BASE_URL}/vereniging/wedstrijden/${lineupMatch.id}/spelerslijst`);
    await page.getByRole('heading', { name: `Spelerslijst ${lineupTeam.name}` }).waitFor();
    const from = dutch(suspended.endsOn, 1);

    // The pick list gives the reason and the date.
    const first = page.getByLabel('Koppel 1, speler 1');
    const option = first.locator(`option[value="${suspended.memberId}"]`);
    expect(await option.innerText()).toContain(`niet speelgerechtigd: geschorst, speelgerechtigd vanaf ${from}`);
    // The players the form offers (one who plays another match today is shown disabled: another test file's match may have them).
    const values = (await first.locator('option:not([disabled])').evaluateAll((os) => os.map((o) => o.getAttribute('value') ?? ''))).filter((v) => v && v !== suspended.memberId);
    expect(values.length).toBeGreaterThanOrEqual(11);

    // Saving an empty line-up marks the places to fill, each with its own message.
    await page.getByRole('button', { name: 'Spelerslijst opslaan' }).click();
    expect(await first.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Kies speler 1 van koppel 1: een spelerslijst heeft ten minste één koppel.').waitFor();

    // A suspended player in a pair: the reason, the date and Regel 4 as it applies to a player who plays.
    await first.selectOption(suspended.memberId);
    await page.getByLabel('Koppel 1, speler 2').selectOption(values[0]);
    expect(await first.getAttribute('aria-invalid')).toBeNull();
    const note = page.getByText(`${suspended.name} is niet speelgerechtigd:`).locator('..');
    expect(await note.textContent()).toContain(`Geschorst van 01-09-2026 tot en met ${dutch(suspended.endsOn)}`);
    expect(await note.textContent()).toContain(`Speelgerechtigd vanaf ${from}.`);
    await page.getByRole('button', { name: 'Spelerslijst opslaan' }).click();
    let dialog = page.getByRole('alertdialog', { name: 'Opslaan met een speler die niet speelgerechtigd is' });
    const text = await dialog.textContent();
    expect(text).toContain(`${suspended.name} (in een koppel):`);
    expect(text).toContain(`Speelgerechtigd vanaf ${from}.`);
    expect(text).toMatch(/Speelt deze speler, dan verliest uw team de wedstrijd en krijgt het 3 competitiepunten aftrek \(Regel 4\)/);
    await dialog.getByRole('button', { name: 'Nee, spelerslijst aanpassen' }).click();
    expect(await dialog.count()).toBe(0);

    // Five pairs and half a sixth: the empty place is marked.
    await first.selectOption(values[1]);
    for (let i = 2; i < 10; i++) await page.getByLabel(`Koppel ${Math.floor(i / 2) + 1}, speler ${(i % 2) + 1}`).selectOption(values[i]);
    await page.getByLabel('Koppel 6, speler 1').selectOption(values[10]);
    await page.getByRole('button', { name: 'Spelerslijst opslaan' }).click();
    expect(await page.getByLabel('Koppel 6, speler 2').getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Kies speler 2 van koppel 6, of maak het koppel helemaal leeg als het ontbrak (Regel 12A).').waitFor();
    await page.getByLabel('Koppel 6, speler 1').selectOption('');

    // The suspended player as a reserve: no consequence unless brought in; saved after "yes".
    await page.getByLabel('Reserve 1').selectOption(suspended.memberId);
    await page.getByRole('button', { name: 'Spelerslijst opslaan' }).click();
    dialog = page.getByRole('alertdialog', { name: 'Opslaan met een speler die niet speelgerechtigd is' });
    expect(await dialog.textContent()).toContain(
      'Als reserve heeft dit geen gevolgen zolang deze speler niet invalt. Valt deze speler in, dan verliest uw team de wedstrijd en krijgt het 3 competitiepunten aftrek (Regel 4).',
    );
    expect(await dialog.textContent()).toContain('Koppel 6 is leeg');
    await dialog.getByRole('button', { name: 'Ja, toch opslaan' }).click();
    await page.getByRole('status').filter({ hasText: `Spelerslijst van ${lineupTeam.name} opgeslagen: 5 koppels, 1 reserve.` }).waitFor();
    await page.getByText(`Vastgelegd als niet speelgerechtigd: ${suspended.name} (Regel 4).`).waitFor();
    await context.close();
  });
});
