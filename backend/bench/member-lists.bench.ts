/**
 * Member-list upload speed (issue 3): a 10,000-row CSV previewed and confirmed through the
 * API (HTTP, multipart, real PostgreSQL), next to the floor of the same work in the same run:
 * one `INSERT … SELECT unnest(...)` writing the same 10,000 members and list entries.
 * Target: preview and confirm each under 3 s and under 2× that floor.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { hashPassword } from '../src/auth/auth.service';
import type { BenchContext } from './run';

const ROWS = 10_000;
const round1 = (n: number) => Math.round(n * 10) / 10;

function memberCsv(firstNumber: number): Buffer {
  const lines = Array.from({ length: ROWS }, (_, i) => `${firstNumber + i};Achternaam ${i};${i % 5 === 0 ? 'van' : ''};Voornaam Doëlla ${i};01-01-1980`);
  return Buffer.from(['Lidnummer;Achternaam;Tussenvoegsel;Voornamen;Geboortedatum', ...lines].join('\r\n'), 'utf8');
}

async function adminCookie(ctx: BenchContext): Promise<string> {
  const email = `bench-${randomUUID()}@tsbn.nl`;
  const password = 'bench-wachtwoord-123';
  await ctx.prisma.user.create({ data: { email, name: 'Bench', role: 'ADMIN', passwordHash: await hashPassword(password) } });
  const res = await fetch(`${ctx.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

export async function run(ctx: BenchContext): Promise<Record<string, number | string>> {
  const cookie = await adminCookie(ctx);
  const season = await ctx.prisma.season.create({
    data: { name: `Bench moederlijst ${randomUUID()}`, startsOn: new Date('2040-09-01'), competitionStartsOn: new Date('2040-09-15'), endsOn: new Date('2041-05-31'), settings: { create: {} } },
  });
  const [club, floorClub] = await Promise.all([
    ctx.prisma.club.create({ data: { name: `Bench ${randomUUID()}` } }),
    ctx.prisma.club.create({ data: { name: `Bench ${randomUUID()}` } }),
  ]);
  const file = memberCsv(7_000_000_000);
  const url = `${ctx.baseUrl}/api/seasons/${season.id}/clubs/${club.id}/member-list`;
  const post = async (step: string, fields: Record<string, string> = {}) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'moederlijst.csv');
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const res = await fetch(`${url}/${step}`, { method: 'POST', headers: { cookie }, body: form });
    if (res.status !== 200) throw new Error(`${step}: HTTP ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ previewId: string; added: unknown[] | number }>;
  };

  const preview = await timed(() => post('preview'));
  const confirm = await timed(() => post('confirm', { previewId: preview.value.previewId }));
  const again = await timed(() => post('preview'));

  // The floor: the same rows in one INSERT … SELECT unnest(...), members and entries together.
  const list = await ctx.prisma.memberList.create({ data: { seasonId: season.id, clubId: floorClub.id } });
  const numbers = Array.from({ length: ROWS }, (_, i) => String(8_000_000_000 + i));
  const families = numbers.map((_, i) => `Achternaam ${i}`);
  const prefixes = numbers.map((_, i) => (i % 5 === 0 ? 'van' : null));
  const givens = numbers.map((_, i) => `Voornaam Doëlla ${i}`);
  const births = numbers.map(() => '1980-01-01');
  const floor = await timed(
    () => ctx.prisma.$executeRaw`
      WITH m AS (
        INSERT INTO members (id, "memberNumber", "familyName", "namePrefix", "givenNames", "birthDate", "createdAt", "updatedAt")
        SELECT gen_random_uuid(), n, f, p, g, b::date, now(), now()
        FROM unnest(${numbers}::text[], ${families}::text[], ${prefixes}::text[], ${givens}::text[], ${births}::text[]) AS t(n, f, p, g, b)
        RETURNING id)
      INSERT INTO member_list_entries (id, "memberListId", "seasonId", "memberId", "registeredOn", "createdAt", "updatedAt")
      SELECT gen_random_uuid(), ${list.id}::uuid, ${season.id}::uuid, m.id, CURRENT_DATE, now(), now() FROM m`,
  );

  return {
    rows: ROWS,
    previewMs: round1(preview.ms),
    confirmMs: round1(confirm.ms),
    previewOfUnchangedListMs: round1(again.ms),
    singleInsertUnnestMs: round1(floor.ms),
    previewVsInsert: round1(preview.ms / floor.ms),
    confirmVsInsert: round1(confirm.ms / floor.ms),
    target: 'preview and confirm < 3000 ms each and < 2× singleInsertUnnestMs',
  };
}
