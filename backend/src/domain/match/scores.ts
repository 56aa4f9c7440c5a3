/**
 * Game points (RULES.md "The match", Regel 29–34): every game awards points to exactly
 * one side, and a set score is the sum of its games' awards per side.
 */
import { DEFAULT_SETTINGS } from '../settings';
import { dutchList, setTableLabel } from './labels';
import { isSide, Side } from './side';

export type GameKind = 'WON' | 'KAP' | 'KAP_TAPPED' | 'BAUNIE' | 'FAILED_BAUNIE' | 'PENALTY';

/** The points a kind of game is worth; PENALTY has no fixed value, see PENALTY_POINTS. */
export const GAME_KIND_POINTS: Readonly<Record<Exclude<GameKind, 'PENALTY'>, number>> = Object.freeze({
  /** Regel 30: 7 tricks. */
  WON: 2,
  /** Regel 31c: the first 7 tricks, tapped by the player who made the 7th. */
  KAP: 5,
  /** Regel 31d: a kap tapped by the partner. */
  KAP_TAPPED: 2,
  /** Regel 33: all 13 tricks. */
  BAUNIE: 15,
  /** Regel 32, 33: a baunie attempt that failed; 5 points to the opponent. */
  FAILED_BAUNIE: 5,
});

/**
 * The rules that award penalty points to the opponent, with the values each allows
 * (RULES.md "Game points"). Regel 17: a card falls open, 10; when the opponents already have
 * tricks, 2. Regel 17A: playing out of turn, evasion or several cards at once, 10 with 0–4
 * closed tricks, 15 with 5 or more (see penaltyPoints17A). Regel 24: cards not laid open,
 * the game is lost. Regel 35A: the supervisor ends the game. Regel 38: a removed player's
 * pair loses every following game (the supervisor's action computes those; a single game
 * may also be entered with it).
 */
export const PENALTY_POINTS = Object.freeze({
  '6H': [2, 3, 4, 5],
  '17': [2, 10],
  '17A': [10, 15],
  '19': [2],
  '21': [5],
  '24': [2],
  '26': [2],
  '27': [2],
  '30': [2],
  '31e': [2],
  '32': [5],
  '33': [5],
  '34': [5],
  '35A': [2],
  '36': [2],
  '37': [2],
  '38': [2],
} as const satisfies Record<string, readonly number[]>);

/** Regel 38: every game a removed player's pair does not play is lost 2–0. */
export const REMOVED_PLAYER_GAME_POINTS = 2;

/** Regel 17A: 0–4 closed tricks (afgesloten slagen) 10 points, 5 or more 15. */
export function penaltyPoints17A(closedTricks: number): 10 | 15 {
  return closedTricks <= 4 ? 10 : 15;
}

export type PenaltyRule = keyof typeof PENALTY_POINTS;

/** The penalty rules in rulebook order: 6H, 17, 19, …, 31e, … 37. */
export const PENALTY_RULES: readonly PenaltyRule[] = Object.freeze(
  (Object.keys(PENALTY_POINTS) as PenaltyRule[]).sort(
    (a, b) => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b),
  ),
);

/**
 * One game. `winner` is always the side that RECEIVES the game's points, as on the match
 * form and in the rulebook, which counts a penalty as a game lost by the offender
 * (Regel 19, 30, 34):
 * - WON, KAP, KAP_TAPPED, BAUNIE: the side that made the tricks;
 * - FAILED_BAUNIE: the OPPONENT of the side that played for baunie and failed;
 * - PENALTY: the OPPONENT of the side that broke the rule.
 */
export type Game =
  | { kind: Exclude<GameKind, 'PENALTY'>; winner: Side }
  | {
      kind: 'PENALTY';
      winner: Side;
      rule: PenaltyRule;
      points: number;
      /** Regel 17A only, optional: the closed tricks at the offence; the points must then follow from it. */
      closedTricks?: number;
    };

export interface GameAward {
  /** The side that receives the points. */
  side: Side;
  points: number;
}

export interface SetTotals {
  homePoints: number;
  awayPoints: number;
}

/** Every value one game can award: {2, 3, 4, 5, 10, 15}, derived from the tables above. */
export const GAME_AWARD_VALUES: readonly number[] = Object.freeze(
  [...new Set([...Object.values(GAME_KIND_POINTS), ...Object.values(PENALTY_POINTS).flat()])].sort((a, b) => a - b),
);

export function gamePoints(game: Game): GameAward {
  return { side: game.winner, points: game.kind === 'PENALTY' ? game.points : GAME_KIND_POINTS[game.kind] };
}

function isPenaltyRule(value: unknown): value is PenaltyRule {
  return typeof value === 'string' && Object.hasOwn(PENALTY_POINTS, value);
}

/**
 * Null when the game can be recorded, otherwise why not (Dutch). Defensive about its
 * input, which comes from a form.
 */
