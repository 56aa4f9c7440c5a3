import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ImportPlan, parseSeasonDocument } from './season-document';

type Doc = Record<string, any>;

/** The example of the README, which the API tests import too. */
const example = (): Doc => JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'docs', 'season-example.json'), 'utf8'));

async function plan(doc: Doc): Promise<ImportPlan> {
  const result = await parseSeasonDocument(doc);
  if (!result.ok) throw new Error(JSON.stringify(result.problems, null, 2));
  return result.plan;
}

async function problems(doc: unknown) {
  const result = await parseSeasonDocument(doc);
  if (result.ok) throw new Error('expected problems');
  return result.problems;
}

describe('parseSeasonDocument: the README example', () => {
  it('reads without problems, with names resolved and every club listed once', async () => {
    const p = await plan(example());
    expect(p.season).toMatchObject({ name: '2019/2020', settings: { pointsWin: 3, pointsDraw: 1, pointsLoss: 0 } });
    expect(p.divisions.map((d) => [d.name, d.teams.length])).toEqual([
      ['Hoofdklasse', 4],
      ['Eerste klasse', 4],
    ]);
    expect(p.clubs).toHaveLength(8);
    expect(p.matches).toHaveLength(18);
  });

  it('puts the 36 sets of a match on the table plan (Regel 22) and totals them', async () => {
    const [first] = (await plan(example())).matches;
    expect(first.sets).toHaveLength(36);
    expect(first.sets[7]).toMatchObject({ setNumber: 2, tableNumber: 2, homePairNumber: 2, awayPairNumber: 1, source: 'TOTALS' });
    expect(first.homePoints).toBe(first.sets.reduce((s, x) => s + x.homePoints, 0));
    expect(first.awayPoints).toBe(first.sets.reduce((s, x) => s + x.awayPoints, 0));
  });

  it('credits a forfeit without score with every set (Regel 7: 288–0)', async () => {
    const forfeit = (await plan(example())).matches[3];
    expect(forfeit).toMatchObject({ status: 'FORFEIT', forfeitedBy: 'away', homePoints: 288, awayPoints: 0 });
    expect(forfeit.sets).toHaveLength(36);
    expect(forfeit.sets.every((s) => s.source === 'FORFEIT')).toBe(true);
  });

  it('scores a cancelled match without score with each team’s average of its earlier played matches (Regel 8)', async () => {
    const p = await plan(example());
    const firstMatchAway = p.matches[0].awayPoints!; // Paramaribo Boys in round 1
    // Paramaribo Boys: round 1 only, its forfeit is not a played match; Sranan Troef: 167 and 136 → 151.5 → 152 (half up).
    expect(p.matches[5]).toMatchObject({ status: 'CANCELLED', homePoints: firstMatchAway, awayPoints: 152 });
  });

  test.each([
    ['a played match of 150 and a forfeit win 288–0: 150, not 219', [{ status: 'PLAYED', score: [150, 140] }, { status: 'FORFEIT', forfeitedBy: 'away' }], 150],
    ['a played match of 150 and a forfeit loss 0–288: 150, not 75', [{ status: 'PLAYED', score: [150, 140] }, { status: 'FORFEIT', forfeitedBy: 'home' }], 150],
    ['a played match of 150 and an earlier cancelled match 200–100: 150', [{ status: 'PLAYED', score: [150, 140] }, { status: 'CANCELLED', score: [200, 100] }], 150],
    ['only a forfeit win: none played, 0', [{ status: 'FORFEIT', forfeitedBy: 'away' }], 0],
  ])('the import averages only played matches (Regel 8): %s', async (_name, earlier, expected) => {
    const doc = {
      season: { name: '2030/2031', startsOn: '2030-09-01', competitionStartsOn: '2030-09-10', endsOn: '2031-05-31' },
      divisions: [{ name: 'Klasse', teams: ['A', 'B', 'C', 'D'].map((name) => ({ name, club: `Club ${name}` })) }],
      matches: [
        ...earlier.map((m, i) => ({ division: 'Klasse', round: i + 1, date: `2030-09-1${i}`, home: 'A', away: ['B', 'C', 'D'][i], ...m })),
        { division: 'Klasse', round: 5, date: '2030-10-20', home: 'A', away: 'B', status: 'CANCELLED' },
      ],
    };
    const result = await parseSeasonDocument(doc);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.plan.matches.at(-1)!.homePoints).toBe(expected);
  });

  it('links a deduction with a round to the team’s match in that round', async () => {
    const p = await plan(example());
    expect(p.deductions.map((d) => d.matchIndex)).toEqual([7, 7, 8]);
  });
});

