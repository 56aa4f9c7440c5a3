/**
 * API test harness: a real Nest application over the real PostgreSQL prepared by
 * scripts/test.mjs, factories with defaults, and logged-in supertest agents.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createApp } from '../src/app.factory';
import { generateSchedule, roundsNeeded } from '../src/domain/match/fixtures';
import { hashPassword } from '../src/auth/auth.service';
import { JOBS_SCHEMA } from '../src/jobs/pg-boss-planner';
import type { Role } from '../src/generated/prisma/enums';
import { PrismaService } from '../src/prisma/prisma.service';

export const PASSWORD = 'test-wachtwoord-123';
let passwordHash: Promise<string> | undefined;
let counter = 0;

export function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${process.pid}-${Date.now().toString(36)}-${counter}`;
}

export interface TestContext {
  app: NestFastifyApplication;
  prisma: PrismaService;
  http: () => ReturnType<typeof request>;
  /** Every route the app registered, as "METHOD /path" with Fastify's `:param` syntax. */
  routes: string[];
  close: () => Promise<void>;
}

export async function startApp(): Promise<TestContext> {
  // TEST_LOG=1 shows the API's errors while a test runs (a 500 otherwise says nothing).
  const app = await createApp({ logger: process.env.TEST_LOG ? ['error'] : false });
  const routes: string[] = [];
  app.getHttpAdapter().getInstance().addHook('onRoute', (route) => {
    for (const method of ([] as string[]).concat(route.method)) routes.push(`${method} ${route.url}`);
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready(); // Fastify builds its routes' hooks here; listen() would
  const prisma = app.get(PrismaService);
  return {
    app,
    prisma,
    http: () => request(app.getHttpServer()),
    routes,
    close: () => app.close(),
  };
}

type Parser = Parameters<ReturnType<ReturnType<TestContext['http']>['get']>['parse']>[0];

/**
 * A supertest parser that keeps a binary response body (a PDF, a CSV with its BOM) as a Buffer:
 * `.buffer(true).parse(binary)`. Supertest hands Node's response stream to the parser.
 */
export const binary = ((res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}) as unknown as Parser;

/**
 * The text of every page of a PDF as pdf.js reads it, runs of white space made one space. Read
 * in a child process (pdf-text.mjs): pdf-parse loads its worker with import(), which Jest's VM
 * does not offer.
 */
export function pdfPages(pdf: Buffer): string[] {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'pdf-text.mjs')], { input: pdf, maxBuffer: 16 * 1024 * 1024 });
  return (JSON.parse(out.toString('utf8')) as { pages: string[] }).pages.map((page) => page.replace(/\s+/g, ' '));
}

