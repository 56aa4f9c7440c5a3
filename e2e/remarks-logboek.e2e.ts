// Issue 47 items 2 and 4. A team leader's remark, written on a 390 px phone, reaches the
// supervisor: on the to-do (a 1366 px laptop) until he marks it handled on the match page, and
// by mail. The match's logboek (Beheer, 1366 px) names the set and the table of an entry signed
// on the phone, of a signature and of the supervisor's correction of a signed set. axe finds
// nothing serious on the pages touched. Plays a match of its own today.
import type { Browser } from 'playwright-core';
import { apiSession, composeLineup, matchOfItsOwnToday } from './api-session';
import { seriousFindings } from './axe';
import { atTable, BASE_URL, launch, login, newPage } from './browser';
import { type Fixture, PHONE, secretaryOf } from './fixtures';

const LAPTOP = { width: 1366, height: 768 };

describe('a remark reaches the supervisor; the logboek names set and table (issue 47)', () => {
  let browser: Browser;
  let match: Fixture;
  const remark = `Tafel 3 begon een kwartier te laat (${Math.random().toString(36).slice(2, 6)}).`;

  beforeAll(async () => {
    browser = await launch();
    const admin = await apiSession('admin@tsbn.nl');
    match = await matchOfItsOwnToday<Fixture>(admin, 'opmerking', ['Coronie Kap', 'Saramacca Baunie']);
    const home = await apiSession(secretaryOf(match.homeTeam));
    await composeLineup(home, match.id, match.homeTeam.id);
    await composeLineup(await apiSession(secretaryOf(match.awayTeam)), match.id, match.awayTeam.id);
    const night = await home<{ tables: { tableNumber: number; code: string }[] }>('POST', `/api/matches/${match.id}/night`, {});
    const code = (n: number) => night.tables.find((t) => t.tableNumber === n)!.code;
    // Table 1 enters set 1 and the other pair signs on the same phone; table 2 enters, then signs.
    await atTable('PUT', `${code(1)}/sets/1`, { enteredBy: 'HOME', signedBy: 'AWAY', totals: { home: 6, away: 2 } });
    await atTable('PUT', `${code(2)}/sets/1`, { enteredBy: 'HOME', totals: { home: 8, away: 0 } });
    await atTable('POST', `${code(2)}/sets/1/sign`, { side: 'AWAY' });
    // The supervisor changes table 2's signed score: a correction.
    const supervisor = await apiSession('wedstrijdleider@tsbn.nl');
    await supervisor('POST', `/api/matches/${match.id}/sets/1/tables/2/decision`, { totals: { home: 0, away: 8 }, reason: 'E2E-test: het scorebriefje zegt andersom' });
  });
  afterAll(() => browser.close());

  it('the away team leader writes a remark on the phone; the supervisor finds it under Te doen, marks it handled, and it is gone', async () => {
    const phone = await newPage(browser, PHONE);
    await login(phone.page, secretaryOf(match.awayTeam));
    await phone.page.goto(`${BASE_URL}/vereniging/wedstrijden/${match.id}`);
    await phone.page.getByLabel('Opmerking voor de wedstrijdleider en de bond (heropent niets)').fill(remark);
    await phone.page.getByRole('button', { name: 'Opmerking toevoegen' }).click();
    await phone.page.getByRole('status').filter({ hasText: 'Opmerking bewaard' }).waitFor();
    const written = phone.page.getByRole('list', { name: 'Opmerkingen' }).getByRole('listitem').filter({ hasText: remark });
    await written.getByText('Nog niet afgehandeld door de wedstrijdleider of de bond.').waitFor();

    const laptop = await newPage(browser, LAPTOP);
    await login(laptop.page, 'wedstrijdleider@tsbn.nl');
    await laptop.page.goto(`${BASE_URL}/te-doen`);
    const title = `Opmerking van Saramacca Baunie bij ${match.homeTeam.name} – ${match.awayTeam.name} lezen`;
    const item = laptop.page.getByRole('list', { name: 'Te doen' }).getByRole('listitem').filter({ hasText: title });
    await item.waitFor();
    expect(await item.textContent()).toContain(remark);
    expect(await seriousFindings(laptop.page)).toEqual([]);
    await item.getByRole('link', { name: title }).click();
    await laptop.page.waitForURL(`${BASE_URL}/wedstrijdleider/${match.id}#opmerkingen`);
    const shown = laptop.page.getByRole('list', { name: 'Opmerkingen' }).getByRole('listitem').filter({ hasText: remark });
    await shown.waitFor();
    expect(await seriousFindings(laptop.page)).toEqual([]);
    await shown.getByRole('button', { name: 'Markeren als afgehandeld (opmerking van Saramacca Baunie)' }).click();
    await shown.getByText(/^Afgehandeld door Wedstrijdleider TSBN/).waitFor();

    await laptop.page.goto(`${BASE_URL}/te-doen`);
    await laptop.page.getByRole('heading', { name: 'Te doen', level: 1 }).waitFor();
    expect(await laptop.page.getByText(title).count()).toBe(0);
    // The team leader sees that it was handled.
    await phone.page.reload();
    await written.getByText(/^Afgehandeld door Wedstrijdleider TSBN/).waitFor();
    await phone.context.close();
    await laptop.context.close();

    // And the supervisors were mailed about it.
    const admin = await apiSession('admin@tsbn.nl');
    const mails = await admin<{ to: string; kind: string; kindName: string; text: string }[]>('GET', '/api/mail/outgoing');
    const mail = mails.find((m) => m.kind === 'match.remark' && m.to === 'wedstrijdleider@tsbn.nl' && m.text.includes(remark));
    expect(mail?.kindName).toBe('Opmerking van een teamleider');
  });

  it("the match's logboek names set and table, an entry signed on the phone and a correction of a signed set", async () => {
    const { context, page } = await newPage(browser, LAPTOP);
    await login(page, 'admin@tsbn.nl');
    await page.goto(`${BASE_URL}/beheer/wedstrijden/${match.id}`);
    const logboek = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Logboek' }) });
    await logboek.getByText('Set 1 aan tafel 1 ingevoerd en ondertekend door het andere koppel (op hetzelfde toestel)').waitFor();
    await logboek.getByText('Set 1 aan tafel 2 ingevoerd, nog niet ondertekend').waitFor();
    await logboek.getByText('Set 1 aan tafel 2 ondertekend door het andere koppel').waitFor();
    await logboek.getByText('De wedstrijdleider corrigeerde de ondertekende set 1 aan tafel 2').waitFor();
    await logboek.getByText('Opmerking van een teamleider afgehandeld').waitFor();
    expect(await logboek.getByText('Set ingevoerd aan tafel', { exact: true }).count()).toBe(0);
    expect(await logboek.getByText('Wedstrijdleider besliste over een set', { exact: true }).count()).toBe(0);
    expect(await seriousFindings(page)).toEqual([]);
    await context.close();
  });
});
