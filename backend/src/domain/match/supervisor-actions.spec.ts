import { DEFAULT_SETTINGS } from '../settings';
import { creditSets } from './match-result';
import { Game } from './scores';
import {
  pairPlayersAt,
  locateRemovedPlayer,
  PlayerRemoval,
  removalGames,
  removalLosses,
  SeatTeams,
  splitVoided,
  voidableGames,
} from './supervisor-actions';
import { Substitution } from './substitutions';

const settings = DEFAULT_SETTINGS;
const removal = (side: 'HOME' | 'AWAY', pairNumber: number, setNumber: number, fromGame: number): PlayerRemoval => ({
  side,
  pairNumber,
  playerId: `${side === 'HOME' ? 'h' : 'a'}${pairNumber}a`,
  setNumber,
  fromGame,
});
const sub = (setNumber: number, pairNumber: number, outPlayerId: string, inPlayerId: string): Substitution => ({ setNumber, pairNumber, outPlayerId, inPlayerId });

describe('Regel 38: a removed player’s pair loses every following game 2–0', () => {
  const describeLosses = (removals: PlayerRemoval[], subs: Substitution[] = []) => {
    const { forfeits, partial } = removalLosses(removals, subs, settings);
    return [
      ...creditSets(forfeits, settings).map((c) => `set ${c.setNumber} tafel ${c.tableNumber}: ${c.homePoints}-${c.awayPoints}`),
      ...partial.map((p) => `set ${p.setNumber} tafel ${p.tableNumber}: ${p.side} verliest vanaf partij ${p.fromGame}`),
    ];
  };
  test.each<[string, PlayerRemoval[], Substitution[], string[]]>([
    [
      'home pair 3 removed before game 3 of set 4: the rest of set 4, and sets 5 and 6 8–0',
      [removal('HOME', 3, 4, 3)],
      [],
      ['set 5 tafel 3: 0-8', 'set 6 tafel 3: 0-8', 'set 4 tafel 3: HOME verliest vanaf partij 3'],
    ],
    [
      'removed before game 1: the whole set counts as lost too',
      [removal('HOME', 3, 5, 1)],
      [],
      ['set 5 tafel 3: 0-8', 'set 6 tafel 3: 0-8'],
    ],
    [
      'an away pair walks on: its following tables',
      [removal('AWAY', 2, 4, 2)],
      [],
      ['set 5 tafel 6: 8-0', 'set 6 tafel 1: 8-0', 'set 4 tafel 5: AWAY verliest vanaf partij 2'],
    ],
    ['removed in the last set, before its last game', [removal('HOME', 1, 6, 4)], [], ['set 6 tafel 1: HOME verliest vanaf partij 4']],
    [
      'a reserve comes in from set 5 (Regel 38A): only the rest of set 4 is lost',
      [removal('HOME', 3, 4, 3)],
      [sub(5, 3, 'h3a', 'hr1')],
      ['set 4 tafel 3: HOME verliest vanaf partij 3'],
    ],
    ['a reserve comes in straight away in the removal set: nothing is lost', [removal('HOME', 3, 4, 3)], [sub(4, 3, 'h3a', 'hr1')], []],
    [
      'a substitution for the partner does not stop the losses',
      [removal('HOME', 3, 4, 1)],
      [sub(5, 3, 'h3b', 'hr1')],
      ['set 4 tafel 3: 0-8', 'set 5 tafel 3: 0-8', 'set 6 tafel 3: 0-8'],
    ],
    [
      'two removals in one pair: the earlier counts',
      [removal('HOME', 3, 4, 3), { ...removal('HOME', 3, 4, 2), playerId: 'h3b' }],
      [],
      ['set 5 tafel 3: 0-8', 'set 6 tafel 3: 0-8', 'set 4 tafel 3: HOME verliest vanaf partij 2'],
    ],
  ])('%s', (_, removals, subs, expected) => {
    expect(describeLosses(removals, subs)).toEqual(expected);
  });

  const played: Game[] = [
    { kind: 'WON', winner: 'HOME' },
    { kind: 'KAP', winner: 'AWAY' },
    { kind: 'WON', winner: 'HOME' },
    { kind: 'WON', winner: 'HOME' },
  ];
  const loss = { setNumber: 4, tableNumber: 3, side: 'HOME' as const, pairNumber: 3, fromGame: 3 };
  const lost: Game = { kind: 'PENALTY', winner: 'AWAY', rule: '38', points: 2 };
  test.each<[string, Game[], Game[] | string]>([
    ['the two games played, the rest 2–0 to the opponent', played.slice(0, 2), [...played.slice(0, 2), lost, lost]],
    ['four games entered: the last two are replaced, not typed', played, [...played.slice(0, 2), lost, lost]],
    [
      'one game entered where two were played',
      played.slice(0, 1),
      'Set 4, tafel 3: voer de 2 partijen in die vóór de verwijdering zijn gespeeld; vanaf partij 3 telt elke partij als 2–0 verloren (Regel 38).',
    ],
  ])('removalGames: %s', (_, entered, expected) => {
    const result = removalGames(entered, loss, settings.gamesPerSet);
    expect('error' in result ? result.error : result.games).toEqual(expected);
  });
});

