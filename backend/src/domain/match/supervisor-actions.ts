/**
 * The supervisor's actions at the table and what follows from them, computed rather than
 * typed (RULES.md "The match"):
 * - Regel 38, a player removed after three warnings: every following game of that pair is
 *   lost 2–0. Regel 38A: a reserve may come in after drawing lots; it does so as an ordinary
 *   substitution (Regel 13/14 apply) for the removed player, and from the set it comes in
 *   the pair plays again.
 * - Regel 22, games played at a table the walking pair should not have reached are void:
 *   they do not count and are played (and entered) again at the right table.
 */
import { CompetitionSettings } from '../settings';
import { setTableLabel } from './labels';
import { PlayerId } from './lineup';
import { pairForfeits, SetForfeit } from './match-result';
import { awayPairAt, positions } from './rotation';
import { Game, REMOVED_PLAYER_GAME_POINTS } from './scores';
import { opponentOf, Side } from './side';
import { Substitution } from './substitutions';

export interface PlayerRemoval {
  side: Side;
  pairNumber: number;
  playerId: PlayerId;
  setNumber: number;
  /** The first game the pair did not play: it and every later game are lost 2–0. */
  fromGame: number;
}

/** A seat where the pair played the first games and lost the rest by Regel 38. */
export interface PartialLoss {
  setNumber: number;
  tableNumber: number;
  /** The side that loses the games from `fromGame` on. */
  side: Side;
  pairNumber: number;
  fromGame: number;
}

export interface RemovalLosses {
  /** Whole sets lost, every game 2–0: credit them with creditSets. */
  forfeits: SetForfeit[];
  /** The removal set when the pair played some games of it before: complete it with removalGames. */
  partial: PartialLoss[];
}

type RemovalSettings = Pick<CompetitionSettings, 'pairsPerTeam' | 'gamesPerSet'>;

/**
 * The sets and games a removal costs its pair (Regel 38): from game `fromGame` of the
 * removal set to the end of the match, unless a reserve came in for the removed player
 * (Regel 38A, a substitution of that pair with the removed player going out): then only
 * until the set before the reserve's first set. A reserve who comes in in the removal set
 * itself plays its remaining games, and nothing is lost.
 */
export function removalLosses(
  removals: readonly PlayerRemoval[],
  substitutions: readonly Substitution[],
  settings: RemovalSettings,
): RemovalLosses {
  const forfeits: SetForfeit[] = [];
  const partial: PartialLoss[] = [];
  for (const removal of removals) {
    const reserve = substitutions.find(
      (s) => s.pairNumber === removal.pairNumber && s.outPlayerId === removal.playerId && s.setNumber >= removal.setNumber,
    );
    const untilSet = reserve ? reserve.setNumber - 1 : settings.pairsPerTeam;
    const seats = pairForfeits(removal.side, removal.pairNumber, removal.setNumber, 'PLAYER_REMOVED', settings)
      .filter((f) => f.setNumber <= untilSet)
      .map((f) => ({ ...f, points: REMOVED_PLAYER_GAME_POINTS * settings.gamesPerSet }));
    for (const seat of seats) {
      if (seat.setNumber === removal.setNumber && removal.fromGame > 1) {
        const { setNumber, tableNumber, side, pairNumber } = seat;
        partial.push({ setNumber, tableNumber, side, pairNumber, fromGame: removal.fromGame });
      } else {
        forfeits.push(seat);
      }
    }
  }
  // Two removals in one pair: the earlier one counts; a whole set lost wins over a partial one.
  const whole = new Set(forfeits.map((f) => `${f.setNumber}/${f.tableNumber}/${f.side}`));
  const partials = new Map<string, PartialLoss>();
  for (const p of partial) {
    const key = `${p.setNumber}/${p.tableNumber}/${p.side}`;
    if (whole.has(key)) continue;
    const known = partials.get(key);
    if (!known || p.fromGame < known.fromGame) partials.set(key, p);
  }
  return { forfeits, partial: [...partials.values()] };
}

/**
 * The games of a seat with a Regel 38 loss: the games entered before `fromGame` as played,
 * then every game from `fromGame` on 2–0 to the opponent (penalty Regel 38), whatever was
 * entered for them. Fewer games entered than were played before the removal: a message.
 */
