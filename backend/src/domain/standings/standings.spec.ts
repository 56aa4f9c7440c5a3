import { DEFAULT_SETTINGS } from '../settings';
import {
  computeStandings,
  positionsByRound,
  type PlayoffResult,
  type PointDeduction,
  type StandingsInput,
  type StandingsMatch,
  type StandingsRow,
} from './standings';

// ─────────────────────────── factories ───────────────────────────

let nextId = 0;

function match(home: string, away: string, fields: Partial<StandingsMatch> = {}): StandingsMatch {
  const round = fields.round ?? 1;
  return {
    id: `m${++nextId}`,
    round,
    date: `2026-10-${String(round).padStart(2, '0')}`,
    homeTeamId: home,
    awayTeamId: away,
    status: 'PLAYED',
    homePoints: null,
    awayPoints: null,
    ...fields,
  };
}

const played = (home: string, away: string, homePoints: number, awayPoints: number, round = 1) =>
  match(home, away, { homePoints, awayPoints, round });

/** Regel 7 with the default 288–0 (36 sets × 8–0) for the team that turned up. */
const forfeit = (home: string, away: string, forfeitingTeamId: string, round = 1) =>
  match(home, away, {
    status: 'FORFEIT',
    forfeitingTeamId,
    homePoints: forfeitingTeamId === home ? 0 : 288,
    awayPoints: forfeitingTeamId === away ? 0 : 288,
    round,
  });

const ineligible = (home: string, away: string, homePoints: number, awayPoints: number, ...teams: string[]) =>
  match(home, away, { homePoints, awayPoints, ineligibleTeamIds: teams });

const deduction = (teamId: string, points: number, fields: Partial<PointDeduction> = {}): PointDeduction => ({
  teamId,
  points,
  rule: '4',
  reason: 'Niet-speelgerechtigde speler opgesteld',
  ...fields,
});

const playoff = (winnerTeamId: string, loserTeamId: string): PlayoffResult => ({ winnerTeamId, loserTeamId });

function input(teamIds: string[], matches: StandingsMatch[], fields: Partial<StandingsInput> = {}): StandingsInput {
  return {
    teams: teamIds.map((id) => ({ teamId: id, teamName: `Team ${id}`, clubName: `Club ${id}` })),
    matches,
    deductions: [],
    playoffs: [],
    settings: DEFAULT_SETTINGS,
    ...fields,
  };
}

const standings = (teamIds: string[], matches: StandingsMatch[], fields: Partial<StandingsInput> = {}) =>
  computeStandings(input(teamIds, matches, fields));

const row = (rows: StandingsRow[], teamId: string): StandingsRow => {
  const found = rows.find((r) => r.teamId === teamId);
  if (!found) throw new Error(`no row for ${teamId}`);
  return found;
};

/** "position team decidedBy", one string per row: reads like the printed table. */
const summary = (rows: StandingsRow[]) => rows.map((r) => `${r.position} ${r.teamId} ${r.decidedBy ?? '-'}`);

type Case = [
  name: string,
  teams: string[],
  matches: StandingsMatch[],
  fields: Partial<StandingsInput>,
  expected: string[],
];

// ─────────────────────────── ordering ───────────────────────────

