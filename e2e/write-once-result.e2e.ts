// The result's write buttons send once and say what happened (issue 23 item 4), on a 390 px
// phone. The console: a double tap on "Ja, bevestigen" under "Wedstrijd bevestigen" sends one
// confirmation with an idempotency key and names it in the page's result line; a retry after
// a lost answer carries the same key, so the API confirms once. The paper result: a double tap
// on "Ondertekenen namens …" signs once and on "Ja, uitslag bevestigen" confirms once, each
// with its message. On matches of their own today.
import type { Browser, Page } from 'playwright-core';
import { ApiCall, apiSession, composeLineup, matchOfItsOwnToday } from './api-session';
import { BASE_URL, launch, login, newPage, recordWrites, keyOf, atTable } from './browser';
import { type Fixture, PHONE, secretaryOf } from './fixtures';

/** A team name as a regular expression matches it literally ("Coronie Kap (papierdubbel ab12)"). */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface NightTable {
  tableNumber: number;
  code: string;
}


/** The root layout's result line (ResultAnnouncer). */
const resultLine = (page: Page) => page.getByRole('status', { name: 'Resultaat' });


/** Both line-ups through the API (set-up). */
async function lineUp(match: Fixture): Promise<{ home: ApiCall; away: ApiCall }> {
  const home = await apiSession(secretaryOf(match.homeTeam));
  const away = await apiSession(secretaryOf(match.awayTeam));
  await composeLineup(home, match.id, match.homeTeam.id);
  await composeLineup(away, match.id, match.awayTeam.id);
  return { home, away };
}