/** Empties every table (the migrations table excepted); call in beforeAll of a test file. */
export async function resetDatabase(prisma: PrismaService): Promise<void> {
  const tables = await prisma.$queryRaw<{ tablename: string }[]>`
    SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`;
  if (tables.length) {
    await prisma.$executeRawUnsafe(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`);
  }
}

/**
 * Drops pg-boss's schema (its jobs and schedules), so that no job of an earlier run waits in the
 * queue; pg-boss creates it again when a scheduler starts. resetDatabase leaves it alone.
 */
export async function dropScheduledJobs(prisma: PrismaService): Promise<void> {
  await prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS ${JOBS_SCHEMA} CASCADE`);
}

/** Asks `probe` every 100 ms until it answers (a pg-boss job runs in its own time); fails after `timeoutMs`. */
export async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Niet binnen ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function createUser(prisma: PrismaService, role: Role, clubId: string | null = null) {
  passwordHash ??= hashPassword(PASSWORD);
  return prisma.user.create({
    data: { email: `${unique(role.toLowerCase()).replace(/\s+/g, '-')}@test.nl`.toLowerCase(), name: unique(role), role, clubId, passwordHash: await passwordHash },
  });
}

/** A supertest agent that carries the session cookie of a fresh user with this role. */
export type Agent = Awaited<ReturnType<typeof loginAs>>['agent'];

export async function loginAs(ctx: TestContext, role: Role, clubId: string | null = null) {
  const user = await createUser(ctx.prisma, role, clubId);
  const agent = request.agent(ctx.app.getHttpServer());
  await agent.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
  return { agent, user };
}

/**
 * A fresh app over an emptied database with the federation's administrator and a supervisor
 * logged in: the officials who act at every match, besides the clubs.
 */
export async function startAppWithOfficials() {
  const ctx = await startApp();
  await resetDatabase(ctx.prisma);
  const admin = (await loginAs(ctx, 'ADMIN')).agent;
  const supervisor = (await loginAs(ctx, 'SUPERVISOR')).agent;
  return { ctx, admin, supervisor };
}

export async function createSeason(prisma: PrismaService, overrides: Partial<{ name: string; startsOn: string; competitionStartsOn: string; endsOn: string }> = {}) {
  const d = (s: string) => new Date(`${s}T00:00:00.000Z`);
  return prisma.season.create({
    data: {
      name: overrides.name ?? unique('Seizoen'),
      startsOn: d(overrides.startsOn ?? '2026-09-01'),
      competitionStartsOn: d(overrides.competitionStartsOn ?? '2026-09-19'),
      endsOn: d(overrides.endsOn ?? '2027-05-31'),
      settings: { create: {} },
    },
  });
}

export async function createClub(prisma: PrismaService, name = unique('Vereniging')) {
  return prisma.club.create({ data: { name, city: 'Rotterdam' } });
}

export async function createDivision(prisma: PrismaService, seasonId: string, name = unique('Poule')) {
  return prisma.division.create({ data: { seasonId, name } });
}

export async function createTeam(prisma: PrismaService, divisionId: string, clubId: string, name = unique('Team')) {
  return prisma.team.create({ data: { divisionId, clubId, name } });
}

/** Asserts the one error envelope. */
export function expectError(body: unknown, status: number, code?: string): void {
  const error = (body as { error?: { status: number; code: string; message: string } }).error;
  expect(error).toBeDefined();
  expect(error!.status).toBe(status);
  expect(typeof error!.message).toBe('string');
  expect(error!.message.length).toBeGreaterThan(0);
  if (code) expect(error!.code).toBe(code);
}

/** A fixture between two teams of one division (round numbers unique per call). */
export async function createMatchRow(
  prisma: PrismaService,
  fields: { divisionId: string; homeTeamId: string; awayTeamId: string; date?: string; round?: number; status?: 'SCHEDULED' | 'PLAYED' | 'NOT_PLAYED' | 'FORFEIT' | 'CANCELLED'; forfeitingTeamId?: string },
) {
  counter += 1;
  return prisma.match.create({
    data: {
      divisionId: fields.divisionId,
      homeTeamId: fields.homeTeamId,
      awayTeamId: fields.awayTeamId,
      round: fields.round ?? counter,
      date: new Date(`${fields.date ?? '2026-10-03'}T00:00:00.000Z`),
      status: fields.status ?? 'PLAYED',
      forfeitingTeamId: fields.forfeitingTeamId ?? null,
    },
  });
}

/** A fine row straight in the database (status OPEN, €15, issued 2026-10-01, due 30 days later unless told). */
export async function createFineRow(
  prisma: PrismaService,
  fields: { seasonId: string; clubId: string; rule?: string; reason?: string; amountCents?: number; issuedOn?: string; dueOn?: string; status?: 'PROPOSED' | 'OPEN' | 'PAID' | 'WAIVED' | 'DISCARDED'; paidOn?: string; teamId?: string; matchId?: string },
) {
  const d = (s: string) => new Date(`${s}T00:00:00.000Z`);
  const issuedOn = fields.issuedOn ?? '2026-10-01';
  const due = d(issuedOn);
  due.setUTCDate(due.getUTCDate() + 30);
  return prisma.fine.create({
    data: {
      seasonId: fields.seasonId,
      clubId: fields.clubId,
      teamId: fields.teamId ?? null,
      matchId: fields.matchId ?? null,
      rule: fields.rule ?? '10',
      reason: fields.reason ?? 'Geen speelmatten (Regel 10).',
      amountCents: fields.amountCents ?? 1500,
      issuedOn: d(issuedOn),
      dueOn: fields.dueOn ? d(fields.dueOn) : due,
      status: fields.status ?? 'OPEN',
      paidOn: fields.paidOn ? d(fields.paidOn) : null,
    },
  });
}


/**
 * A season document (POST /api/seasons/import) with one division of `teams` teams playing a
 * double round robin, every match with all 36 set scores (deterministic). Used by the
 * standings tests and backend/bench/standings.bench.ts.
 */
export function syntheticSeasonDocument(options: { name?: string; teams?: number; seed?: number } = {}) {
  const { teams = 20, seed = 41 } = options;
  let s = seed >>> 0;
  const random = () => ((s = (s * 1664525 + 1013904223) >>> 0), s / 2 ** 32);
  const scores: [number, number][] = [[8, 0], [6, 2], [4, 4], [2, 6], [0, 8], [7, 2], [2, 7], [5, 6], [6, 5], [15, 6], [6, 15], [10, 4], [4, 10]];
  const names = Array.from({ length: teams }, (_, i) => `Synthetisch ${String(i + 1).padStart(2, '0')}`);
  const start = new Date('2030-09-07T00:00:00.000Z');
  const dates = Array.from({ length: roundsNeeded(teams, true) }, (_, i) => new Date(start.getTime() + i * 7 * 86_400_000).toISOString().slice(0, 10));
  const division = 'Synthetische klasse';
  return {
    season: { name: options.name ?? unique('Synthetisch seizoen'), startsOn: '2030-09-01', competitionStartsOn: '2030-09-07', endsOn: '2031-06-30' },
    divisions: [{ name: division, teams: names.map((name) => ({ name, club: `${name} vereniging` })) }],
    matches: generateSchedule({ teamIds: names, dates, double: true }).map((f) => ({
      division,
      round: f.round,
      date: f.date,
      home: f.homeTeamId,
      away: f.awayTeamId,
      status: 'PLAYED',
      sets: Array.from({ length: 36 }, () => scores[Math.floor(random() * scores.length)]),
    })),
    deductions: [] as unknown[],
    playoffs: [] as unknown[],
  };
}

/**
 * A member on a club's list for a season (the list is created when missing), registered on
 * `registeredOn` (default 2026-08-01, well before any test match).
 */
export async function createListedMember(
  prisma: PrismaService,
  fields: { seasonId: string; clubId: string; memberNumber?: string; familyName?: string; givenNames?: string; registeredOn?: string },
) {
  counter += 1;
  const list = await prisma.memberList.upsert({
    where: { seasonId_clubId: { seasonId: fields.seasonId, clubId: fields.clubId } },
    update: {},
    create: { seasonId: fields.seasonId, clubId: fields.clubId, status: 'SUBMITTED', firstSubmittedAt: new Date() },
  });
  const member = await prisma.member.create({
    data: {
      memberNumber: fields.memberNumber ?? String(900_000_000 + process.pid * 1000 + counter),
      familyName: fields.familyName ?? `Achternaam ${counter}`,
      givenNames: fields.givenNames ?? `Voornaam ${counter}`,
    },
  });
  const entry = await prisma.memberListEntry.create({
    data: { memberListId: list.id, seasonId: fields.seasonId, memberId: member.id, registeredOn: new Date(`${fields.registeredOn ?? '2026-08-01'}T00:00:00.000Z`) },
  });
  return { list, member, entry };
}

/**
 * Match day: a season with one division, a home and an away team whose clubs each have
 * `playersPerClub` players on their member list (default 14: 6 pairs and 2 reserves), a
 * third club, and one scheduled match between the two teams (default 2026-10-03).
 */
export async function createMatchDay(prisma: PrismaService, options: { date?: string; playersPerClub?: number; round?: number } = {}) {
  const season = await createSeason(prisma);
  const division = await createDivision(prisma, season.id);
  const [homeClub, awayClub, otherClub] = [await createClub(prisma), await createClub(prisma), await createClub(prisma)];
  const home = await createTeam(prisma, division.id, homeClub.id);
  const away = await createTeam(prisma, division.id, awayClub.id);
  const players = async (clubId: string) => {
    const ids: string[] = [];
    for (let i = 0; i < (options.playersPerClub ?? 14); i++) ids.push((await createListedMember(prisma, { seasonId: season.id, clubId })).member.id);
    return ids;
  };
  const homePlayers = await players(homeClub.id);
  const awayPlayers = await players(awayClub.id);
  const match = await createMatchRow(prisma, { divisionId: division.id, homeTeamId: home.id, awayTeamId: away.id, date: options.date ?? '2026-10-03', round: options.round ?? 1, status: 'SCHEDULED' });
  return { season, division, homeClub, awayClub, otherClub, home, away, homePlayers, awayPlayers, match };
}

/** A line-up body: pairs 1 … `pairs` from consecutive players, then `reserves` reserves; `late` maps a pair number to its first set. */
export function lineupBody(playerIds: readonly string[], options: { pairs?: number; reserves?: number; late?: Record<number, number>; composedBeforeMatch?: boolean; skipPairs?: number[] } = {}) {
  const pairCount = options.pairs ?? 6;
  const pairs = Array.from({ length: pairCount }, (_, i) => i + 1)
    .filter((pairNumber) => !options.skipPairs?.includes(pairNumber))
    .map((pairNumber) => ({
      pairNumber,
      memberIds: [playerIds[2 * pairNumber - 2], playerIds[2 * pairNumber - 1]],
      ...(options.late?.[pairNumber] ? { fromSet: options.late[pairNumber] } : {}),
    }));
  const reserves = playerIds.slice(2 * pairCount, 2 * pairCount + (options.reserves ?? 2));
  // composedBeforeMatch is the administrator's override (Regel 5D/5E); a secretary never sends it.
  return { pairs, reserves, ...(options.composedBeforeMatch === undefined ? {} : { composedBeforeMatch: options.composedBeforeMatch }) };
}

type TestGame = { winner: 'HOME' | 'AWAY'; kind: 'WON' | 'KAP' | 'KAP_TAPPED' | 'BAUNIE' | 'FAILED_BAUNIE' | 'PENALTY'; points?: number; penaltyRule?: string };

export type MatchDay = Awaited<ReturnType<typeof createMatchDay>>;

/** The home and the away club's secretaries of a match day, logged in, and the match's API path. */
export async function loginSecretaries(ctx: TestContext, day: MatchDay) {
  const home = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
  const away = (await loginAs(ctx, 'SECRETARY', day.awayClub.id)).agent;
  return { day, home, away, url: `/api/matches/${day.match.id}` };
}

/** A match day (createMatchDay) whose two clubs' secretaries are logged in. */
export async function matchDayWithSecretaries(ctx: TestContext, options: Parameters<typeof createMatchDay>[1] = {}) {
  return loginSecretaries(ctx, await createMatchDay(ctx.prisma, options));
}

/**
 * A match day whose two clubs' secretaries are logged in (matchDayWithSecretaries), and also the
 * third club's secretary (`other`), who has no business with the match: the one refused.
 */
export async function matchDayWithOutsider(ctx: TestContext, options: Parameters<typeof createMatchDay>[1] = {}) {
  const m = await matchDayWithSecretaries(ctx, options);
  return { ...m, other: (await loginAs(ctx, 'SECRETARY', m.day.otherClub.id)).agent };
}

/** Both line-ups (lineupBody: six pairs from set 1, two reserves), each saved by its own club's secretary. */
export async function saveLineups(m: { day: MatchDay; home: Agent; away: Agent }): Promise<void> {
  const url = `/api/matches/${m.day.match.id}`;
  await m.home.put(`${url}/lineups/${m.day.home.id}`).send(lineupBody(m.day.homePlayers)).expect(200);
  await m.away.put(`${url}/lineups/${m.day.away.id}`).send(lineupBody(m.day.awayPlayers)).expect(200);
}

/**
 * Both clubs' line-ups saved (by their secretaries) and the night opened: the table codes by
 * table number, and the secretaries' agents.
 */
export async function openMatchNight(ctx: TestContext, day: MatchDay) {
  const { home, away, url } = await loginSecretaries(ctx, day);
  await saveLineups({ day, home, away });
  const night = await home.post(`${url}/night`).expect(200);
  const codes: Record<number, string> = {};
  for (const t of night.body.tables as { tableNumber: number; code: string }[]) codes[t.tableNumber] = t.code;
  return { codes, home, away };
}

/** Four games for one seat, varied by set and table; the home team wins most of them. */
export function seatGames(setNumber: number, tableNumber: number): TestGame[] {
  const patterns: TestGame[][] = [
    [{ winner: 'HOME', kind: 'WON' }, { winner: 'HOME', kind: 'KAP' }, { winner: 'AWAY', kind: 'WON' }, { winner: 'HOME', kind: 'WON' }],
    [{ winner: 'AWAY', kind: 'KAP' }, { winner: 'HOME', kind: 'WON' }, { winner: 'HOME', kind: 'KAP_TAPPED' }, { winner: 'HOME', kind: 'FAILED_BAUNIE' }],
    [{ winner: 'HOME', kind: 'WON' }, { winner: 'AWAY', kind: 'PENALTY', penaltyRule: '19', points: 2 }, { winner: 'HOME', kind: 'WON' }, { winner: 'AWAY', kind: 'WON' }],
  ];
  return patterns[(setNumber + tableNumber) % patterns.length];
}

/** Every seat of a 6 × 6 match with games (seatGames), except the seats in `skip` ("set/table"). */
export function fullResultSets(skip: readonly string[] = []) {
  const seats = [];
  for (let setNumber = 1; setNumber <= 6; setNumber++) {
    for (let tableNumber = 1; tableNumber <= 6; tableNumber++) {
      if (!skip.includes(`${setNumber}/${tableNumber}`)) seats.push({ setNumber, tableNumber, games: seatGames(setNumber, tableNumber) });
    }
  }
  return seats;
}