describe('computeStandings: order and tie-breaks (Regel 41)', () => {
  const cases: Case[] = [
    [
      'two-way tie by head-to-head: A beat B, although B has the better saldo',
      ['A', 'B', 'C'],
      [played('A', 'B', 150, 140), played('B', 'C', 200, 100)],
      {},
      ['1 A HEAD_TO_HEAD', '2 B HEAD_TO_HEAD', '3 C -'],
    ],
    [
      'three-way circular tie, equal mini-table points and difference: saldo decides',
      ['A', 'B', 'C', 'D'],
      [
        played('A', 'B', 150, 140),
        played('B', 'C', 150, 140),
        played('C', 'A', 150, 140),
        played('A', 'D', 200, 100),
        played('B', 'D', 180, 100),
        played('C', 'D', 160, 100),
      ],
      {},
      ['1 A DIFFERENCE', '2 B DIFFERENCE', '3 C DIFFERENCE', '4 D -'],
    ],
    [
      'three-way circular tie, unequal mini-table difference: head-to-head difference decides, not saldo',
      ['A', 'B', 'C', 'D'],
      [
        played('A', 'B', 160, 140), // A +20
        played('B', 'C', 150, 140), // B +10
        played('C', 'A', 145, 140), // C +5 → mini-table A +15, C -5, B -10
        played('A', 'D', 101, 100), // saldo alone would give B, C, A
        played('B', 'D', 300, 100),
        played('C', 'D', 200, 100),
      ],
      {},
      ['1 A HEAD_TO_HEAD', '2 C HEAD_TO_HEAD', '3 B HEAD_TO_HEAD', '4 D -'],
    ],
    [
      'three-way tie: head-to-head separates one team, the other two are re-ranked by their own match',
      ['A', 'B', 'C', 'D'],
      [
        played('A', 'B', 155, 140), // A +15
        played('B', 'C', 150, 140), // B +10
        played('C', 'A', 145, 140), // C +5 → mini-table A +10, B -5, C -5; B beat C
        played('A', 'D', 150, 100), // saldo alone would give C, B, A
        played('B', 'D', 200, 100),
        played('C', 'D', 300, 100),
      ],
      {},
      ['1 A HEAD_TO_HEAD', '2 B HEAD_TO_HEAD', '3 C HEAD_TO_HEAD', '4 D -'],
    ],
    [
      'saldo separates one team of a circular tie, the other two are re-ranked by their own match',
      ['A', 'B', 'C', 'D'],
      [
        played('A', 'B', 150, 140),
        played('B', 'C', 150, 140),
        played('C', 'A', 150, 140),
        played('A', 'D', 200, 100),
        played('B', 'D', 180, 100),
        played('C', 'D', 180, 100),
      ],
      {},
      ['1 A DIFFERENCE', '2 B HEAD_TO_HEAD', '3 C HEAD_TO_HEAD', '4 D -'],
    ],
    [
      'a deduction turns a tie: A drops below B and now ties C, saldo decides',
      ['A', 'B', 'C'],
      [played('A', 'B', 150, 140), played('B', 'C', 200, 100)],
      { deductions: [deduction('A', 3)] },
      ['1 B -', '2 A DIFFERENCE', '3 C DIFFERENCE'],
    ],
    [
      'forfeit and cancelled matches (cancelledMatchPoints NONE): the forfeit gives B the win, the cancelled score counts only in saldo and puts C above D',
      ['A', 'B', 'C', 'D'],
      [
        forfeit('A', 'B', 'A'), // B 3 points, 288–0
        played('C', 'D', 150, 150), // C and D 1 point each, level head-to-head
        match('C', 'A', { status: 'CANCELLED', homePoints: 160, awayPoints: 140 }), // no points, C +20
      ],
      { settings: { ...DEFAULT_SETTINGS, cancelledMatchPoints: 'NONE' } },
      ['1 B -', '2 C DIFFERENCE', '3 D DIFFERENCE', '4 A -'],
    ],
    [
      'forfeit and cancelled matches (FROM_AVERAGES, the default): the cancelled 160–140 is a win for C',
      ['A', 'B', 'C', 'D'],
      [
        forfeit('A', 'B', 'A'), // B 3 points
        played('C', 'D', 150, 150), // C and D 1 point each
        match('C', 'A', { status: 'CANCELLED', homePoints: 160, awayPoints: 140 }), // C 3 points
      ],
      {},
      ['1 C -', '2 B -', '3 D -', '4 A -'],
    ],
    [
      'equal on everything: shared position and the next position skipped (1, 2, 2, 4)',
      ['A', 'B', 'C', 'D'],
      [played('C', 'D', 200, 100), played('A', 'B', 150, 150)],
      {},
      ['1 C -', '2 A -', '2 B -', '4 D -'],
    ],
    [
      'equal on everything, play-off recorded: it decides',
      ['A', 'B', 'C', 'D'],
      [played('C', 'D', 200, 100), played('A', 'B', 150, 150)],
      { playoffs: [playoff('B', 'A')] },
      ['1 C -', '2 B PLAYOFF', '3 A PLAYOFF', '4 D -'],
    ],
    [
      'a play-off between other teams does not decide a tie',
      ['A', 'B', 'C', 'D'],
      [played('C', 'D', 200, 100), played('A', 'B', 150, 150)],
      { playoffs: [playoff('D', 'C')] },
      ['1 C -', '2 A -', '2 B -', '4 D -'],
    ],
    [
      'standings after round 1 leave out later rounds',
      ['A', 'B'],
      [played('A', 'B', 150, 140, 1), played('B', 'A', 190, 140, 2)],
      { upToRound: 1 },
      ['1 A -', '2 B -'],
    ],
    [
      'standings after round 2: level on points, head-to-head difference over both matches',
      ['A', 'B'],
      [played('A', 'B', 150, 140, 1), played('B', 'A', 190, 140, 2)],
      { upToRound: 2 },
      ['1 B HEAD_TO_HEAD', '2 A HEAD_TO_HEAD'],
    ],
    [
      'a play-off does not decide the standings after an earlier round',
      ['A', 'B'],
      [played('A', 'B', 150, 150, 1), played('B', 'A', 150, 150, 2)],
      { upToRound: 1, playoffs: [playoff('B', 'A')] },
      ['1 A -', '1 B -'],
    ],
    [
      'Regel 4 in the mini-table: the ineligible team outscored its rival but lost the match',
      ['A', 'B', 'C', 'D'],
      [
        ineligible('A', 'B', 160, 140, 'A'), // B wins; saldo would favour A
        played('A', 'C', 150, 140),
        played('D', 'B', 150, 140),
        played('D', 'C', 150, 140),
      ],
      {},
      ['1 D -', '2 B HEAD_TO_HEAD', '3 A HEAD_TO_HEAD', '4 C -'],
    ],
  ];

  test.each(cases)('%s', (_name, teams, matches, fields, expected) => {
    expect(summary(standings(teams, matches, fields))).toEqual(expected);
  });
});

