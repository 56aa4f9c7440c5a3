import { planTakeOver, SourceDivision, SourceTeam } from './season-takeover';

const team = (name: string, extra: Partial<SourceTeam> = {}): SourceTeam => ({ name, clubId: `club-${name}`, clubName: `Vereniging ${name}`, archived: false, clubArchived: false, ...extra });
const division = (name: string, level: number, teams: SourceTeam[], archived = false): SourceDivision => ({ name, level, archived, teams });

describe('planTakeOver (last season\'s divisions and teams for a season in preparation)', () => {
  it('takes over every division by level with its teams', () => {
    const plan = planTakeOver([division('Tweede klasse', 2, [team('C')]), division('Eerste klasse', 1, [team('A'), team('B')])]);
    expect(plan).toEqual({
      divisions: [
        { name: 'Eerste klasse', level: 1, teams: [{ name: 'A', clubId: 'club-A' }, { name: 'B', clubId: 'club-B' }] },
        { name: 'Tweede klasse', level: 2, teams: [{ name: 'C', clubId: 'club-C' }] },
      ],
      skipped: [],
    });
  });

  test.each([
    ['an archived division stays behind', [division('Oud', 3, [team('X')], true)], [], []],
    ['an archived team stays behind', [division('Eerste klasse', 1, [team('X', { archived: true })])], [{ name: 'Eerste klasse', level: 1, teams: [] }], []],
    [
      "an archived club's team stays behind, named with the reason",
      [division('Eerste klasse', 1, [team('X', { clubArchived: true }), team('Y')])],
      [{ name: 'Eerste klasse', level: 1, teams: [{ name: 'Y', clubId: 'club-Y' }] }],
      ['X (Eerste klasse): de vereniging Vereniging X is gearchiveerd.'],
    ],
  ])('%s', (_, source, divisions, skipped) => {
    expect(planTakeOver(source)).toEqual({ divisions, skipped });
  });
});
