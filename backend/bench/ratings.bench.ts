/**
 * Ratings speed (issue 24). A synthetic season is 20 teams in a double round robin
 * (38 rounds, 380 matches), every match 6 × 6 seats (13,680 seats a season), 14 members a
 * team whose pairs change from match to match. Figures (medians):
 * - the pure rating function over one season and over five (rateMatches, generated data);
 * - the full recomputation through the service (five set-based reads, rating, rewriting
 *   player_ratings and rating_points) with one season and with five stored;
 * - the incremental update when one match becomes final: the ten matches of the last
 *   evening, made final one by one (per-date fingerprints, re-rating that evening's final
 *   matches, rewriting their players' rows);
 * - GET /api/public/players/{id} (statistics over the player's seasons), and the public
 *   player page on the dashboard when it runs.
 * Figures only; the targets are < 1 s (a season), < 5 s (five), < 50 ms (incremental).
 * The 1-minute load average at start and end is reported with them (a shared machine).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { PlayMatch, PlaySeat } from '../src/domain/ratings/play';
import { rateMatches } from '../src/domain/ratings/ratings';
import { RatingsStoreService } from '../src/ratings/ratings-store.service';
import { PrismaService } from '../src/prisma/prisma.service';
import { measurePage } from './standings.bench';
import { round1 } from './stats';

type Figures = Record<string, number | string>;

const TEAMS = 20;
const PAIRS = 6;
const MEMBERS = 14;

/** A small deterministic random generator (mulberry32), so every run rates the same data. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Circle-method double round robin: [round, home, away][]. */
function roundRobin(teams: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  const list = Array.from({ length: teams }, (_, i) => i);
  for (let r = 0; r < teams - 1; r++) {
    for (let i = 0; i < teams / 2; i++) {
      const [a, b] = [list[i], list[teams - 1 - i]];
      out.push([r + 1, r % 2 ? a : b, r % 2 ? b : a]);
      out.push([r + teams, r % 2 ? b : a, r % 2 ? a : b]);
    }
    list.splice(1, 0, list.pop()!);
  }
  return out;
}

const SCORES: [number, number][] = [[8, 0], [6, 2], [4, 4], [2, 6], [0, 8], [9, 2], [2, 9], [7, 4], [15, 6], [6, 15], [11, 2]];

interface SyntheticSeason {
  seasonIndex: number;
  teamMembers: string[][];
  matches: { id: string; round: number; date: string; home: number; away: number; lineups: [string[][], string[][]]; seats: { set: number; table: number; hp: number; ap: number; score: [number, number] }[] }[];
}

function syntheticSeason(seasonIndex: number, teamMembers: string[][]): SyntheticSeason {
  const rnd = random(24 + seasonIndex);
  const matches = roundRobin(TEAMS).map(([round, home, away]) => {
    const pairsOf = (team: number) => {
      const members = [...teamMembers[team]].sort(() => rnd() - 0.5).slice(0, PAIRS * 2);
      return Array.from({ length: PAIRS }, (_, i) => [members[2 * i], members[2 * i + 1]]);
    };
    const seats = [];
    for (let set = 1; set <= PAIRS; set++) {
      for (let table = 1; table <= PAIRS; table++) {
        seats.push({ set, table, hp: table, ap: ((table - set + PAIRS) % PAIRS) + 1, score: SCORES[Math.floor(rnd() * SCORES.length)] });
      }
    }
    const day = new Date(Date.UTC(2026 + seasonIndex, 8, 19) + (round - 1) * 7 * 86_400_000).toISOString().slice(0, 10);
    return { id: randomUUID(), round, date: day, home, away, lineups: [pairsOf(home), pairsOf(away)] as [string[][], string[][]], seats };
  });
  return { seasonIndex, teamMembers, matches };
}

function toPlayMatches(season: SyntheticSeason): PlayMatch[] {
  return season.matches.map((m) => ({
    id: m.id,
    seasonId: `s${season.seasonIndex}`,
    divisionId: `d${season.seasonIndex}`,
    date: m.date,
    startTime: '20:00',
    home: { teamId: `t${m.home}`, clubId: `c${m.home}` },
    away: { teamId: `t${m.away}`, clubId: `c${m.away}` },
    seats: m.seats.map(
      (s): PlaySeat => ({
        setNumber: s.set, tableNumber: s.table, source: 'TOTALS', homePoints: s.score[0], awayPoints: s.score[1],
        homePlayers: m.lineups[0][s.hp - 1], awayPlayers: m.lineups[1][s.ap - 1], games: null,
      }),
    ),
  }));
}

async function timeMedian(times: number, fn: () => Promise<unknown> | unknown): Promise<number> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)];
}

