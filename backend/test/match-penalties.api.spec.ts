/**
 * Issue 13, items 6 and 7, through the API: a player who plays without being on the
 * line-up is a Regel 4 case (Regel 5C, 13); the penalties the rulebook gives can be
 * recorded (Regel 17, 17A, 24, 35A, 38); and the supervisor's actions: a player removed
 * (Regel 38) and games at the wrong table voided (Regel 22).
 */
import { type Agent, expectError, fullResultSets, loginAs, type MatchDay, matchDayWithSecretaries, saveLineups, startAppWithOfficials, TestContext } from './helpers';

// A whole match day per case; the machine is shared, so allow it time.
jest.setTimeout(60_000);

describe('match penalties API', () => {
  let ctx: TestContext;
  let admin: Agent;
  let supervisor: Agent;

  beforeAll(async () => {
    ({ ctx, admin, supervisor } = await startAppWithOfficials());
  });

  afterAll(() => ctx.close());

  // 15 players a club: the 15th is on the member list but never on the line-up.
  const matchDay = (options: { round: number }) => matchDayWithSecretaries(ctx, { playersPerClub: 15, ...options });

  async function version(url: string): Promise<number> {
    return (await ctx.http().get(url).expect(200)).body.version;
  }

  describe('a player not on the line-up is a Regel 4 case (Regel 5C, 13)', () => {
    // Each row: who comes in for home pair 2 in set 4 → Regel 4 (loss + deduction) or Regel 14 (8–0 from that set on).
    test.each<[string, (day: MatchDay) => string, { regel4: boolean; credited: number }]>([
      ['a club member on the member list but not on the line-up: Regel 4, no 8–0', (day) => day.homePlayers[14], { regel4: true, credited: 0 }],
      ['a player of the other club, not on the line-up: Regel 4, no 8–0', (day) => day.awayPlayers[14], { regel4: true, credited: 0 }],
      ['a reserve from the line-up: legal', (day) => day.homePlayers[12], { regel4: false, credited: 0 }],
      ['a player of pair 3 (on the line-up): Regel 14, 8–0 in sets 4–6', (day) => day.homePlayers[4], { regel4: false, credited: 3 }],
    ])('%s', async (_name, incoming, expected) => {
      const m = await matchDay({ round: 1 });
      await saveLineups(m);
      const sub = await m.home
        .post(`${m.url}/substitutions`)
        .send({ teamId: m.day.home.id, setNumber: 4, pairNumber: 2, outMemberId: m.day.homePlayers[2], inMemberId: incoming(m.day) })
        .expect(201);
      if (expected.regel4) expect(sub.body.violation).toContain('Regel 4');
      const detail = await ctx.http().get(m.url).expect(200);
      const credited = detail.body.sets.filter((s: { credited: boolean }) => s.credited);
      expect(credited).toHaveLength(expected.credited);

      // The home team wins on points (fullResultSets favours it).
      const skip = credited.map((s: { setNumber: number; tableNumber: number }) => `${s.setNumber}/${s.tableNumber}`);
      const entered = await m.home.put(`${m.url}/result`).send({ version: await version(m.url), sets: fullResultSets(skip) }).expect(200);
      expect(entered.body.homePoints).toBeGreaterThan(entered.body.awayPoints);
      const signed = await m.home.post(`${m.url}/sign`).send({ version: entered.body.version }).expect(200);
      const confirmed = await m.away.post(`${m.url}/confirm`).send({ version: signed.body.version }).expect(200);
      if (expected.regel4) {
        expect(confirmed.body).toMatchObject({ homeIneligible: true, awayIneligible: false, winner: 'AWAY' });
        expect(confirmed.body.deductions).toEqual([{ teamId: m.day.home.id, points: 3, rule: '4', reason: expect.stringContaining('niet op de spelerslijst') }]);
      } else {
        expect(confirmed.body).toMatchObject({ homeIneligible: false, winner: 'HOME', deductions: [] });
      }
    });

    it('undoing the substitution undoes the Regel 4 loss (administrator, with a reason)', async () => {
      const m = await matchDay({ round: 2 });
      await saveLineups(m);
      const sub = await m.home
        .post(`${m.url}/substitutions`)
        .send({ teamId: m.day.home.id, setNumber: 4, pairNumber: 2, outMemberId: m.day.homePlayers[2], inMemberId: m.day.homePlayers[14] })
        .expect(201);
      const entered = await m.home.put(`${m.url}/result`).send({ version: await version(m.url), sets: fullResultSets() }).expect(200);
      const signed = await m.home.post(`${m.url}/sign`).send({ version: entered.body.version }).expect(200);
      await m.away.post(`${m.url}/confirm`).send({ version: signed.body.version }).expect(200);
      await admin.delete(`${m.url}/substitutions/${sub.body.id}`).query({ reason: 'Wissel verkeerd overgenomen van het formulier' }).expect(204);
      const after = await ctx.http().get(m.url).expect(200);
      expect(after.body).toMatchObject({ homeIneligible: false, winner: 'HOME', deductions: [] });
    });
  });

  describe('penalties the rulebook gives can be entered (Regel 17, 17A, 24, 35A, 38)', () => {
    type G = { winner: 'HOME' | 'AWAY'; kind: 'WON' | 'PENALTY'; points?: number; penaltyRule?: string; closedTricks?: number };
    const won: G = { winner: 'HOME', kind: 'WON' };
    test.each<[string, G, number | string]>([
      ['Regel 17, the opponents already have tricks: 2', { winner: 'AWAY', kind: 'PENALTY', penaltyRule: '17', points: 2 }, 2],
      ['Regel 17, a card falls open: 10', { winner: 'AWAY', kind: 'PENALTY', penaltyRule: '17', points: 10 }, 10],
      ['Regel 17A, 3 closed tricks: 10 from the tricks', { winner: 'AWAY', kind: 'PENALTY', penaltyRule: '17A', closedTricks: 3 }, 10],
      ['Regel 17A, 6 closed tricks: 15 from the tricks', { winner: 'AWAY', kind: 'PENALTY', penaltyRule: '17A', closedTricks: 6 }, 15],
      ['Regel 24, cards not laid open: 2', { winner: 'AWAY', kind: 'PENALTY', penaltyRule: '24', points: 2 }, 2],
      ['Regel 35A, the supervisor ended the game: 2', { winner: 'AWAY', kind: 'PENALTY', penaltyRule: '35A', points: 2 }, 2],
      ['Regel 38, player removed: 2', { winner: 'AWAY', kind: 'PENALTY', penaltyRule: '38', points: 2 }, 2],
      ['Regel 17 never gives 15', { winner: 'AWAY', kind: 'PENALTY', penaltyRule: '17', points: 15 }, 'Volgens Regel 17 is de straf 2 of 10 punten, niet 15.'],
      ['Regel 17A: 4 closed tricks are not 15', { winner: 'AWAY', kind: 'PENALTY', penaltyRule: '17A', points: 15, closedTricks: 4 }, 'bij 4 afgesloten slagen 10 punten, niet 15'],
    ])('%s', async (_name, penalty, expected) => {
      const m = await matchDay({ round: 3 });
      const body = { version: await version(m.url), sets: [{ setNumber: 1, tableNumber: 1, games: [penalty, won, won, won] }] };
      if (typeof expected === 'string') {
        const res = await m.home.put(`${m.url}/result`).send(body).expect(400);
        expect(res.body.error.message).toContain(expected);
        return;
      }
      const res = await m.home.put(`${m.url}/result`).send(body).expect(200);
      const seat = res.body.sets.find((s: { setNumber: number; tableNumber: number }) => s.setNumber === 1 && s.tableNumber === 1);
      expect(seat).toMatchObject({ homePoints: 6, awayPoints: expected });
      expect(seat.games[0]).toMatchObject({ kind: 'PENALTY', penaltyRule: penalty.penaltyRule, points: expected, winner: 'AWAY' });
    });
  });

  describe('the supervisor’s actions (Regel 38, 22)', () => {
    const seatOf = (body: { sets: { setNumber: number; tableNumber: number }[] }, set: number, table: number) =>
      body.sets.find((s) => s.setNumber === set && s.tableNumber === table) as unknown as { homePoints: number | null; awayPoints: number | null; source: string | null; credited: boolean; games: { kind: string; winner: string; points: number; penaltyRule: string | null }[] };

    it('REMOVE_PLAYER: the rest of the set and the pair’s following sets are lost 2–0 per game, computed; a reserve may come in after', async () => {
      const m = await matchDay({ round: 4 });
      await saveLineups(m);
      await m.home.put(`${m.url}/result`).send({ version: await version(m.url), sets: fullResultSets() }).expect(200);
      const removed = m.day.homePlayers[4]; // pair 3, at table 3 all evening
      const res = await supervisor
        .post(`${m.url}/supervisor-actions`)
        .send({ version: await version(m.url), kind: 'REMOVE_PLAYER', setNumber: 4, tableNumber: 3, memberId: removed, gameNumber: 3, reason: 'Drie keer aangemaand, bleef weigeren' })
        .expect(201);
      const partial = seatOf(res.body, 4, 3);
      expect(partial.games.slice(2)).toEqual([
        expect.objectContaining({ kind: 'PENALTY', winner: 'AWAY', points: 2, penaltyRule: '38' }),
        expect.objectContaining({ kind: 'PENALTY', winner: 'AWAY', points: 2, penaltyRule: '38' }),
      ]);
      expect([5, 6].map((set) => seatOf(res.body, set, 3))).toEqual([5, 6].map(() => expect.objectContaining({ homePoints: 0, awayPoints: 8, source: 'PLAYER_REMOVED', credited: true })));

      const audit = await ctx.prisma.auditLog.findFirstOrThrow({ where: { entityId: m.day.match.id, action: 'match.supervisor.remove-player' } });
      expect(audit.reason).toBe('Drie keer aangemaand, bleef weigeren');

      // Entering set 4 again: the first two games as played, the rest are computed whatever is typed.
      const set4 = fullResultSets().filter((s) => s.setNumber === 4);
      const again = await m.home.put(`${m.url}/sets/4`).send({ version: await version(m.url), tables: set4.map(({ setNumber: _s, ...t }) => t) }).expect(200);
      expect(seatOf(again.body, 4, 3).games.slice(2).map((g) => g.penaltyRule)).toEqual(['38', '38']);
      const totals = await m.home.put(`${m.url}/sets/4`).send({ version: again.body.version, tables: [{ tableNumber: 3, homePoints: 8, awayPoints: 0 }] }).expect(400);
      expect(totals.body.error.message).toContain('voer deze set partij voor partij in');

      // Regel 38A: a reserve comes in from set 6 as a substitution for the removed player; set 6 is played again.
      await m.home.post(`${m.url}/substitutions`).send({ teamId: m.day.home.id, setNumber: 6, pairNumber: 3, outMemberId: removed, inMemberId: m.day.homePlayers[12] }).expect(201);
      const after = await ctx.http().get(m.url).expect(200);
      expect(seatOf(after.body, 5, 3)).toMatchObject({ source: 'PLAYER_REMOVED' });
      expect(seatOf(after.body, 6, 3)).toMatchObject({ source: null, credited: false });

      const list = await m.home.get(`${m.url}/supervisor-actions`).expect(200);
      expect(list.body).toEqual([expect.objectContaining({ kind: 'REMOVE_PLAYER', side: 'HOME', pairNumber: 3, fromGame: 3, reason: 'Drie keer aangemaand, bleef weigeren', consequence: expect.stringContaining('Regel 38') })]);
      // The decisions name players: both clubs, the supervisor and the federation read them; nobody else.
      expect((await m.away.get(`${m.url}/supervisor-actions`).expect(200)).body).toHaveLength(1);
      expect((await admin.get(`${m.url}/supervisor-actions`).expect(200)).body).toHaveLength(1);
      const other = (await loginAs(ctx, 'SECRETARY', m.day.otherClub.id)).agent;
      expectError((await other.get(`${m.url}/supervisor-actions`).expect(403)).body, 403, 'OTHER_CLUB');
      expectError((await ctx.http().get(`${m.url}/supervisor-actions`).expect(401)).body, 401);
    });

    it('VOID_WRONG_TABLE: the games are void, the seat must be entered again; the entry is kept with the action', async () => {
      const m = await matchDay({ round: 5 });
      await saveLineups(m);
      await m.home.put(`${m.url}/result`).send({ version: await version(m.url), sets: fullResultSets() }).expect(200);
      const before = seatOf((await admin.get(m.url).expect(200)).body, 2, 4);
      const res = await admin
        .post(`${m.url}/supervisor-actions`)
        .send({ version: await version(m.url), kind: 'VOID_WRONG_TABLE', setNumber: 2, tableNumber: 4, gameNumbers: [1, 2], reason: 'Uitkoppel sloeg tafel 3 over' })
        .expect(201);
      expect(seatOf(res.body, 2, 4)).toMatchObject({ homePoints: null, source: null });
      expect(res.body.resultComplete).toBe(false);
      const row = await ctx.prisma.supervisorAction.findFirstOrThrow({ where: { matchId: m.day.match.id } });
      expect(row).toMatchObject({ gameNumbers: [1, 2], voidedEntry: expect.objectContaining({ homePoints: before.homePoints, kept: expect.any(Array), voided: expect.any(Array) }) });
      expect(await ctx.prisma.auditLog.count({ where: { entityId: m.day.match.id, action: 'match.supervisor.void-wrong-table', reason: 'Uitkoppel sloeg tafel 3 over' } })).toBe(1);
    });

    test.each<[string, (m: { day: MatchDay }) => Record<string, unknown>, number, string]>([
      ['no reason', (m) => ({ kind: 'REMOVE_PLAYER', setNumber: 4, tableNumber: 3, memberId: m.day.homePlayers[4], gameNumber: 1 }), 400, 'reason'],
      ['a player who does not sit at that table', (m) => ({ kind: 'REMOVE_PLAYER', setNumber: 4, tableNumber: 3, memberId: m.day.homePlayers[0], gameNumber: 1, reason: 'Weigerde te spelen' }), 400, 'memberId'],
      ['game 5 of a 4-game set', (m) => ({ kind: 'REMOVE_PLAYER', setNumber: 4, tableNumber: 3, memberId: m.day.homePlayers[4], gameNumber: 5, reason: 'Weigerde te spelen' }), 400, 'gameNumber'],
      ['no games to void', () => ({ kind: 'VOID_WRONG_TABLE', setNumber: 2, tableNumber: 4, gameNumbers: [], reason: 'Verkeerde tafel' }), 400, 'gameNumbers'],
    ])('refuses %s', async (_name, body, status, field) => {
      const m = await matchDay({ round: 6 });
      await saveLineups(m);
      const res = await supervisor.post(`${m.url}/supervisor-actions`).send({ version: await version(m.url), ...body(m) }).expect(status);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    });

    it('only a supervisor or administrator records them', async () => {
      const m = await matchDay({ round: 7 });
      await saveLineups(m);
      const body = { version: await version(m.url), kind: 'VOID_WRONG_TABLE', setNumber: 2, tableNumber: 4, gameNumbers: [1], reason: 'Verkeerde tafel' };
      expectError((await m.home.post(`${m.url}/supervisor-actions`).send(body).expect(403)).body, 403);
      await ctx.http().post(`${m.url}/supervisor-actions`).send(body).expect(401);
    });
  });
});
