/**
 * Issue 21, "each idempotent on replay": every request that changes a match (who played, the
 * supervisor's actions and their undo, the paper form from entry to correction, a remark) takes
 * an `idempotencyKey`. The same request sent again with that key (a lost answer, a second tap)
 * gets the first answer and changes nothing: one command in the log under that key, the effect
 * once. (The table's writes, the night's confirmation and the console's decision were already
 * tested so in match-night-table.api.spec.ts; the fixture's commands in
 * match-fixture-commands.api.spec.ts.)
 */
import { todayIso } from '../src/common/dto';
import { type Agent, createMatchDay, fullResultSets, lineupBody, loginAs, type MatchDay, matchDayWithSecretaries, saveLineups, startAppWithOfficials, TestContext } from './helpers';

jest.setTimeout(90_000);

type Res = { status: number; body: unknown };

describe('every match command answers a retry with the same key once', () => {
  let ctx: TestContext;
  let admin: Agent;
  let supervisor: Agent;

  beforeAll(async () => {
    ({ ctx, admin, supervisor } = await startAppWithOfficials());
  });
  afterAll(() => ctx.close());

  const commands = (matchId: string, idempotencyKey: string) => ctx.prisma.matchCommandRecord.findMany({ where: { matchId, idempotencyKey }, select: { kind: true } });

  /** Sends the request twice with the same key: the same status and answer, one command logged under the key. */
  async function twice(matchId: string, key: string, kind: string, send: () => Promise<Res>): Promise<Res> {
    const first = await send();
    expect(first.status).toBeLessThan(300);
    const again = await send();
    expect({ status: again.status, body: again.body }).toEqual({ status: first.status, body: first.body });
    expect(await commands(matchId, key)).toEqual([{ kind }]);
    return first;
  }

  describe('at a match night', () => {
    let day: MatchDay;
    let url: string;
    let home: Agent;
    let away: Agent;

    beforeAll(async () => {
      ({ day, url, home, away } = await matchDayWithSecretaries(ctx, { date: todayIso(), round: 1 }));
    });

    it('a line-up save', async () => {
      const key = 'lineup-home-0001';
      await twice(day.match.id, key, 'SET_LINEUP', () => home.put(`${url}/lineups/${day.home.id}`).send({ ...lineupBody(day.homePlayers), idempotencyKey: key }));
      await away.put(`${url}/lineups/${day.away.id}`).send(lineupBody(day.awayPlayers)).expect(200);
    });

    it('a late pair (the supervisor)', async () => {
      const key = 'late-pair-away-0001';
      const res = await twice(day.match.id, key, 'SET_LINEUP', () =>
        supervisor.post(`${url}/late-pairs`).send({ teamId: day.away.id, pairNumber: 6, fromSet: 3, reason: 'Koppel 6 kwam na set 2', idempotencyKey: key }),
      );
      expect((res.body as { pairs: { pairNumber: number; fromSet: number }[] }).pairs.find((p) => p.pairNumber === 6)!.fromSet).toBe(3);
    });

    it('a substitution recorded, and removed', async () => {
      const added = 'substitution-add-0001';
      const body = { teamId: day.home.id, setNumber: 3, pairNumber: 1, outMemberId: day.homePlayers[0], inMemberId: day.homePlayers[12], idempotencyKey: added };
      const res = await twice(day.match.id, added, 'SUBSTITUTE', () => home.post(`${url}/substitutions`).send(body));
      expect(await ctx.prisma.substitution.count({ where: { matchId: day.match.id } })).toBe(1);
      const removed = 'substitution-del-0001';
      await twice(day.match.id, removed, 'REMOVE_SUBSTITUTION', () => home.delete(`${url}/substitutions/${(res.body as { id: string }).id}`).query({ idempotencyKey: removed }));
      expect(await ctx.prisma.substitution.count({ where: { matchId: day.match.id } })).toBe(0);
    });

    it('a supervisor’s void (Regel 22) and its withdrawal', async () => {
      const voided = 'void-s2-t2-0001';
      const { version } = (await supervisor.get(url).expect(200)).body;
      await twice(day.match.id, voided, 'VOID_WRONG_TABLE', () =>
        supervisor.post(`${url}/supervisor-actions`).send({ version, kind: 'VOID_WRONG_TABLE', setNumber: 2, tableNumber: 2, gameNumbers: [1], reason: 'Aan de verkeerde tafel', idempotencyKey: voided }),
      );
      const [action] = await ctx.prisma.supervisorAction.findMany({ where: { matchId: day.match.id } });
      const withdrawn = 'void-withdraw-0001';
      const now = (await supervisor.get(url).expect(200)).body.version;
      await twice(day.match.id, withdrawn, 'WITHDRAW_ACTION', () =>
        supervisor.post(`${url}/supervisor-actions/${action.id}/withdraw`).send({ version: now, reason: 'Toch de goede tafel', idempotencyKey: withdrawn }),
      );
      expect(await ctx.prisma.supervisorAction.count({ where: { matchId: day.match.id } })).toBe(0);
    });

    it('a team leader’s remark', async () => {
      const key = 'remark-away-0001';
      await twice(day.match.id, key, 'ADD_REMARK', () => away.post(`${url}/remarks`).send({ text: 'Tafel 3 begon later', idempotencyKey: key }));
      expect(await ctx.prisma.matchRemark.count({ where: { matchId: day.match.id } })).toBe(1);
    });
  });

  describe('on paper', () => {
    let day: MatchDay;
    let url: string;
    let home: Agent;
    let away: Agent;
    const version = async () => (await admin.get(url).expect(200)).body.version as number;

    beforeAll(async () => {
      ({ day, url, home, away } = await matchDayWithSecretaries(ctx, { date: todayIso(), round: 2 }));
      await saveLineups({ day, home, away });
    });

    it('one set, then the whole form', async () => {
      const one = 'paper-set-1-0001';
      const v = await version();
      const tables = fullResultSets()
        .filter((s) => s.setNumber === 1)
        .map(({ setNumber: _, ...table }) => table);
      await twice(day.match.id, one, 'ENTER_SET', () => home.put(`${url}/sets/1`).send({ version: v, tables, idempotencyKey: one }));
      const all = 'paper-form-0001';
      const w = await version();
      await twice(day.match.id, all, 'ENTER_FORM', () => home.put(`${url}/result`).send({ version: w, sets: fullResultSets(), idempotencyKey: all }));
    });

    it('signed, disputed, and decided by the supervisor', async () => {
      const signed = 'paper-sign-0001';
      const v = await version();
      await twice(day.match.id, signed, 'SIGN_FORM', () => home.post(`${url}/sign`).send({ version: v, idempotencyKey: signed }));
      const disputed = 'paper-dispute-0001';
      const w = await version();
      await twice(day.match.id, disputed, 'DISPUTE_FORM', () => away.post(`${url}/dispute`).send({ version: w, comment: 'Set 2 klopt niet', idempotencyKey: disputed }));
      const decided = 'paper-decide-0001';
      const x = await version();
      const res = await twice(day.match.id, decided, 'DECIDE_FORM', () => supervisor.post(`${url}/dispute/decision`).send({ version: x, reason: 'Beide formulieren gezien', idempotencyKey: decided }));
      expect((res.body as { resultState: string }).resultState).toBe('CONFIRMED');
    });

    it('corrected by the federation once final', async () => {
      const key = 'paper-correct-0001';
      const v = await version();
      // The whole form again, with set 2 at table 3 as it really was.
      const sets = fullResultSets().map((s) => (s.setNumber === 2 && s.tableNumber === 3 ? { setNumber: 2, tableNumber: 3, homePoints: 0, awayPoints: 15 } : s));
      const reason = 'Set 2 tafel 3 verkeerd overgenomen';
      const res = await twice(day.match.id, key, 'CORRECT', () => admin.post(`${url}/corrections`).send({ version: v, reason, sets, idempotencyKey: key }));
      expect((res.body as { correction: { reason: string } }).correction.reason).toBe(reason);
    });

    it('a key used for another match is refused (409 IDEMPOTENCY_KEY_REUSED)', async () => {
      const other = await createMatchDay(ctx.prisma, { date: todayIso(), round: 3 });
      const secretary = (await loginAs(ctx, 'SECRETARY', other.homeClub.id)).agent;
      const res = await secretary.put(`/api/matches/${other.match.id}/lineups/${other.home.id}`).send({ ...lineupBody(other.homePlayers), idempotencyKey: 'paper-correct-0001' }).expect(409);
      expect(res.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    });
  });
});
