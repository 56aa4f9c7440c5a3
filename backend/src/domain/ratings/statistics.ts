/**
 * Statistics from what was entered (RULES.md "Ratings and statistics"): per player and per
 * pair, per season and career, by partner and by opponent club. Only play counts (isPlay).
 * Game counts (games won, kap, baunie, penalties) exist only for sets entered game by game:
 * a tally over sets of which none was entered game by game has null counts (unknown, never
 * 0), and `setsWithGames` says over how many of the sets the counts were made.
 */
import { opponentOf, Side } from '../match/side';
import { compareMatches, compareSeats, isPlay, PlayGame, PlayMatch } from './play';

/** One played seat seen from one player. */
export interface SeatLine {
  matchId: string;
  seasonId: string;
  divisionId: string;
  date: string;
  setNumber: number;
  tableNumber: number;
  side: Side;
  clubId: string;
  partnerId: string;
  opponentIds: [string, string];
  opponentClubId: string;
  pointsFor: number;
  pointsAgainst: number;
  /** The seat's games (winner as stored), or null when entered as totals. */
  games: PlayGame[] | null;
}

export interface Tally {
  sets: number;
  pointsFor: number;
  pointsAgainst: number;
  /** Share of the set points, in percent with one decimal (null without sets). */
  pointsShare: number | null;
  won: number;
  drawn: number;
  lost: number;
  /** Sets entered game by game: the counts below are over these. */
  setsWithGames: number;
  gamesWon: number | null;
  gamesLost: number | null;
  /** Kaps made (Regel 31c, and 31d tapped by the partner) and conceded. */
  kaps: number | null;
  kapsConceded: number | null;
  baunies: number | null;
  bauniesConceded: number | null;
  /** Baunie attempts of the own pair that failed (Regel 32, 33). */
  failedBaunies: number | null;
  /** Penalties against the own pair (points to the opponent). */
  penalties: number | null;
}

/** Every played seat of `memberId`, in the rated order. */
export function seatLines(matches: readonly PlayMatch[], memberId: string): SeatLine[] {
  const lines: SeatLine[] = [];
  for (const match of [...matches].sort(compareMatches)) {
    for (const seat of [...match.seats].sort(compareSeats)) {
      if (!isPlay(seat)) continue;
      const side: Side | null = seat.homePlayers.includes(memberId) ? 'HOME' : seat.awayPlayers.includes(memberId) ? 'AWAY' : null;
      if (!side) continue;
      const own = side === 'HOME' ? seat.homePlayers : seat.awayPlayers;
      const other = side === 'HOME' ? seat.awayPlayers : seat.homePlayers;
      lines.push({
        matchId: match.id,
        seasonId: match.seasonId,
        divisionId: match.divisionId,
        date: match.date,
        setNumber: seat.setNumber,
        tableNumber: seat.tableNumber,
        side,
        clubId: side === 'HOME' ? match.home.clubId : match.away.clubId,
        partnerId: own.find((id) => id !== memberId)!,
        opponentIds: [other[0], other[1]],
        opponentClubId: side === 'HOME' ? match.away.clubId : match.home.clubId,
        pointsFor: side === 'HOME' ? seat.homePoints : seat.awayPoints,
        pointsAgainst: side === 'HOME' ? seat.awayPoints : seat.homePoints,
        games: seat.games,
      });
    }
  }
  return lines;
}

export function tally(lines: readonly SeatLine[]): Tally {
  const t: Tally = {
    sets: 0, pointsFor: 0, pointsAgainst: 0, pointsShare: null, won: 0, drawn: 0, lost: 0, setsWithGames: 0,
    gamesWon: null, gamesLost: null, kaps: null, kapsConceded: null, baunies: null, bauniesConceded: null, failedBaunies: null, penalties: null,
  };
  const counts = { gamesWon: 0, gamesLost: 0, kaps: 0, kapsConceded: 0, baunies: 0, bauniesConceded: 0, failedBaunies: 0, penalties: 0 };
  for (const line of lines) {
    t.sets += 1;
    t.pointsFor += line.pointsFor;
    t.pointsAgainst += line.pointsAgainst;
    if (line.pointsFor > line.pointsAgainst) t.won += 1;
    else if (line.pointsFor < line.pointsAgainst) t.lost += 1;
    else t.drawn += 1;
    if (!line.games) continue;
    t.setsWithGames += 1;
    const them = opponentOf(line.side);
    for (const g of line.games) {
      const ours = g.winner === line.side;
      if (ours) counts.gamesWon += 1;
      else counts.gamesLost += 1;
      if (g.kind === 'KAP' || g.kind === 'KAP_TAPPED') counts[ours ? 'kaps' : 'kapsConceded'] += 1;
      if (g.kind === 'BAUNIE') counts[ours ? 'baunies' : 'bauniesConceded'] += 1;
      // A failed baunie and a penalty give the points to the other side.
      if (g.kind === 'FAILED_BAUNIE' && g.winner === them) counts.failedBaunies += 1;
      if (g.kind === 'PENALTY' && g.winner === them) counts.penalties += 1;
    }
  }
  const total = t.pointsFor + t.pointsAgainst;
  t.pointsShare = total === 0 ? null : Math.round((t.pointsFor / total) * 1000) / 10;
  if (t.setsWithGames > 0) Object.assign(t, counts);
  return t;
}

export interface Grouped<K extends string> {
  key: K;
  tally: Tally;
}

function groupBy(lines: readonly SeatLine[], keyOf: (l: SeatLine) => string): Grouped<string>[] {
  const groups = new Map<string, SeatLine[]>();
  for (const line of lines) {
    const key = keyOf(line);
    const list = groups.get(key);
    if (list) list.push(line);
    else groups.set(key, [line]);
  }
  return [...groups].map(([key, ls]) => ({ key, tally: tally(ls) })).sort((a, b) => b.tally.sets - a.tally.sets || (a.key < b.key ? -1 : 1));
}

export interface PlayerStatistics {
  career: Tally;
  /** Per season, in the order first played. */
  seasons: Grouped<string>[];
  /** Per partner (the pairs the player formed), most sets first. */
  partners: Grouped<string>[];
  opponentClubs: Grouped<string>[];
}

export function playerStatistics(lines: readonly SeatLine[]): PlayerStatistics {
  const seasonOrder = [...new Set(lines.map((l) => l.seasonId))];
  return {
    career: tally(lines),
    seasons: groupBy(lines, (l) => l.seasonId).sort((a, b) => seasonOrder.indexOf(a.key) - seasonOrder.indexOf(b.key)),
    partners: groupBy(lines, (l) => l.partnerId),
    opponentClubs: groupBy(lines, (l) => l.opponentClubId),
  };
}

/** The statistics of a pair: the seats `a` played with `b` as partner. */
export function pairStatistics(matches: readonly PlayMatch[], a: string, b: string): Omit<PlayerStatistics, 'partners'> & { lines: SeatLine[] } {
  const lines = seatLines(matches, a).filter((l) => l.partnerId === b);
  const { career, seasons, opponentClubs } = playerStatistics(lines);
  return { career, seasons, opponentClubs, lines };
}
