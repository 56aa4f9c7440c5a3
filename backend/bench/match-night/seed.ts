/**
 * The match night's data: one season around today, `divisions` divisions of 20 teams (each
 * team its own club with 14 players on its member list), round 1 of every division played
 * today (Europe/Amsterdam; the table codes work from the match day on), 10 matches per
 * division. The rows go in straight through Prisma; the line-ups (6 pairs and 2 reserves a
 * team) and the opening of each night go through the API as the administrator, so the
 * rules of both apply as they would on the night.
 */
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../src/auth/auth.service';
import { dbDate, todayIso } from '../../src/common/dto';
import { addDays } from '../../src/domain/dates';
import type { PrismaService } from '../../src/prisma/prisma.service';
import { lineupBody } from '../../test/helpers';
import { paths, tableCodesOf } from './endpoints';

export interface SeededMatch {
  id: string;
  divisionId: string;
  round: number;
  homeTeamId: string;
  awayTeamId: string;
  tables: { tableNumber: number; code: string }[];
}

const TEAMS_PER_DIVISION = 20;
const PLAYERS_PER_CLUB = 14;

export async function seedMatchNight(prisma: PrismaService, matchCount: number): Promise<{ date: string; matches: Omit<SeededMatch, 'tables'>[]; admin: { email: string; password: string } }> {
  const run = randomUUID().slice(0, 8);
  const today = todayIso();
  const season = await prisma.season.create({
    data: { name: `Speelavond-bench ${run}`, startsOn: dbDate(addDays(today, -120)), competitionStartsOn: dbDate(addDays(today, -90)), endsOn: dbDate(addDays(today, 150)), settings: { create: {} } },
  });
  const divisions = Math.ceil(matchCount / (TEAMS_PER_DIVISION / 2));
  const matches: Omit<SeededMatch, 'tables'>[] = [];
  let memberNumber = 700_000_000 + (Number.parseInt(run.slice(0, 4), 16) % 9000) * 10_000;
  for (let d = 0; d < divisions; d++) {
    const division = await prisma.division.create({ data: { seasonId: season.id, name: `Klasse ${d + 1} (${run})`, level: d + 1 } });
    const teams: { id: string; clubId: string }[] = [];
    const clubs = Array.from({ length: TEAMS_PER_DIVISION }, (_, t) => ({ id: randomUUID(), name: `Bench ${run} ${d + 1}-${t + 1}`, city: 'Rotterdam' }));
    await prisma.club.createMany({ data: clubs });
    const teamRows = clubs.map((club, t) => ({ id: randomUUID(), divisionId: division.id, clubId: club.id, name: `Team ${d + 1}-${t + 1}` }));
    await prisma.team.createMany({ data: teamRows });
    teams.push(...teamRows);
    const lists = clubs.map((club) => ({ id: randomUUID(), seasonId: season.id, clubId: club.id, status: 'SUBMITTED' as const, firstSubmittedAt: dbDate(addDays(today, -100)) }));
    await prisma.memberList.createMany({ data: lists });
    const members = [];
    const entries = [];
    for (const list of lists) {
      for (let p = 0; p < PLAYERS_PER_CLUB; p++) {
        const id = randomUUID();
        members.push({ id, memberNumber: String(memberNumber++), familyName: `Speler${p + 1} ${list.clubId.slice(0, 4)}`, givenNames: 'Bench' });
        entries.push({ memberListId: list.id, seasonId: season.id, memberId: id, registeredOn: dbDate(addDays(today, -100)) });
      }
    }
    await prisma.member.createMany({ data: members });
    await prisma.memberListEntry.createMany({ data: entries });
    // Round 1 of a circle schedule: team i at home against team 19 − i.
    for (let i = 0; i < TEAMS_PER_DIVISION / 2 && matches.length < matchCount; i++) {
      const match = await prisma.match.create({
        data: { divisionId: division.id, round: 1, date: dbDate(today), startTime: '20:00', homeTeamId: teams[i].id, awayTeamId: teams[TEAMS_PER_DIVISION - 1 - i].id, status: 'SCHEDULED' },
      });
      matches.push({ id: match.id, divisionId: division.id, round: 1, homeTeamId: match.homeTeamId, awayTeamId: match.awayTeamId });
    }
  }
  const password = `bench-wachtwoord-${run}`;
  const email = `bench-admin-${run}@tsbn.invalid`;
  await prisma.user.create({ data: { email, name: 'Bench beheerder', role: 'ADMIN', passwordHash: await hashPassword(password) } });
  return { date: today, matches, admin: { email, password } };
}

async function call(baseUrl: string, method: string, path: string, cookie: string, body?: unknown): Promise<unknown> {
  const res = await fetch(baseUrl + path, { method, headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 400)}`);
  return text ? JSON.parse(text) : null;
}

/** Logs in as the administrator, records both line-ups of every match and opens every night. */
export async function prepareNights(prisma: PrismaService, baseUrl: string, seeded: Awaited<ReturnType<typeof seedMatchNight>>): Promise<SeededMatch[]> {
  const login = await fetch(baseUrl + paths.login, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(seeded.admin) });
  if (!login.ok) throw new Error(`login: HTTP ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const playersOf = async (teamId: string) => {
    const team = await prisma.team.findUniqueOrThrow({ where: { id: teamId }, select: { clubId: true } });
    const entries = await prisma.memberListEntry.findMany({ where: { memberList: { clubId: team.clubId } }, select: { memberId: true, member: { select: { memberNumber: true } } } });
    return entries.sort((a, b) => a.member.memberNumber.localeCompare(b.member.memberNumber)).map((e) => e.memberId);
  };
  const result: SeededMatch[] = [];
  for (const match of seeded.matches) {
    for (const teamId of [match.homeTeamId, match.awayTeamId]) {
      await call(baseUrl, 'PUT', paths.lineup(match.id, teamId), cookie, lineupBody(await playersOf(teamId)));
    }
    const night = await call(baseUrl, 'POST', paths.night(match.id), cookie, {});
    result.push({ ...match, tables: tableCodesOf(night) });
  }
  return result;
}