/** Stores a synthetic season as final matches (clubs, teams, members on lists, line-ups, seats). */
async function store(prisma: PrismaService, season: SyntheticSeason, clubIds: string[], memberIds: string[][], final: (m: SyntheticSeason['matches'][number]) => boolean) {
  const s = await prisma.season.create({
    data: { name: `Ratings bench ${season.seasonIndex} ${randomUUID().slice(0, 6)}`, startsOn: new Date(Date.UTC(2026 + season.seasonIndex, 8, 1)), competitionStartsOn: new Date(Date.UTC(2026 + season.seasonIndex, 8, 19)), endsOn: new Date(Date.UTC(2027 + season.seasonIndex, 5, 30)), settings: { create: {} } },
  });
  const division = await prisma.division.create({ data: { seasonId: s.id, name: 'Synthetisch' } });
  const teamIds: string[] = [];
  for (let t = 0; t < TEAMS; t++) {
    teamIds.push((await prisma.team.create({ data: { divisionId: division.id, clubId: clubIds[t], name: `Team ${t + 1}` } })).id);
    const list = await prisma.memberList.create({ data: { seasonId: s.id, clubId: clubIds[t], status: 'SUBMITTED' } });
    await prisma.memberListEntry.createMany({ data: memberIds[t].map((memberId) => ({ memberListId: list.id, seasonId: s.id, memberId, registeredOn: new Date(Date.UTC(2026 + season.seasonIndex, 7, 1)) })) });
  }
  await prisma.match.createMany({
    data: season.matches.map((m) => ({
      id: m.id, divisionId: division.id, round: m.round, date: new Date(`${m.date}T00:00:00Z`), homeTeamId: teamIds[m.home], awayTeamId: teamIds[m.away],
      status: 'PLAYED' as const, resultState: final(m) ? ('CONFIRMED' as const) : ('ENTERED' as const),
    })),
  });
  const lineups = season.matches.flatMap((m) => [0, 1].map((side) => ({ id: randomUUID(), matchId: m.id, teamId: teamIds[side ? m.away : m.home], pairs: m.lineups[side] })));
  await prisma.lineup.createMany({ data: lineups.map(({ id, matchId, teamId }) => ({ id, matchId, teamId })) });
  await prisma.lineupPlayer.createMany({ data: lineups.flatMap((l) => l.pairs.flatMap((pair, i) => pair.map((memberId) => ({ lineupId: l.id, memberId, pairNumber: i + 1 })))) });
  await prisma.matchSet.createMany({
    data: season.matches.flatMap((m) =>
      m.seats.map((x) => ({ matchId: m.id, setNumber: x.set, tableNumber: x.table, homePairNumber: x.hp, awayPairNumber: x.ap, homePoints: x.score[0], awayPoints: x.score[1], source: 'TOTALS' as const })),
    ),
  });
}

export async function run(ctx: { app: NestFastifyApplication; prisma: PrismaService; baseUrl: string; webUrl?: string | null }): Promise<Figures> {
  const { prisma } = ctx;
  // The machine is shared: its load says how far the figures are from an idle one.
  const figures: Figures = { loadAverageAtStart: round1(os.loadavg()[0]) };
  const clubIds: string[] = [];
  const memberIds: string[][] = [];
  for (let t = 0; t < TEAMS; t++) {
    clubIds.push((await prisma.club.create({ data: { name: `Ratings bench club ${t + 1} ${randomUUID().slice(0, 6)}` } })).id);
    const ids = Array.from({ length: MEMBERS }, () => randomUUID());
    await prisma.member.createMany({ data: ids.map((id, i) => ({ id, memberNumber: `RB-${t}-${i}-${id.slice(0, 8)}`.toUpperCase(), familyName: `Speler${t}x${i}`, givenNames: 'Bench' })) });
    memberIds.push(ids);
  }
  const seasons = Array.from({ length: 5 }, (_, i) => syntheticSeason(i, memberIds));
  const one = toPlayMatches(seasons[0]);
  const five = seasons.flatMap(toPlayMatches);
  figures.seatsPerSeason = one.reduce((n, m) => n + m.seats.length, 0);
  figures.pureOneSeasonMs = round1(await timeMedian(5, () => rateMatches(one)));
  figures.pureFiveSeasonsMs = round1(await timeMedian(3, () => rateMatches(five)));

  const service = ctx.app.get(RatingsStoreService);
  // Season 1 stored, its last round not yet final (for the incremental figure).
  const lastRound = 2 * (TEAMS - 1);
  await store(prisma, seasons[0], clubIds, memberIds, (m) => m.round < lastRound);
  await prisma.$executeRawUnsafe('ANALYZE'); // a database in use has its statistics
  figures.recomputeOneSeasonMs = round1(await timeMedian(3, () => service.recompute()));
  const pending = seasons[0].matches.filter((m) => m.round === lastRound);
  const incremental: number[] = [];
  for (const m of pending) {
    await prisma.match.update({ where: { id: m.id }, data: { resultState: 'CONFIRMED' } });
    const start = performance.now();
    await service.refresh();
    incremental.push(performance.now() - start);
  }
  figures.incrementalOneMatchMs = round1(incremental.sort((a, b) => a - b)[Math.floor(incremental.length / 2)]);
  figures.incrementalMaxMs = round1(Math.max(...incremental));
  const player = memberIds[0][0];
  figures.playerApiOneSeasonMs = round1(await timeMedian(20, async () => (await fetch(`${ctx.baseUrl}/api/public/players/${player}`)).text()));

  for (const season of seasons.slice(1)) await store(prisma, season, clubIds, memberIds, () => true);
  await prisma.$executeRawUnsafe('ANALYZE');
  figures.recomputeFiveSeasonsMs = round1(await timeMedian(3, () => service.recompute()));
  figures.ratingPointsStored = await prisma.ratingPoint.count();
  figures.playerApiFiveSeasonsMs = round1(await timeMedian(20, async () => (await fetch(`${ctx.baseUrl}/api/public/players/${player}`)).text()));
  if (ctx.webUrl) {
    try {
      const page = await measurePage(`${ctx.webUrl}/spelers/${player}`, 20, 'Speler0x0');
      figures.playerPageMs = page.responseMs;
      figures.playerPageJsGzipBytes = page.jsGzipBytes;
    } catch (error) {
      figures.playerPageError = String(error);
    }
  }
  figures.loadAverageAtEnd = round1(os.loadavg()[0]);
  return figures;
}