const cancelled = (home: string, away: string, homePoints: number, awayPoints: number) =>
  match(home, away, { status: 'CANCELLED', homePoints, awayPoints });
const none = { settings: { ...DEFAULT_SETTINGS, cancelledMatchPoints: 'NONE' as const } };

/** "position team decidedBy note playoffNeeded", one string per row. */
const explained = (rows: StandingsRow[]) =>
  rows.map((r) => `${r.position} ${r.teamId} ${r.decidedBy ?? '-'} ${r.note ?? '-'}${r.playoffNeeded ? ' (nodig)' : ''}`);

describe('Regel 41 head-to-head counts only played and forfeited mutual matches (issue 13, item 4)', () => {
  const cases: Case[] = [
    [
      'NONE: the only mutual match is cancelled 140–151; it does not decide head-to-head, saldo does',
      ['A', 'B', 'C', 'D'],
      [cancelled('A', 'B', 140, 151), played('A', 'C', 200, 100), played('B', 'D', 160, 150)],
      none,
      ['1 A DIFFERENCE', '2 B DIFFERENCE', '3 D DIFFERENCE', '4 C DIFFERENCE'],
    ],
    [
      'FROM_AVERAGES: B won the cancelled mutual match 151–140, A and B level on points; saldo decides, not that match',
      ['A', 'B', 'C', 'D'],
      [cancelled('A', 'B', 140, 151), played('A', 'C', 200, 100), played('A', 'D', 155, 150), played('B', 'C', 151, 150)],
      {},
      ['1 A DIFFERENCE', '2 B DIFFERENCE', '3 D DIFFERENCE', '4 C DIFFERENCE'],
    ],
    [
      'a forfeited mutual match does count in head-to-head: B above A although A has the better saldo',
      ['A', 'B', 'C', 'D'],
      [forfeit('A', 'B', 'A'), played('A', 'C', 500, 100), played('B', 'D', 100, 400)], // A +112, B −12
      { deductions: [deduction('D', 3)] },
      ['1 B HEAD_TO_HEAD', '2 A HEAD_TO_HEAD', '3 D DIFFERENCE', '4 C DIFFERENCE'],
    ],
    [
      'a played mutual match and a cancelled one: only the played one counts (A won it, B won the cancelled one by more)',
      ['A', 'B'],
      [played('A', 'B', 150, 140, 1), cancelled('B', 'A', 200, 100), played('A', 'B', 100, 200, 3)],
      none,
      ['1 B HEAD_TO_HEAD', '2 A HEAD_TO_HEAD'],
    ],
  ];

  test.each(cases)('%s', (_name, teams, matches, fields, expected) => {
    expect(summary(standings(teams, matches, fields))).toEqual(expected);
  });
});

