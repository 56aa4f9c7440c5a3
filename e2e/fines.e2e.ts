import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { apiSession, todayInAmsterdam } from './api-session';
import { BASE_URL, DEMO_PASSWORD, launch, login, newPage } from './browser';

/** The administrator's API calls, for a test that needs the state another test would leave. */
async function asAdmin<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@tsbn.nl', password: DEMO_PASSWORD }) });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const answer = await fetch(`${BASE_URL}${path}`, { method, headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** "Voorstellen om te beoordelen (3)" → 3. */
async function proposalCount(page: Page): Promise<number> {
  const heading = page.getByRole('heading', { name: /^Voorstellen om te beoordelen \(\d+\)$/ });
  return Number(/\((\d+)\)/.exec((await heading.textContent()) ?? '')![1]);
}

/** "dd-mm-yyyy", `days` after today in the federation's time zone (how the screens write dates). */
function dutchDate(days: number): string {
  const d = new Date(`${todayInAmsterdam()}T00:00:00Z`);
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

  /**
   * The seeded Regel 5D proposal of Paramaribo Boys, confirmed: by the first test through the
   * screen, or here through the API when a test runs without it (each test stands alone; other
   * files may add proposals of other clubs, so no test counts the seed's).
   */
  async function confirmedSeedFine(): Promise<void> {
    const { fines } = await asAdmin<{ fines: { id: string; clubName: string; reason: string }[] }>('GET', '/api/fines?status=PROPOSED');
    const seeded = fines.find((f) => f.clubName === 'Paramaribo Boys' && f.reason === reason);
    if (seeded) await asAdmin('POST', `/api/fines/${seeded.id}/confirm`, {});
  }

  it('lets an administrator confirm a proposed fine', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin@tsbn.nl');
    await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Boetes' }).click();
    const proposal = page.getByRole('listitem', { name: 'Voorstel Paramaribo Boys Regel 5D' });
    await proposal.getByText(reason).waitFor();
    const before = await proposalCount(page);
    expect(before).toBeGreaterThanOrEqual(1);
    await proposal.getByRole('button', { name: 'Bevestigen' }).click();
    const dialog = proposal.getByRole('dialog', { name: /Voorstel bevestigen: Paramaribo Boys betaalt/ });
    await dialog.getByRole('button', { name: 'Ja, bevestigen' }).click();
    await page.getByRole('heading', { name: `Voorstellen om te beoordelen (${before - 1})` }).waitFor();
    expect(await proposal.count()).toBe(0);
    if (before === 1) await page.getByText('Geen voorstellen.').waitFor();

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
    await confirmedSeedFine();
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
    await confirmedSeedFine();
    // Kaiman may have fines of its own with the same rule's text (on a match day its own
    // Regel 5D proposal appears at the start of the match): what it must never see is another
    // club's. Its page shows exactly its own fines, and Paramaribo Boys' are refused to it.
    const kaiman = await apiSession('secretaris@kaiman.nl');
    const me = await kaiman<{ clubId: string }>('GET', '/api/auth/me');
    const clubs = await asAdmin<{ id: string; name: string }[]>('GET', '/api/clubs');
    const paramaribo = clubs.find((c) => c.name === 'Paramaribo Boys')!;
    await expect(kaiman('GET', `/api/clubs/${paramaribo.id}/fines`)).rejects.toThrow(/ 403 /);
    type OwnFine = { reason: string; match: { homeTeamName: string; awayTeamName: string } | null; beneficiaryClubName: string | null };
    const own = await kaiman<{ clubName: string; fines: OwnFine[]; proposed: OwnFine[] }>('GET', `/api/clubs/${me.clubId}/fines`);
    expect(own.clubName).toBe('Kaiman');

    const { context, page } = await newPage(browser);
    await login(page, 'secretaris@kaiman.nl');
    await page.goto(`${BASE_URL}/beheer/boetes`);
    await page.getByRole('heading', { name: 'Geen toegang' }).waitFor();
    await page.goto(`${BASE_URL}/vereniging/boetes`);
    await page.getByRole('heading', { name: 'Boetes' }).waitFor();
    const shown = (await page.getByRole('listitem', { name: `Boete ${reason}` }).count()) + (await page.getByRole('listitem', { name: `Voorstel ${reason}` }).count());
    // getByRole's name matches a part of the text, as a proposal's reason may say more.
    // Its fines and its proposals (a match day's own Regel 5D proposal is one), nothing else.
    expect(shown).toBe([...own.fines, ...own.proposed].filter((f) => f.reason.includes(reason)).length);
    // Paramaribo Boys' name appears only where one of Kaiman's own fines names it: the match it
    // is about (Kaiman played them; on a match day the browser tests play that match) or the
    // club that receives it (Regel 9B). Never a fine of Paramaribo Boys' own.
    const named = (text: string | null | undefined) => (text?.includes('Paramaribo Boys') ? 1 : 0);
    const mentions = [...own.fines, ...own.proposed].reduce((n, f) => n + named(f.match ? `${f.match.homeTeamName} – ${f.match.awayTeamName}` : null) + named(f.beneficiaryClubName), 0);
    expect(await page.getByText('Paramaribo Boys').count()).toBe(mentions);
    await context.close();
    const anonymous = await newPage(browser);
    const res = await anonymous.page.goto(`${BASE_URL}/api/fines`);
    expect(res?.status()).toBe(401);
    await anonymous.context.close();
  });
});