export function removalGames(
  entered: readonly Game[],
  loss: PartialLoss,
  gamesPerSet: number,
): { games: Game[] } | { error: string } {
  const played = loss.fromGame - 1;
  if (entered.length < played) {
    return {
      error:
        `${setTableLabel(loss.setNumber, loss.tableNumber)}: voer de ${played} ${played === 1 ? 'partij' : 'partijen'} in die vóór de verwijdering ` +
        `zijn gespeeld; vanaf partij ${loss.fromGame} telt elke partij als 2–0 verloren (Regel 38).`,
    };
  }
  const lost: Game[] = Array.from({ length: gamesPerSet - played }, () => ({
    kind: 'PENALTY' as const,
    winner: opponentOf(loss.side),
    rule: '38' as const,
    points: REMOVED_PLAYER_GAME_POINTS,
  }));
  return { games: [...entered.slice(0, played), ...lost] };
}

/** Who plays in a pair in a set: the line-up's pair with the substitutions up to that set applied. */
export function pairPlayersAt(
  pair: readonly PlayerId[],
  pairNumber: number,
  substitutions: readonly Substitution[],
  setNumber: number,
): PlayerId[] {
  const players = [...pair];
  for (const sub of substitutions) {
    if (sub.pairNumber !== pairNumber || sub.setNumber > setNumber) continue;
    const seat = players.indexOf(sub.outPlayerId);
    if (seat >= 0) players[seat] = sub.inPlayerId;
  }
  return players;
}

export interface SeatTeams {
  /** Per side: the pairs of the line-up (null: none recorded) and the substitutions. */
  pairs: Record<Side, ReadonlyMap<number, readonly PlayerId[]> | null>;
  substitutions: Record<Side, readonly Substitution[]>;
}

/**
 * Where a player the supervisor removes sits (Regel 38): the side and pair of the player at
 * that table in that set, or why the input does not fit the table plan (Dutch).
 */
export function locateRemovedPlayer(
  input: { setNumber: number; tableNumber: number; fromGame: number; playerId: PlayerId },
  teams: SeatTeams,
  settings: RemovalSettings,
): { side: Side; pairNumber: number } | { error: string } {
  const { setNumber, tableNumber, fromGame, playerId } = input;
  const n = settings.pairsPerTeam;
  const where = setTableLabel(setNumber, tableNumber);
  if (!positions(n).includes(setNumber) || !positions(n).includes(tableNumber)) {
    return { error: `${where} bestaat niet: een wedstrijd heeft ${n} sets aan ${n} tafels.` };
  }
  if (!Number.isInteger(fromGame) || fromGame < 1 || fromGame > settings.gamesPerSet) {
    return { error: `Partij ${fromGame} bestaat niet: een set heeft ${settings.gamesPerSet} partijen.` };
  }
  const seat: Record<Side, number> = { HOME: tableNumber, AWAY: awayPairAt(setNumber, tableNumber, n) };
  for (const side of ['HOME', 'AWAY'] as const) {
    const pair = teams.pairs[side]?.get(seat[side]);
    if (pair && pairPlayersAt(pair, seat[side], teams.substitutions[side], setNumber).includes(playerId)) {
      return { side, pairNumber: seat[side] };
    }
  }
  return {
    error: `${where}: deze speler speelt daar niet (thuiskoppel ${seat.HOME} tegen uitkoppel ${seat.AWAY}, volgens de spelerslijsten en wissels).`,
  };
}

/**
 * Regel 22: the games declared void at a seat. Returns the game numbers as a sorted list,
 * or why they are not games of a set (Dutch).
 */
export function voidableGames(gameNumbers: readonly number[], gamesPerSet: number): { games: number[] } | { error: string } {
  const games = [...new Set(gameNumbers)].sort((a, b) => a - b);
  if (games.length === 0) return { error: 'Geef aan welke partijen vervallen.' };
  const wrong = games.filter((g) => !Number.isInteger(g) || g < 1 || g > gamesPerSet);
  if (wrong.length) return { error: `Partij ${wrong.join(', ')} bestaat niet: een set heeft ${gamesPerSet} partijen.` };
  return { games };
}

/**
 * Regel 22: what is left of a seat's entered games when some are void. The void games do
 * not count; the seat is then incomplete and is entered again once the games are played
 * at the right table. Decision: the seat's entry is cleared as a whole (its other games
 * are kept with the action, so the secretary can enter them again), because a set always
 * has gamesPerSet games and a partly voided set cannot stand as a result.
 */
export function splitVoided<T extends { gameNumber: number }>(
  games: readonly T[],
  voided: readonly number[],
): { kept: T[]; voided: T[] } {
  return { kept: games.filter((g) => !voided.includes(g.gameNumber)), voided: games.filter((g) => voided.includes(g.gameNumber)) };
}