describe('Regel 8 cancelled match points in the table (issue 13, item 3)', () => {
  test.each<[string, Partial<StandingsInput>, string[]]>([
    ['FROM_AVERAGES (default): 151–140 is a win, played and won', {}, ['B played 1 won 1 CP 3', 'A played 1 lost 1 CP 0']],
    ['NONE: no competition points, neither played nor won, score counts', none, ['B played 0 won 0 CP 0', 'A played 0 lost 0 CP 0']],
  ])('%s', (_name, fields, expected) => {
    const rows = standings(['A', 'B'], [cancelled('A', 'B', 140, 151)], fields);
    expect(rows.map((r) => `${r.teamId} played ${r.played} ${r.teamId === 'A' ? `lost ${r.lost}` : `won ${r.won}`} CP ${r.competitionPoints}`)).toEqual(expected);
    expect(rows.map((r) => r.pointsDifference).sort()).toEqual([-11, 11]);
  });
});

describe('Regel 41 play-offs (issue 13, item 5)', () => {
  // Three teams level on everything: every match drawn 150–150.
  const level3 = [played('A', 'B', 150, 150, 1), played('B', 'C', 150, 150, 2), played('C', 'A', 150, 150, 3)];

  test.each<[string, PlayoffResult[], string[]]>([
    [
      'no play-off yet: all three share, a play-off is needed',
      [],
      ['1 A - Beslissingswedstrijd nodig (nodig)', '1 B - Beslissingswedstrijd nodig (nodig)', '1 C - Beslissingswedstrijd nodig (nodig)'],
    ],
    [
      '(a) only A beat B: A first, B and C share the next position and still need a play-off (C is not ranked above B)',
      [playoff('A', 'B')],
      ['1 A PLAYOFF Beslissingswedstrijd gewonnen', '2 B - Beslissingswedstrijd nodig (nodig)', '2 C - Beslissingswedstrijd nodig (nodig)'],
    ],
    [
      'A beat B and C beat B: A and C share first, B third',
      [playoff('A', 'B'), playoff('C', 'B')],
      ['1 A - Beslissingswedstrijd nodig (nodig)', '1 C - Beslissingswedstrijd nodig (nodig)', '3 B PLAYOFF Beslissingswedstrijd verloren'],
    ],
    [
      'A beat B, C beat B, then A beat C: A, C, B',
      [playoff('A', 'B'), playoff('C', 'B'), playoff('A', 'C')],
      ['1 A PLAYOFF Beslissingswedstrijd gewonnen', '2 C PLAYOFF Beslissingswedstrijd', '3 B PLAYOFF Beslissingswedstrijd verloren'],
    ],
    [
      'A beat B and B beat C: one win each for A and B, so their own play-off orders them',
      [playoff('A', 'B'), playoff('B', 'C')],
      ['1 A PLAYOFF Beslissingswedstrijd gewonnen', '2 B PLAYOFF Beslissingswedstrijd', '3 C PLAYOFF Beslissingswedstrijd verloren'],
    ],
    [
      'circular play-offs (A beat B, B beat C, C beat A): all three still share',
      [playoff('A', 'B'), playoff('B', 'C'), playoff('C', 'A')],
      ['1 A - Beslissingswedstrijd nodig (nodig)', '1 B - Beslissingswedstrijd nodig (nodig)', '1 C - Beslissingswedstrijd nodig (nodig)'],
    ],
  ])('%s', (_name, playoffs, expected) => {
    expect(explained(standings(['A', 'B', 'C'], level3, { playoffs }))).toEqual(expected);
  });

  const tie = [played('A', 'B', 150, 150, 1)];
  test.each<[string, StandingsMatch[], Partial<StandingsInput>, string[]]>([
    ['(b) before any match: every team level, no play-off asked for', [match('A', 'B'), match('C', 'D')], {}, ['1 A - Gelijk', '1 B - Gelijk', '1 C - Gelijk', '1 D - Gelijk']],
    [
      '(b) mid-season: A and B level while C–D is still to be played',
      [...tie, played('C', 'D', 200, 100, 1), match('A', 'C', { round: 2 })],
      {},
      ['1 C - -', '2 A - Gelijk', '2 B - Gelijk', '4 D - -'],
    ],
    [
      '(b) a match entered but without both totals is not decided yet',
      [...tie, played('C', 'D', 200, 100, 1), match('A', 'C', { round: 2, homePoints: 150 })],
      {},
      ['1 C - -', '2 A - Gelijk', '2 B - Gelijk', '4 D - -'],
    ],
    [
      '(b) every match decided: the play-off is needed',
      [...tie, played('C', 'D', 200, 100, 1)],
      {},
      ['1 C - -', '2 A - Beslissingswedstrijd nodig (nodig)', '2 B - Beslissingswedstrijd nodig (nodig)', '4 D - -'],
    ],
    [
      '(b) matches not played (Regel 6) and cancelled ones are decided too',
      [...tie, played('C', 'D', 200, 100, 1), match('A', 'C', { status: 'NOT_PLAYED', round: 2 }), cancelled('B', 'D', 100, 100)],
      none,
      ['1 C - -', '2 A - Beslissingswedstrijd nodig (nodig)', '2 B - Beslissingswedstrijd nodig (nodig)', '4 D - -'],
    ],
    [
      '(b) the season has ended with a match still open: the play-off is needed',
      [...tie, played('C', 'D', 200, 100, 1), match('A', 'C', { round: 2 })],
      { seasonEnded: true },
      ['1 C - -', '2 A - Beslissingswedstrijd nodig (nodig)', '2 B - Beslissingswedstrijd nodig (nodig)', '4 D - -'],
    ],
    [
      '(b) an open fixture of a withdrawn team (no row) does not keep the competition open',
      [...tie, played('C', 'D', 200, 100, 1), match('A', 'X', { round: 2 })],
      {},
      ['1 C - -', '2 A - Beslissingswedstrijd nodig (nodig)', '2 B - Beslissingswedstrijd nodig (nodig)', '4 D - -'],
    ],
    [
      '(b) the standings after an earlier round never ask for a play-off',
      [...tie, played('C', 'D', 200, 100, 1), played('A', 'C', 100, 200, 2), played('B', 'D', 100, 200, 2)],
      { upToRound: 1 },
      ['1 C - -', '2 A - Gelijk', '2 B - Gelijk', '4 D - -'],
    ],
  ])('%s', (_name, matches, fields, expected) => {
    expect(explained(standings(['A', 'B', 'C', 'D'], matches, fields))).toEqual(expected);
  });

  test.each<[string, StandingsMatch[], string[]]>([
    [
      '(c) saldo separates one team of a circular tie; the other two, equal on saldo, are ranked again from head-to-head among themselves (B beat C)',
      [
        played('A', 'B', 150, 140), // mini-table of three: each team 3 points, +0 → level
        played('B', 'C', 150, 140),
        played('C', 'A', 150, 140),
        played('A', 'D', 250, 100), // A the best saldo
        played('B', 'D', 180, 100), // B and C equal saldo (+80)
        played('C', 'D', 180, 100),
      ],
      ['1 A DIFFERENCE Saldo', '2 B HEAD_TO_HEAD Onderling resultaat', '3 C HEAD_TO_HEAD Onderling resultaat', '4 D - -'],
    ],
    [
      '(c) saldo separates one team; the two left level on head-to-head too share (and need a play-off)',
      [
        played('A', 'B', 150, 150),
        played('B', 'C', 150, 150),
        played('C', 'A', 150, 150),
        played('A', 'D', 250, 100),
        played('B', 'D', 200, 100),
        played('C', 'D', 200, 100),
      ],
      ['1 A DIFFERENCE Saldo', '2 B - Beslissingswedstrijd nodig (nodig)', '2 C - Beslissingswedstrijd nodig (nodig)', '4 D - -'],
    ],
  ])('%s', (_name, matches, expected) => {
    expect(explained(standings(['A', 'B', 'C', 'D'], matches))).toEqual(expected);
  });
});

