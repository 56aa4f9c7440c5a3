import { importConsequences } from './import-consequences';
import { parseSeasonDocument, type ImportPlan } from './season-document';

type DocMatch = Record<string, unknown>;

/** One division: K 1 and K 2 of club Kwatta (K), A 1 of Apintie (A), B 1 of Boys (B); matches one week apart in file order unless dated. */
async function plan(matches: DocMatch[], settings?: Record<string, unknown>): Promise<ImportPlan> {
  const result = await parseSeasonDocument({
    season: { name: '2019/2020', startsOn: '2019-09-01', competitionStartsOn: '2019-09-07', endsOn: '2020-05-31', ...(settings ? { settings } : {}) },
    divisions: [{ name: 'H', teams: [{ name: 'K 1', club: 'Kwatta' }, { name: 'K 2', club: 'Kwatta' }, { name: 'A 1', club: 'Apintie' }, { name: 'B 1', club: 'Boys' }] }],
    matches: matches.map((m, i) => ({ division: 'H', round: i + 1, date: `2019-10-${String(i + 1).padStart(2, '0')}`, ...m })),
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.plan;
}

const played = (home: string, away: string, extra: DocMatch = {}): DocMatch => ({ home, away, status: 'PLAYED', score: [150, 138], ...extra });
const forfeit = (home: string, away: string, forfeitedBy: string, forfeitCause?: string): DocMatch => ({ home, away, status: 'FORFEIT', forfeitedBy, ...(forfeitCause ? { forfeitCause } : {}) });

describe('importConsequences (RULES.md "Fines": an imported season gets the consequences of a live one)', () => {
  test.each<[string, DocMatch[], string[], string[]]>([
    ['a played match without facts: nothing', [played('K 1', 'A 1')], [], []],
    ['Regel 7 too few pairs: €60 to the affected club and an incomplete occurrence', [forfeit('K 1', 'A 1', 'home', 'TOO_FEW_PAIRS')], ['0 home K 7 6000 →A'], ['0 home K INCOMPLETE 1']],
    ['Regel 7 late call-off: €60 to the affected club, no Regel 11 occurrence', [forfeit('K 1', 'A 1', 'away', 'LATE_CANCELLATION')], ['0 away A 7 6000 →K'], []],
    ['Regel 9A (no cause in the file, as the live path): €60 to the affected club', [forfeit('K 1', 'A 1', 'away')], ['0 away A 9A 6000 →K'], []],
    [
      'both teams incomplete: each club €60 to the federation, both occurrences',
      [forfeit('K 1', 'A 1', 'both')],
      ['0 home K 7 6000 →bond', '0 away A 7 6000 →bond'],
      ['0 home K INCOMPLETE 1', '0 away A INCOMPLETE 1'],
    ],
    ['Regel 6 not played: both clubs, the board sets the amount', [{ home: 'K 1', away: 'A 1', status: 'NOT_PLAYED' }], ['0 home K 6 null →bond', '0 away A 6 null →bond'], []],
    [
      'Regel 11 per club over its teams: late, incomplete and a forfeit make the 3rd time, fined €45',
      [played('K 1', 'A 1', { late: ['home'] }), played('B 1', 'K 2', { incomplete: ['away'] }), forfeit('A 1', 'K 1', 'away', 'TOO_FEW_PAIRS')],
      ['2 away K 7 6000 →A', '2 away K 11 4500 →bond #3'],
      ['0 home K LATE 1', '1 away K INCOMPLETE 2', '2 away K INCOMPLETE 3'],
    ],
  ])('%s', async (_case, matches, fines, occurrences) => {
    const result = importConsequences(await plan(matches));
    expect(result.fines.map((f) => `${f.matchIndex} ${f.side} ${f.club[0]} ${f.rule} ${f.amountCents} →${f.beneficiaryClub?.[0] ?? 'bond'}${f.incompletePlace ? ` #${f.incompletePlace}` : ''}`)).toEqual(fines);
    expect(result.occurrences.map((o) => `${o.matchIndex} ${o.side} ${o.club[0]} ${o.kind} ${o.occurrence}`)).toEqual(occurrences);
  });

  it('Regel 11 counts in match order, not file order', async () => {
    const p = await plan([
      played('K 1', 'A 1', { late: ['home'], date: '2019-11-20' }),
      played('K 1', 'B 1', { late: ['home'], date: '2019-10-01' }),
      played('A 1', 'K 1', { late: ['away'], date: '2019-10-08' }),
    ]);
    const result = importConsequences(p);
    expect(result.occurrences.map((o) => [o.matchIndex, o.occurrence])).toEqual([
      [0, 3],
      [1, 1],
      [2, 2],
    ]);
    expect(result.fines.map((f) => [f.matchIndex, f.rule, f.incompletePlace])).toEqual([[0, '11', 3]]);
  });

  it('follows the season settings of the file (forfeit fine, Regel 11 every 2nd time)', async () => {
    const p = await plan([played('K 1', 'A 1', { late: ['home'] }), forfeit('K 1', 'A 1', 'home', 'TOO_FEW_PAIRS')], { forfeitFineCents: 7500, incompleteEveryNth: 2 });
    expect(importConsequences(p).fines.map((f) => [f.rule, f.amountCents])).toEqual([
      ['7', 7500],
      ['11', 4500],
    ]);
  });

  it('refuses a file that counts a team twice at one match, or late/incomplete outside PLAYED', async () => {
    const result = await parseSeasonDocument({
      season: { name: 'x 2019', startsOn: '2019-09-01', competitionStartsOn: '2019-09-07', endsOn: '2020-05-31' },
      divisions: [{ name: 'H', teams: [{ name: 'K 1', club: 'Kwatta' }, { name: 'A 1', club: 'Apintie' }] }],
      matches: [
        { division: 'H', round: 1, date: '2019-10-01', ...played('K 1', 'A 1', { late: ['home'], incomplete: ['home'] }) },
        { division: 'H', round: 2, date: '2019-10-08', ...forfeit('A 1', 'K 1', 'home', 'TOO_FEW_PAIRS'), late: ['away'] },
        { division: 'H', round: 3, date: '2019-10-15', ...forfeit('A 1', 'K 1', 'both', 'LATE_CANCELLATION') },
      ],
    });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems.map((p) => p.field)).toEqual(['matches[0].late', 'matches[1].late', 'matches[2].forfeitCause']);
  });
});
