/**
 * API test harness: a real Nest application over the real PostgreSQL prepared by
 * scripts/test.mjs, factories with defaults, and logged-in supertest agents.
 */
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../src/app.factory';
import { hashPassword } from '../src/auth/auth.service';
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
  app: INestApplication;
  prisma: PrismaService;
  http: () => ReturnType<typeof request>;
  close: () => Promise<void>;
}

export async function startApp(): Promise<TestContext> {
  const app = await createApp({ logger: false });
  await app.init();
  const prisma = app.get(PrismaService);
  return {
    app,
    prisma,
    http: () => request(app.getHttpServer()),
    close: () => app.close(),
  };
}

/** Empties every table (the migrations table excepted); call in beforeAll of a test file. */
export async function resetDatabase(prisma: PrismaService): Promise<void> {
  const tables = await prisma.$queryRaw<{ tablename: string }[]>`
    SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`;
  if (tables.length) {
    await prisma.$executeRawUnsafe(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`);
  }
}

export async function createUser(prisma: PrismaService, role: Role, clubId: string | null = null) {
  passwordHash ??= hashPassword(PASSWORD);
  return prisma.user.create({
    data: { email: `${unique(role.toLowerCase()).replace(/\s+/g, '-')}@test.nl`.toLowerCase(), name: unique(role), role, clubId, passwordHash: await passwordHash },
  });
}

/** A supertest agent that carries the session cookie of a fresh user with this role. */
export async function loginAs(ctx: TestContext, role: Role, clubId: string | null = null) {
  const user = await createUser(ctx.prisma, role, clubId);
  const agent = request.agent(ctx.app.getHttpServer());
  await agent.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
  return { agent, user };
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