describe('computeStandings: notes and play-off flags', () => {
  const tie = [played('C', 'D', 200, 100), played('A', 'B', 150, 150)];

  it('marks shared rows as needing a play-off, with the Dutch note', () => {
    const rows = standings(['A', 'B', 'C', 'D'], tie);
    expect(rows.map((r) => [r.teamId, r.shared, r.playoffNeeded, r.note])).toEqual([
      ['C', false, false, null],
      ['A', true, true, 'Beslissingswedstrijd nodig'],
      ['B', true, true, 'Beslissingswedstrijd nodig'],
      ['D', false, false, null],
    ]);
  });

  it('counts a match still being played (provisional) but never asks for a play-off because of it', () => {
    const inProgress = { ...played('A', 'B', 150, 150), provisional: true };
    const rows = standings(['A', 'B', 'C', 'D'], [played('C', 'D', 200, 100), inProgress]);
    expect(rows.map((r) => [r.teamId, r.played, r.shared, r.playoffNeeded, r.note])).toEqual([
      ['C', 1, false, false, null],
      ['A', 1, true, false, 'Gelijk'],
      ['B', 1, true, false, 'Gelijk'],
      ['D', 1, false, false, null],
    ]);
  });

  it('orders shared rows by team name, not by id or input order', () => {
    const rows = computeStandings({
      ...input([], tie),
      teams: [
        { teamId: 'A', teamName: 'Zeelandia 1', clubName: 'Zeelandia' },
        { teamId: 'B', teamName: 'Apintie 2', clubName: 'Apintie' },
        { teamId: 'C', teamName: 'Kwatta', clubName: 'Kwatta' },
        { teamId: 'D', teamName: 'Bigi Poika', clubName: 'Bigi Poika' },
      ],
    });
    expect(rows.map((r) => r.teamName)).toEqual(['Kwatta', 'Apintie 2', 'Zeelandia 1', 'Bigi Poika']);
  });

  it('says who won and who lost the play-off', () => {
    const rows = standings(['A', 'B', 'C', 'D'], tie, { playoffs: [playoff('B', 'A')] });
    expect([row(rows, 'B'), row(rows, 'A')].map((r) => [r.shared, r.playoffNeeded, r.note])).toEqual([
      [false, false, 'Beslissingswedstrijd gewonnen'],
      [false, false, 'Beslissingswedstrijd verloren'],
    ]);
  });

  it('names the criterion that placed each row of a tie in Dutch', () => {
    const rows = standings(
      ['A', 'B', 'C', 'D'],
      [
        played('A', 'B', 150, 140),
        played('B', 'C', 150, 140),
        played('C', 'A', 150, 140),
        played('A', 'D', 200, 100),
        played('B', 'D', 180, 100),
        played('C', 'D', 180, 100),
      ],
    );
    expect(rows.map((r) => [r.teamId, r.decidedBy, r.note])).toEqual([
      ['A', 'DIFFERENCE', 'Saldo'],
      ['B', 'HEAD_TO_HEAD', 'Onderling resultaat'],
      ['C', 'HEAD_TO_HEAD', 'Onderling resultaat'],
      ['D', null, null],
    ]);
  });
});

