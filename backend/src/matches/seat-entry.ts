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
  PenaltyRule,
  positions,
  seatKey,
  setTableLabel,
  setTotalsFromGames,
  SetResult,
  Side,
  validateSetGames,
  validateSetScore,
} from '../domain/match';
import type { CompetitionSettings } from '../domain/settings';

export interface GameEntry {
  winner: Side;
  kind: GameKind;
  /** Only for PENALTY (or equal to the kind's fixed value). */
  points?: number;
  /** Only for PENALTY: the rule applied ("19", "6H", …). */
  penaltyRule?: string;
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
};

/** The domain's game, or why the entry is not one (points or rule given where they do not belong). */
function toGame(entry: GameEntry): Game | string {
  if (entry.kind === 'PENALTY') {
    if (entry.points === undefined) return 'vul het aantal strafpunten in.';
    return { kind: 'PENALTY', winner: entry.winner, rule: entry.penaltyRule as PenaltyRule, points: entry.points };
  }
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
): StoredSeat | string[] {
  const where = setTableLabel(entry.setNumber, entry.tableNumber);
  const parsed = games.map(toGame);
  const shapeErrors = parsed.flatMap((g, i) => (typeof g === 'string' ? [`${where}, partij ${i + 1}: ${g}`] : []));
  if (shapeErrors.length) return shapeErrors;
  const domainGames = parsed as Game[];
  const errors = validateSetGames(entry.setNumber, entry.tableNumber, domainGames, settings.gamesPerSet);
  if (errors.length) return errors;
  return {
    ...seat,
    ...setTotalsFromGames(domainGames),
    source: 'GAMES',
    games: domainGames.map((game, i) => ({
      gameNumber: i + 1,
      winner: game.winner,
      kind: game.kind,
      points: gamePoints(game).points,
      penaltyRule: game.kind === 'PENALTY' ? game.rule : null,
    })),
  };
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
  return entry.games ? gamesSeat(entry, entry.games, seat, settings) : totalsSeat(entry, seat, settings);
}

/**
 * The rows to store for these seats, or every reason why not. A credited seat cannot be
 * entered: the rules already scored it. `field` names the input element of entry i.
 */
export function parseSeatEntries(
  entries: readonly SeatEntry[],
  settings: SeatSettings,
  credited: readonly CreditedSet[],
  field: (index: number) => string,
): { seats: StoredSeat[]; errors: SeatError[] } {
  const creditedByKey = new Map(credited.map((c) => [seatKey(c.setNumber, c.tableNumber), c]));
  const seen = new Set<string>();
  const seats: StoredSeat[] = [];
  const errors: SeatError[] = [];
  entries.forEach((entry, i) => {
    const result = parseSeat(entry, settings, creditedByKey, seen);
    if (Array.isArray(result)) errors.push(...result.map((message) => ({ field: field(i), message })));
    else seats.push(result);
  });
  return { seats, errors };
}
