import { DEFAULT_SETTINGS } from '../settings';
import { Lineup } from './lineup';
import { creditSets } from './match-result';
import { checkSubstitutions, fieldedOffLineup, Substitution, SubstitutionCheck, violationSets } from './substitutions';

const lineup: Lineup = {
  pairs: [1, 2, 3, 4, 5, 6].map((n) => ({ pairNumber: n, players: [`p${n}a`, `p${n}b`] as const })),
  reserves: ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'],
};
const settings = DEFAULT_SETTINGS;
const sub = (setNumber: number, pairNumber: number, outPlayerId: string, inPlayerId: string): Substitution => ({
  setNumber,
  pairNumber,
  outPlayerId,
  inPlayerId,
});
/** null for a legal substitution, otherwise its reasons. */
const verdicts = (checks: SubstitutionCheck[]) => checks.map((c) => (c.legal ? null : c.reasons));

describe('substitutions (Regel 13, 14)', () => {
  test.each<[string, Substitution[], (string[] | null)[]]>([
    ['reserve r1 comes in for p3a in set 3', [sub(3, 3, 'p3a', 'r1')], [null]],
    [
      'a substitution in set 2 is too early',
      [sub(2, 3, 'p3a', 'r1')],
      [['Set 2, koppel 3: wisselen mag pas vanaf set 3 (Regel 13).']],
    ],
    ['a substitute may be substituted again', [sub(3, 3, 'p3a', 'r1'), sub(5, 3, 'r1', 'r2')], [null, null]],
    [
      'a player who left may not return',
      [sub(3, 3, 'p3a', 'r1'), sub(4, 3, 'r1', 'p3a')],
      [null, ['Set 4, koppel 3: speler p3a is eerder uitgevallen en mag niet meer meedoen (Regel 14).']],
    ],
    [
      'a substitute who left may not return either',
      [sub(3, 3, 'p3a', 'r1'), sub(4, 3, 'r1', 'r2'), sub(5, 5, 'p5a', 'r1')],
      [null, null, ['Set 5, koppel 5: speler r1 is eerder uitgevallen en mag niet meer meedoen (Regel 14).']],
    ],
    [
      'the substitute is not on the line-up at all (a Regel 4 case, see below)',
      [sub(3, 3, 'p3a', 'x')],
      [
        [
          'Set 3, koppel 3: speler x staat niet op de spelerslijst (niet bij de koppels en niet bij de reserves); ' +
            'Regel 5C en 13 verwijzen naar Regel 4: het team verliest de wedstrijd en krijgt puntaftrek.',
        ],
      ],
    ],
    [
      'the substitute already plays in another pair',
      [sub(3, 3, 'p3a', 'p4a')],
      [['Set 3, koppel 3: speler p4a speelt al in koppel 4.']],
    ],
    [
      'a substitute cannot play in two pairs at once',
      [sub(3, 3, 'p3a', 'r1'), sub(4, 5, 'p5b', 'r1')],
      [null, ['Set 4, koppel 5: speler r1 speelt al in koppel 3.']],
    ],
    [
      'the player going out is not in that pair',
      [sub(3, 3, 'p4a', 'r1')],
      [['Set 3, koppel 3: speler p4a speelt op dat moment niet in koppel 3.']],
    ],
    [
      'two substitutes may never form a pair',
      [sub(3, 3, 'p3a', 'r1'), sub(5, 3, 'p3b', 'r2')],
      [null, ['Set 5, koppel 3: spelers r2 en r1 zijn allebei invallers en mogen geen koppel vormen (Regel 14).']],
    ],
    [
      'replacing the substitute keeps one original player in the pair',
      [sub(3, 3, 'p3a', 'r1'), sub(4, 3, 'r1', 'r2'), sub(6, 4, 'p4b', 'r3')],
      [null, null, null],
    ],
    ['pair 7 does not exist', [sub(3, 7, 'p3a', 'r1')], [['Set 3, koppel 7: koppel 7 staat niet op de spelerslijst.']]],
    [
      'set 7 does not exist',
      [sub(7, 3, 'p3a', 'r1')],
      [['Set 7, koppel 3: set 7 bestaat niet, een wedstrijd heeft 6 sets.']],
    ],
    [
      'the 7th substitution exceeds the 6 allowed; with 6 reserves it always breaks another rule too',
      [
        sub(3, 1, 'p1a', 'r1'),
        sub(3, 2, 'p2a', 'r2'),
        sub(3, 3, 'p3a', 'r3'),
        sub(4, 4, 'p4a', 'r4'),
        sub(4, 5, 'p5a', 'r5'),
        sub(4, 6, 'p6a', 'r6'),
        sub(5, 1, 'r1', 'p1a'),
      ],
      [
        null,
        null,
        null,
        null,
        null,
        null,
        [
          'Set 5, koppel 1: dit is wissel 7; per wedstrijd zijn er hoogstens 6 toegestaan (Regel 13).',
          'Set 5, koppel 1: speler p1a is eerder uitgevallen en mag niet meer meedoen (Regel 14).',
        ],
      ],
    ],
  ])('%s', (_, substitutions, expected) => {
    expect(verdicts(checkSubstitutions({ lineup, substitutions, settings }))).toEqual(expected);
  });

  test('the limit follows the setting: with at most 2, the third substitution is one too many', () => {
    const substitutions = [sub(3, 1, 'p1a', 'r1'), sub(3, 2, 'p2a', 'r2'), sub(4, 3, 'p3a', 'r3')];
    const checks = checkSubstitutions({ lineup, substitutions, settings: { ...settings, maxSubstitutions: 2 } });
    expect(verdicts(checks)).toEqual([
      null,
      null,
      ['Set 4, koppel 3: dit is wissel 3; per wedstrijd zijn er hoogstens 2 toegestaan (Regel 13).'],
    ]);
  });

  test('substitutions may start earlier when the board sets it so', () => {
    const checks = checkSubstitutions({
      lineup,
      substitutions: [sub(2, 1, 'p1a', 'r1')],
      settings: { ...settings, substitutionsFromSet: 2 },
    });
    expect(verdicts(checks)).toEqual([null]);
  });
});

