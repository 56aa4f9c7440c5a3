/**
 * The match night at the table (issue 15, docs/match-night.md; Regel 15, 22, 35B, 38): a pair
 * enters its set on a phone with the table's code, the opposing pair signs it on the same
 * device (irrevocable) or refuses (a dispute, Regel 35B); the supervisor decides with a
 * reason, corrects an impossible signed score, voids a set played at the wrong table and
 * removes a player, and the table sees it; when every set is signed both clubs confirm and
 * the result locks, changing the standings. Retries with an idempotency key apply once.
 */
import { todayIso } from '../src/common/dto';
import { type Agent, createMatchDay, expectError, loginAs, type MatchDay, openMatchNight, seatGames, startAppWithOfficials, TestContext } from './helpers';

type Caller = () => Agent | ReturnType<TestContext['http']>;
type TableSet = { setNumber: number; state: string; homePoints: number | null; awayPoints: number | null; decisionReason: string | null; decidedAt: string | null; refusalComment: string | null };

describe('match night API: at the table, the supervisor’s decisions and the final confirmation', () => {
  let ctx: TestContext;
  let admin: Agent;
  let supervisor: Agent;
  let home: Agent;
  let away: Agent;
  let other: Agent;
  let day: MatchDay;
  let url: string;
  /** The code of each table, by table number. */
  let code: Record<number, string>;

  beforeAll(async () => {
    ({ ctx, admin, supervisor } = await startAppWithOfficials());
    day = await createMatchDay(ctx.prisma, { date: todayIso(), round: 1 });
    url = `/api/matches/${day.match.id}`;
    ({ codes: code, home, away } = await openMatchNight(ctx, day));
    // A third club's secretary, who has no business with this match.
    other = (await loginAs(ctx, 'SECRETARY', day.otherClub.id)).agent;
  });

  afterAll(() => ctx.close());

  const table = (n: number) => `/api/table/${code[n]}`;
  const view = async (n: number) => (await ctx.http().get(table(n)).expect(200)).body;
  const set = async (n: number, setNumber: number): Promise<TableSet> => (await view(n)).sets.find((s: TableSet) => s.setNumber === setNumber);
  const games = (setNumber: number, tableNumber: number) => seatGames(setNumber, tableNumber);
  const KIND_POINTS: Record<string, number> = { WON: 2, KAP: 5, KAP_TAPPED: 2, BAUNIE: 15, FAILED_BAUNIE: 5 };
  /** The set score of seatGames(setNumber, tableNumber): { homePoints, awayPoints }. */
  const score = (setNumber: number, tableNumber: number) => {
    const sum = (side: string) => games(setNumber, tableNumber).reduce((t, g) => t + (g.winner === side ? (g.points ?? KIND_POINTS[g.kind]) : 0), 0);
    return { homePoints: sum('HOME'), awayPoints: sum('AWAY') };
  };
  const consoleOf = async () => (await supervisor.get(`${url}/console`).expect(200)).body;
  const version = async () => (await ctx.http().get(url).expect(200)).body.version as number;

  describe('entering and signing a set', () => {
    it('lets a pair enter its set game by game; it waits for the other pair’s signature', async () => {
      const res = await ctx.http().put(`${table(1)}/sets/1`).send({ enteredBy: 'HOME', games: games(1, 1) }).expect(200);
      expect(res.body.tableNumber).toBe(1);
      expect(res.body.sets[0]).toMatchObject({ setNumber: 1, state: 'ENTERED', enteredBySide: 'HOME', ...score(1, 1), signedBySide: null });
      expect(res.body.sets[0].games).toHaveLength(4);
      expect(res.body.currentSet).toBe(1);
    });

    it('lets the entering pair change its entry until it is signed', async () => {
      const res = await ctx.http().put(`${table(1)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } }).expect(200);
      expect(res.body.sets[0]).toMatchObject({ state: 'ENTERED', homePoints: 6, awayPoints: 2, source: 'TOTALS' });
      await ctx.http().put(`${table(1)}/sets/1`).send({ enteredBy: 'HOME', games: games(1, 1) }).expect(200);
    });

    it('stores each replaced entry exactly as it answers: other games, totals (no games), the games again', async () => {
      // The answer is built from the row in memory; the view reads what was stored.
      const entries = [{ games: games(1, 2) }, { games: games(2, 2) }, { totals: { home: 4, away: 9 } }, { games: games(1, 1) }];
      for (const entry of entries) {
        const answer = (await ctx.http().put(`${table(1)}/sets/1`).send({ enteredBy: 'HOME', ...entry }).expect(200)).body;
        const stored = await view(1);
        expect(stored.sets[0]).toEqual(answer.sets[0]);
        expect(stored.sets[0].games.map((g: { gameNumber: number }) => g.gameNumber)).toEqual(entry.games ? entry.games.map((_, i) => i + 1) : []);
      }
      expect(await set(1, 1)).toMatchObject({ state: 'ENTERED', ...score(1, 1) });
    });

    it('shows an entry awaiting its signature to both clubs, but not to the public or another club (Regel 15: it counts once signed)', async () => {
      const seatOf = (body: { sets: { setNumber: number; tableNumber: number; homePoints: number | null }[] }) => body.sets.find((s) => s.setNumber === 1 && s.tableNumber === 1);
      expect(seatOf((await home.get(url).expect(200)).body)).toMatchObject(score(1, 1));
      expect(seatOf((await away.get(url).expect(200)).body)).toMatchObject(score(1, 1));
      for (const viewer of [ctx.http(), other]) {
        const body = (await viewer.get(url).expect(200)).body;
        expect(seatOf(body)).toMatchObject({ homePoints: null, awayPoints: null, games: [], enteredBySide: 'HOME' });
        expect({ home: body.homePoints, away: body.awayPoints, complete: body.complete }).toEqual({ home: null, away: null, complete: false });
      }
    });

    it('refuses the entering pair’s own signature (422 SIGN_OWN_ENTRY)', async () => {
      expectError((await ctx.http().post(`${table(1)}/sets/1/sign`).send({ side: 'HOME' }).expect(422)).body, 422, 'SIGN_OWN_ENTRY');
    });

    it('takes the opposing pair’s signature: the set is irrevocable, nobody at the table changes it', async () => {
      const res = await ctx.http().post(`${table(1)}/sets/1/sign`).send({ side: 'AWAY' }).expect(200);
      expect(res.body.sets[0]).toMatchObject({ state: 'SIGNED', signedBySide: 'AWAY', signedAt: expect.any(String), ...score(1, 1) });
      expect(res.body.currentSet).toBe(2);
      for (const body of [{ enteredBy: 'HOME', totals: { home: 8, away: 0 } }, { enteredBy: 'AWAY', totals: { home: 0, away: 8 } }]) {
        expectError((await ctx.http().put(`${table(1)}/sets/1`).send(body).expect(409)).body, 409, 'SET_ALREADY_SIGNED');
      }
      expectError((await ctx.http().post(`${table(1)}/sets/1/refuse`).send({ side: 'AWAY', comment: 'Toch niet' }).expect(409)).body, 409);
      expect(await set(1, 1)).toMatchObject({ state: 'SIGNED', ...score(1, 1) });
      const publicSeat = (await ctx.http().get(url).expect(200)).body.sets.find((s: { setNumber: number; tableNumber: number }) => s.setNumber === 1 && s.tableNumber === 1);
      expect(publicSeat).toMatchObject(score(1, 1));
      // The console shows it; the audit log has the table's entry and signature.
      const seat = (await consoleOf()).tables[0].sets[0];
      expect(seat).toMatchObject({ state: 'SIGNED', ...score(1, 1), alerts: [] });
      const actions = (await ctx.prisma.auditLog.findMany({ where: { entityId: day.match.id }, select: { action: true } })).map((a) => a.action);
      expect(actions).toEqual(expect.arrayContaining(['match.table.enter', 'match.table.sign']));
    });

    it('refuses what cannot be: an impossible score, a set outside the plan, unknown or wrong fields', async () => {
      const impossible = await ctx.http().put(`${table(2)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 7, away: 0 } }).expect(400);
      expectError(impossible.body, 400, 'INVALID_SCORE');
      expect(impossible.body.error.message).toMatch(/Set 1, tafel 2/);
      expectError((await ctx.http().put(`${table(2)}/sets/7`).send({ enteredBy: 'HOME', totals: { home: 8, away: 0 } }).expect(400)).body, 400);
      expectError((await ctx.http().put(`${table(2)}/sets/een`).send({ enteredBy: 'HOME', totals: { home: 8, away: 0 } }).expect(400)).body, 400);
      expectError((await ctx.http().put(`${table(2)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 8, away: 0 }, tableNumber: 3 }).expect(400)).body, 400);
      expectError((await ctx.http().put(`${table(2)}/sets/1`).send({ enteredBy: 'BOTH', totals: { home: 8, away: 0 } }).expect(400)).body, 400);
      expectError((await ctx.http().put(`${table(2)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 8, away: 0 }, idempotencyKey: 'kort' }).expect(400)).body, 400);
      expectError((await ctx.http().post(`${table(2)}/sets/1/refuse`).send({ side: 'AWAY', comment: ' ' }).expect(400)).body, 400);
      expectError((await ctx.http().post(`${table(2)}/sets/1/sign`).send({ side: 'AWAY', matchId: day.match.id }).expect(400)).body, 400);
      expect(await set(2, 1)).toMatchObject({ state: 'WAITING' });
    });

    it('applies a retried request once: the same idempotency key answers the same, and one command is recorded', async () => {
      const body = { enteredBy: 'AWAY', games: games(1, 2), idempotencyKey: 'tafel2-set1-invoer-7f3a' };
      const first = await ctx.http().put(`${table(2)}/sets/1`).send(body).expect(200);
      const again = await ctx.http().put(`${table(2)}/sets/1`).send(body).expect(200);
      expect(again.body).toEqual(first.body);
      expect(await ctx.prisma.matchCommandRecord.count({ where: { matchId: day.match.id, idempotencyKey: { endsWith: 'tafel2-set1-invoer-7f3a' } } })).toBe(1);
      const enteredAt = first.body.sets[0].enteredAt;
      const sign = { side: 'HOME', idempotencyKey: 'tafel2-set1-teken-7f3a' };
      const signed = await ctx.http().post(`${table(2)}/sets/1/sign`).send(sign).expect(200);
      const retried = await ctx.http().post(`${table(2)}/sets/1/sign`).send(sign).expect(200);
      expect(retried.body).toEqual(signed.body);
      expect(signed.body.sets[0]).toMatchObject({ state: 'SIGNED', enteredAt, signedBySide: 'HOME' });
      expect(await ctx.prisma.matchCommandRecord.count({ where: { matchId: day.match.id, kind: 'TABLE_SIGN', idempotencyKey: { endsWith: 'tafel2-set1-teken-7f3a' } } })).toBe(1);
    });

    it('refuses the same key for another command at the table (409 IDEMPOTENCY_KEY_REUSED): an outbox never loses an entry to a reused key', async () => {
      // The key of table 2's entry of set 1, sent with set 2, with another score, and with a signature.
      const reused = 'tafel2-set1-invoer-7f3a';
      const otherSet = await ctx.http().put(`${table(2)}/sets/2`).send({ enteredBy: 'HOME', totals: { home: 8, away: 0 }, idempotencyKey: reused }).expect(409);
      expectError(otherSet.body, 409, 'IDEMPOTENCY_KEY_REUSED');
      const otherScore = await ctx.http().put(`${table(2)}/sets/1`).send({ enteredBy: 'AWAY', totals: { home: 0, away: 8 }, idempotencyKey: reused }).expect(409);
      expectError(otherScore.body, 409, 'IDEMPOTENCY_KEY_REUSED');
      const otherKind = await ctx.http().post(`${table(2)}/sets/2/sign`).send({ side: 'AWAY', idempotencyKey: reused }).expect(409);
      expectError(otherKind.body, 409, 'IDEMPOTENCY_KEY_REUSED');
      expect(await set(2, 2)).toMatchObject({ state: 'WAITING' });
      // The very same entry again still answers as before.
      await ctx.http().put(`${table(2)}/sets/1`).send({ enteredBy: 'AWAY', games: games(1, 2), idempotencyKey: reused }).expect(200);
    });

    it('keeps a code to its own table: another table’s key replays nothing there, and no request names another table or match', async () => {
      // Table 3 sends the key table 2 used: its own command is applied, not table 2's answer replayed.
      const res = await ctx.http().put(`${table(3)}/sets/1`).send({ enteredBy: 'HOME', games: games(1, 3), idempotencyKey: 'tafel2-set1-invoer-7f3a' }).expect(200);
      expect(res.body.tableNumber).toBe(3);
      expect(res.body.sets[0]).toMatchObject({ state: 'ENTERED', enteredBySide: 'HOME' });
      // Table 2 is as it was.
      expect(await set(2, 1)).toMatchObject({ state: 'SIGNED' });
    });
  });

  describe('a pair refuses to sign (Regel 35B) and the supervisor decides', () => {
    it('makes the refused set a dispute the console shows, with the comment', async () => {
      const res = await ctx.http().post(`${table(3)}/sets/1/refuse`).send({ side: 'AWAY', comment: 'Partij 2 was geen kap maar een gewonnen partij.' }).expect(200);
      expect(res.body.sets[0]).toMatchObject({ state: 'DISPUTED', refusedBySide: 'AWAY', refusalComment: 'Partij 2 was geen kap maar een gewonnen partij.' });
      const board = await consoleOf();
      expect(board.counts.DISPUTED).toBe(1);
      expect(board.alerts).toEqual([expect.objectContaining({ kind: 'DISPUTE', setNumber: 1, tableNumber: 3, message: expect.stringContaining('Partij 2 was geen kap') })]);
      expect(board.tables[2].sets[0].alerts).toHaveLength(1);
      // Nobody at the table settles it: not another score, not a signature.
      expectError((await ctx.http().put(`${table(3)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 8, away: 0 } }).expect(409)).body, 409, 'SET_DISPUTED');
      // The same entry sent again (a second phone, an outbox) is the same set: nothing changes.
      expect((await ctx.http().put(`${table(3)}/sets/1`).send({ enteredBy: 'HOME', games: games(1, 3) }).expect(200)).body.sets[0]).toMatchObject({ state: 'DISPUTED', refusedBySide: 'AWAY' });
      expectError((await ctx.http().post(`${table(3)}/sets/1/sign`).send({ side: 'AWAY' }).expect(409)).body, 409, 'SET_DISPUTED');
    });

    it.each<[string, Caller, number, string]>([
      ['nobody logged in', () => ctx.http(), 401, 'UNAUTHENTICATED'],
      ['the home secretary', () => home, 403, 'WRONG_ROLE'],
      ['the away secretary', () => away, 403, 'WRONG_ROLE'],
    ])('lets only the supervisor or an administrator decide: refused for %s', async (_who, caller, status, errorCode) => {
      expectError((await caller().post(`${url}/sets/1/tables/3/decision`).send({ reason: 'Gezien op het scorebriefje' }).expect(status)).body, status, errorCode);
    });

    it('needs a reason, and takes nothing else', async () => {
      const res = await supervisor.post(`${url}/sets/1/tables/3/decision`).send({}).expect(400);
      expect(res.body.error.details).toContainEqual(expect.objectContaining({ field: 'reason' }));
      expectError((await supervisor.post(`${url}/sets/1/tables/3/decision`).send({ reason: 'Gezien', side: 'HOME' }).expect(400)).body, 400);
      expect(await set(3, 1)).toMatchObject({ state: 'DISPUTED' });
    });

    it('settles the dispute with the score changed and the reason; the table sees it and the set counts as signed', async () => {
      const reason = 'Beide koppels gehoord: partij 2 was een gewonnen partij (2), geen kap.';
      const changed = games(1, 3).map((g, i) => (i === 1 && g.kind === 'KAP' ? { ...g, kind: 'WON' as const } : g));
      const res = await supervisor.post(`${url}/sets/1/tables/3/decision`).send({ games: changed, reason, idempotencyKey: 'besluit-s1-t3-0001' }).expect(200);
      expect(res.body.alerts).toEqual([]);
      expect(res.body.tables[2].sets[0]).toMatchObject({ state: 'SIGNED', decisionReason: reason, refusedBySide: null });
      const atTable = await set(3, 1);
      expect(atTable).toMatchObject({ state: 'SIGNED', decisionReason: reason, decidedAt: expect.any(String), refusalComment: null });
      const audit = await ctx.prisma.auditLog.findFirstOrThrow({ where: { entityId: day.match.id, action: 'match.supervisor.decide' } });
      expect(audit.reason).toBe(reason);
      // The same decision retried (same key) is not applied twice.
      await supervisor.post(`${url}/sets/1/tables/3/decision`).send({ games: changed, reason, idempotencyKey: 'besluit-s1-t3-0001' }).expect(200);
      expect(await ctx.prisma.auditLog.count({ where: { entityId: day.match.id, action: 'match.supervisor.decide' } })).toBe(1);
    });

    it('corrects an impossible signed score (only the supervisor), and the table sees the correction', async () => {
      await ctx.http().put(`${table(4)}/sets/1`).send({ enteredBy: 'HOME', games: games(1, 4) }).expect(200);
      await ctx.http().post(`${table(4)}/sets/1/sign`).send({ side: 'AWAY' }).expect(200);
      // A stored score that cannot be (as a faulty device or an old import could leave one).
      await ctx.prisma.matchSet.updateMany({ where: { matchId: day.match.id, setNumber: 1, tableNumber: 4 }, data: { homePoints: 7, awayPoints: 0, source: 'TOTALS' } });
      await ctx.prisma.game.deleteMany({ where: { matchSet: { matchId: day.match.id, setNumber: 1, tableNumber: 4 } } });
      const board = await consoleOf();
      expect(board.alerts).toEqual([expect.objectContaining({ kind: 'IMPOSSIBLE_SCORE', setNumber: 1, tableNumber: 4, message: expect.stringMatching(/7–0 is geen mogelijke setstand/) })]);
      expect(board.readyToConfirm).toBe(false);
      // Signed: the table cannot change it.
      expectError((await ctx.http().put(`${table(4)}/sets/1`).send({ enteredBy: 'HOME', games: games(1, 4) }).expect(409)).body, 409, 'SET_ALREADY_SIGNED');
      const reason = 'Onmogelijke stand 7–0; volgens het scorebriefje anders.';
      const res = await admin.post(`${url}/sets/1/tables/4/decision`).send({ games: games(1, 4), reason }).expect(200);
      expect(res.body.alerts).toEqual([]);
      expect(await set(4, 1)).toMatchObject({ state: 'SIGNED', ...score(1, 4), decisionReason: reason });
    });
  });

  describe('the supervisor’s actions at a table (Regel 22, 38), seen at the table', () => {
    it('voids a set played at the wrong table: the table enters it again, with the supervisor’s notice', async () => {
      await ctx.http().put(`${table(5)}/sets/1`).send({ enteredBy: 'HOME', games: games(1, 5) }).expect(200);
      const reason = 'Het lopende koppel zat aan tafel 5 in plaats van tafel 4.';
      await supervisor.post(`${url}/supervisor-actions`).send({ version: await version(), kind: 'VOID_WRONG_TABLE', setNumber: 1, tableNumber: 5, gameNumbers: [1, 2], reason }).expect(201);
      const res = await view(5);
      expect(res.sets[0]).toMatchObject({ state: 'WAITING', homePoints: null });
      expect(res.notices).toEqual([expect.objectContaining({ kind: 'VOID_WRONG_TABLE', setNumber: 1, reason, consequence: expect.stringMatching(/Partijen 1 en 2 van set 1, tafel 5 vervallen/) })]);
      // Other tables see nothing of it.
      expect((await view(4)).notices).toEqual([]);
      await ctx.http().put(`${table(5)}/sets/1`).send({ enteredBy: 'HOME', games: games(1, 5) }).expect(200);
      expect((await ctx.http().post(`${table(5)}/sets/1/sign`).send({ side: 'AWAY' }).expect(200)).body.sets[0].state).toBe('SIGNED');
    });

    it('removes a player: the pair’s following sets at its table are credited to the opponent, and the table says why', async () => {
      await ctx.http().put(`${table(6)}/sets/1`).send({ enteredBy: 'HOME', games: games(1, 6) }).expect(200);
      await ctx.http().post(`${table(6)}/sets/1/sign`).send({ side: 'AWAY' }).expect(200);
      const reason = 'Speler bleef na waarschuwing tafelpraat voeren (Regel 38).';
      await supervisor
        .post(`${url}/supervisor-actions`)
        .send({ version: await version(), kind: 'REMOVE_PLAYER', setNumber: 2, tableNumber: 6, memberId: day.homePlayers[10], gameNumber: 1, reason })
        .expect(201);
      const res = await view(6);
      expect(res.notices).toEqual([expect.objectContaining({ kind: 'REMOVE_PLAYER', setNumber: 2, reason, consequence: expect.stringMatching(/Koppel 6 van de thuisploeg verliest vanaf set 2/) })]);
      expect(res.sets.slice(1).map((s: TableSet) => [s.state, s.homePoints, s.awayPoints])).toEqual(Array(5).fill(['CREDITED', 0, 8]));
      expect(res.currentSet).toBeNull();
      expectError((await ctx.http().put(`${table(6)}/sets/3`).send({ enteredBy: 'HOME', totals: { home: 8, away: 0 } }).expect(422)).body, 422, 'SEAT_CREDITED');
      // The notice names no one: the pair's number, not the player.
      const member = await ctx.prisma.member.findUniqueOrThrow({ where: { id: day.homePlayers[10] } });
      expect(JSON.stringify(res.notices)).not.toContain(member.givenNames);
    });
  });

  describe('the final confirmation by both clubs', () => {
    const standingsRow = async (teamId: string) =>
      (await ctx.http().get(`/api/divisions/${day.division.id}/standings`).expect(200)).body.rows.find((r: { teamId: string }) => r.teamId === teamId);

    it('is refused while a set is open (422 NIGHT_NOT_COMPLETE, naming what is open)', async () => {
      const res = await home.post(`${url}/confirm-night`).send({}).expect(422);
      expectError(res.body, 422, 'NIGHT_NOT_COMPLETE');
      expect(res.body.error.message).toMatch(/nog niet rond/);
    });

    it.each<[string, Caller, number, string]>([
      ['nobody logged in', () => ctx.http(), 401, 'UNAUTHENTICATED'],
      ['the supervisor', () => supervisor, 403, 'WRONG_ROLE'],
      ['an administrator', () => admin, 403, 'WRONG_ROLE'],
      ['another club’s secretary', () => other, 403, 'OTHER_CLUB'],
    ])('is for the two clubs’ secretaries only: refused for %s', async (_who, caller, status, errorCode) => {
      expectError((await caller().post(`${url}/confirm-night`).send({}).expect(status)).body, status, errorCode);
    });

    it('is given once every set is signed; one club’s confirmation does not yet lock the result or change the standings', async () => {
      for (let tableNumber = 1; tableNumber <= 6; tableNumber++) {
        for (const s of (await view(tableNumber)).sets as TableSet[]) {
          if (s.state === 'SIGNED' || s.state === 'CREDITED') continue;
          if (s.state === 'WAITING') await ctx.http().put(`${table(tableNumber)}/sets/${s.setNumber}`).send({ enteredBy: 'AWAY', games: games(s.setNumber, tableNumber) }).expect(200);
          await ctx.http().post(`${table(tableNumber)}/sets/${s.setNumber}/sign`).send({ side: 'HOME' }).expect(200);
        }
      }
      const board = await consoleOf();
      expect(board).toMatchObject({ readyToConfirm: true, alerts: [], counts: { WAITING: 0, ENTERED: 0, DISPUTED: 0, SIGNED: 31, CREDITED: 5 } });
      expect((await standingsRow(day.home.id)).played).toBe(0);

      const key = 'bevestig-thuis-0001';
      const first = await home.post(`${url}/confirm-night`).send({ idempotencyKey: key }).expect(200);
      expect(first.body.resultState).not.toBe('CONFIRMED');
      expect(first.body.signatures.homeSignedAt).toEqual(expect.any(String));
      expect((await home.post(`${url}/confirm-night`).send({ idempotencyKey: key }).expect(200)).body).toEqual(first.body);
      expectError((await home.post(`${url}/confirm-night`).send({}).expect(409)).body, 409, 'ALREADY_CONFIRMED');
      expect((await consoleOf()).confirmations).toEqual({ home: first.body.signatures.homeSignedAt, away: null });
      expect((await standingsRow(day.home.id)).played).toBe(0);
      expect((await view(1)).locked).toBe(false);
    });

    it('locks the result when the second club confirms: the standings change at that moment, the tables only read', async () => {
      const res = await away.post(`${url}/confirm-night`).send({}).expect(200);
      expect(res.body).toMatchObject({ resultState: 'CONFIRMED', resultPhase: 'CONFIRMED', complete: true });
      const row = await standingsRow(day.home.id);
      expect(row.played).toBe(1);
      expect(row.pointsFor).toBe(res.body.homePoints);
      const atTable = await view(2);
      expect(atTable).toMatchObject({ locked: true, writable: false, currentSet: null });
      expectError((await ctx.http().put(`${table(2)}/sets/2`).send({ enteredBy: 'HOME', totals: { home: 8, away: 0 } }).expect(409)).body, 409, 'RESULT_LOCKED');
      expectError((await ctx.http().post(`${table(2)}/sets/2/refuse`).send({ side: 'HOME', comment: 'Te laat gezien' }).expect(409)).body, 409, 'RESULT_LOCKED');
      expectError((await home.post(`${url}/night`).expect(409)).body, 409, 'RESULT_LOCKED');
      expect((await home.get(`${url}/night`).expect(200)).body).toMatchObject({ locked: true });
      expect((await home.get(`${url}/night`).expect(200)).body.tables.every((t: { active: boolean }) => !t.active)).toBe(true);
    });

    it('lets only the federation change a final set afterwards (RULES.md authority table): a correction, shown on the match and at the table', async () => {
      const reason = 'Na afloop: partij 4 aan tafel 1 in set 2 ging naar de uitploeg.';
      const before = (await ctx.http().get(url).expect(200)).body;
      expectError((await supervisor.post(`${url}/sets/2/tables/1/decision`).send({ totals: { home: 0, away: 8 }, reason }).expect(409)).body, 409, 'RESULT_LOCKED');
      await admin.post(`${url}/sets/2/tables/1/decision`).send({ totals: { home: 0, away: 8 }, reason }).expect(200);
      const after = (await ctx.http().get(url).expect(200)).body;
      expect(after.correction).toMatchObject({ reason, by: 'ADMIN' });
      expect(after.homePoints).not.toBe(before.homePoints);
      expect(await set(1, 2)).toMatchObject({ homePoints: 0, awayPoints: 8, decisionReason: reason });
    });
  });

  describe('limits of a code', () => {
    it('stops writes (and reads) at the end of the evening', async () => {
      const m = await createMatchDay(ctx.prisma, { date: todayIso(), round: 2 });
      const secretary = (await loginAs(ctx, 'SECRETARY', m.homeClub.id)).agent;
      const night = await secretary.post(`/api/matches/${m.match.id}/night`).expect(200);
      const c = night.body.tables[0].code;
      const ended = new Date(Date.now() - 1000);
      await ctx.prisma.match.update({ where: { id: m.match.id }, data: { nightEndsAt: ended } });
      await ctx.prisma.tableCode.updateMany({ where: { matchId: m.match.id }, data: { expiresAt: ended } });
      for (const request of [
        ctx.http().put(`/api/table/${c}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 8, away: 0 } }),
        ctx.http().post(`/api/table/${c}/sets/1/sign`).send({ side: 'AWAY' }),
        ctx.http().post(`/api/table/${c}/sets/1/refuse`).send({ side: 'AWAY', comment: 'Niet akkoord' }),
      ]) {
        expectError((await request.set('X-Forwarded-For', '198.51.100.77').expect(404)).body, 404, 'TABLE_CODE_INVALID');
      }
      expect(await ctx.prisma.matchSet.count({ where: { matchId: m.match.id } })).toBe(0);
    });

    it('refuses a write once the night is over or the match archived, though the code itself has not expired (checked on the row the write loads)', async () => {
      for (const change of [{ nightEndsAt: new Date(Date.now() - 1000) }, { archivedAt: new Date() }]) {
        const m = await createMatchDay(ctx.prisma, { date: todayIso(), round: 7 });
        const secretary = (await loginAs(ctx, 'SECRETARY', m.homeClub.id)).agent;
        const c = (await secretary.post(`/api/matches/${m.match.id}/night`).expect(200)).body.tables[0].code;
        await ctx.prisma.match.update({ where: { id: m.match.id }, data: change });
        const res = await ctx.http().put(`/api/table/${c}/sets/1`).set('X-Forwarded-For', '198.51.100.78').send({ enteredBy: 'HOME', totals: { home: 8, away: 0 } });
        expectError(res.body, 404, 'TABLE_CODE_INVALID');
        expect(await ctx.prisma.matchSet.count({ where: { matchId: m.match.id } })).toBe(0);
        expect(await ctx.prisma.matchCommandRecord.count({ where: { matchId: m.match.id } })).toBe(0);
      }
    });

    it('limits the writes of one code to 30 a minute (429 with Retry-After)', async () => {
      const m = await createMatchDay(ctx.prisma, { date: todayIso(), round: 3 });
      const secretary = (await loginAs(ctx, 'SECRETARY', m.homeClub.id)).agent;
      const c = (await secretary.post(`/api/matches/${m.match.id}/night`).expect(200)).body.tables[0].code;
      for (let i = 0; i < 30; i++) await ctx.http().post(`/api/table/${c}/sets/1/sign`).set('X-Forwarded-For', `198.51.100.${100 + i}`).send({ side: 'AWAY' }).expect(409);
      const res = await ctx.http().post(`/api/table/${c}/sets/1/sign`).set('X-Forwarded-For', '198.51.100.200').send({ side: 'AWAY' }).expect(429);
      expectError(res.body, 429, 'TOO_MANY_REQUESTS');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Reading is counted apart.
      await ctx.http().get(`/api/table/${c}`).set('X-Forwarded-For', '198.51.100.201').expect(200);
    });
  });
});
