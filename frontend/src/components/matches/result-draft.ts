// What a scorer types for one set, and how it becomes the API's input (Regel 29–34).
import type { Schemas } from '@/lib/api-server';
import { FIXED_GAME_POINTS, GameKind, MatchDetail, PenaltyRule, PENALTY_OPTIONS, Seat, seatsOfSet, Side } from './labels';

export type EntryMode = 'games' | 'totals';
export type TableInput = Schemas['TableScoreInputDto'];
export type SeatInput = Schemas['SeatScoreInputDto'];

export interface GameDraft {
  winner: Side | null;
  kind: GameKind;
  penaltyRule: PenaltyRule | '';
  points: string;
}

export interface TableDraft {
  tableNumber: number;
  games: GameDraft[];
  home: string;
  away: string;
}

export interface SetDraft {
  mode: EntryMode;
  tables: TableDraft[];
}

export const emptyGame = (): GameDraft => ({ winner: null, kind: 'WON', penaltyRule: '', points: '' });

function gameDraft(game: Seat['games'][number]): GameDraft {
  const penalty = game.kind === 'PENALTY';
  return { winner: game.winner, kind: game.kind, penaltyRule: penalty ? ((game.penaltyRule ?? '') as PenaltyRule | '') : '', points: penalty ? String(game.points) : '' };
}

function tableDraft(seat: Seat, gamesPerSet: number): TableDraft {
  const games = seat.source === 'GAMES' ? seat.games.map(gameDraft) : [];
  while (games.length < gamesPerSet) games.push(emptyGame());
  const totals = seat.source === 'TOTALS';
  return { tableNumber: seat.tableNumber, games, home: totals ? String(seat.homePoints) : '', away: totals ? String(seat.awayPoints) : '' };
}

/** The draft of one set as it is stored; a new set opens in the mode the scorer used last. */
export function setDraft(match: MatchDetail, setNumber: number, preferred: EntryMode): SetDraft {
  const seats = seatsOfSet(match, setNumber);
  const mode = seats.some((s) => s.source === 'GAMES') ? 'games' : seats.some((s) => s.source === 'TOTALS') ? 'totals' : preferred;
  return { mode, tables: seats.map((seat) => tableDraft(seat, match.gamesPerSet)) };
}

/** The points a game gives, or null while it is not complete. */
export function gameValue(game: GameDraft): number | null {
  if (!game.winner) return null;
  if (game.kind !== 'PENALTY') return FIXED_GAME_POINTS[game.kind];
  return game.points === '' ? null : Number(game.points);
}

/** Running set score of a table entered game by game. */
export function gamesTotal(table: TableDraft): { home: number; away: number } {
  return table.games.reduce(
    (sum, g) => {
      const value = gameValue(g) ?? 0;
      return g.winner === 'HOME' ? { ...sum, home: sum.home + value } : g.winner === 'AWAY' ? { ...sum, away: sum.away + value } : sum;
    },
    { home: 0, away: 0 },
  );
}

/** The only value a penalty rule allows, to fill in for the scorer. */
export function onlyPenaltyPoints(rule: PenaltyRule | ''): string {
  const option = PENALTY_OPTIONS.find((o) => o.rule === rule);
  return option && option.points.length === 1 ? String(option.points[0]) : '';
}

const number = (value: string): number | undefined => (value.trim() === '' ? undefined : Number(value));

/** One table as the API takes it, or null when nothing was entered there. */
export function tableInput(table: TableDraft, mode: EntryMode): TableInput | null {
  if (mode === 'totals') {
    if (table.home.trim() === '' && table.away.trim() === '') return null;
    return { tableNumber: table.tableNumber, homePoints: number(table.home), awayPoints: number(table.away) };
  }
  const games = table.games.filter((g) => g.winner !== null);
  if (games.length === 0) return null;
  return {
    tableNumber: table.tableNumber,
    games: games.map((g) =>
      g.kind === 'PENALTY'
        ? { winner: g.winner!, kind: g.kind, points: number(g.points), penaltyRule: g.penaltyRule || undefined }
        : { winner: g.winner!, kind: g.kind },
    ),
  };
}

/** A stored seat sent back unchanged (for a correction, which replaces every set). */
export function storedSeatInput(seat: Seat): SeatInput | null {
  if (seat.credited || seat.homePoints === null) return null;
  if (seat.source === 'GAMES') {
    return {
      setNumber: seat.setNumber,
      tableNumber: seat.tableNumber,
      games: seat.games.map((g) =>
        g.kind === 'PENALTY' ? { winner: g.winner, kind: g.kind, points: g.points, penaltyRule: (g.penaltyRule ?? undefined) as PenaltyRule | undefined } : { winner: g.winner, kind: g.kind },
      ),
    };
  }
  return { setNumber: seat.setNumber, tableNumber: seat.tableNumber, homePoints: seat.homePoints, awayPoints: seat.awayPoints ?? undefined };
}
