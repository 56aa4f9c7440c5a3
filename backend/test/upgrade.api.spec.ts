/**
 * Issue 25: upgrades keep every row. A fresh database gets only the migrations up to the first
 * set that had the match night (20261124211500_match_night_and_mail), exactly as that commit
 * deployed them; it is filled through SQL with a season in the columns of that time; then
 * today's migrations are applied with `prisma migrate deploy` (the real upgrade path). Every
 * row and every value of the old columns is still there, and the API serves the season.
 * No git needed: the earlier migration set is a prefix of today's folders (migrations are never
 * edited once committed; Prisma's checksums would refuse it).
 * And: a database with a migration the code does not know is refused at start (exit code 78).
 */
import pg from 'pg';
import { applyMigrations, codeMigrations, migrateDeploy, NEWER_DATABASE_EXIT_CODE } from '../src/backup/migrations';
import { databaseUrl } from '../src/backup/restore';
import { refuseNewerDatabase } from '../src/backup/startup-check';
import { startApp } from './helpers';

const EARLIER_LEVEL = '20261124211500_match_night_and_mail';
const SERVER_URL = process.env.DATABASE_URL!;
const DATABASE = `${new URL(SERVER_URL).pathname.slice(1)}_upgrade_test`;
const URL_ = databaseUrl(SERVER_URL, DATABASE);

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(SERVER_URL, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: URL_ });
  await client.connect();
  try {
    await client.query(`SET TIME ZONE 'UTC'`);
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const IDS = {
  season: '00000000-0000-4000-8000-000000000001',
  division: '00000000-0000-4000-8000-000000000002',
  clubs: ['00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-0000000000c3', '00000000-0000-4000-8000-0000000000c4'],
  teams: ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-0000000000a3', '00000000-0000-4000-8000-0000000000a4'],
  user: '00000000-0000-4000-8000-0000000000e1',
};

/** The season as the earlier version stored it, in its own columns. */
const FILL = `
INSERT INTO users (id, email, name, "passwordHash", role, "updatedAt") VALUES ('${IDS.user}', 'beheer@example.nl', 'Beheerder', 'x', 'ADMIN', now());
INSERT INTO seasons (id, name, "startsOn", "competitionStartsOn", "endsOn", "updatedAt") VALUES ('${IDS.season}', 'Seizoen 2026/2027', '2026-09-01', '2026-09-19', '2027-05-31', now());
INSERT INTO season_settings (id, "seasonId", "updatedAt") VALUES (gen_random_uuid(), '${IDS.season}', now());
INSERT INTO divisions (id, "seasonId", name, "updatedAt") VALUES ('${IDS.division}', '${IDS.season}', 'Hoofdklasse', now());
INSERT INTO clubs (id, name, city, "updatedAt") SELECT id, 'Vereniging ' || n, 'Plaats ' || n, now() FROM unnest($1::uuid[]) WITH ORDINALITY AS c(id, n);
INSERT INTO teams (id, "divisionId", "clubId", name, "updatedAt") SELECT t.id, '${IDS.division}', ($1::uuid[])[t.n], 'Team ' || t.n, now() FROM unnest($2::uuid[]) WITH ORDINALITY AS t(id, n);
INSERT INTO members (id, "memberNumber", "familyName", "givenNames", "birthDate", "updatedAt")
  SELECT gen_random_uuid(), lpad(n::text, 8, '0'), 'Achternaam ' || n, 'Voornaam ' || n, DATE '1980-01-01' + n, now() FROM generate_series(1, 40) n;
INSERT INTO member_lists (id, "seasonId", "clubId", status, "firstSubmittedAt", "updatedAt") SELECT gen_random_uuid(), '${IDS.season}', id, 'SUBMITTED', now(), now() FROM unnest($1::uuid[]) id;
INSERT INTO member_list_entries (id, "memberListId", "seasonId", "memberId", "registeredOn", "updatedAt")
  SELECT gen_random_uuid(), l.id, '${IDS.season}', m.id, DATE '2026-08-01', now()
    FROM (SELECT id, row_number() OVER (ORDER BY "memberNumber") - 1 AS i FROM members) m
    JOIN (SELECT id, row_number() OVER (ORDER BY "clubId") - 1 AS j FROM member_lists) l ON l.j = m.i % 4;
-- every team plays every other once, at home when its number is lower; 36 sets each, signed by both
INSERT INTO matches (id, "divisionId", round, date, "homeTeamId", "awayTeamId", status, "resultState", "homePoints", "awayPoints", "homeSignedById", "homeSignedAt", "awaySignedById", "awaySignedAt", "updatedAt")
  SELECT gen_random_uuid(), '${IDS.division}', row_number() OVER (ORDER BY h.n, a.n), DATE '2026-09-19' + 7 * (row_number() OVER (ORDER BY h.n, a.n))::int,
         h.id, a.id, 'PLAYED', 'CONFIRMED', NULL, NULL, '${IDS.user}', TIMESTAMP '2026-09-19 21:30', '${IDS.user}', TIMESTAMP '2026-09-19 21:40', now()
    FROM unnest($2::uuid[]) WITH ORDINALITY h(id, n) JOIN unnest($2::uuid[]) WITH ORDINALITY a(id, n) ON h.n < a.n AND cardinality($1::uuid[]) = 4;
INSERT INTO match_sets (id, "matchId", "setNumber", "tableNumber", "homePairNumber", "awayPairNumber", "homePoints", "awayPoints", "updatedAt")
  SELECT gen_random_uuid(), m.id, s, t, t, ((t + s - 2) % 6) + 1, (s * t + m.round) % 9, 8 - (s * t + m.round) % 9, now()
    FROM matches m CROSS JOIN generate_series(1, 6) s CROSS JOIN generate_series(1, 6) t;
INSERT INTO fines (id, "seasonId", "clubId", rule, reason, "amountCents", "issuedOn", "dueOn", status, "updatedAt")
  VALUES (gen_random_uuid(), '${IDS.season}', '${IDS.clubs[0]}', '10', 'Geen speelmatten (Regel 10).', 1500, '2026-10-01', '2026-10-31', 'OPEN', now()),
         (gen_random_uuid(), '${IDS.season}', '${IDS.clubs[1]}', '5D', 'Opstelling niet vooraf.', 1500, '2026-10-01', '2026-10-31', 'PAID', now());
INSERT INTO outgoing_mails (id, "to", subject, text, kind, status, "sentAt") VALUES (gen_random_uuid(), 'secretaris@example.nl', 'Boete', 'Tekst', 'FINE', 'SENT', now());
`;

/** Per table: its columns, and count + md5 of the rows in exactly those columns. */
async function snapshot(): Promise<Record<string, { columns: string[]; fingerprint: string }>> {
  const tables = await query<{ table_name: string; columns: string[] }>(
    `SELECT table_name, array_agg(column_name::text ORDER BY ordinal_position) AS columns FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name <> '_prisma_migrations' GROUP BY table_name ORDER BY table_name`,
  );
  const result: Record<string, { columns: string[]; fingerprint: string }> = {};
  for (const t of tables) result[t.table_name] = { columns: t.columns, fingerprint: await fingerprint(t.table_name, t.columns) };
  return result;
}

async function fingerprint(table: string, columns: string[]): Promise<string> {
  const list = columns.map((c) => `"${c}"`).join(', ');
  const [row] = await query<{ n: string; md5: string | null }>(
    `SELECT count(*)::text AS n, md5(string_agg(r::text, E'\\n' ORDER BY r::text)) AS md5 FROM (SELECT ${list} FROM "${table}") r`,
  );
  return `${row.n}:${row.md5 ?? '-'}`;
}

describe('Upgrades keep every row (issue 25)', () => {
  beforeAll(async () => {
    await admin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
      await c.query(`CREATE DATABASE "${DATABASE}"`);
    });
  });
  afterAll(() => admin((c) => c.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`)));

  test('a database of the match-night version, filled, then today’s migrations: nothing lost, the API serves it', async () => {
    const all = codeMigrations();
    const earlier = all.slice(0, all.findIndex((m) => m.name === EARLIER_LEVEL) + 1);
    expect(earlier.length).toBeGreaterThan(5);
    expect(earlier.length).toBeLessThan(all.length); // there is something to upgrade
    await applyMigrations(URL_, earlier);

    const client = new pg.Client({ connectionString: URL_ });
    await client.connect();
    try {
      // one statement per query: parameters need the extended protocol
      for (const statement of FILL.split(/;\s*\n/).map((s) => s.replace(/^--.*$/gm, '').trim()).filter(Boolean)) {
        await client.query(statement, statement.includes('$2') ? [IDS.clubs, IDS.teams] : statement.includes('$1') ? [IDS.clubs] : []);
      }
    } finally {
      await client.end();
    }
    const before = await snapshot();
    expect(Number(before.matches.fingerprint.split(':')[0])).toBe(6);
    expect(Number(before.match_sets.fingerprint.split(':')[0])).toBe(6 * 36);
    expect(Number(before.members.fingerprint.split(':')[0])).toBe(40);

    await migrateDeploy(URL_);

    const applied = await query<{ migration_name: string }>(`SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name`);
    expect(applied.map((m) => m.migration_name)).toEqual(all.map((m) => m.name));
    // every table of the earlier version, every row, every old column's value
    for (const [table, { columns, fingerprint: old }] of Object.entries(before)) {
      expect({ table, rows: await fingerprint(table, columns) }).toEqual({ table, rows: old });
    }

    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = URL_;
    const ctx = await startApp().finally(() => (process.env.DATABASE_URL = saved));
    try {
      const standings = (await ctx.http().get(`/api/divisions/${IDS.division}/standings`).expect(200)).body;
      const rows = (standings.rows ?? standings) as { played?: number; matchesPlayed?: number }[];
      expect(rows).toHaveLength(4);
      const season = await ctx.http().get(`/api/seasons/${IDS.season}/divisions`).expect(200);
      expect(season.body.map((d: { name: string }) => d.name)).toEqual(['Hoofdklasse']);
    } finally {
      await ctx.close();
    }
  });

  test('a database newer than the code is refused at start: a Dutch message and exit code 78', async () => {
    await query(`INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, applied_steps_count) VALUES (gen_random_uuid(), 'x', now(), '29991231000000_uit_de_toekomst', 1)`);
    const exits: number[] = [];
    const messages: string[] = [];
    const refused = await refuseNewerDatabase(URL_, (code) => exits.push(code), (message) => messages.push(message));
    expect(refused).toBe(true);
    expect(exits).toEqual([NEWER_DATABASE_EXIT_CODE]);
    expect(NEWER_DATABASE_EXIT_CODE).toBe(78);
    expect(messages.join('\n')).toContain('De API start niet: de database is bijgewerkt door een nieuwere versie van het programma');
    expect(messages.join('\n')).toContain('29991231000000_uit_de_toekomst');
    // the database the tests run on (same code and migrations) is not refused
    expect(await refuseNewerDatabase(SERVER_URL, (code) => exits.push(code), () => undefined)).toBe(false);
    expect(exits).toEqual([78]);
  });
});
