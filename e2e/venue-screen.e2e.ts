// The venue screen (issue 23 item 3): a round's match night with ?groot=1 shows every match of
// the round on one 1920×1080 TV, no team name clipped, broken inside a word or spilling into its neighbour, no score
// wrapped; and it fits a 390 px phone without sideways scrolling. Uses the demo's Hoofdklasse
// round 1 (three matches, all played: totals like "188–209"); reads only.
import type { Browser } from 'playwright-core';
import { apiSession } from './api-session';
import { BASE_URL, launch, newPage } from './browser';

interface Layout {
  viewport: { width: number; height: number };
  pageWidth: number;
  matches: { label: string; top: number; bottom: number; left: number; right: number }[];
  names: { text: string; clipped: boolean; outside: boolean; brokenWords: string[] }[];
  scores: { text: string; wrapped: boolean }[];
}

/** What the page looks like: each match's box, each team name's and score's fit. */
function measure(): Layout {
  const box = (el: Element) => el.getBoundingClientRect();
  const matches = [...document.querySelectorAll('[data-live-match]')].map((el) => ({ label: el.getAttribute('aria-label') ?? '', ...box(el).toJSON() }));
  const names = [...document.querySelectorAll('[data-live-match] [data-team-name]')].map((el) => {
    const card = box(el.closest('[data-live-match]')!);
    const own = box(el);
    // A word whose letters land on two lines was broken inside ("Par-amaribo"): unreadable at a distance.
    const brokenWords: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const word of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) brokenWords.push(word[0]);
      }
    }
    return {
      text: el.textContent ?? '',
      clipped: el.scrollWidth > el.clientWidth + 1,
      outside: own.left < card.left - 1 || own.right > card.right + 1,
      brokenWords,
    };
  });
  const scores = [...document.querySelectorAll('[data-live-match] [data-live-score]')].map((el) => {
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.2;
    return { text: el.textContent ?? '', wrapped: box(el).height > lineHeight * 1.5 };
  });
  return { viewport: { width: innerWidth, height: innerHeight }, pageWidth: document.documentElement.scrollWidth, matches, names, scores };
}

describe('the venue screen', () => {
  let browser: Browser;
  let path: string;

  beforeAll(async () => {
    const admin = await apiSession('admin@tsbn.nl');
    const season = await admin<{ id: string }>('GET', '/api/seasons/current');
    const divisions = await admin<{ id: string; name: string }[]>('GET', `/api/seasons/${season.id}/divisions`);
    path = `/speelavond/${divisions.find((d) => d.name === 'Hoofdklasse')!.id}/1`;
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('shows every match of the round on one 1920×1080 TV, names whole, scores on one line', async () => {
    const { context, page } = await newPage(browser, { width: 1920, height: 1080 });
    await page.goto(`${BASE_URL}${path}?groot=1`);
    const layout = await page.evaluate(measure);
    expect(layout.matches).toHaveLength(3);
    for (const match of layout.matches) expect({ match: match.label, bottom: Math.round(match.bottom) <= 1080 }).toEqual({ match: match.label, bottom: true });
    expect(layout.names).toHaveLength(6);
    for (const name of layout.names) expect(name).toEqual({ text: name.text, clipped: false, outside: false, brokenWords: [] });
    for (const score of layout.scores) expect(score).toEqual({ text: score.text, wrapped: false });
    expect(layout.pageWidth).toBeLessThanOrEqual(1920);
    if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: 'docs/screenshots/venue-screen-tv.png' });
    await context.close();
  });

  it('fits a 390 px phone: no sideways scrolling, names whole, scores on one line', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${BASE_URL}${path}?groot=1`);
    const layout = await page.evaluate(measure);
    expect(layout.pageWidth).toBeLessThanOrEqual(390);
    for (const name of layout.names) expect(name).toEqual({ text: name.text, clipped: false, outside: false, brokenWords: [] });
    for (const score of layout.scores) expect(score).toEqual({ text: score.text, wrapped: false });
    await context.close();
  });
});
