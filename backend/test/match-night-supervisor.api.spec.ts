/**
 * The supervisor's actions at the table (issue 15, part 3; docs/match-night.md): a
 * substitution from set 3 (Regel 13, 14), checked as it is entered, and removed again; a
 * late pair's arrival (Regel 5B, 5C) through the narrow late-pairs endpoint. Every action
 * needs a reason and lands in the audit log; the supervisor sees family names only (Regel
 * 15); other roles are refused.
 */
import { todayIso } from '../src/common/dto';
import { type Agent, createMatchDay, expectError, type MatchDay, matchDayWithOutsider, saveLineups, startAppWithOfficials, TestContext } from './helpers';

describe('match night API: the supervisor records substitutions and late pairs', () => {
  let ctx: TestContext;
  let supervisor: Agent;
  let admin: Agent;
  let home: Agent;
  let away: Agent;
  let other: Agent;
  let day: MatchDay;
  let url: string;

  beforeAll(async () => {
    ({ ctx, admin, supervisor } = await startAppWithOfficials());
    ({ day, home, away, other, url } = await matchDayWithOutsider(ctx, { date: todayIso(), round: 1 }));
    await saveLineups({ day, home, away });
  });

  afterAll(() => ctx.close());

  const audits = (action: string) => ctx.prisma.auditLog.findMany({ where: { entityId: day.match.id, action }, orderBy: { createdAt: 'asc' } });
  const credited = async (source: string) =>
    (await ctx.prisma.matchSet.findMany({ where: { matchId: day.match.id, source: source as never }, orderBy: [{ setNumber: 'asc' }, { tableNumber: 'asc' }] })).map(
      (s) => `${s.setNumber}/${s.tableNumber} ${s.homePoints}-${s.awayPoints}`,
    );
  const substitution = (overrides: Record<string, unknown> = {}) => ({
    teamId: day.home.id,
    setNumber: 3,
    pairNumber: 1,
    outMemberId: day.homePlayers[0],
    inMemberId: day.homePlayers[12],
    ...overrides,
  });

  describe('substitutions (Regel 13, 14)', () => {
    let legalId: string;

    it('refuses a supervisor’s substitution without a reason, and stores nothing', async () => {
      const res = await supervisor.post(`${url}/substitutions`).send(substitution()).expect(400);
      expectError(res.body, 400, 'VALIDATION_FAILED');
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'reason', code: 'REQUIRED' })]);
      expect(await ctx.prisma.substitution.count({ where: { matchId: day.match.id } })).toBe(0);
    });

    it('records a legal substitution from set 3 with the reason in the audit log; the answer shows the check (allowed)', async () => {
      const res = await supervisor.post(`${url}/substitutions`).query({ reason: 'Speler onwel geworden' }).send(substitution()).expect(201);
      expect(res.body).toMatchObject({ teamId: day.home.id, setNumber: 3, pairNumber: 1, violation: null, outMemberId: day.homePlayers[0], inMemberId: day.homePlayers[12] });
      legalId = res.body.id;
      const [entry] = await audits('match.substitution');
      expect(entry).toMatchObject({ reason: 'Speler onwel geworden' });
      expect(await credited('SUBSTITUTION_VIOLATION')).toEqual([]);
    });

    it('records a substitution that breaks Regel 14 and shows the violation at once; the pair loses its sets from then on', async () => {
      // Both players of home pair 1 substituted: two substitutes may never form a pair (Regel 14).
      const res = await supervisor
        .post(`${url}/substitutions`)
        .query({ reason: 'Tweede speler ook weg' })
        .send(substitution({ setNumber: 4, outMemberId: day.homePlayers[1], inMemberId: day.homePlayers[13] }))
        .expect(201);
      expect(res.body.violation).toMatch(/Regel 14/);
      // Home pair 1 stays at table 1: sets 4, 5 and 6 are 8–0 for the away team.
      expect(await credited('SUBSTITUTION_VIOLATION')).toEqual(['4/1 0-8', '5/1 0-8', '6/1 0-8']);
    });

    it('shows a substitution before set 3 as a Regel 13 violation', async () => {
      const res = await supervisor
        .post(`${url}/substitutions`)
        .query({ reason: 'Te vroeg gewisseld' })
        .send({ teamId: day.away.id, setNumber: 2, pairNumber: 2, outMemberId: day.awayPlayers[2], inMemberId: day.awayPlayers[12] })
        .expect(201);
      expect(res.body.violation).toMatch(/vanaf set 3 \(Regel 13\)/);
      await supervisor.delete(`${url}/substitutions/${res.body.id}`).query({ reason: 'Verkeerd ingevoerd' }).expect(204);
    });

    it('removes a substitution only with a reason, audited', async () => {
      const subs = await ctx.prisma.substitution.findMany({ where: { matchId: day.match.id, setNumber: 4 } });
      expectError((await supervisor.delete(`${url}/substitutions/${subs[0].id}`).expect(400)).body, 400, 'VALIDATION_FAILED');
      await supervisor.delete(`${url}/substitutions/${subs[0].id}`).query({ reason: 'Verkeerd ingevoerd' }).expect(204);
      expect(await credited('SUBSTITUTION_VIOLATION')).toEqual([]);
      expect((await audits('match.substitution.delete')).map((a) => a.reason)).toEqual(['Verkeerd ingevoerd', 'Verkeerd ingevoerd']);
      expect(await ctx.prisma.substitution.findMany({ where: { matchId: day.match.id } })).toEqual([expect.objectContaining({ id: legalId })]);
    });

    it('shows the substitute in home pair 1 on the console from set 3 on, and the players of the line-up before', async () => {
      const members = await ctx.prisma.member.findMany({ where: { id: { in: [...day.homePlayers, ...day.awayPlayers] } } });
      const family = (id: string) => members.find((x) => x.id === id)!.familyName;
      const shown = (await supervisor.get(`${url}/console`).expect(200)).body as { tables: { sets: { setNumber: number; homePair: { number: number; names: string[] } }[] }[] };
      const pairOne = shown.tables.flatMap((t) => t.sets).filter((s) => s.homePair.number === 1);
      expect(pairOne.map((s) => s.setNumber).sort()).toEqual([1, 2, 3, 4, 5, 6]);
      for (const set of pairOne) {
        const expected = set.setNumber < 3 ? [day.homePlayers[0], day.homePlayers[1]] : [day.homePlayers[12], day.homePlayers[1]];
        expect([...set.homePair.names].sort()).toEqual(expected.map(family).sort());
      }
    });

    it.each([
      ['the public', 401, 'UNAUTHENTICATED'],
      ['another club’s secretary', 403, 'OTHER_CLUB'],
      ['the away secretary (for the home team)', 403, 'OTHER_CLUB'],
    ])('refuses %s (%i %s), to record and to remove', async (who, status, code) => {
      const agent = () => (who === 'the public' ? ctx.http() : who.startsWith('another') ? other : away);
      expectError((await agent().post(`${url}/substitutions`).query({ reason: 'Poging' }).send(substitution({ setNumber: 5 })).expect(status)).body, status, code);
      expectError((await agent().delete(`${url}/substitutions/${legalId}`).query({ reason: 'Poging' }).expect(status)).body, status, code);
      expect(await ctx.prisma.substitution.count({ where: { matchId: day.match.id } })).toBe(1);
    });

    it('refuses the supervisor before the match day (409 ENTRY_NOT_OPEN)', async () => {
      const later = await createMatchDay(ctx.prisma, { date: '2099-10-03', round: 2 });
      const res = await supervisor
        .post(`/api/matches/${later.match.id}/substitutions`)
        .query({ reason: 'Te vroeg' })
        .send({ teamId: later.home.id, setNumber: 3, pairNumber: 1, outMemberId: later.homePlayers[0], inMemberId: later.homePlayers[12] })
        .expect(409);
      expectError(res.body, 409, 'ENTRY_NOT_OPEN');
    });
  });

  describe('late pairs (Regel 5B, 5C)', () => {
    it('records that away pair 6 plays from set 3; the sets before count 8–0 (Regel 12A); family names only in the answer (Regel 15)', async () => {
      const res = await supervisor.post(`${url}/late-pairs`).send({ teamId: day.away.id, pairNumber: 6, fromSet: 3, reason: 'Koppel 6 kwam na set 2' }).expect(200);
      expect(res.body.pairs.find((p: { pairNumber: number }) => p.pairNumber === 6).fromSet).toBe(3);
      expect(res.body.candidates).toBeUndefined();
      const players = [...res.body.pairs.flatMap((p: { players: unknown[] }) => p.players), ...res.body.reserves] as { name: string; familyName: string; memberNumber: string | null }[];
      for (const p of players) {
        expect(p.memberNumber).toBeNull();
        expect(p.name).toBe(p.familyName);
        expect(p.name).not.toMatch(/Voornaam/);
      }
      // Away pair 6 walks: set 1 at table 6, set 2 at table 1.
      expect(await credited('MISSING_PAIR')).toEqual(['1/6 8-0', '2/1 8-0']);
      const rows = await ctx.prisma.lineupPlayer.findMany({ where: { lineup: { matchId: day.match.id, teamId: day.away.id }, pairNumber: 6 } });
      expect(rows.map((r) => r.fromSet)).toEqual([3, 3]);
      const [entry] = await audits('match.late-pair');
      expect(entry).toMatchObject({ reason: 'Koppel 6 kwam na set 2' });
      expect(await ctx.prisma.matchCommandRecord.count({ where: { matchId: day.match.id, kind: 'SET_LINEUP' } })).toBe(3);
    });

    it('runs the line-up’s checks again: a second late pair would leave 4 pairs at the start (Regel 7)', async () => {
      const res = await supervisor.post(`${url}/late-pairs`).send({ teamId: day.away.id, pairNumber: 5, fromSet: 3, reason: 'Ook laat' }).expect(400);
      expectError(res.body, 400, 'INVALID_LINEUP');
      expect(res.body.error.message).toMatch(/Regel 7/);
    });

    it('refuses a pair that is not on the line-up, and a missing reason', async () => {
      expectError((await supervisor.post(`${url}/late-pairs`).send({ teamId: day.away.id, pairNumber: 7, fromSet: 3, reason: 'Koppel 7' }).expect(400)).body, 400, 'PAIR_NOT_IN_LINEUP');
      expectError((await supervisor.post(`${url}/late-pairs`).send({ teamId: day.away.id, pairNumber: 6, fromSet: 3 }).expect(400)).body, 400, 'VALIDATION_FAILED');
      expectError((await supervisor.post(`${url}/late-pairs`).send({ teamId: day.away.id, pairNumber: 6, fromSet: 3, reason: 'x y z', extra: 1 }).expect(400)).body, 400);
    });

    it('lets the administrator undo it (pair 6 from set 1 again)', async () => {
      await admin.post(`${url}/late-pairs`).send({ teamId: day.away.id, pairNumber: 6, fromSet: 1, reason: 'Vergissing' }).expect(200);
      expect(await credited('MISSING_PAIR')).toEqual([]);
    });

    it.each([
      ['the public', 401, 'UNAUTHENTICATED'],
      ['the home secretary', 403, 'WRONG_ROLE'],
      ['another club’s secretary', 403, 'WRONG_ROLE'],
    ])('refuses %s (%i %s)', async (who, status, code) => {
      const agent = who === 'the public' ? ctx.http() : who.startsWith('another') ? other : home;
      const res = await agent.post(`${url}/late-pairs`).send({ teamId: day.away.id, pairNumber: 6, fromSet: 3, reason: 'Poging' }).expect(status);
      expectError(res.body, status, code);
      expect(await credited('MISSING_PAIR')).toEqual([]);
    });

    it('refuses once the result is locked (409 RESULT_LOCKED)', async () => {
      const locked = await createMatchDay(ctx.prisma, { date: todayIso(), round: 3 });
      await ctx.prisma.match.update({ where: { id: locked.match.id }, data: { status: 'PLAYED', resultState: 'CONFIRMED' } });
      const res = await supervisor.post(`/api/matches/${locked.match.id}/late-pairs`).send({ teamId: locked.away.id, pairNumber: 6, fromSet: 3, reason: 'Te laat' }).expect(409);
      expectError(res.body, 409, 'RESULT_LOCKED');
    });
  });
});
