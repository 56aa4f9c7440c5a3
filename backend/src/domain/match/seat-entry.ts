/**
 * Turns what a secretary typed for some seats (game by game, or set totals) into the rows
 * to store, or into Dutch messages that name set and table (Regel 29–34).
 */
import {
  awayPairAt,
  CreditedSet,
  Game,
  GAME_KIND_POINTS,
  GameKind,
  gamePoints,
  PartialLoss,
  PenaltyRule,
  penaltyPoints17A,
  removalGames,
  positions,
  seatKey,
  setTableLabel,
  setTotalsFromGames,
  SetResult,
  Side,
  validateSetGames,
  validateSetScore,
} from '.';
import type { CompetitionSettings } from '../settings';

export interface GameEntry {
  winner: Side;
  kind: GameKind;
  /** Only for PENALTY (or equal to the kind's fixed value). */
  points?: number;
  /** Only for PENALTY: the rule applied ("19", "6H", …). */
  penaltyRule?: string;
  /** Only for a Regel 17A penalty: the closed tricks; the points then follow (0–4: 10, 5 or more: 15). */
  closedTricks?: number;
}

export interface SeatEntry {
  setNumber: number;
  tableNumber: number;
  games?: readonly GameEntry[];
  homePoints?: number;
  awayPoints?: number;
}

export interface StoredGame {
  gameNumber: number;
  winner: Side;
  kind: GameKind;
  points: number;
  penaltyRule: string | null;
}

export interface StoredSeat extends SetResult {
  source: 'GAMES' | 'TOTALS';
  games: StoredGame[];
}

export interface SeatError {
  field: string;
  message: string;
}

export type SeatSettings = Pick<CompetitionSettings, 'pairsPerTeam' | 'gamesPerSet'>;

const KIND_LABELS: Record<GameKind, string> = {
  WON: 'gewonnen partij',
  KAP: 'kap',
  KAP_TAPPED: 'kap getikt door de partner',
  BAUNIE: 'baunie',
  FAILED_BAUNIE: 'mislukte baunie',
  PENALTY: 'straf',
};

const CREDIT_LABELS: Record<CreditedSet['source'], string> = {
  MISSING_PAIR: 'koppel niet aanwezig, Regel 12A',
  SUBSTITUTION_VIOLATION: 'ongeldige wissel, Regel 14',
  FORFEIT: 'reglementair verlies, Regel 7',
  PLAYER_REMOVED: 'speler verwijderd, Regel 38',
};

/** The domain's game, or why the entry is not one (points or rule given where they do not belong). */
function toGame(entry: GameEntry): Game | string {
  if (entry.kind === 'PENALTY') {
    const closed = entry.closedTricks;
    const points = entry.points ?? (entry.penaltyRule === '17A' && closed !== undefined ? penaltyPoints17A(closed) : undefined);
    if (points === undefined) return 'vul het aantal strafpunten in.';
    return { kind: 'PENALTY', winner: entry.winner, rule: entry.penaltyRule as PenaltyRule, points, ...(closed === undefined ? {} : { closedTricks: closed }) };
  }
  if (entry.closedTricks !== undefined) return `afgesloten slagen horen alleen bij strafpunten volgens Regel 17A, niet bij een ${KIND_LABELS[entry.kind]}.`;
  if (entry.penaltyRule !== undefined) return `een regel hoort alleen bij strafpunten, niet bij een ${KIND_LABELS[entry.kind]}.`;
  const fixed = GAME_KIND_POINTS[entry.kind];
  if (entry.points !== undefined && entry.points !== fixed) {
    return `een ${KIND_LABELS[entry.kind]} is ${fixed} punten waard, niet ${entry.points}.`;
  }
  return { kind: entry.kind, winner: entry.winner };
}

function gamesSeat(
  entry: SeatEntry,
  games: readonly GameEntry[],
  seat: SetResult,
  settings: SeatSettings,
  loss?: PartialLoss,
): StoredSeat | string[] {
  const where = setTableLabel(entry.setNumber, entry.tableNumber);
  const parsed = games.map(toGame);
  const shapeErrors = parsed.flatMap((g, i) => (typeof g === 'string' ? [`${where}, partij ${i + 1}: ${g}`] : []));
  if (shapeErrors.length) return shapeErrors;
  let domainGames = parsed as Game[];
  if (loss) {
    const completed = removalGames(domainGames, loss, settings.gamesPerSet);
    if ('error' in completed) return [completed.error];
    domainGames = completed.games;
  }
  const errors = validateSetGames(entry.setNumber, entry.tableNumber, domainGames, settings.gamesPerSet);
  if (errors.length) return errors;
  return {
    ...seat,
    ...setTotalsFromGames(domainGames),
    source: 'GAMES',
    games: storedGames(domainGames),
  };
}