describe('sets lost by a substitution violation (Regel 14)', () => {
  const check = (substitutions: Substitution[]) => checkSubstitutions({ lineup, substitutions, settings });
  const seats = (checks: SubstitutionCheck[], side: 'HOME' | 'AWAY') =>
    violationSets({ checks, side, settings }).map(
      (f) => `set ${f.setNumber} tafel ${f.tableNumber} koppel ${f.pairNumber}`,
    );

  test.each<[string, Substitution[], 'HOME' | 'AWAY', string[]]>([
    ['legal substitutions cost nothing', [sub(3, 3, 'p3a', 'r1')], 'HOME', []],
    [
      'home pair 3 violates in set 4: sets 4, 5 and 6 at table 3',
      [sub(4, 3, 'p3a', 'p4a')],
      'HOME',
      ['set 4 tafel 3 koppel 3', 'set 5 tafel 3 koppel 3', 'set 6 tafel 3 koppel 3'],
    ],
    [
      'away pair 3 violates in set 4: wherever it walked from then on',
      [sub(4, 3, 'p3a', 'p4a')],
      'AWAY',
      ['set 4 tafel 6 koppel 3', 'set 5 tafel 1 koppel 3', 'set 6 tafel 2 koppel 3'],
    ],
    [
      'two violations of one pair count from the first',
      [sub(3, 3, 'p3a', 'r1'), sub(5, 3, 'p3b', 'r2'), sub(6, 3, 'r2', 'p3a')],
      'HOME',
      ['set 5 tafel 3 koppel 3', 'set 6 tafel 3 koppel 3'],
    ],
    [
      'violations of two pairs count for each pair',
      [sub(2, 1, 'p1a', 'r1'), sub(6, 2, 'p2a', 'p3a')],
      'HOME',
      [
        'set 2 tafel 1 koppel 1',
        'set 3 tafel 1 koppel 1',
        'set 4 tafel 1 koppel 1',
        'set 5 tafel 1 koppel 1',
        'set 6 tafel 1 koppel 1',
        'set 6 tafel 2 koppel 2',
      ],
    ],
    ['a violation naming pair 7 costs no set', [sub(3, 7, 'p3a', 'r1')], 'HOME', []],
    ['a substitute not on the line-up costs no set: it is Regel 4, not Regel 14', [sub(4, 3, 'p3a', 'x')], 'HOME', []],
    [
      'not on the line-up and too early: the Regel 13 violation still costs the sets',
      [sub(2, 3, 'p3a', 'x')],
      'HOME',
      ['set 2 tafel 3 koppel 3', 'set 3 tafel 3 koppel 3', 'set 4 tafel 3 koppel 3', 'set 5 tafel 3 koppel 3', 'set 6 tafel 3 koppel 3'],
    ],
  ])('%s', (_, substitutions, side, expected) => {
    expect(seats(check(substitutions), side)).toEqual(expected);
  });

  test('the opponent is credited 8–0 in those sets', () => {
    const forfeits = violationSets({ checks: check([sub(5, 2, 'p2a', 'p3a')]), side: 'AWAY', settings });
    expect(
      creditSets(forfeits, settings).map((r) => [r.setNumber, r.tableNumber, r.homePoints, r.awayPoints, r.source]),
    ).toEqual([
      [5, 6, 8, 0, 'SUBSTITUTION_VIOLATION'],
      [6, 1, 8, 0, 'SUBSTITUTION_VIOLATION'],
    ]);
  });
});

describe('a player not on the line-up is a Regel 4 case (Regel 5C, 13)', () => {
  test.each<[string, Substitution[], boolean]>([
    ['a reserve comes in: no Regel 4 case', [sub(3, 3, 'p3a', 'r1')], false],
    ['a stranger comes in as substitute', [sub(3, 3, 'p3a', 'x')], true],
    ['a stranger comes in, even too early and as the 1st substitution', [sub(2, 1, 'p1a', 'x')], true],
    ['a stranger replaces a substitute later on', [sub(3, 3, 'p3a', 'r1'), sub(5, 3, 'r1', 'x')], true],
    ['a player of another pair is on the line-up: Regel 14, not Regel 4', [sub(3, 3, 'p3a', 'p4a')], false],
    ['a player who left returns: Regel 14, not Regel 4', [sub(3, 3, 'p3a', 'r1'), sub(4, 3, 'r1', 'p3a')], false],
    ['two substitutes forming a pair: Regel 14, not Regel 4', [sub(3, 3, 'p3a', 'r1'), sub(5, 3, 'p3b', 'r2')], false],
  ])('%s', (_, substitutions, regel4) => {
    expect(fieldedOffLineup(checkSubstitutions({ lineup, substitutions, settings }))).toBe(regel4);
  });
});
