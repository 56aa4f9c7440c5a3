import { DEFAULT_SETTINGS } from '../settings';
import { CreditedSet } from '.';
import { GameEntry, parseSeatEntries, SeatEntry } from './seat-entry';

const settings = DEFAULT_SETTINGS;
const won = (winner: 'HOME' | 'AWAY'): GameEntry => ({ winner, kind: 'WON' });
const parse = (entries: SeatEntry[], credited: CreditedSet[] = []) => parseSeatEntries(entries, settings, credited, (i) => `sets.${i}`);
const messages = (entries: SeatEntry[], credited: CreditedSet[] = []) => parse(entries, credited).errors.map((e) => e.message);

describe('entering a seat (Regel 29–34)', () => {
  test('game by game: totals, points per game and the pairs of the table plan', () => {
    const games: GameEntry[] = [won('HOME'), { winner: 'AWAY', kind: 'KAP' }, { winner: 'HOME', kind: 'PENALTY', penaltyRule: '19', points: 2 }, { winner: 'HOME', kind: 'BAUNIE' }];
    const { seats, errors } = parse([{ setNumber: 2, tableNumber: 1, games }]);
    expect(errors).toEqual([]);
    expect(seats).toEqual([
      {
        setNumber: 2,
        tableNumber: 1,
        homePairNumber: 1,
        awayPairNumber: 6,
        homePoints: 19,
        awayPoints: 5,
        source: 'GAMES',
        games: [
          { gameNumber: 1, winner: 'HOME', kind: 'WON', points: 2, penaltyRule: null },
          { gameNumber: 2, winner: 'AWAY', kind: 'KAP', points: 5, penaltyRule: null },
          { gameNumber: 3, winner: 'HOME', kind: 'PENALTY', points: 2, penaltyRule: '19' },
          { gameNumber: 4, winner: 'HOME', kind: 'BAUNIE', points: 15, penaltyRule: null },
        ],
      },
    ]);
  });

  test.each([
    ['8–0', 8, 0],
    ['6–2', 6, 2],
    ['15–6', 15, 6],
    ['9–0 (a 3-point penalty)', 9, 0],
  ])('set totals %s are possible', (_name, homePoints, awayPoints) => {
    const { seats, errors } = parse([{ setNumber: 1, tableNumber: 1, homePoints, awayPoints }]);
    expect(errors).toEqual([]);
    expect(seats[0]).toMatchObject({ homePoints, awayPoints, source: 'TOTALS', games: [] });
  });

  test.each<[string, SeatEntry, string]>([
    ['7–0 is impossible', { setNumber: 2, tableNumber: 3, homePoints: 7, awayPoints: 0 }, 'Set 2, tafel 3: 7–0 is geen mogelijke setstand'],
    ['3–3 is impossible', { setNumber: 4, tableNumber: 5, homePoints: 3, awayPoints: 3 }, 'Set 4, tafel 5: 3–3 is geen mogelijke setstand'],
    ['0–0 is impossible', { setNumber: 1, tableNumber: 6, homePoints: 0, awayPoints: 0 }, 'Set 1, tafel 6: 0–0 is geen mogelijke setstand'],
    ['three games are too few', { setNumber: 3, tableNumber: 2, games: [won('HOME'), won('HOME'), won('AWAY')] }, 'Set 3, tafel 2: 3 partijen ingevoerd, een set heeft er 4.'],
    ['a kap is worth 5, not 2', { setNumber: 1, tableNumber: 1, games: [{ winner: 'HOME', kind: 'KAP', points: 2 }, won('HOME'), won('HOME'), won('HOME')] }, 'Set 1, tafel 1, partij 1: een kap is 5 punten waard, niet 2.'],
    ['a penalty needs its points', { setNumber: 1, tableNumber: 1, games: [{ winner: 'HOME', kind: 'PENALTY', penaltyRule: '19' }, won('HOME'), won('HOME'), won('HOME')] }, 'Set 1, tafel 1, partij 1: vul het aantal strafpunten in.'],
    ['Regel 17 gives 2 or 10, not 5', { setNumber: 1, tableNumber: 1, games: [{ winner: 'AWAY', kind: 'PENALTY', penaltyRule: '17', points: 5 }, won('HOME'), won('HOME'), won('HOME')] }, 'Set 1, tafel 1, partij 1: Volgens Regel 17 is de straf 2 of 10 punten, niet 5.'],
    ['Regel 17A with 3 closed tricks is 10, not 15', { setNumber: 1, tableNumber: 1, games: [{ winner: 'AWAY', kind: 'PENALTY', penaltyRule: '17A', points: 15, closedTricks: 3 }, won('HOME'), won('HOME'), won('HOME')] }, 'Set 1, tafel 1, partij 1: Volgens Regel 17A is de straf bij 3 afgesloten slagen 10 punten, niet 15.'],
    ['closed tricks belong to Regel 17A penalties only', { setNumber: 1, tableNumber: 1, games: [{ winner: 'AWAY', kind: 'WON', closedTricks: 3 }, won('HOME'), won('HOME'), won('HOME')] }, 'Set 1, tafel 1, partij 1: afgesloten slagen horen alleen bij strafpunten volgens Regel 17A, niet bij een gewonnen partij.'],
    ['a rule belongs to a penalty only', { setNumber: 1, tableNumber: 1, games: [{ winner: 'HOME', kind: 'WON', penaltyRule: '19' }, won('HOME'), won('HOME'), won('HOME')] }, 'Set 1, tafel 1, partij 1: een regel hoort alleen bij strafpunten'],
    ['games and totals together', { setNumber: 1, tableNumber: 1, games: [won('HOME'), won('HOME'), won('HOME'), won('HOME')], homePoints: 8, awayPoints: 0 }, 'Set 1, tafel 1: vul de partijen óf de setstand in'],
    ['only one team’s points', { setNumber: 1, tableNumber: 1, homePoints: 8 }, 'Set 1, tafel 1: vul de punten van beide teams in.'],
    ['set 7 does not exist', { setNumber: 7, tableNumber: 1, homePoints: 8, awayPoints: 0 }, 'Set 7, tafel 1 bestaat niet: een wedstrijd heeft 6 sets aan 6 tafels.'],
  ])('%s', (_name, entry, message) => {
    expect(messages([entry])[0]).toContain(message);
  });

  test('the same seat twice is refused', () => {
    const entry = { setNumber: 1, tableNumber: 1, homePoints: 8, awayPoints: 0 };
    expect(messages([entry, entry])).toEqual(['Set 1, tafel 1 staat meer dan één keer in de invoer.']);
  });

  test('a seat the rules already scored cannot be entered, and the message says why', () => {
    const credit: CreditedSet = { setNumber: 1, tableNumber: 6, homePairNumber: 6, awayPairNumber: 6, homePoints: 8, awayPoints: 0, source: 'MISSING_PAIR' };
    expect(messages([{ setNumber: 1, tableNumber: 6, homePoints: 6, awayPoints: 2 }], [credit])).toEqual([
      'Set 1, tafel 6 is al bepaald: 8–0 (koppel niet aanwezig, Regel 12A); voer hier geen uitslag in.',
    ]);
  });

  test('every error names the input element it belongs to', () => {
    const { errors } = parse([
      { setNumber: 1, tableNumber: 1, homePoints: 8, awayPoints: 0 },
      { setNumber: 1, tableNumber: 2, homePoints: 7, awayPoints: 0 },
    ]);
    expect(errors).toEqual([{ field: 'sets.1', message: expect.stringContaining('Set 1, tafel 2') }]);
  });
});