describe("the result's write buttons send once and say what happened (390 px)", () => {
  let browser: Browser;
  let admin: ApiCall;

  beforeAll(async () => {
    browser = await launch();
    admin = await apiSession('admin@tsbn.nl');
  });
  afterAll(async () => {
    await browser.close();
  });

  it('confirms the night once on a double tap, with one idempotency key, and a retry after a lost answer carries the same key', async () => {
    const match = await matchOfItsOwnToday<Fixture>(admin, 'nachtdubbel', ['Kaiman', 'Paramaribo Boys']);
    const { home } = await lineUp(match);
    // Every set entered and signed at its table (set-up through the table API).
    await home('POST', `/api/matches/${match.id}/night`);
    const { tables } = await home<{ tables: NightTable[] }>('GET', `/api/matches/${match.id}/night`);
    await Promise.all(
      tables.map(async (t) => {
        const view = await atTable<{ sets: { setNumber: number; state: string }[] }>('GET', t.code);
        for (const s of view.sets.filter((x) => x.state === 'WAITING')) {
          await atTable('PUT', `${t.code}/sets/${s.setNumber}`, { enteredBy: 'HOME', totals: { home: 4, away: 4 } });
          await atTable('POST', `${t.code}/sets/${s.setNumber}/sign`, { side: 'AWAY' });
        }
      }),
    );

    const first = await newPage(browser, PHONE);
    await login(first.page, secretaryOf(match.homeTeam));
    await first.page.goto(`${BASE_URL}/vereniging/wedstrijden/${match.id}/avond`);
    const confirms = recordWrites(first.page, 'POST', /\/api\/matches\/[^/]+\/confirm-night$/);
    await first.page.getByRole('button', { name: 'Nu al bevestigen' }).click();
    await first.page.getByRole('alertdialog', { name: 'Nu al bevestigen' }).getByRole('button', { name: 'Ja, bevestigen' }).dblclick();
    // Still not final: the API's words say when it becomes final by itself.
    await resultLine(first.page)
      .filter({ hasText: new RegExp(`^Bevestigd namens ${match.homeTeam.name.replace(/[()]/g, '\\$&')}\\. Compleet, wordt definitief om \\d\\d:\\d\\d: \\d+–\\d+\\.`) })
      .waitFor();
    await first.page.getByText(`${match.homeTeam.name}: nu al bevestigd`).waitFor();
    expect(confirms).toHaveLength(1);
    expect(keyOf(confirms[0])).toMatch(/^[\w-]{8,100}$/);
    await first.context.close();

    // The away secretary's answer is lost on the way back (the API did confirm): the tap again
    // carries the same key, so the API answers as the first time and confirms once.
    const second = await newPage(browser, PHONE);
    await login(second.page, secretaryOf(match.awayTeam));
    await second.page.goto(`${BASE_URL}/vereniging/wedstrijden/${match.id}/avond`);
    const awayConfirms = recordWrites(second.page, 'POST', /\/api\/matches\/[^/]+\/confirm-night$/);
    let lost = false;
    await second.page.route(/\/api\/matches\/[^/]+\/confirm-night$/, async (route) => {
      if (lost) return route.continue();
      lost = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await second.page.getByRole('button', { name: 'Nu al bevestigen' }).click();
    const ask = second.page.getByRole('alertdialog', { name: 'Nu al bevestigen' });
    await ask.getByRole('button', { name: 'Ja, bevestigen' }).click();
    await second.page.getByRole('alert').filter({ hasText: 'De server is niet bereikbaar' }).waitFor();
    await ask.getByRole('button', { name: 'Ja, bevestigen' }).click();
    await resultLine(second.page).filter({ hasText: /Bevestigd door beide teams: \d+–\d+\./ }).waitFor();
    // The stale error went with the new try.
    expect(await second.page.getByRole('alert').filter({ hasText: 'De server is niet bereikbaar' }).count()).toBe(0);
    expect(awayConfirms).toHaveLength(2);
    expect(keyOf(awayConfirms[1])).toBe(keyOf(awayConfirms[0]));
    expect((await admin<{ resultPhase: string }>('GET', `/api/matches/${match.id}`)).resultPhase).toBe('CONFIRMED');
    await second.context.close();
  }, 120_000);

  it('signs and confirms a paper result once each on a double tap, and names what happened', async () => {
    const match = await matchOfItsOwnToday<Fixture>(admin, 'papierdubbel', ['Coronie Kap', 'Commewijne 78']);
    const { home } = await lineUp(match);
    const sets = [];
    for (let setNumber = 1; setNumber <= 6; setNumber++) {
      for (let tableNumber = 1; tableNumber <= 6; tableNumber++) sets.push({ setNumber, tableNumber, homePoints: 8, awayPoints: 0 });
    }
    const { version } = await home<{ version: number }>('GET', `/api/matches/${match.id}`);
    await home('PUT', `/api/matches/${match.id}/result`, { version, sets });
    const matchUrl = `${BASE_URL}/vereniging/wedstrijden/${match.id}`;

    const signer = await newPage(browser, PHONE);
    await login(signer.page, secretaryOf(match.homeTeam));
    await signer.page.goto(matchUrl);
    await signer.page.getByRole('button', { name: 'Controleren en ondertekenen' }).click();
    const signs = recordWrites(signer.page, 'POST', /\/api\/matches\/[^/]+\/sign$/);
    await signer.page.getByRole('button', { name: `Ondertekenen namens ${match.homeTeam.name}` }).dblclick();
    await resultLine(signer.page)
      .filter({ hasText: new RegExp(`^Uitslag ondertekend als thuisploeg \\(${literal(match.homeTeam.name)}\\): 288 – 0\\. Ondertekend door de thuisploeg, wordt definitief op .+; ${literal(match.awayTeam.name)} kan hem nu controleren\\.`) })
      .waitFor();
    expect(signs).toHaveLength(1);
    await signer.context.close();

    const confirmer = await newPage(browser, PHONE);
    await login(confirmer.page, secretaryOf(match.awayTeam));
    await confirmer.page.goto(matchUrl);
    await confirmer.page.getByRole('button', { name: 'Uitslag bevestigen' }).click();
    const confirms = recordWrites(confirmer.page, 'POST', /\/api\/matches\/[^/]+\/confirm$/);
    await confirmer.page.getByRole('button', { name: 'Ja, uitslag bevestigen' }).dblclick();
    await resultLine(confirmer.page)
      .filter({ hasText: `Uitslag bevestigd namens ${match.awayTeam.name}: ${match.homeTeam.name} 288 – 0 ${match.awayTeam.name}. De uitslag staat nu vast.` })
      .waitFor();
    expect(confirms).toHaveLength(1);
    await confirmer.context.close();
  }, 120_000);
});
