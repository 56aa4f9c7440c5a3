import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, login, newPage } from './browser';

/** "dd-mm-yyyy", `days` after today in the federation's time zone (how the screens write dates). */
function dutchDate(days: number): string {
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  const [y, m, day] = d.toISOString().slice(0, 10).split('-');
  return `${day}-${m}-${y}`;
}

async function download(page: Page, linkName: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: linkName }).click()]);
  return readFile((await file.path())!);
}

describe('fines', () => {
  let browser: Browser;
  const reason = 'Geen spelerslijst samengesteld voor aanvang van de wedstrijd (Regel 5D).';

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('lets an administrator confirm a proposed fine', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin@tsbn.nl');
    await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Boetes' }).click();
    await page.getByRole('heading', { name: 'Voorstellen om te beoordelen (1)' }).waitFor();
    const proposal = page.getByRole('listitem', { name: 'Voorstel Paramaribo Boys Regel 5D' });
    await proposal.getByText(reason).waitFor();
    await proposal.getByRole('button', { name: 'Bevestigen' }).click();
    const dialog = proposal.getByRole('dialog', { name: /Voorstel bevestigen: Paramaribo Boys betaalt/ });
    await dialog.getByRole('button', { name: 'Ja, bevestigen' }).click();
    await page.getByRole('heading', { name: 'Voorstellen om te beoordelen (0)' }).waitFor();
    await page.getByText('Geen voorstellen.').waitFor();

    // The filters live in the URL: open fines of the club show the confirmed one.
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByLabel('Status').selectOption('OPEN');
    await filters.getByLabel('Vereniging').selectOption({ label: 'Paramaribo Boys' });
    await filters.getByRole('button', { name: 'Filteren' }).click();
    await page.waitForURL(/status=OPEN/);
    const row = page.getByRole('row').filter({ hasText: reason });
    await row.getByText('Openstaand').waitFor();
    expect(await row.textContent()).toContain(dutchDate(30));
    expect(await page.getByRole('table', { name: 'Boetes' }).getByRole('row').count()).toBe(2); // header + the one fine
    await context.close();
  });

  it("shows the fine to the club's secretary on a phone, with a statement to download", async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await login(page, 'secretaris@paramaribo-boys.nl');
    await page.getByRole('link', { name: 'Boetes bekijken' }).click();
    await page.getByRole('heading', { name: 'Boetes' }).waitFor();
    const fine = page.getByRole('listitem', { name: `Boete ${reason}` });
    await fine.getByText('Openstaand').waitFor();
    await fine.getByText(`Uiterlijk betalen op ${dutchDate(30)}`).waitFor();
    await page.getByText(/Maak €\s15,00 over op/).waitFor();

    const pdf = await download(page, 'Overzicht (PDF)');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const csv = await download(page, 'Overzicht (CSV)');
    const text = csv.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain(`;5D;${reason};`);
    expect(text).toMatch(/Totaal openstaand;15,00/);
    await context.close();
  });

  it('keeps the fines out of reach of another club and of the public', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'secretaris@kaiman.nl');
    await page.goto(`${BASE_URL}/beheer/boetes`);
    await page.getByRole('heading', { name: 'Geen toegang' }).waitFor();
    await page.goto(`${BASE_URL}/vereniging/boetes`);
    expect(await page.getByText(reason).count()).toBe(0);
    await context.close();
    const anonymous = await newPage(browser);
    const res = await anonymous.page.goto(`${BASE_URL}/api/fines`);
    expect(res?.status()).toBe(401);
    await anonymous.context.close();
  });
});