/** The games of a set as stored, numbered from 1. */
export function storedGames(games: readonly Game[]): StoredGame[] {
  return games.map((game, i) => ({
    gameNumber: i + 1,
    winner: game.winner,
    kind: game.kind,
    points: gamePoints(game).points,
    penaltyRule: game.kind === 'PENALTY' ? game.rule : null,
  }));
}

function totalsSeat(entry: SeatEntry, seat: SetResult, settings: SeatSettings): StoredSeat | string[] {
  const { homePoints, awayPoints } = entry;
  if (homePoints === undefined || awayPoints === undefined) {
    return [`${setTableLabel(entry.setNumber, entry.tableNumber)}: vul de punten van beide teams in.`];
  }
  const error = validateSetScore(entry.setNumber, entry.tableNumber, homePoints, awayPoints, settings.gamesPerSet);
  return error ? [error] : { ...seat, homePoints, awayPoints, source: 'TOTALS', games: [] };
}

function parseSeat(
  entry: SeatEntry,
  settings: SeatSettings,
  credited: ReadonlyMap<string, CreditedSet>,
  seen: Set<string>,
  losses: ReadonlyMap<string, PartialLoss>,
): StoredSeat | string[] {
  const { setNumber, tableNumber } = entry;
  const where = setTableLabel(setNumber, tableNumber);
  const n = settings.pairsPerTeam;
  if (!positions(n).includes(setNumber) || !positions(n).includes(tableNumber)) {
    return [`${where} bestaat niet: een wedstrijd heeft ${n} sets aan ${n} tafels.`];
  }
  const key = seatKey(setNumber, tableNumber);
  if (seen.has(key)) return [`${where} staat meer dan één keer in de invoer.`];
  seen.add(key);
  const credit = credited.get(key);
  if (credit) {
    return [
      `${where} is al bepaald: ${credit.homePoints}–${credit.awayPoints} (${CREDIT_LABELS[credit.source]}); ` +
        'voer hier geen uitslag in.',
    ];
  }
  const hasTotals = entry.homePoints !== undefined || entry.awayPoints !== undefined;
  if ((entry.games !== undefined) === hasTotals) {
    return [`${where}: vul de partijen óf de setstand in, niet allebei en niet geen van beide.`];
  }
  const seat = { setNumber, tableNumber, homePairNumber: tableNumber, awayPairNumber: awayPairAt(setNumber, tableNumber, n), homePoints: 0, awayPoints: 0 };
  const loss = losses.get(key);
  if (loss && !entry.games) {
    return [`${where}: voer deze set partij voor partij in; vanaf partij ${loss.fromGame} telt elke partij als 2–0 verloren (Regel 38).`];
  }
  return entry.games ? gamesSeat(entry, entry.games, seat, settings, loss) : totalsSeat(entry, seat, settings);
}

/**
 * The rows to store for these seats, or every reason why not. A credited seat cannot be
 * entered: the rules already scored it. At a seat where a removed player's pair lost the
 * later games (Regel 38, `losses`), the games played before are entered and the rest are
 * completed as lost 2–0. `field` names the input element of entry i.
 */
export function parseSeatEntries(
  entries: readonly SeatEntry[],
  settings: SeatSettings,
  credited: readonly CreditedSet[],
  field: (index: number) => string,
  losses: readonly PartialLoss[] = [],
): { seats: StoredSeat[]; errors: SeatError[] } {
  const creditedByKey = new Map(credited.map((c) => [seatKey(c.setNumber, c.tableNumber), c]));
  const lossByKey = new Map(losses.map((l) => [seatKey(l.setNumber, l.tableNumber), l]));
  const seen = new Set<string>();
  const seats: StoredSeat[] = [];
  const errors: SeatError[] = [];
  entries.forEach((entry, i) => {
    const result = parseSeat(entry, settings, creditedByKey, seen, lossByKey);
    if (Array.isArray(result)) errors.push(...result.map((message) => ({ field: field(i), message })));
    else seats.push(result);
  });
  return { seats, errors };
}
