/**
 * Match-day figures (milliseconds, medians):
 * - generating a 20-team double round robin (the pure circle-method function);
 * - storing a full match with game detail (36 seats × 4 games) and confirming it, through
 *   the API, the way the home and away secretaries do (line-ups are recorded beforehand
 *   and timed separately).
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { addDays } from '../src/domain/dates';
import { generateSchedule } from '../src/domain/match';
import type { PrismaService } from '../src/prisma/prisma.service';
import { createMatchDay, createMatchRow, fullResultSets, lineupBody, loginAs, TestContext } from '../test/helpers';

const SCHEDULE_RUNS = 50;
const MATCHES = 10;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return Math.round(value * 1000) / 1000;
}

async function timed(work: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

async function scheduleFigure(): Promise<number> {
  const teamIds = Array.from({ length: 20 }, (_, i) => `team-${i + 1}`);
  const dates = Array.from({ length: 38 }, (_, i) => addDays('2026-09-05', 7 * i));
  const run = () => {
    const fixtures = generateSchedule({ teamIds, dates, double: true });
    if (fixtures.length !== 380) throw new Error(`expected 380 fixtures, got ${fixtures.length}`);
  };
  for (let i = 0; i < 5; i++) run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < SCHEDULE_RUNS; i++) times.push(await timed(run));
  return median(times);
}

export async function run(ctx: { app: NestFastifyApplication; prisma: PrismaService }): Promise<Record<string, number>> {
  const schedule = await scheduleFigure();

  const test: TestContext = { app: ctx.app, prisma: ctx.prisma, http: () => request(ctx.app.getHttpServer()), routes: [], close: async () => undefined };
  const day = await createMatchDay(ctx.prisma);
  const home = (await loginAs(test, 'SECRETARY', day.homeClub.id)).agent;
  const away = (await loginAs(test, 'SECRETARY', day.awayClub.id)).agent;
  const sets = fullResultSets();
  const lineupTimes: number[] = [];
  const storeAndConfirm: number[] = [];

  // One warm-up match, then MATCHES measured ones.
  for (let i = 0; i <= MATCHES; i++) {
    const match = i === 0 ? day.match : await createMatchRow(ctx.prisma, { divisionId: day.division.id, homeTeamId: day.home.id, awayTeamId: day.away.id, round: i + 1, date: addDays('2026-10-03', -i), status: 'SCHEDULED' });
    const url = `/api/matches/${match.id}`;
    const lineups = await timed(async () => {
      await home.put(`${url}/lineups/${day.home.id}`).send(lineupBody(day.homePlayers)).expect(200);
      await away.put(`${url}/lineups/${day.away.id}`).send(lineupBody(day.awayPlayers)).expect(200);
    });
    const { version } = (await test.http().get(url).expect(200)).body as { version: number };
    const stored = await timed(async () => {
      const entered = await home.put(`${url}/result`).send({ version, sets }).expect(200);
      const signed = await home.post(`${url}/sign`).send({ version: entered.body.version }).expect(200);
      await away.post(`${url}/confirm`).send({ version: signed.body.version }).expect(200);
    });
    if (i > 0) {
      lineupTimes.push(lineups);
      storeAndConfirm.push(stored);
    }
  }

  return {
    scheduleDoubleRoundRobin20TeamsMs: schedule,
    storeAndConfirmFullMatchWithGamesMs: median(storeAndConfirm),
    saveBothLineupsMs: median(lineupTimes),
  };
}
