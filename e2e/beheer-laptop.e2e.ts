// Issue 47 item 8, Beheer on a 1366 px laptop: the sub-menu shows every page without sideways
// scrolling ("E-mail" and "Ratings" were off screen), and Beheer → E-mail names what each mail is
// for in Dutch ("Wedstrijd verplaatst", not "match.moved"). axe finds nothing serious. Moves a
// match of its own (a division of its own, in the weeks ahead) for a mail to show.
import type { Browser } from 'playwright-core';
import { apiSession, todayInAmsterdam } from './api-session';
import { seriousFindings } from './axe';
import { BASE_URL, launch, login, newPage } from './browser';
import type { Fixture } from './fixtures';

const LAPTOP = { width: 1366, height: 768 };

function isoPlus(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe('Beheer on a laptop (issue 47)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('the sub-menu fits: every link on screen, no sideways scrolling', async () => {
    const { context, page } = await newPage(browser, LAPTOP);
    await login(page, 'admin@tsbn.nl');
    await page.goto(`${BASE_URL}/beheer`);
    const nav = page.getByRole('navigation', { name: 'Beheer' });
    await nav.waitFor();
    expect(await nav.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const links = nav.getByRole('link');
    const navBox = (await nav.boundingBox())!;
    for (let i = 0; i < (await links.count()); i++) {
      const box = (await links.nth(i).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(navBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(Math.min(navBox.x + navBox.width, LAPTOP.width) + 0.5);
    }
    expect(await seriousFindings(page)).toEqual([]);
    await nav.getByRole('link', { name: 'Ratings' }).click();
    await page.waitForURL(`${BASE_URL}/beheer/ratings`);
    await nav.getByRole('link', { name: 'E-mail' }).click();
    await page.waitForURL(`${BASE_URL}/beheer/e-mail`);
    await context.close();
  });

  it('Beheer → E-mail names each mail in Dutch, not by its code', async () => {
    const admin = await apiSession('admin@tsbn.nl');
    const season = await admin<{ id: string }>('GET', '/api/seasons/current');
    const clubs = await admin<{ id: string; name: string }[]>('GET', '/api/clubs');
    const code = Math.random().toString(36).slice(2, 6);
    const division = await admin<{ id: string }>('POST', '/api/divisions', { seasonId: season.id, name: `E2E verplaatst ${code}`, level: 9 });
    for (const name of ['Brokopondo', 'Albina Aces']) {
      await admin('POST', '/api/teams', { divisionId: division.id, clubId: clubs.find((c) => c.name === name)!.id, name: `${name} (verplaatst ${code})` });
    }
    const date = isoPlus(todayInAmsterdam(), 42);
    await admin('POST', `/api/divisions/${division.id}/schedule`, { dates: [date], double: false, startTime: '20:00' });
    const { rounds } = await admin<{ rounds: { matches: Fixture[] }[] }>('GET', `/api/divisions/${division.id}/matches`);
    await admin('POST', `/api/matches/${rounds[0].matches[0].id}/move`, { date: isoPlus(date, 1), startTime: '20:00', reason: 'E2E-test: zaal bezet' });

    const { context, page } = await newPage(browser, LAPTOP);
    await login(page, 'admin@tsbn.nl');
    await page.goto(`${BASE_URL}/beheer/e-mail`);
    const table = page.getByRole('table', { name: 'Verzonden mail (de laatste 200)' });
    const moved = table.getByRole('row').filter({ hasText: `(verplaatst ${code})` }).first();
    await moved.waitFor();
    expect(await moved.getByRole('cell').nth(3).innerText()).toBe('Wedstrijd verplaatst');
    const kinds = await table.locator('tbody tr td:nth-child(4)').allInnerTexts();
    for (const kind of kinds) expect(kind).not.toMatch(/^(match|reminder)\.|^[a-z]+(-[a-z]+)+$/);
    expect(await seriousFindings(page)).toEqual([]);
    await context.close();
  });
});
