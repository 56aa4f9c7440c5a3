import { DEFAULT_SETTINGS, type CancelledMatchPoints } from '../settings';
import { computeStandings, type StandingsMatch } from '../standings/standings';
import { decideMatch, matchWinner, type OutcomeFacts } from './winner';

const played: OutcomeFacts = { status: 'PLAYED', homePoints: 150, awayPoints: 138, forfeitingSide: null, homeIneligible: false, awayIneligible: false };

type Case = [name: string, facts: Partial<OutcomeFacts>, cancelledMatchPoints: CancelledMatchPoints, winner: ReturnType<typeof matchWinner>];

const cases: Case[] = [
  ['Regel 40: more game points wins', {}, 'FROM_AVERAGES', 'HOME'],
  ['Regel 40: equal game points, a draw', { awayPoints: 150 }, 'FROM_AVERAGES', 'DRAW'],
  ['Regel 4: the home team fielded an ineligible player', { homeIneligible: true }, 'FROM_AVERAGES', 'AWAY'],
  ['Regel 4: both teams did, both lose', { homeIneligible: true, awayIneligible: true }, 'FROM_AVERAGES', null],
  ['Regel 7: the away team forfeited', { status: 'FORFEIT', forfeitingSide: 'AWAY', homePoints: 288, awayPoints: 0 }, 'FROM_AVERAGES', 'HOME'],
  ['Regel 7: both teams incomplete, both lose', { status: 'FORFEIT', bothForfeited: true, homePoints: 0, awayPoints: 0 }, 'FROM_AVERAGES', null],
  ['Regel 6: not played, counts nowhere', { status: 'NOT_PLAYED', homePoints: 0, awayPoints: 0 }, 'FROM_AVERAGES', null],
  ['Regel 8 FROM_AVERAGES: cancelled, the higher average wins', { status: 'CANCELLED', homePoints: 120, awayPoints: 131 }, 'FROM_AVERAGES', 'AWAY'],
  ['Regel 8 FROM_AVERAGES: cancelled, equal averages draw', { status: 'CANCELLED', homePoints: 125, awayPoints: 125 }, 'FROM_AVERAGES', 'DRAW'],
  ['Regel 8 NONE: cancelled, no winner', { status: 'CANCELLED', homePoints: 120, awayPoints: 131 }, 'NONE', null],
];

describe('one winner everywhere (RULES.md Regel 8: the same winner as the standings count)', () => {
  test.each(cases)('%s', (_name, change, cancelledMatchPoints, expected) => {
    expect(matchWinner({ ...played, ...change, resultState: 'CONFIRMED' }, { cancelledMatchPoints })).toBe(expected);
  });

  test.each(cases)('%s: the standings count the same winner', (_name, change, cancelledMatchPoints, expected) => {
    const facts = { ...played, ...change };
    const match: StandingsMatch = {
      id: 'm',
      round: 1,
      date: '2026-11-13',
      homeTeamId: 'h',
      awayTeamId: 'a',
      status: facts.status,
      homePoints: facts.homePoints,
      awayPoints: facts.awayPoints,
      forfeitingTeamId: facts.forfeitingSide === 'HOME' ? 'h' : facts.forfeitingSide === 'AWAY' ? 'a' : null,
      bothForfeited: facts.bothForfeited,
      ineligibleTeamIds: [...(facts.homeIneligible ? ['h'] : []), ...(facts.awayIneligible ? ['a'] : [])],
    };
    const rows = computeStandings({
      teams: [
        { teamId: 'h', teamName: 'Thuis', clubName: 'T' },
        { teamId: 'a', teamName: 'Uit', clubName: 'U' },
      ],
      matches: [match],
      deductions: [],
      playoffs: [],
      settings: { ...DEFAULT_SETTINGS, cancelledMatchPoints },
    });
    const row = (id: string) => rows.find((r) => r.teamId === id)!;
    const counted = row('h').won ? 'HOME' : row('a').won ? 'AWAY' : row('h').drawn ? 'DRAW' : null;
    expect(counted).toBe(expected);
  });

  it('not confirmed yet: no winner', () => {
    expect(matchWinner({ ...played, resultState: 'ENTERED' }, DEFAULT_SETTINGS)).toBeNull();
  });

  test.each<[string, Partial<OutcomeFacts>, ReturnType<typeof decideMatch>]>([
    ['Regel 7 both incomplete: a loss for each (played, lost, no points)', { status: 'FORFEIT', bothForfeited: true, homePoints: 0, awayPoints: 0 }, ['LOSS', 'LOSS']],
    ['Regel 8 NONE: counted in game points only', { status: 'CANCELLED' }, [null, null]],
    ['a played match without a score counts nowhere', { homePoints: null }, undefined],
    ['a forfeit without a forfeiting side counts nowhere', { status: 'FORFEIT', forfeitingSide: null }, undefined],
  ])('decideMatch: %s', (_name, change, expected) => {
    expect(decideMatch({ ...played, ...change }, { cancelledMatchPoints: 'NONE' })).toEqual(expected);
  });
});