describe('parseSeasonDocument: problems, each with its path', () => {
  const cases: [name: string, change: (doc: Doc) => void, field: string, message: RegExp][] = [
    ['a team that does not play in the division', (d) => (d.matches[1].home = 'Kaiman 2'), 'matches[1].home', /Kaiman 2.*speelt niet in deze poule/],
    ['an unknown division', (d) => (d.matches[2].division = 'Overgangsklasse'), 'matches[2].division', /Overgangsklasse.*niet onder divisions/],
    ['an impossible set score names set and table', (d) => (d.matches[0].sets[4] = [7, 0]), 'matches[0].sets[4]', /Set 1, tafel 5: 7–0 is geen mogelijke setstand/],
    ['too few sets', (d) => d.matches[0].sets.pop(), 'matches[0].sets', /35 sets.*36/],
    ['a score that is not the sum of the sets', (d) => (d.matches[0].score = [1, 2]), 'matches[0].score', /niet de som van de sets/],
    ['a forfeit without the team that forfeited', (d) => delete d.matches[3].forfeitedBy, 'matches[3].forfeitedBy', /home.*away/],
    ['a Regel 6 match with a score', (d) => (d.matches[7].score = [150, 140]), 'matches[7].score', /telt nergens/],
    ['a played match without sets or score', (d) => delete d.matches[1].score, 'matches[1].sets', /sets of een score/],
    ['an unknown status', (d) => (d.matches[1].status = 'GESPEELD'), 'matches[1].status', /PLAYED/],
    ['a team twice in one round', (d) => (d.matches[1].away = 'Kaiman 1'), 'matches[1]', /Kaiman 1 speelt in ronde 1 al in matches\[0\]/],
    ['a date outside the season', (d) => (d.matches[1].date = '2020-07-01'), 'matches[1].date', /buiten het seizoen/],
    ['a date that does not exist', (d) => (d.matches[1].date = '2019-02-30'), 'matches[1].date', /bestaande datum/],
    ['a deduction for an unknown team', (d) => (d.deductions[0].team = 'Kaiman 9'), 'deductions[0].team', /in geen enkele poule/],
    ['a deduction in a round the team did not play', (d) => (d.deductions[0].round = 9), 'deductions[0].round', /geen wedstrijd in ronde 9/],
    ['a play-off against itself', (d) => (d.playoffs[0].loser = 'Marowijne 1'), 'playoffs[0].loser', /verschillende teams/],
    ['a setting out of range', (d) => (d.season.settings.pointsWin = -1), 'season.settings.pointsWin', /minstens 0/],
    ['an unknown field', (d) => (d.matches[1].uitslag = '167-133'), 'matches[1].uitslag', /Onbekend veld/],
    ['season dates in the wrong order', (d) => (d.season.endsOn = '2019-09-01'), 'season.endsOn', /na de start/],
    ['a club name with a bell (BEL)', (d) => (d.divisions[0].teams[0].club = 'Kai\u0007man'), 'divisions[0].teams[0].club', /stuurtekens/],
    ['a team name with a right-to-left override', (d) => (d.divisions[0].teams[0].name = 'Kaiman \u202E1'), 'divisions[0].teams[0].name', /schrijfrichting/],
    ['the same team twice in a division', (d) => d.divisions[0].teams.push({ name: 'Kaiman 1', club: 'Kaiman' }), 'divisions[0].teams[4].name', /twee keer/],
  ];

  test.each(cases)('%s', async (_name, change, field, message) => {
    const doc = example();
    change(doc);
    const found = await problems(doc);
    expect(found).toContainEqual({ field, message: expect.stringMatching(message) });
  });

  it('lists every problem of the document at once', async () => {
    const doc = example();
    doc.matches[1].home = 'Kaiman 2';
    doc.matches[0].sets[4] = [7, 0];
    doc.playoffs[0].date = 'morgen';
    expect((await problems(doc)).map((p) => p.field)).toEqual(['matches[0].sets[4]', 'matches[1].home', 'playoffs[0].date']);
  });

  it('refuses what is not a JSON object', async () => {
    expect(await problems([1, 2])).toEqual([{ field: '', message: 'Het seizoensbestand moet één JSON-object zijn.' }]);
  });
});
