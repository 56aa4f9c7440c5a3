import type { Seat } from '../domain/match/match-command';
import { sameGames } from './match.repository';

describe('sameGames', () => {
  const game = (gameNumber: number, extra: Partial<Seat['games'][number]> = {}) => ({ gameNumber, winner: 'HOME' as const, kind: 'KAP' as const, points: 2, penaltyRule: null, ...extra });
  const seat = (...games: Seat['games']) => ({ games }) as unknown as Seat;

  it('is true for the same games, also as other objects', () => {
    expect(sameGames(seat(game(1), game(2)), seat(game(1), game(2)))).toBe(true);
    expect(sameGames(seat(), seat())).toBe(true);
  });

  it.each<[string, Partial<Seat['games'][number]>]>([
    ['winner', { winner: 'AWAY' }],
    ['kind', { kind: 'BAUNIE' }],
    ['points', { points: 4 }],
    ['penalty rule', { kind: 'PENALTY', penaltyRule: '19' }],
    ['number', { gameNumber: 3 }],
  ])('is false when one game differs in its %s', (_name, change) => {
    expect(sameGames(seat(game(1), game(2)), seat(game(1), game(2, change)))).toBe(false);
  });

  it('is false for a game more or less, or the same games in another order', () => {
    expect(sameGames(seat(game(1)), seat(game(1), game(2)))).toBe(false);
    expect(sameGames(seat(game(1), game(2)), seat(game(1)))).toBe(false);
    expect(sameGames(seat(game(1), game(2, { winner: 'AWAY' })), seat(game(2, { winner: 'AWAY' }), game(1)))).toBe(false);
  });
});
