/**
 * Final by rule (RULES.md "Finality and authority at the match", revised 2026-11-26): a match
 * played at the table becomes final at the end of the correction window with no club action,
 * by the scheduled job's finaliser (through the one writer: command log, standings), also
 * after an API restart, and never twice; a club cannot dispute what its pairs signed (Regel 35B)
 * but a team leader adds a remark for the supervisor and the federation.
 */
import { todayIso } from '../src/common/dto';
import { MatchFinaliserService } from '../src/matches/match-finaliser.service';
import { type Agent, createMatchDay, expectError, loginAs, type MatchDay, openMatchNight, startApp, startAppWithOfficials, TestContext } from './helpers';

type TableSet = { setNumber: number; state: string };

describe('match finality API: the correction window, the job, remarks instead of club disputes', () => {
  let ctx: TestContext;
  let supervisor: Agent;
  let admin: Agent;
  let home: Agent;
  let away: Agent;
  let other: Agent;
  let day: MatchDay;
  let url: string;
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
  const standingsRow = async (teamId: string) =>
    (await ctx.http().get(`/api/divisions/${day.division.id}/standings`).expect(200)).body.rows.find((r: { teamId: string }) => r.teamId === teamId);

  it('a complete match gets its moment: "wordt definitief om …", 30 minutes (setting) after the last signature; not counted yet', async () => {
    const before = Date.now();
    for (let tableNumber = 1; tableNumber <= 6; tableNumber++) {
      for (const s of (await ctx.http().get(table(tableNumber)).expect(200)).body.sets as TableSet[]) {
        if (s.state !== 'WAITING') continue;
        await ctx.http().put(`${table(tableNumber)}/sets/${s.setNumber}`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } }).expect(200);
        await ctx.http().post(`${table(tableNumber)}/sets/${s.setNumber}/sign`).send({ side: 'AWAY' }).expect(200);
      }
    }
    const match = (await ctx.http().get(url).expect(200)).body;
    expect(match).toMatchObject({ resultState: 'ENTERED', complete: true, finalAt: null, finality: expect.stringMatching(/^compleet, wordt definitief om \d\d:\d\d$/) });
    const due = new Date(match.finalDueAt).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(due).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    expect((await standingsRow(day.home.id)).played).toBe(0);
  });

  it('Regel 35B: the away club cannot dispute the sets its pairs signed (422 CLUB_DISPUTE_REFUSED); the dispute loop cannot start', async () => {
    await home.post(`${url}/confirm-night`).send({}).expect(200);
    const { version } = (await ctx.http().get(url).expect(200)).body;
    const res = await away.post(`${url}/dispute`).send({ comment: 'Set 2 klopt niet', version }).expect(422);
    expectError(res.body, 422, 'CLUB_DISPUTE_REFUSED');
    expect(res.body.error.message).toMatch(/opmerking/);
  });

  it.each<[string, () => Agent | ReturnType<TestContext['http']>, number, string]>([
    ['nobody logged in', () => ctx.http(), 401, 'UNAUTHENTICATED'],
    ['the supervisor (who decides or corrects instead)', () => supervisor, 403, 'WRONG_ROLE'],
    ['another club’s secretary', () => other, 403, 'OTHER_CLUB'],
  ])('a remark is a team leader’s: refused for %s', async (_who, caller, status, errorCode) => {
    expectError((await caller().post(`${url}/remarks`).send({ text: 'Tafel 3 begon laat' }).expect(status)).body, status, errorCode);
  });

  it('a team leader’s remark is kept and shown to the supervisor and the federation; it reopens nothing', async () => {
    const before = (await ctx.http().get(url).expect(200)).body;
    const res = await away.post(`${url}/remarks`).send({ text: 'Set 2 aan tafel 4 is volgens ons verkeerd geteld.' }).expect(201);
    expect(res.body).toEqual([{ id: expect.any(String), text: 'Set 2 aan tafel 4 is volgens ons verkeerd geteld.', clubName: day.awayClub.name, createdAt: expect.any(String), handledAt: null, handledBy: null }]);
    expect((await supervisor.get(`${url}/remarks`).expect(200)).body).toEqual(res.body);
    expect((await admin.get(`${url}/remarks`).expect(200)).body).toEqual(res.body);
    expectError((await other.get(`${url}/remarks`).expect(403)).body, 403, 'OTHER_CLUB');
    expectError((await away.post(`${url}/remarks`).send({ text: ' ', extra: 1 }).expect(400)).body, 400);
    const after = (await ctx.http().get(url).expect(200)).body;
    expect(after).toMatchObject({ resultState: before.resultState, finalDueAt: before.finalDueAt, homePoints: before.homePoints });
    const log = await ctx.prisma.matchCommandRecord.findMany({ where: { matchId: day.match.id, kind: 'ADD_REMARK' } });
    expect(log).toHaveLength(1);
  });

  it('the job finalises nothing before the window ends', async () => {
    expect(await ctx.app.get(MatchFinaliserService).finaliseDue()).toEqual([]);
    expect((await ctx.http().get(url).expect(200)).body.resultState).toBe('ENTERED');
  });

  it('after an API restart the job finalises the match whose window ran out, once: the standings count it, the command log has it', async () => {
    // The window ran out while the API was down (its moment is a stored fact; the test moves it instead of waiting 30 minutes).
    await ctx.prisma.match.update({ where: { id: day.match.id }, data: { finalDueAt: new Date(Date.now() - 60_000) } });
    await ctx.close();
    ctx = await startApp();
    const finaliser = ctx.app.get(MatchFinaliserService);
    expect(await finaliser.finaliseDue()).toEqual([day.match.id]);
    expect(await finaliser.finaliseDue()).toEqual([]);
    const match = (await ctx.http().get(url).expect(200)).body;
    expect(match).toMatchObject({ resultState: 'CONFIRMED', finalDueAt: null, finality: 'definitief na het correctievenster' });
    expect(new Date(match.finalAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await standingsRow(day.home.id)).played).toBe(1);
    const log = await ctx.prisma.matchCommandRecord.findMany({ where: { matchId: day.match.id, kind: 'FINALISE' } });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actor: 'system:finalise', idempotencyKey: `finalise:${day.match.id}` });
    // Final: the away club's confirmation comes too late, the tables only read.
    away = (await loginAs(ctx, 'SECRETARY', day.awayClub.id)).agent;
    expectError((await away.post(`${url}/confirm-night`).send({}).expect(409)).body, 409, 'RESULT_LOCKED');
  });
});