// ─────────────────────────── counting ───────────────────────────

type Counts = Pick<
  StandingsRow,
  'played' | 'won' | 'drawn' | 'lost' | 'pointsFor' | 'pointsAgainst' | 'competitionPoints' | 'total'
>;

const counts = (r: StandingsRow): Counts => ({
  played: r.played,
  won: r.won,
  drawn: r.drawn,
  lost: r.lost,
  pointsFor: r.pointsFor,
  pointsAgainst: r.pointsAgainst,
  competitionPoints: r.competitionPoints,
  total: r.total,
});

const zero: Counts = {
  played: 0,
  won: 0,
  drawn: 0,
  lost: 0,
  pointsFor: 0,
  pointsAgainst: 0,
  competitionPoints: 0,
  total: 0,
};

describe('computeStandings: what a match counts for (Regel 4, 6, 7, 8, 40)', () => {
  test.each<[string, StandingsMatch, Counts, Counts]>([
    [
      'won match: 3 points to the winner, 0 to the loser',
      played('A', 'B', 150, 138),
      { ...zero, played: 1, won: 1, pointsFor: 150, pointsAgainst: 138, competitionPoints: 3, total: 3 },
      { ...zero, played: 1, lost: 1, pointsFor: 138, pointsAgainst: 150 },
    ],
    [
      'draw: 1 point each',
      played('A', 'B', 144, 144),
      { ...zero, played: 1, drawn: 1, pointsFor: 144, pointsAgainst: 144, competitionPoints: 1, total: 1 },
      { ...zero, played: 1, drawn: 1, pointsFor: 144, pointsAgainst: 144, competitionPoints: 1, total: 1 },
    ],
    [
      'forfeit (Regel 7): played and lost, opponent wins, 288–0 counts in game points',
      forfeit('A', 'B', 'B'),
      { ...zero, played: 1, won: 1, pointsFor: 288, competitionPoints: 3, total: 3 },
      { ...zero, played: 1, lost: 1, pointsAgainst: 288 },
    ],
    [
      'cancelled (Regel 8, FROM_AVERAGES): the averaged score 140–151 decides it, counted as played',
      match('A', 'B', { status: 'CANCELLED', homePoints: 140, awayPoints: 151 }),
      { ...zero, played: 1, lost: 1, pointsFor: 140, pointsAgainst: 151 },
      { ...zero, played: 1, won: 1, pointsFor: 151, pointsAgainst: 140, competitionPoints: 3, total: 3 },
    ],
    [
      'cancelled (Regel 8, FROM_AVERAGES) with equal averages: a draw',
      match('A', 'B', { status: 'CANCELLED', homePoints: 150, awayPoints: 150 }),
      { ...zero, played: 1, drawn: 1, pointsFor: 150, pointsAgainst: 150, competitionPoints: 1, total: 1 },
      { ...zero, played: 1, drawn: 1, pointsFor: 150, pointsAgainst: 150, competitionPoints: 1, total: 1 },
    ],
    [
      'not played (Regel 6): counts nowhere, even with a score on it',
      match('A', 'B', { status: 'NOT_PLAYED', homePoints: 150, awayPoints: 140 }),
      zero,
      zero,
    ],
    ['scheduled: counts nowhere', match('A', 'B'), zero, zero],
    [
      'played without both totals entered: not counted yet',
      match('A', 'B', { homePoints: 150, awayPoints: null }),
      zero,
      zero,
    ],
    [
      'ineligible player (Regel 4): the offender loses although it scored more, game points stay as played',
      ineligible('A', 'B', 160, 140, 'A'),
      { ...zero, played: 1, lost: 1, pointsFor: 160, pointsAgainst: 140 },
      { ...zero, played: 1, won: 1, pointsFor: 140, pointsAgainst: 160, competitionPoints: 3, total: 3 },
    ],
    [
      'ineligible players on both sides (Regel 4): both lose',
      ineligible('A', 'B', 150, 150, 'A', 'B'),
      { ...zero, played: 1, lost: 1, pointsFor: 150, pointsAgainst: 150 },
      { ...zero, played: 1, lost: 1, pointsFor: 150, pointsAgainst: 150 },
    ],
    [
      'cancelled without a score yet: counts nowhere',
      match('A', 'B', { status: 'CANCELLED' }),
      zero,
      zero,
    ],
  ])('%s', (_name, m, home, away) => {
    const rows = standings(['A', 'B'], [m]);
    expect(counts(row(rows, 'A'))).toEqual(home);
    expect(counts(row(rows, 'B'))).toEqual(away);
  });

  it('uses the competition points of the settings', () => {
    const rows = standings(['A', 'B', 'C'], [played('A', 'B', 150, 140), played('B', 'C', 150, 150)], {
      settings: { pointsWin: 2, pointsDraw: 1, pointsLoss: -1, cancelledMatchPoints: 'FROM_AVERAGES' },
    });
    expect(rows.map((r) => [r.teamId, r.competitionPoints])).toEqual([
      ['A', 2],
      ['C', 1],
      ['B', 0],
    ]);
  });

  it('refuses a forfeit that does not name one of its teams', () => {
    expect(() => standings(['A', 'B'], [match('A', 'B', { status: 'FORFEIT', forfeitingTeamId: null })])).toThrow(
      /forfeit/,
    );
  });

  it('counts a match against a team that is not listed only for the listed team', () => {
    const rows = standings(['A'], [played('A', 'X', 150, 140)]);
    expect(rows.map((r) => [r.teamId, r.won])).toEqual([['A', 1]]);
  });
});