export function validateGame(game: Game): string | null {
  if (!isSide(game.winner)) return 'Geef aan welk team de punten van de partij krijgt.';
  if (game.kind !== 'PENALTY') {
    return Object.hasOwn(GAME_KIND_POINTS, game.kind) ? null : `Onbekende partijuitslag: ${String(game.kind)}.`;
  }
  if (!isPenaltyRule(game.rule)) {
    return `Strafpunten kunnen alleen volgens Regel ${dutchList(PENALTY_RULES)} worden toegekend.`;
  }
  if (game.closedTricks !== undefined) {
    if (game.rule !== '17A') return 'Het aantal afgesloten slagen hoort alleen bij Regel 17A.';
    if (!Number.isInteger(game.closedTricks) || game.closedTricks < 0 || game.closedTricks > 13) {
      return 'Het aantal afgesloten slagen is een heel getal van 0 tot en met 13.';
    }
    const due = penaltyPoints17A(game.closedTricks);
    if (game.points !== due) {
      return `Volgens Regel 17A is de straf bij ${game.closedTricks} afgesloten ${game.closedTricks === 1 ? 'slag' : 'slagen'} ${due} punten, niet ${game.points}.`;
    }
  }
  const allowed: readonly number[] = PENALTY_POINTS[game.rule];
  return allowed.includes(game.points)
    ? null
    : `Volgens Regel ${game.rule} is de straf ${dutchList(allowed)} punten, niet ${game.points}.`;
}

/**
 * Checks the games entered for one set: the right number of games, each valid.
 * Every message names set and table, and the game (partij) where relevant.
 */
export function validateSetGames(
  setNumber: number,
  tableNumber: number,
  games: readonly Game[],
  gamesPerSet = DEFAULT_SETTINGS.gamesPerSet,
): string[] {
  const where = setTableLabel(setNumber, tableNumber);
  const count =
    games.length === gamesPerSet
      ? []
      : [`${where}: ${games.length} ${games.length === 1 ? 'partij' : 'partijen'} ingevoerd, een set heeft er ${gamesPerSet}.`];
  const invalid = games.flatMap((game, i) => {
    const error = validateGame(game);
    return error === null ? [] : [`${where}, partij ${i + 1}: ${error}`];
  });
  return [...count, ...invalid];
}

export function setTotalsFromGames(games: readonly Game[]): SetTotals {
  return games
    .map(gamePoints)
    .reduce(
      (totals, award) =>
        award.side === 'HOME'
          ? { ...totals, homePoints: totals.homePoints + award.points }
          : { ...totals, awayPoints: totals.awayPoints + award.points },
      { homePoints: 0, awayPoints: 0 },
    );
}

const scoreKey = (home: number, away: number): string => `${home}-${away}`;

/** gamesPerSet → every (home, away) that gamesPerSet awards can add up to; built once per value. */
const possibleScores = new Map<number, ReadonlySet<string>>();

function possibleScoresFor(gamesPerSet: number): ReadonlySet<string> {
  let scores = possibleScores.get(gamesPerSet);
  if (scores === undefined) {
    let reached: [number, number][] = [[0, 0]];
    for (let game = 0; game < gamesPerSet; game++) {
      const next = new Map<string, [number, number]>();
      for (const [home, away] of reached) {
        for (const value of GAME_AWARD_VALUES) {
          next.set(scoreKey(home + value, away), [home + value, away]);
          next.set(scoreKey(home, away + value), [home, away + value]);
        }
      }
      reached = [...next.values()];
    }
    scores = new Set(reached.map(([home, away]) => scoreKey(home, away)));
    possibleScores.set(gamesPerSet, scores);
  }
  return scores;
}

/**
 * A set score is possible only if it is made of exactly `gamesPerSet` game awards, each
 * one of GAME_AWARD_VALUES and each to one side: 8–0, 6–2, 9–0 (a 3-point penalty) are;
 * 7–0, 3–3, 0–0 are not.
 */
export function isPossibleSetScore(home: number, away: number, gamesPerSet = DEFAULT_SETTINGS.gamesPerSet): boolean {
  if (!Number.isInteger(gamesPerSet) || gamesPerSet < 1) {
    throw new RangeError(`gamesPerSet must be a whole number >= 1, got ${gamesPerSet}`);
  }
  return possibleScoresFor(gamesPerSet).has(scoreKey(home, away));
}

/** Null when the set score is possible, otherwise a Dutch message naming set and table. */
export function validateSetScore(
  setNumber: number,
  tableNumber: number,
  home: number,
  away: number,
  gamesPerSet = DEFAULT_SETTINGS.gamesPerSet,
): string | null {
  if (isPossibleSetScore(home, away, gamesPerSet)) return null;
  return (
    `${setTableLabel(setNumber, tableNumber)}: ${home}–${away} is geen mogelijke setstand ` +
    `(${gamesPerSet} partijen van ${dutchList(GAME_AWARD_VALUES)} punten)`
  );
}
