import type { Browser, Page } from 'playwright-core';
import { apiSession } from './api-session';
import { BASE_URL, launch, login, newPage } from './browser';

interface Entry {
  memberNumber: string;
  familyName: string;
  namePrefix: string | null;
  givenNames: string;
  birthDate: string | null;
  removedAt: string | null;
}

/** The club's current list as the API gives it to its secretary, so the uploaded file keeps those members. */
async function currentList(page: Page): Promise<{ clubId: string; entries: Entry[] }> {
  const me = await (await page.request.get(`${BASE_URL}/api/auth/me`)).json();
  const season = await (await page.request.get(`${BASE_URL}/api/seasons/current`)).json();
  const list = await (await page.request.get(`${BASE_URL}/api/seasons/${season.id}/clubs/${me.clubId}/member-list`)).json();
  return { clubId: me.clubId, entries: (list.entries as Entry[]).filter((e) => e.removedAt === null) };
}

function csvFile(entries: Entry[], extraLines: string[]) {
  const lines = ['Lidnummer;Achternaam;Tussenvoegsel;Voornamen;Geboortedatum', ...entries.map((e) => `${e.memberNumber};${e.familyName};${e.namePrefix ?? ''};${e.givenNames};${e.birthDate?.split('-').reverse().join('-') ?? ''}`), ...extraLines];
  return { name: 'moederlijst.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n'), 'utf8') };
}

describe('moederlijst (member list) upload by a secretary', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('uploads a file, sees the preview with one error, uploads the corrected file, confirms and sees the list', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await login(page, 'secretaris@albina-aces.nl');
    const { entries } = await currentList(page);
    expect(entries.length).toBeGreaterThan(0);
    const stamp = String(Date.now()).slice(-6);
    const chérie = `88${stamp}`;
    const siti = `89${stamp}`;

    await page.goto(`${BASE_URL}/vereniging`);
    await page.getByRole('link', { name: 'Moederlijst bekijken' }).click();
    await page.getByRole('heading', { name: 'Moederlijst Albina Aces' }).waitFor();
    const fileInput = page.getByLabel(/Bestand met de moederlijst/);

    // 1. A file with one row without a member number.
    const faulty = entries.length + 3; // header row 1, existing members, Chérie, then the faulty row
    await fileInput.setInputFiles(csvFile(entries, [`${chérie};Doëlla;;Chérie;12-03-1984`, ';Kromodimedjo;;Siti Aïsha;17-05-1990']));
    const preview = page.getByRole('region', { name: 'Voorbeeld' });
    const errors = preview.getByRole('list', { name: 'Fouten per rij' });
    await errors.getByRole('listitem', { name: `Rij ${faulty}` }).getByText('Lidnummer ontbreekt').waitFor();
    await preview.getByText('1 fout', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Bevestigen en opslaan' }).isDisabled()).toBe(true);

    // A row with several errors: one "Rij" heading over all of them (issue 23 item 11).
    await fileInput.setInputFiles(csvFile(entries, [`${chérie};Doëlla;;Chérie;12-03-1984`, ';;;;31-02-1990']));
    const row = errors.getByRole('listitem', { name: `Rij ${faulty}` });
    await row.getByText('Lidnummer ontbreekt').waitFor();
    expect(await row.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    expect(await errors.getByText(`Rij ${faulty}`).count()).toBe(1);
    expect(await errors.textContent()).not.toContain(`Rij ${faulty}:`);

    // 2. The corrected file: no errors, two new members, nothing removed.
    await fileInput.setInputFiles(csvFile(entries, [`${chérie};Doëlla;;Chérie;12-03-1984`, `${siti};Kromodimedjo;;Siti Aïsha;17-05-1990`]));
    await preview.getByText('2 nieuw').waitFor();
    expect(await preview.getByText(/lidnummer ontbreekt/).count()).toBe(0);
    await preview.getByText('0 gewijzigd').waitFor();
    await preview.getByText('0 afgevoerd').waitFor();
    // On the phone the birth date is shown in full, under its column's name, not cut off at the edge.
    const added = preview.getByRole('table', { name: 'Nieuw op de lijst' });
    const born = added.getByText('12-03-1984');
    await born.waitFor();
    const box = (await born.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await born.evaluate((el) => getComputedStyle(el, '::before').content)).toContain('Geboortedatum');
    await page.getByRole('button', { name: 'Bevestigen en opslaan' }).click();
    await page.getByRole('status').filter({ hasText: 'Moederlijst opgeslagen: 2 nieuw, 0 gewijzigd, 0 afgevoerd' }).waitFor();

    // 3. The list shows the new members, also after a reload.
    const table = page.getByRole('table', { name: 'Leden op de moederlijst' });
    await table.getByText('Doëlla, Chérie').waitFor();
    await page.reload();
    await table.getByText('Kromodimedjo, Siti Aïsha').waitFor();
    expect(await table.getByRole('row').count()).toBe(entries.length + 2 + 1);
    await context.close();
  });

  it('keeps a member the board transferred to another club in the old club’s history, by family name only', async () => {
    const secretary = await apiSession('secretaris@albina-aces.nl');
    const admin = await apiSession('admin@tsbn.nl');
    const me = await secretary<{ clubId: string }>('GET', '/api/auth/me');
    const season = await secretary<{ id: string }>('GET', '/api/seasons/current');
    const other = (await admin<{ id: string; name: string }[]>('GET', '/api/clubs')).find((c) => c.id !== me.clubId)!;
    const number = `TS-77${String(Date.now()).slice(-6)}`;
    await secretary('POST', `/api/seasons/${season.id}/clubs/${me.clubId}/member-list/entries`, { memberNumber: number, familyName: 'Vertrokken', namePrefix: 'van', givenNames: 'Roosje' });
    // Inside the freeze only the board decides, with a written reason; outside it a transfer takes effect at once as well.
    await admin('POST', '/api/transfers', { memberNumber: number, toClubId: other.id, boardReason: 'Bestuursbesluit: verhuisd' });

    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await login(page, 'secretaris@albina-aces.nl');
    await page.goto(`${BASE_URL}/vereniging`);
    await page.getByRole('link', { name: 'Moederlijst bekijken' }).click();
    const away = page.getByRole('region', { name: 'Overgeschreven' });
    await away.getByText('van Vertrokken').waitFor();
    await away.getByText(`naar ${other.name} per `).waitFor();
    expect(await away.textContent()).not.toContain('Roosje');
    expect(await page.getByRole('table', { name: 'Leden op de moederlijst' }).getByText('Vertrokken').count()).toBe(0);
    await context.close();
  });
});
