import {
  Game,
  GAME_AWARD_VALUES,
  GAME_KIND_POINTS,
  gamePoints,
  isPossibleSetScore,
  PENALTY_POINTS,
  PenaltyRule,
  setTotalsFromGames,
  validateGame,
  validateSetGames,
  validateSetScore,
} from './scores';

const penalty = (rule: PenaltyRule, points: number, winner: Game['winner'] = 'AWAY'): Game => ({
  kind: 'PENALTY',
  rule,
  points,
  winner,
});

describe('game points (Regel 29–34)', () => {
  test.each<[string, Game, ReturnType<typeof gamePoints>]>([
    ['a won game is worth 2 (Regel 30)', { kind: 'WON', winner: 'HOME' }, { side: 'HOME', points: 2 }],
    ['a kap is worth 5 (Regel 31c)', { kind: 'KAP', winner: 'AWAY' }, { side: 'AWAY', points: 5 }],
    [
      'a kap tapped by the partner is worth 2 (Regel 31d)',
      { kind: 'KAP_TAPPED', winner: 'HOME' },
      { side: 'HOME', points: 2 },
    ],
    ['a baunie is worth 15 (Regel 33)', { kind: 'BAUNIE', winner: 'HOME' }, { side: 'HOME', points: 15 }],
    [
      'home fails its baunie: 5 to away, the side named (Regel 32/33)',
      { kind: 'FAILED_BAUNIE', winner: 'AWAY' },
      { side: 'AWAY', points: 5 },
    ],
    ['away picks up the cards too early: 2 to home (Regel 19)', penalty('19', 2, 'HOME'), { side: 'HOME', points: 2 }],
    ['a card falls open: 10 to the opponent (Regel 17)', penalty('17', 10), { side: 'AWAY', points: 10 }],
    ['playing out of turn with 5 or more closed tricks: 15 (Regel 17A)', penalty('17A', 15), { side: 'AWAY', points: 15 }],
    ['a table-screen irregularity: 2 to 5 (Regel 6H)', penalty('6H', 3), { side: 'AWAY', points: 3 }],
  ])('%s', (_, game, award) => {
    expect(gamePoints(game)).toEqual(award);
  });

  test('a single game awards one of 2, 3, 4, 5, 10 or 15 points', () => {
    expect(GAME_AWARD_VALUES).toEqual([2, 3, 4, 5, 10, 15]);
  });

  test.each<[string, Game, string | null]>([
    ['a kap', { kind: 'KAP', winner: 'HOME' }, null],
    ['2 points by Regel 26', penalty('26', 2), null],
    ['2 points by Regel 31e', penalty('31e', 2), null],
    ['5 points by Regel 21', penalty('21', 5), null],
    ['10 points by Regel 17', penalty('17', 10), null],
    ['4 points by Regel 6H', penalty('6H', 4), null],
    ['5 points by Regel 19', penalty('19', 5), 'Volgens Regel 19 is de straf 2 punten, niet 5.'],
    ['2 points by Regel 17: the opponents already have tricks', penalty('17', 2), null],
    ['15 points by Regel 17: that is Regel 17A', penalty('17', 15), 'Volgens Regel 17 is de straf 2 of 10 punten, niet 15.'],
    ['10 points by Regel 17A', penalty('17A', 10), null],
    ['15 points by Regel 17A', penalty('17A', 15), null],
    ['2 points by Regel 17A', penalty('17A', 2), 'Volgens Regel 17A is de straf 10 of 15 punten, niet 2.'],
    ['2 points by Regel 24: cards not laid open, the game is lost', penalty('24', 2), null],
    ['2 points by Regel 35A: the supervisor ended the game', penalty('35A', 2), null],
    ['2 points by Regel 38: a removed player', penalty('38', 2), null],
    ['5 points by Regel 24', penalty('24', 5), 'Volgens Regel 24 is de straf 2 punten, niet 5.'],
    ['6 points by Regel 6H', penalty('6H', 6), 'Volgens Regel 6H is de straf 2, 3, 4 of 5 punten, niet 6.'],
    [
      'a penalty under a rule that gives none (Regel 22: games at the wrong table are void, not penalised)',
      penalty('22' as PenaltyRule, 2),
      'Strafpunten kunnen alleen volgens Regel 6H, 17, 17A, 19, 21, 24, 26, 27, 30, 31e, 32, 33, 34, 35A, 36, 37 of 38 worden toegekend.',
    ],
    ['no side', { kind: 'WON', winner: '' as Game['winner'] }, 'Geef aan welk team de punten van de partij krijgt.'],
    ['an unknown kind', { kind: 'DOUBLE' as 'WON', winner: 'HOME' }, 'Onbekende partijuitslag: DOUBLE.'],
  ])('validateGame: %s', (_, game, error) => {
    expect(validateGame(game)).toBe(error);
  });
});

