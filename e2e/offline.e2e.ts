// A venue with bad internet (issue 16), in Chromium with context.setOffline: a table enters
// and signs three sets offline, reloads the page while still offline (the service worker
// serves it, the outbox in IndexedDB still holds the sets) and, online again, they arrive
// exactly once; the same set signed differently on two offline phones ends as one dispute
// for the supervisor; the API unreachable while a signature is in flight (the answer lost,
// then the connection refused): the outbox retries with the same key and it arrives once.
// Plays a match of its own today (matchOfItsOwnToday).
import type { Browser, BrowserContext } from 'playwright-core';
import { apiSession, composeLineup, matchOfItsOwnToday } from './api-session';
import { BASE_URL, launch } from './browser';
import { type Fixture, PHONE, secretaryOf } from './fixtures';
import { enterAndSign, openTable, storedCommands, tableView } from './table-phone';

describe('offline at the table: outbox, service worker, conflicts decided by the server', () => {
  let browser: Browser;
  let match: Fixture;
  let codes: { tableNumber: number; code: string }[] = [];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const admin = await apiSession('admin@tsbn.nl');
    match = await matchOfItsOwnToday<Fixture>(admin, 'offline', ['Sranan Troef', 'Wanica Kaarters']);
    const home = await apiSession(secretaryOf(match.homeTeam));
    await composeLineup(home, match.id, match.homeTeam.id);
    await composeLineup(await apiSession(secretaryOf(match.awayTeam)), match.id, match.awayTeam.id);
    codes = (await home<{ tables: { tableNumber: number; code: string }[] }>('POST', `/api/matches/${match.id}/night`, {})).tables;
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  async function phone(options: { blockWorkers?: boolean } = {}) {
    const context = await browser.newContext({ viewport: PHONE, locale: 'nl-NL', ...(options.blockWorkers ? { serviceWorkers: 'block' as const } : {}) });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return { context, page };
  }

  it('enters and signs three sets offline, keeps them over a reload offline, and delivers each exactly once', async () => {
    const { context, page } = await phone();
    const { code, tableNumber } = codes[0];
    await openTable(page, code, tableNumber);
    await context.setOffline(true);
    await page.getByText(/Geen verbinding/).first().waitFor();
    await enterAndSign(page, 1, ['Thuis', 'Thuis', 'Thuis', 'Thuis']);
    await enterAndSign(page, 2, ['Thuis', 'Uit', 'Thuis', 'Thuis']);
    await enterAndSign(page, 3, ['Uit', 'Uit', 'Thuis', 'Uit']);
    await page.getByText('3 sets wachten op verbinding').waitFor();
    expect((await tableView(code)).sets.slice(0, 3).map((s) => s.state)).toEqual(['WAITING', 'WAITING', 'WAITING']);

    // Reload while still offline: the worker serves the page, the outbox still has the sets.
    await page.reload();
    await page.getByText('3 sets wachten op verbinding').waitFor();
    for (const n of [1, 2, 3]) expect(await page.getByRole('button', { name: `Set ${n}: Ondertekend` }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Set 4: Nog niet ingevoerd' }).getAttribute('aria-current')).toBe('step');

    // Online again: sent by themselves ('online'), once each.
    await context.setOffline(false);
    await page.getByText(/wacht(en)? op verbinding/).waitFor({ state: 'detached' });
    const sets = (await tableView(code)).sets;
    expect(sets.slice(0, 3).map((s) => [s.state, s.homePoints, s.awayPoints, s.signedBySide])).toEqual([
      ['SIGNED', 8, 0, 'AWAY'],
      ['SIGNED', 6, 2, 'AWAY'],
      ['SIGNED', 2, 6, 'AWAY'],
    ]);
    const stored = await storedCommands(match.id, tableNumber);
    expect(stored.map((c) => [c.kind, c.payload.setNumber, c.payload.signedBy])).toEqual([
      ['TABLE_ENTER', 1, 'AWAY'],
      ['TABLE_ENTER', 2, 'AWAY'],
      ['TABLE_ENTER', 3, 'AWAY'],
    ]);
    // 'Nu versturen' and a focus later change nothing.
    await page.reload();
    await page.getByRole('button', { name: 'Set 3: Ondertekend' }).waitFor();
    expect(await storedCommands(match.id, tableNumber)).toHaveLength(3);
  });

  it('ends as one dispute when the same set is signed differently on two offline phones', async () => {
    const { code, tableNumber } = codes[1];
    const a = await phone();
    const b = await phone();
    await openTable(a.page, code, tableNumber);
    await openTable(b.page, code, tableNumber);
    await a.context.setOffline(true);
    await b.context.setOffline(true);
    await enterAndSign(a.page, 1, ['Thuis', 'Thuis', 'Thuis', 'Thuis']);
    await enterAndSign(b.page, 1, ['Thuis', 'Thuis', 'Thuis', 'Uit']);
    await a.page.getByText('1 set wacht op verbinding').waitFor();
    await b.page.getByText('1 set wacht op verbinding').waitFor();

    await a.context.setOffline(false);
    await a.page.getByText(/wacht op verbinding/).waitFor({ state: 'detached' });
    expect((await tableView(code)).sets[0]).toMatchObject({ state: 'SIGNED', homePoints: 8, awayPoints: 0 });

    // The second phone's set arrives later, signed with another score: a dispute, not an overwrite and not lost.
    await b.context.setOffline(false);
    await b.page.getByText(/wacht op verbinding/).waitFor({ state: 'detached' });
    await b.page.getByRole('status').filter({ hasText: /^Betwist$/ }).waitFor();
    const set1 = (await tableView(code)).sets[0];
    expect(set1).toMatchObject({ state: 'DISPUTED', homePoints: 8, awayPoints: 0 });
    expect(set1.refusalComment).toContain('8–0');
    expect(set1.refusalComment).toContain('6–2');

    const supervisor = await apiSession('wedstrijdleider@tsbn.nl');
    const board = await supervisor<{ alerts: { kind: string; setNumber: number; tableNumber: number }[] }>('GET', `/api/matches/${match.id}/console`);
    expect(board.alerts.filter((x) => x.kind === 'DISPUTE' && x.setNumber === 1 && x.tableNumber === tableNumber)).toHaveLength(1);
    expect((await storedCommands(match.id, tableNumber)).map((c) => c.kind)).toEqual(['TABLE_ENTER', 'TABLE_ENTER']);
  });

  it('retries a signature whose answer was lost when the API went away, and it arrives once', async () => {
    const { code, tableNumber } = codes[2];
    // Workers blocked so page.route sees every request (the worker passes API calls through anyway).
    const { page } = await phone({ blockWorkers: true });
    await page.goto(`${BASE_URL}/tafel/${code}`);
    await page.getByText(`Tafel ${tableNumber}`, { exact: true }).waitFor();
    for (const [i, side] of (['Thuis', 'Uit', 'Uit', 'Thuis'] as const).entries()) {
      await page.getByRole('group', { name: `Partij ${i + 1}: punten voor` }).getByRole('button', { name: new RegExp(`^${side}`) }).click();
      await page.getByRole('group', { name: `Partij ${i + 1}: hoe` }).getByRole('button', { name: /^Gewonnen \d/ }).click();
    }
    await page.getByRole('group', { name: 'Ingevoerd door' }).getByRole('button', { name: /^Thuis/ }).click();
    await page.getByRole('button', { name: 'Set 1 opslaan' }).click();
    await page.getByRole('heading', { name: 'Controleren en ondertekenen' }).waitFor();
    await page.waitForFunction(async (c) => (await (await fetch(`/api/table/${c}`)).json()).sets[0].state === 'ENTERED', code);

    // The signature: the first attempt reaches the API but its answer is lost (the API stops:
    // the dashboard answers 502); the second finds the API down; the third gets through.
    const keys: string[] = [];
    let attempts = 0;
    let firstStatus = 0;
    let firstDone: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (firstDone = resolve));
    await page.route(`**/api/table/${code}/sets/1`, async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      keys.push((route.request().postDataJSON() as { idempotencyKey: string }).idempotencyKey);
      attempts++;
      if (attempts === 1) {
        firstStatus = (await route.fetch()).status();
        await route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' });
        return firstDone();
      }
      if (attempts === 2) return route.abort('connectionrefused');
      return route.continue();
    });
    const until = async (what: () => boolean) => {
      for (const deadline = Date.now() + 20_000; !what() && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 100));
      expect(what()).toBe(true);
    };
    await page.getByRole('button', { name: 'Ondertekenen als uitkoppel' }).click();
    await page.getByRole('alertdialog', { name: 'Ondertekenen' }).getByRole('button', { name: 'Ja, ondertekenen' }).click();
    await first;
    expect(firstStatus).toBe(200); // the first attempt did arrive …
    expect((await tableView(code)).sets[0].state).toBe('SIGNED');
    await page.getByText('1 set wacht op verbinding').waitFor(); // … but the phone does not know: it keeps the set
    await page.getByRole('button', { name: 'Nu versturen' }).click();
    await until(() => attempts >= 2);
    // Tapped again, unless the page's own retry (every 15 s while a set waits) was quicker on a slow machine.
    const waiting = page.getByText(/wacht op verbinding/);
    await page
      .getByRole('button', { name: 'Nu versturen' })
      .click({ timeout: 5_000 })
      .catch(async (error: unknown) => {
        if (await waiting.isVisible()) throw error;
      });
    await waiting.waitFor({ state: 'detached', timeout: 30_000 });

    expect(attempts).toBeGreaterThanOrEqual(3);
    expect(new Set(keys).size).toBe(1);
    expect((await tableView(code)).sets[0]).toMatchObject({ state: 'SIGNED', homePoints: 4, awayPoints: 4, signedBySide: 'AWAY' });
    const signed = (await storedCommands(match.id, tableNumber)).filter((c) => c.payload.signedBy);
    expect(signed).toHaveLength(1);
  });
});
