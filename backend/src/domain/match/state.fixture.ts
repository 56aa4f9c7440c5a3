/**
 * Test support for the match core's specs (not used by the application): a plain match
 * without a result, in which a spec changes only what its case is about.
 */
import type { Lineup } from './lineup';
import type { MatchState, StateTeam } from './match-command';

/** Six pairs of players named `${prefix}${pair}a/b`, all from set 1, with the reserves given. */
export function fixtureLineup(prefix: string, options: { pairs?: number; fromSet?: Record<number, number>; reserves?: readonly string[] } = {}): Lineup {
  return {
    pairs: Array.from({ length: options.pairs ?? 6 }, (_, i) => ({ pairNumber: i + 1, players: [`${prefix}${i + 1}a`, `${prefix}${i + 1}b`] as const, fromSet: options.fromSet?.[i + 1] ?? 1 })),
    reserves: [...(options.reserves ?? [])],
  };
}

export const fixtureTeam = (lineup: Lineup | null): StateTeam => ({ lineup, substitutions: [], removals: [] });

/** Thuis 1 – Uit 1 on Saturday 28 Nov 2026 at 20:00, nothing recorded; `overrides` replace whole fields. */
export function fixtureMatchState(overrides: Partial<MatchState> = {}): MatchState {
  return {
    id: 'm1',
    date: '2026-11-28',
    startTime: '20:00',
    teamIds: { HOME: 'team-thuis', AWAY: 'team-uit' },
    teamNames: { HOME: 'Thuis 1', AWAY: 'Uit 1' },
    status: 'SCHEDULED',
    resultState: 'NONE',
    homePoints: null,
    awayPoints: null,
    enteredById: null,
    enteredAt: null,
    homeSignedById: null,
    homeSignedAt: null,
    awaySignedById: null,
    awaySignedAt: null,
    disputedAt: null,
    disputedById: null,
    disputeComment: null,
    correctedAt: null,
    correctedByRole: null,
    correctionReason: null,
    finalDueAt: null,
    finalAt: null,
    teams: { HOME: fixtureTeam(fixtureLineup('h')), AWAY: fixtureTeam(fixtureLineup('a')) },
    actions: [],
    seats: [],
    ...overrides,
  };
}
