/**
 * The match night (issue 15, docs/match-night.md): opening it gives every table a code
 * (QR code on the table card and the printed form, short code to type); a code opens one
 * table of one match and nothing else, with family names only (Regel 15) and the Regel 22
 * rotation; codes can be revoked, end with the evening and are rate-limited; the supervisor's
 * console shows every table. The table's writes and the final confirmation:
 * match-night-table.api.spec.ts.
 */
import { todayIso } from '../src/common/dto';
import { addDays } from '../src/domain/dates';
import { type Agent, binary, expectError, matchDayWithOutsider, pdfPages, saveLineups, startAppWithOfficials, TestContext } from './helpers';

type Caller = () => Agent | ReturnType<TestContext['http']>;

describe('match night API: the night, its table codes, the table view and the console', () => {
  let ctx: TestContext;
  let admin: Agent;
  let supervisor: Agent;

  beforeAll(async () => {
    ({ ctx, admin, supervisor } = await startAppWithOfficials());
  });

  afterAll(() => ctx.close());

  /** A match day with the secretaries of both clubs and of a third club, who has no business with the night, logged in. */
  const night = (date: string, round: number) => matchDayWithOutsider(ctx, { date, round });

  describe('opening the night and its codes', () => {
    let m: Awaited<ReturnType<typeof night>>;
    let codes: { tableNumber: number; code: string; displayCode: string; url: string }[];

    beforeAll(async () => {
      m = await night(todayIso(), 1);
      await saveLineups(m);
    });

    it('is not open until someone opens it', async () => {
      const res = await m.home.get(`${m.url}/night`).expect(200);
      expect(res.body).toEqual({ matchId: m.day.match.id, open: false, opensOn: todayIso(), openedAt: null, endsAt: null, locked: false, tables: [] });
    });

    it.each<[string, Caller, number, string]>([
      ['nobody logged in', () => ctx.http(), 401, 'UNAUTHENTICATED'],
      ['the away secretary', () => m.away, 403, 'NOT_HOME_TEAM'],
      ['another club’s secretary', () => m.other, 403, 'OTHER_CLUB'],
    ])('refuses the night and its codes to %s', async (_who, caller, status, code) => {
      expectError((await caller().post(`${m.url}/night`).expect(status)).body, status, code);
      expectError((await caller().get(`${m.url}/night`).expect(status)).body, status, code);
      expectError((await caller().post(`${m.url}/night/tables/1/revoke`).send({ reason: 'Code gedeeld' }).expect(status)).body, status, code);
      expectError((await caller().get(`${m.url}/table-cards.pdf`).expect(status)).body, status, code);
      expect((await ctx.prisma.match.findUniqueOrThrow({ where: { id: m.day.match.id } })).nightOpenedAt).toBeNull();
    });

    it('gives every table a code of 10 unambiguous characters, a link for the QR code, until 06:00 the next morning', async () => {
      const res = await m.home.post(`${m.url}/night`).set('X-Forwarded-Host', 'club.tsbn.test').expect(200);
      expect(res.body).toMatchObject({ matchId: m.day.match.id, open: true, locked: false, openedAt: expect.any(String) });
      const endsAt = new Date(res.body.endsAt);
      // 06:00 in Amsterdam the day after the match: 04:00 or 05:00 UTC.
      expect(endsAt.toISOString().slice(0, 10)).toBe(addDays(todayIso(), 1));
      expect([4, 5]).toContain(endsAt.getUTCHours());
      codes = res.body.tables;
      expect(codes.map((t) => t.tableNumber)).toEqual([1, 2, 3, 4, 5, 6]);
      for (const t of res.body.tables) {
        expect(t.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
        expect(t.displayCode).toBe(`${t.code.slice(0, 5)}-${t.code.slice(5)}`);
        expect(t.url).toBe(`http://club.tsbn.test/tafel/${t.code}`);
        expect(t).toMatchObject({ active: true, expiresAt: res.body.endsAt });
      }
      expect(new Set(codes.map((t) => t.code)).size).toBe(6);
      const audit = await ctx.prisma.auditLog.findMany({ where: { entityId: m.day.match.id, action: 'match.night.open' } });
      expect(audit).toHaveLength(1);
      // The audit log never holds the codes themselves.
      expect(JSON.stringify(audit)).not.toContain(codes[0].code);
    });

    it('hands out the same codes when opened again, to the supervisor and the administrator as well', async () => {
      for (const agent of [m.home, supervisor, admin]) {
        expect((await agent.post(`${m.url}/night`).expect(200)).body.tables.map((t: { code: string }) => t.code)).toEqual(codes.map((t) => t.code));
        expect((await agent.get(`${m.url}/night`).expect(200)).body.tables.map((t: { code: string }) => t.code)).toEqual(codes.map((t) => t.code));
      }
      expect(await ctx.prisma.auditLog.count({ where: { entityId: m.day.match.id, action: 'match.night.open' } })).toBe(1);
    });

    it('shows a phone with the code one table: who sits there each set (Regel 22), by family name only (Regel 15)', async () => {
      const res = await ctx.http().get(`/api/table/${codes[1].code}`).expect(200);
      const members = await ctx.prisma.member.findMany({ where: { id: { in: [...m.day.homePlayers, ...m.day.awayPlayers] } } });
      const family = new Map(members.map((x) => [x.id, x.familyName]));
      const names = (players: string[], pair: number) => [family.get(players[2 * pair - 2]), family.get(players[2 * pair - 1])];
      expect(res.body).toMatchObject({
        match: { id: m.day.match.id, date: todayIso(), round: 1, home: { team: m.day.home.name, club: m.day.homeClub.name }, away: { team: m.day.away.name, club: m.day.awayClub.name } },
        tableNumber: 2,
        locked: false,
        writable: true,
        gamesPerSet: 4,
        currentSet: 1,
        notices: [],
      });
      expect(res.body.gameKinds).toContainEqual({ kind: 'KAP', points: 5 });
      expect(res.body.penaltyRules).toContainEqual({ rule: '17A', points: [10, 15] });
      // Home pair 2 stays at table 2; the walking pairs come by 2, 1, 6, 5, 4, 3.
      expect(res.body.sets.map((s: { setNumber: number; homePair: { number: number }; awayPair: { number: number } }) => [s.setNumber, s.homePair.number, s.awayPair.number])).toEqual([
        [1, 2, 2],
        [2, 2, 1],
        [3, 2, 6],
        [4, 2, 5],
        [5, 2, 4],
        [6, 2, 3],
      ]);
      expect(res.body.sets[0]).toMatchObject({ state: 'WAITING', homePair: { names: names(m.day.homePlayers, 2) }, awayPair: { names: names(m.day.awayPlayers, 2) }, games: [], homePoints: null });
      expect(res.body.sets[1].awayPair.names).toEqual(names(m.day.awayPlayers, 1));
      // Nothing personal beyond family names: no given names, member numbers or ids of people.
      const text = JSON.stringify(res.body);
      for (const member of members) {
        expect(text).not.toContain(member.givenNames);
        expect(text).not.toContain(member.memberNumber);
        expect(text).not.toContain(member.id);
      }
      expect(text).not.toContain(m.day.homeClub.id);
    });

    it('opens the table typed as printed: lower case, with the dash and spaces', async () => {
      const typed = ` ${codes[0].displayCode.toLowerCase()} `;
      expect((await ctx.http().get(`/api/table/${encodeURIComponent(typed)}`).expect(200)).body.tableNumber).toBe(1);
    });

    it('prints one table card per table with its QR code and short code, no player names', async () => {
      const res = await m.home.get(`${m.url}/table-cards.pdf`).buffer(true).parse(binary).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const pages = pdfPages(res.body as Buffer);
      expect(pages).toHaveLength(3);
      const text = pages.join(' ');
      for (const t of codes) expect(text).toContain(`Tafel ${t.tableNumber}`);
      for (const t of codes) expect(text).toContain(t.displayCode);
      const members = await ctx.prisma.member.findMany({ where: { id: { in: m.day.homePlayers } } });
      for (const member of members) expect(text).not.toContain(member.familyName);
    });

    it('puts the codes on the printed form for the home secretary, never on the public form', async () => {
      const own = pdfPages((await m.home.get(`${m.url}/form.pdf`).buffer(true).parse(binary).expect(200)).body as Buffer);
      expect(own).toHaveLength(3);
      expect(own[2]).toContain('Tafelcodes voor de speelavond');
      for (const t of codes) expect(own[2]).toContain(t.displayCode);
      for (const reader of [ctx.http(), m.away, m.other]) {
        const pub = pdfPages((await reader.get(`${m.url}/form.pdf`).buffer(true).parse(binary).expect(200)).body as Buffer);
        expect(pub).toHaveLength(2);
        for (const t of codes) expect(pub.join(' ')).not.toContain(t.displayCode);
      }
    });

    it('revokes one table’s code with a reason: the old code stops at once, the table gets a new one, the others keep theirs', async () => {
      const noReason = await m.home.post(`${m.url}/night/tables/3/revoke`).send({}).expect(400);
      expect(noReason.body.error.details).toContainEqual(expect.objectContaining({ field: 'reason' }));
      expectError((await m.home.post(`${m.url}/night/tables/3/revoke`).send({ reason: 'x', extra: true }).expect(400)).body, 400);
      expectError((await m.home.post(`${m.url}/night/tables/7/revoke`).send({ reason: 'Foto van de code gedeeld' }).expect(400)).body, 400);

      const res = await m.home.post(`${m.url}/night/tables/3/revoke`).send({ reason: 'Foto van de code gedeeld in de groepsapp' }).expect(200);
      const renewed = res.body.tables.find((t: { tableNumber: number }) => t.tableNumber === 3);
      expect(renewed.code).not.toBe(codes[2].code);
      expect(res.body.tables.filter((t: { tableNumber: number }) => t.tableNumber !== 3).map((t: { code: string }) => t.code)).toEqual(codes.filter((t) => t.tableNumber !== 3).map((t) => t.code));
      const old = await ctx.http().get(`/api/table/${codes[2].code}`).set('X-Forwarded-For', '198.51.100.30').expect(404);
      expectError(old.body, 404, 'TABLE_CODE_INVALID');
      expect(old.body.error.message).toMatch(/tafelcode werkt niet/);
      expect((await ctx.http().get(`/api/table/${renewed.code}`).expect(200)).body.tableNumber).toBe(3);
      const audit = await ctx.prisma.auditLog.findFirstOrThrow({ where: { entityId: m.day.match.id, action: 'match.night.revoke-code' } });
      expect(audit.reason).toBe('Foto van de code gedeeld in de groepsapp');
      codes[2] = renewed;
    });

    it('shows the supervisor’s console with every table and set, to the supervisor, the administrator and both clubs', async () => {
      for (const agent of [supervisor, admin, m.home, m.away]) {
        const res = await agent.get(`${m.url}/console`).expect(200);
        expect(res.body).toMatchObject({
          match: { id: m.day.match.id, resultState: 'NONE' },
          nightOpenedAt: expect.any(String),
          counts: { WAITING: 36, ENTERED: 0, SIGNED: 0, DISPUTED: 0, CREDITED: 0 },
          readyToConfirm: false,
          confirmations: { home: null, away: null },
          alerts: [],
        });
        expect(res.body.tables).toHaveLength(6);
        expect(res.body.tables[0].sets).toHaveLength(6);
        // The console never carries the codes (the away club must not get them).
        for (const t of codes) expect(JSON.stringify(res.body)).not.toContain(t.code);
      }
    });

    it('lists the nights of a day: all of them for the supervisor, the own club’s for a secretary, by venue on request', async () => {
      const other = await night(todayIso(), 2);
      const ids = (body: { match: { id: string } }[]) => body.map((x) => x.match.id);
      expect(ids((await supervisor.get('/api/match-nights').expect(200)).body)).toEqual(expect.arrayContaining([m.day.match.id, other.day.match.id]));
      expect(ids((await supervisor.get(`/api/match-nights?date=${todayIso()}&venueClubId=${other.day.homeClub.id}`).expect(200)).body)).toEqual([other.day.match.id]);
      expect(ids((await supervisor.get(`/api/match-nights?date=${addDays(todayIso(), 1)}`).expect(200)).body)).toEqual([]);
      expect(ids((await m.away.get('/api/match-nights').expect(200)).body)).toEqual([m.day.match.id]);
      expect(ids((await m.other.get(`/api/match-nights?date=${todayIso()}`).expect(200)).body)).toEqual([]);
      expectError((await supervisor.get('/api/match-nights?date=2026-02-30').expect(400)).body, 400);
      expectError((await supervisor.get('/api/match-nights?venueClubId=abc').expect(400)).body, 400);
      expectError((await supervisor.get('/api/match-nights?foo=1').expect(400)).body, 400);
    });

    it.each<[string, Caller, number, string]>([
      ['nobody logged in', () => ctx.http(), 401, 'UNAUTHENTICATED'],
      ['another club’s secretary', () => m.other, 403, 'OTHER_CLUB'],
    ])('refuses the console to %s', async (_who, caller, status, code) => {
      expectError((await caller().get(`${m.url}/console`).expect(status)).body, status, code);
    });

    it('refuses the day’s console to nobody logged in', async () => {
      expectError((await ctx.http().get('/api/match-nights').expect(401)).body, 401, 'UNAUTHENTICATED');
    });

    it('gives a table code no access to anything else: it is no login, whatever header carries it', async () => {
      const code = codes[0].code;
      for (const headers of [{ Cookie: `tsbn_session=${code}` }, { Authorization: `Bearer ${code}` }, { 'X-Table-Code': code }]) {
        for (const protectedUrl of [`${m.url}/console`, `${m.url}/night`, `${m.url}/lineups/${m.day.home.id}`, '/api/match-nights', '/api/auth/me', `${m.url}/supervisor-actions`]) {
          expectError((await ctx.http().get(protectedUrl).set(headers).expect(401)).body, 401, 'UNAUTHENTICATED');
        }
        expectError((await ctx.http().post(`${m.url}/night`).set(headers).expect(401)).body, 401, 'UNAUTHENTICATED');
        expectError((await ctx.http().post(`${m.url}/confirm-night`).set(headers).send({}).expect(401)).body, 401, 'UNAUTHENTICATED');
        expectError((await ctx.http().post(`${m.url}/sets/1/tables/1/decision`).set(headers).send({ reason: 'Gezien' }).expect(401)).body, 401, 'UNAUTHENTICATED');
      }
      // The public pages stay what they are for everybody: the code adds nothing to them.
      const withCode = await ctx.http().get(m.url).set('Cookie', `tsbn_session=${code}`).expect(200);
      const without = await ctx.http().get(m.url).expect(200);
      expect(withCode.body).toEqual(without.body);
      const clubs = await ctx.http().get('/api/clubs').set('Cookie', `tsbn_session=${code}`).expect(200);
      expect(clubs.body).toEqual((await ctx.http().get('/api/clubs').expect(200)).body);
      // Nothing below the table's own path: no other match, no other table.
      await ctx.http().get(`/api/table/${code}/matches/${m.day.match.id}`).expect(404);
      await ctx.http().get(`/api/table/${code}/tables/2`).expect(404);
    });
  });

  describe('when the night can be opened and how long a code works', () => {
    it('refuses to open the night before the match day (409 NIGHT_NOT_YET), for everybody', async () => {
      const m = await night(addDays(todayIso(), 3), 3);
      for (const agent of [m.home, supervisor, admin]) expectError((await agent.post(`${m.url}/night`).expect(409)).body, 409, 'NIGHT_NOT_YET');
      expect((await m.home.get(`${m.url}/night`).expect(200)).body.open).toBe(false);
      // Nothing to revoke or print before the night is open.
      expectError((await m.home.post(`${m.url}/night/tables/1/revoke`).send({ reason: 'Te vroeg' }).expect(409)).body, 409, 'NIGHT_NOT_OPEN');
      expectError((await m.home.get(`${m.url}/table-cards.pdf`).expect(409)).body, 409, 'NIGHT_NOT_OPEN');
    });

    it('refuses to open the night of a match whose evening is over (409 NIGHT_OVER), and a match not played', async () => {
      const past = await night(addDays(todayIso(), -2), 4);
      expectError((await past.home.post(`${past.url}/night`).expect(409)).body, 409, 'NIGHT_OVER');
      const cancelled = await night(todayIso(), 5);
      await ctx.prisma.match.update({ where: { id: cancelled.day.match.id }, data: { status: 'CANCELLED' } });
      expectError((await cancelled.home.post(`${cancelled.url}/night`).expect(409)).body, 409, 'MATCH_NOT_PLAYED');
    });

    it('stops every code at the end of the evening: reads, table cards and revoking answer no more', async () => {
      const m = await night(todayIso(), 6);
      const opened = (await m.home.post(`${m.url}/night`).expect(200)).body;
      const code = opened.tables[0].code;
      await ctx.http().get(`/api/table/${code}`).expect(200);
      // The evening ended (as if it were 06:00 the next morning).
      const ended = new Date(Date.now() - 60_000);
      await ctx.prisma.match.update({ where: { id: m.day.match.id }, data: { nightEndsAt: ended } });
      await ctx.prisma.tableCode.updateMany({ where: { matchId: m.day.match.id }, data: { expiresAt: ended } });
      expectError((await ctx.http().get(`/api/table/${code}`).set('X-Forwarded-For', '198.51.100.31').expect(404)).body, 404, 'TABLE_CODE_INVALID');
      expectError((await m.home.get(`${m.url}/table-cards.pdf`).expect(409)).body, 409, 'NIGHT_OVER');
      expectError((await m.home.post(`${m.url}/night/tables/1/revoke`).send({ reason: 'Te laat' }).expect(409)).body, 409, 'NIGHT_OVER');
      expect((await m.home.get(`${m.url}/night`).expect(200)).body).toMatchObject({ open: true, tables: [] });
    });

    it('answers an unknown or malformed code 404 TABLE_CODE_INVALID, in Dutch', async () => {
      for (const code of ['ABCDEFGHJK', 'abc', 'K7MX2QPT90', 'A'.repeat(60)]) {
        const res = await ctx.http().get(`/api/table/${code}`).set('X-Forwarded-For', '198.51.100.32').expect(404);
        expectError(res.body, 404, 'TABLE_CODE_INVALID');
      }
    });
  });

  describe('rate limits', () => {
    it('makes a client that tried 10 invalid codes wait (429 with Retry-After), even for a valid code; other clients are not affected', async () => {
      const m = await night(todayIso(), 7);
      const code = (await m.home.post(`${m.url}/night`).expect(200)).body.tables[0].code;
      const guesser = '203.0.113.9';
      for (let i = 0; i < 10; i++) await ctx.http().get(`/api/table/ABCDEFGH${'JK'[i % 2]}${i + 2}`).set('X-Forwarded-For', guesser).expect(404);
      const res = await ctx.http().get(`/api/table/${code}`).set('X-Forwarded-For', guesser).expect(429);
      expectError(res.body, 429, 'TOO_MANY_REQUESTS');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(59);
      expect(res.body.error.message).toMatch(/ongeldige tafelcodes.*opnieuw/);
      await ctx.http().get(`/api/table/${code}`).set('X-Forwarded-For', '203.0.113.10').expect(200);
    });

    it('does not count a revoked or expired code towards the wait (a phone left open after a revoke must not block its club room)', async () => {
      const m = await night(todayIso(), 9);
      const first = (await m.home.post(`${m.url}/night`).expect(200)).body.tables[0].code;
      const renewed = (await m.home.post(`${m.url}/night/tables/1/revoke`).send({ reason: 'Nieuwe code' }).expect(200)).body.tables[0].code;
      const room = '203.0.113.50';
      for (let i = 0; i < 15; i++) expectError((await ctx.http().get(`/api/table/${first}`).set('X-Forwarded-For', room).expect(404)).body, 404, 'TABLE_CODE_INVALID');
      await ctx.http().get(`/api/table/${renewed}`).set('X-Forwarded-For', room).expect(200);
    });

    it('limits the reads of one code to 120 a minute (429 with Retry-After)', async () => {
      const m = await night(todayIso(), 8);
      const code = (await m.home.post(`${m.url}/night`).expect(200)).body.tables[0].code;
      for (let i = 0; i < 120; i++) await ctx.http().get(`/api/table/${code}`).set('X-Forwarded-For', `192.0.2.${i}`).expect(200);
      const res = await ctx.http().get(`/api/table/${code}`).set('X-Forwarded-For', '192.0.2.200').expect(429);
      expectError(res.body, 429, 'TOO_MANY_REQUESTS');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});