describe('where the removed player sits (Regel 38)', () => {
  const pairs = (prefix: string) => new Map([1, 2, 3, 4, 5, 6].map((n) => [n, [`${prefix}${n}a`, `${prefix}${n}b`]]));
  const teams: SeatTeams = { pairs: { HOME: pairs('h'), AWAY: pairs('a') }, substitutions: { HOME: [sub(3, 2, 'h2a', 'hr1')], AWAY: [] } };
  test.each<[string, { setNumber: number; tableNumber: number; fromGame: number; playerId: string }, unknown]>([
    ['home player at his own table', { setNumber: 4, tableNumber: 3, fromGame: 2, playerId: 'h3b' }, { side: 'HOME', pairNumber: 3 }],
    ['away pair 2 sits at table 5 in set 4', { setNumber: 4, tableNumber: 5, fromGame: 2, playerId: 'a2a' }, { side: 'AWAY', pairNumber: 2 }],
    ['a reserve who came in for pair 2 in set 3', { setNumber: 4, tableNumber: 2, fromGame: 1, playerId: 'hr1' }, { side: 'HOME', pairNumber: 2 }],
    [
      'the player he replaced no longer sits there',
      { setNumber: 4, tableNumber: 2, fromGame: 1, playerId: 'h2a' },
      { error: 'Set 4, tafel 2: deze speler speelt daar niet (thuiskoppel 2 tegen uitkoppel 5, volgens de spelerslijsten en wissels).' },
    ],
    ['game 5 does not exist', { setNumber: 4, tableNumber: 3, fromGame: 5, playerId: 'h3b' }, { error: 'Partij 5 bestaat niet: een set heeft 4 partijen.' }],
    ['table 7 does not exist', { setNumber: 4, tableNumber: 7, fromGame: 1, playerId: 'h3b' }, { error: 'Set 4, tafel 7 bestaat niet: een wedstrijd heeft 6 sets aan 6 tafels.' }],
  ])('%s', (_, input, expected) => {
    expect(locateRemovedPlayer(input, teams, settings)).toEqual(expected);
  });
});

describe('Regel 22: games at the wrong table are void', () => {
  test.each<[string, number[], unknown]>([
    ['games 1 and 2', [2, 1, 2], { games: [1, 2] }],
    ['no games', [], { error: 'Geef aan welke partijen vervallen.' }],
    ['game 5 of a 4-game set', [1, 5], { error: 'Partij 5 bestaat niet: een set heeft 4 partijen.' }],
  ])('voidableGames: %s', (_, games, expected) => {
    expect(voidableGames(games, settings.gamesPerSet)).toEqual(expected);
  });

  test('splitVoided keeps the other games apart', () => {
    const games = [1, 2, 3, 4].map((gameNumber) => ({ gameNumber }));
    expect(splitVoided(games, [1, 2])).toEqual({ kept: [{ gameNumber: 3 }, { gameNumber: 4 }], voided: [{ gameNumber: 1 }, { gameNumber: 2 }] });
  });
});

describe('pairPlayersAt (who sits in a pair in a set, Regel 13)', () => {
  const sub = (setNumber: number, outPlayerId: string, inPlayerId: string): Substitution => ({ setNumber, pairNumber: 2, outPlayerId, inPlayerId });
  test.each([
    ['no substitution', ['a', 'b'], [], 4, ['a', 'b']],
    ['a substitution from set 3 counts in set 4', ['a', 'b'], [sub(3, 'a', 'r')], 4, ['r', 'b']],
    ['a substitution from set 5 does not count in set 4', ['a', 'b'], [sub(5, 'a', 'r')], 4, ['a', 'b']],
    ['one seat per substitution, even when both players read the same (two Pinas on the printed form)', ['Pinas', 'Pinas'], [sub(3, 'Pinas', 'Kross')], 4, ['Kross', 'Pinas']],
    ['a substitute substituted again', ['a', 'b'], [sub(3, 'a', 'r'), sub(4, 'r', 's')], 5, ['s', 'b']],
  ] as const)('%s', (_case, pair, subs, setNumber, expected) => {
    expect(pairPlayersAt(pair, 2, subs, setNumber)).toEqual(expected);
  });
});