describe('computeStandings: deductions (Regel 4, 6)', () => {
  const notPlayedWithDeductions = () =>
    standings(['A', 'B'], [match('A', 'B', { status: 'NOT_PLAYED', round: 2 })], {
      deductions: [
        deduction('A', 3, { rule: '6', reason: 'Gespeeld zonder tafelscherm', round: 2 }),
        deduction('B', 3, { rule: '6', reason: 'Gespeeld zonder tafelscherm', round: 2 }),
        deduction('B', 3, { rule: '4', reason: 'Niet-speelgerechtigde speler opgesteld' }),
      ],
    });

  it('subtracts deductions from the competition points and lists them', () => {
    const b = row(notPlayedWithDeductions(), 'B');
    expect([b.competitionPoints, b.deductions, b.total]).toEqual([0, 6, -6]);
    expect(b.deductionDetails).toEqual([
      { points: 3, rule: '6', reason: 'Gespeeld zonder tafelscherm' },
      { points: 3, rule: '4', reason: 'Niet-speelgerechtigde speler opgesteld' },
    ]);
  });

  it('leaves out deductions of later rounds, keeps those without a round', () => {
    const rows = standings(['A', 'B'], [], {
      deductions: [deduction('A', 3, { round: 2 }), deduction('B', 1)],
      upToRound: 1,
    });
    expect(rows.map((r) => [r.teamId, r.deductions])).toEqual([
      ['A', 0],
      ['B', 1],
    ]);
  });
});