describe('Regel 17A: the penalty follows the closed tricks', () => {
  const with17A = (closedTricks: number, points: number): Game => ({ kind: 'PENALTY', winner: 'HOME', rule: '17A', points, closedTricks });
  test.each<[string, Game, string | null]>([
    ['0 closed tricks: 10', with17A(0, 10), null],
    ['4 closed tricks: 10', with17A(4, 10), null],
    ['5 closed tricks: 15', with17A(5, 15), null],
    ['13 closed tricks: 15', with17A(13, 15), null],
    ['4 closed tricks is not 15', with17A(4, 15), 'Volgens Regel 17A is de straf bij 4 afgesloten slagen 10 punten, niet 15.'],
    ['5 closed tricks is not 10', with17A(5, 10), 'Volgens Regel 17A is de straf bij 5 afgesloten slagen 15 punten, niet 10.'],
    ['1 closed trick is not 15', with17A(1, 15), 'Volgens Regel 17A is de straf bij 1 afgesloten slag 10 punten, niet 15.'],
    ['14 closed tricks do not exist', with17A(14, 15), 'Het aantal afgesloten slagen is een heel getal van 0 tot en met 13.'],
    ['closed tricks with another rule', { kind: 'PENALTY', winner: 'AWAY', rule: '17', points: 10, closedTricks: 3 }, 'Het aantal afgesloten slagen hoort alleen bij Regel 17A.'],
  ])('%s', (_, game, error) => {
    expect(validateGame(game)).toBe(error);
  });
});

describe('set scores (RULES.md "Set score")', () => {
  test.each([
    ['8–0: four won games', 8, 0, true],
    ['6–2', 6, 2, true],
    ['4–4', 4, 4, true],
    ['5–6: a kap against three won games', 5, 6, true],
    ['15–6: a baunie against three won games', 15, 6, true],
    ['9–0: only through a 3-point penalty', 9, 0, true],
    ['60–0: four baunies', 60, 0, true],
    ['7–0: four awards of at least 2 make at least 8', 7, 0, false],
    ['3–3', 3, 3, false],
    ['8–1: 1 is never a game award', 8, 1, false],
    ['2–2: only two games', 2, 2, false],
    ['0–0: no games', 0, 0, false],
    ['61–0: more than four baunies can give', 61, 0, false],
    ['-2–10: negative points', -2, 10, false],
    ['8.5–0: half points', 8.5, 0, false],
  ])('%s → possible: %s', (_, home, away, possible) => {
    expect(isPossibleSetScore(home, away)).toBe(possible);
  });

  test.each([
    ['3 games: 6–0 possible', 6, 0, 3, true],
    ['3 games: 8–0 possible (2+3+3)', 8, 0, 3, true],
    ['3 games: 2–2 impossible, the third game awards points too', 2, 2, 3, false],
    ['1 game: 0–15 possible', 0, 15, 1, true],
  ])('with another games-per-set setting, %s', (_, home, away, gamesPerSet, possible) => {
    expect(isPossibleSetScore(home, away, gamesPerSet)).toBe(possible);
  });

  test.each([
    [3, 2, 7, 0, 'Set 3, tafel 2: 7–0 is geen mogelijke setstand (4 partijen van 2, 3, 4, 5, 10 of 15 punten)'],
    [1, 6, 0, 0, 'Set 1, tafel 6: 0–0 is geen mogelijke setstand (4 partijen van 2, 3, 4, 5, 10 of 15 punten)'],
    [5, 4, 5, 6, null],
  ])('validateSetScore(set %i, table %i, %i–%i)', (set, table, home, away, error) => {
    expect(validateSetScore(set, table, home, away)).toBe(error);
  });
});

describe('a set entered game by game', () => {
  const games: Game[] = [
    { kind: 'KAP', winner: 'HOME' },
    { kind: 'WON', winner: 'AWAY' },
    { kind: 'FAILED_BAUNIE', winner: 'HOME' },
    penalty('6H', 3, 'AWAY'),
  ];

  test('adds up each side’s awards: kap 5 + failed baunie 5 against 2 + penalty 3', () => {
    expect(setTotalsFromGames(games)).toEqual({ homePoints: 10, awayPoints: 5 });
  });

  test('every set of four valid games gives a possible set score', () => {
    const { homePoints, awayPoints } = setTotalsFromGames(games);
    expect(isPossibleSetScore(homePoints, awayPoints)).toBe(true);
  });

  test.each<[string, Game[], string[]]>([
    ['four valid games', games, []],
    ['three games', games.slice(0, 3), ['Set 2, tafel 5: 3 partijen ingevoerd, een set heeft er 4.']],
    ['one game', games.slice(0, 1), ['Set 2, tafel 5: 1 partij ingevoerd, een set heeft er 4.']],
    [
      'a wrong penalty in game 4',
      [...games.slice(0, 3), penalty('37', 5)],
      ['Set 2, tafel 5, partij 4: Volgens Regel 37 is de straf 2 punten, niet 5.'],
    ],
  ])('validateSetGames: %s', (_, entered, errors) => {
    expect(validateSetGames(2, 5, entered)).toEqual(errors);
  });
});

describe('the copy the result-entry form reads', () => {
  it('matches the domain (run `npm run api:types` after changing the points)', () => {
    const generated = require('../../../../frontend/src/lib/game-rules.json');
    expect(generated).toEqual(JSON.parse(JSON.stringify({ gamePoints: GAME_KIND_POINTS, penaltyPoints: PENALTY_POINTS })));
  });
});
