// Accessibility (issue 23 item 12): axe-core (WCAG 2.1 A and AA rules) finds nothing serious or
// critical on the public pages, the secretary's, the table's and the supervisor's console, on a
// 390 px phone. axe runs inside each page (Playwright injects it; bypassCSP because the public
// pages allow no scripts of their own). Plays a match of its own today for the table page.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { apiSession, composeLineup, matchOfItsOwnToday } from './api-session';
import { BASE_URL, launch, login } from './browser';
import { type Fixture, PHONE, secretaryOf } from './fixtures';

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Finding {
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** axe's serious and critical findings on the page as it is now. */
async function seriousFindings(page: Page): Promise<Finding[]> {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ rule: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  }, TAGS);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

describe('accessibility: nothing serious or critical (axe, WCAG 2.1 A/AA), on a phone', () => {
  let browser: Browser;
  let match: Fixture;
  let tableCode: string;
  let playedMatchId: string;

  beforeAll(async () => {
    const admin = await apiSession('admin@tsbn.nl');
    match = await matchOfItsOwnToday<Fixture>(admin, 'toegankelijk', ['Para Troefcall', 'Saramacca Baunie']);
    const home = await apiSession(secretaryOf(match.homeTeam));
    await composeLineup(home, match.id, match.homeTeam.id);
    await composeLineup(await apiSession(secretaryOf(match.awayTeam)), match.id, match.awayTeam.id);
    tableCode = (await home<{ tables: { code: string }[] }>('POST', `/api/matches/${match.id}/night`, {})).tables[0].code;
    const season = await admin<{ id: string }>('GET', '/api/seasons/current');
    const divisions = await admin<{ id: string; name: string }[]>('GET', `/api/seasons/${season.id}/divisions`);
    const hoofdklasse = divisions.find((d) => d.name === 'Hoofdklasse')!;
    const { rounds } = await admin<{ rounds: { matches: { id: string }[] }[] }>('GET', `/api/divisions/${hoofdklasse.id}/matches`);
    playedMatchId = rounds[0].matches[0].id;
    browser = await launch();
  });
  afterAll(() => browser?.close());

  /** Each path, as `who` (null: the public), checked after the page has loaded. */
  async function check(who: string | null, paths: string[]): Promise<void> {
    const context = await browser.newContext({ viewport: PHONE, locale: 'nl-NL', bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      if (who) await login(page, who);
      const found: Record<string, Finding[]> = {};
      for (const path of paths) {
        await page.goto(`${BASE_URL}${path}`);
        await page.locator('main, #inhoud').first().waitFor();
        const findings = await seriousFindings(page);
        if (findings.length) found[path] = findings;
      }
      expect(found).toEqual({});
    } finally {
      await context.close();
    }
  }

  it('the public pages', async () => {
    await check(null, ['/', '/stand', '/programma', `/wedstrijden/${playedMatchId}`, `/wedstrijden/${match.id}/live`, '/reglement']);
  });

  it("the secretary's pages", async () => {
    await check(secretaryOf(match.homeTeam), ['/vereniging', '/vereniging/boetes', '/vereniging/moederlijst', `/vereniging/wedstrijden/${match.id}`]);
  });

  it('the table page', async () => {
    await check(null, ['/tafel', `/tafel/${tableCode}`]);
  });

  it("the supervisor's console", async () => {
    await check('wedstrijdleider@tsbn.nl', ['/wedstrijdleider', `/wedstrijdleider/${match.id}`]);
  });
});