// ─────────────────────────── by round ───────────────────────────

describe('positionsByRound', () => {
  it('gives every team its position after each round', () => {
    const season = input(
      ['A', 'B', 'C'],
      [
        played('A', 'B', 150, 140, 1),
        played('B', 'C', 160, 140, 2),
        played('C', 'A', 200, 100, 3),
        played('B', 'A', 150, 140, 4),
      ],
    );
    expect(positionsByRound(season, [1, 2, 3, 4])).toEqual([
      { round: 1, positions: { A: 1, C: 2, B: 3 } },
      { round: 2, positions: { A: 1, B: 2, C: 3 } },
      { round: 3, positions: { C: 1, B: 2, A: 3 } },
      { round: 4, positions: { B: 1, C: 2, A: 3 } },
    ]);
  });
});

describe('computeStandings: size', () => {
  it('orders a 20-team double round robin of 380 matches', () => {
    const ids = Array.from({ length: 20 }, (_, i) => `T${String(i).padStart(2, '0')}`);
    const matches = ids.flatMap((home, h) =>
      ids.filter((away) => away !== home).map((away, a) => played(home, away, 150 + ((h * 7 + a * 3) % 40), 150)),
    );
    const rows = standings(ids, matches);
    expect(matches).toHaveLength(380);
    expect(rows).toHaveLength(20);
    expect(rows.reduce((sum, r) => sum + r.played, 0)).toBe(760);
    for (let i = 1; i < rows.length; i++) expect(rows[i].total).toBeLessThanOrEqual(rows[i - 1].total);
  });
});
