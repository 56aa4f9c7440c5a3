// Issue 45 item 6 in the browser, on a 390 px phone: the secretary who uploads a file with only
// her three new members is asked once more, with the number, before the list goes; and putting
// the list back brings the members, their registration dates and the line-up's eligibility back
// (RULES.md "A list upload is the whole list, and a mistake is undone").
// Uses Wanica Kaarters (with Nickerie Stars as the opponent) and a match of its own today; at the
// end the club's list is as it was (the three new members taken off again).
import type { Browser } from 'playwright-core';
import { apiSession, composeLineup, matchOfItsOwnToday, type ApiCall } from './api-session';
import { BASE_URL, launch, login, newPage } from './browser';
import { type Fixture, PHONE, secretaryOf } from './fixtures';

const CLUB = 'Wanica Kaarters';
const OPPONENT = 'Nickerie Stars';

interface MemberList {
  memberCount: number;
  entries: { memberNumber: string; givenNames: string; registeredOn: string; removedAt: string | null }[];
}

/** "2026-09-01" → "01-09-2026". */
const dutch = (iso: string) => iso.split('-').reverse().join('-');

describe('undo for a volunteer’s mistake on the moederlijst, on a phone', () => {
  let browser: Browser;
  let secretary: ApiCall;
  let match: Fixture;
  let listPath: string;
  let seasonStart: string;

  beforeAll(async () => {
    browser = await launch();
    const admin = await apiSession('admin@tsbn.nl');
    match = await matchOfItsOwnToday<Fixture>(admin, 'Terugzetten', [CLUB, OPPONENT]);
    const team = match.homeTeam.clubName === CLUB ? match.homeTeam : match.awayTeam;
    secretary = await apiSession(secretaryOf(team));
    // The line-up of tonight's match: twelve players registered at the season's start.
    await composeLineup(secretary, match.id, team.id);
    const me = await secretary<{ clubId: string }>('GET', '/api/auth/me');
    const season = await secretary<{ id: string; startsOn: string }>('GET', '/api/seasons/current');
    seasonStart = season.startsOn;
    listPath = `/api/seasons/${season.id}/clubs/${me.clubId}/member-list`;
  });
  afterAll(() => browser.close());

  it('asks again before an upload of three new members takes off the list, and the restore brings the list and the line-up’s eligibility back', async () => {
    const before = await secretary<MemberList>('GET', listPath);
    const count = before.memberCount;
    expect(count).toBeGreaterThan(12);
    const stamp = String(Date.now()).slice(-6);
    const lines = ['Lidnummer;Achternaam;Tussenvoegsel;Voornamen;Geboortedatum', ...[1, 2, 3].map((i) => `NIEUW-${stamp}-${i};Nieuwkomer;;Lid ${i};`)];
    const file = { name: 'nieuwe-leden.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n'), 'utf8') };

    const { context, page } = await newPage(browser, PHONE);
    await login(page, secretaryOf({ clubName: CLUB }));
    await page.goto(`${BASE_URL}/vereniging/moederlijst`);
    await page.getByRole('heading', { name: `Moederlijst ${CLUB}` }).waitFor();

    // 1. The preview says how many go, and that it will ask again.
    await page.getByLabel(/Bestand met de moederlijst/).setInputFiles(file);
    const preview = page.getByRole('region', { name: 'Voorbeeld' });
    await preview.getByText(`${count} afgevoerd`).waitFor();
    await preview.getByText(`Dat is meer dan 25% van de ${count} leden: bij het opslaan vragen we het nog een keer.`).waitFor();

    // 2. The first tap asks again, naming the number; a second tap on the same place stores nothing.
    const save = page.getByRole('button', { name: 'Bevestigen en opslaan' });
    await save.scrollIntoViewIfNeeded();
    const box = (await save.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const question = page.getByRole('alertdialog', { name: `Nog een keer bevestigen: ${count} leden afvoeren` });
    await question.getByText(`Dit bestand voert ${count} leden van de ${count} af: de hele moederlijst.`).waitFor();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(500);
    expect((await secretary<MemberList>('GET', listPath)).memberCount).toBe(count);
    if ((await question.count()) === 0) await save.click();
    await question.getByRole('button', { name: `Ja, ${count} leden afvoeren` }).click();
    await page.getByRole('status').filter({ hasText: `Moederlijst opgeslagen: 3 nieuw, 0 gewijzigd, ${count} afgevoerd, 0 ongewijzigd.` }).waitFor();
    await page.getByText(/Was dit een vergissing\? Tot en met \d\d-\d\d-\d{4} zet u de lijst terug onder 'Eerdere uploads'\./).waitFor();
    expect((await secretary<MemberList>('GET', listPath)).memberCount).toBe(3);

    // 3. Tonight's line-up: none of its twelve may play now.
    const lineupUrl = `${BASE_URL}/vereniging/wedstrijden/${match.id}/spelerslijst`;
    await page.goto(lineupUrl);
    await page.getByRole('heading', { name: /^Spelerslijst / }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Let op: 12 spelers zijn niet speelgerechtigd op deze wedstrijddatum' }).waitFor();

    // 4. Putting the list back, from the moederlijst page.
    await page.goto(`${BASE_URL}/vereniging/moederlijst`);
    const uploads = page.getByRole('region', { name: 'Eerdere uploads' });
    const upload = uploads.getByRole('listitem', { name: /^Upload nieuwe-leden\.csv van / });
    await upload.getByText(`Terugzetten: ${count} leden komen terug met de oorspronkelijke inschrijfdatum; 3 leden die deze upload toevoegde worden weer afgevoerd.`).waitFor();
    await upload.getByRole('button', { name: 'Lijst terugzetten naar vóór deze upload' }).click();
    await upload.getByRole('alertdialog').getByRole('button', { name: 'Ja, lijst terugzetten naar vóór deze upload' }).click();
    await page.getByRole('status', { name: 'Resultaat' }).getByText('Moederlijst teruggezet naar vóór nieuwe-leden.csv.').waitFor();
    await upload.getByText(/^Teruggezet op \d\d-\d\d-\d{4} \d\d:\d\d/).waitFor();

    // The list as it was: everyone back with the registration date they had, the three off again.
    const after = await secretary<MemberList>('GET', listPath);
    expect(after.memberCount).toBe(count);
    const on = (list: MemberList) => list.entries.filter((e) => e.removedAt === null).map((e) => `${e.memberNumber} ${e.registeredOn}`).sort();
    expect(on(after)).toEqual(on(before));
    const table = page.getByRole('table', { name: 'Leden op de moederlijst' });
    const ownPlayer = after.entries.find((e) => e.givenNames === 'Test Terugzetten 1' && e.removedAt === null)!;
    expect(ownPlayer.registeredOn).toBe(seasonStart);
    const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: `Lidnummer ${ownPlayer.memberNumber}`, exact: true }) });
    await row.getByRole('cell', { name: new RegExp(`^Ingeschreven ${dutch(seasonStart)}`) }).waitFor();

    // 5. And the line-up may play again.
    await page.goto(lineupUrl);
    await page.getByRole('heading', { name: /^Spelerslijst / }).waitFor();
    await page.getByLabel('Koppel 1, speler 1').waitFor();
    expect(await page.getByText(/niet speelgerechtigd op deze wedstrijddatum/).count()).toBe(0);
    expect(await page.getByText(/is niet speelgerechtigd:/).count()).toBe(0);
    await context.close();
  });
});
