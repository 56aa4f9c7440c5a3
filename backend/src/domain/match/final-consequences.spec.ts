import { DEFAULT_SETTINGS } from '../settings';
import { type ConsequenceFacts, finalConsequences } from './final-consequences';
import type { Lineup } from './lineup';
import { tablePlan } from './rotation';
import { REGEL4_MARK } from './substitutions';

const settings = DEFAULT_SETTINGS;
const lineup = (prefix: string, fromSet: Record<number, number> = {}): Lineup => ({
  pairs: Array.from({ length: settings.pairsPerTeam }, (_, i) => ({ pairNumber: i + 1, players: [`${prefix}${i + 1}a`, `${prefix}${i + 1}b`] as const, fromSet: fromSet[i + 1] ?? 1 })),
  reserves: [`${prefix}r1`],
});
/** Every seat 5–3 for home: home wins on points. */
const sets = tablePlan(settings.pairsPerTeam).map((s) => ({ ...s, homePairNumber: s.tableNumber, awayPairNumber: s.tableNumber, homePoints: 5, awayPoints: 3 }));

function facts(overrides: { home?: Partial<ConsequenceFacts['teams']['HOME']>; away?: Partial<ConsequenceFacts['teams']['AWAY']>; ineligible?: string[]; status?: string } = {}): ConsequenceFacts {
  const team = (prefix: string) => ({ lineup: lineup(prefix), substitutions: [], composedBeforeMatch: true, substitutionViolations: [] });
  const home = { ...team('h'), ...overrides.home };
  const away = { ...team('a'), ...overrides.away };
  const everyone = [...(home.lineup?.pairs.flatMap((p) => [...p.players]) ?? []), ...(away.lineup?.pairs.flatMap((p) => [...p.players]) ?? []), 'hr1', 'ar1'];
  return { status: overrides.status ?? 'PLAYED', sets, teams: { HOME: home, AWAY: away }, eligible: new Map(everyone.map((id) => [id, !(overrides.ineligible ?? []).includes(id)])) };
}

describe('finalConsequences (Regel 4, 5D/5E, 11)', () => {
  it.each([
    ['nothing wrong: no Regel 4, no fines, no incomplete appearance to keep', facts(), [], []],
    ['Regel 4: the winner fielded an ineligible player and loses the match', facts({ ineligible: ['h3a'] }), ['HOME'], []],
    ['Regel 4: both fielded one, both lose', facts({ ineligible: ['h1a', 'a6b'] }), ['HOME', 'AWAY'], []],
    ['Regel 4: an ineligible reserve who never played changes nothing', facts({ ineligible: ['hr1'] }), [], []],
    [
      'Regel 4 once seen stays seen: a substitution recorded as a Regel 4 case, re-saved with the player among the reserves',
      facts({ away: { substitutionViolations: [`De invaller stond niet op de spelerslijst (${REGEL4_MARK}).`] } }),
      ['AWAY'],
      [],
    ],
    ['Regel 5D/5E: a line-up not composed before the match proposes its fine', facts({ away: { composedBeforeMatch: false } }), [], [{ side: 'AWAY', kind: 'LINEUP_MISSING' }]],
    ['Regel 11: a pair that came late is an incomplete appearance', facts({ home: { lineup: lineup('h', { 6: 3 }) } }), [], [{ side: 'HOME', kind: 'INCOMPLETE' }]],
  ])('%s', (_name, given, offending, fines) => {
    const result = finalConsequences(given, settings);
    expect(result.offending).toEqual(offending);
    expect(result.fines.filter((f) => f.kind !== 'WITHDRAW_INCOMPLETE')).toEqual(fines);
    if (offending.length) {
      expect(result.regel4).not.toBeNull();
      for (const side of offending) expect((side === 'HOME' ? result.regel4!.home : result.regel4!.away).deduction).toBe(settings.ineligiblePlayerDeduction);
    } else {
      expect(result.regel4).toBeNull();
    }
  });

  it('Regel 11: a played match whose line-up now has every pair from set 1 withdraws an earlier incomplete appearance', () => {
    expect(finalConsequences(facts(), settings).fines).toEqual([
      { side: 'HOME', kind: 'WITHDRAW_INCOMPLETE' },
      { side: 'AWAY', kind: 'WITHDRAW_INCOMPLETE' },
    ]);
    expect(finalConsequences(facts({ status: 'FORFEIT' }), settings).fines).toEqual([]);
  });

  it('Regel 4 for the home side turns its win into a loss', () => {
    const { regel4 } = finalConsequences(facts({ ineligible: ['h2b'] }), settings);
    expect(regel4).toMatchObject({ winner: 'AWAY', home: { result: 'LOSS' }, away: { result: 'WIN' } });
  });
});
