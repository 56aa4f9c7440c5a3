/**
 * Issue 46: the supervisor adds a reserve after set 1 started (RULES.md, revised 2026-12-06)
 * without seeing the club's member list. GET …/lineups/{teamId}/reserve-candidate?memberNumber=
 * finds a member on that team's club's list and answers the family name only; a member of
 * another club is not found, and a secretary is refused. The reserve is then added with the
 * whole line-up and a reason (PUT …/lineups/{teamId}).
 */
import { todayIso } from '../src/common/dto';
import { type Agent, createListedMember, createMatchDay, expectError, loginAs, openMatchNight, resetDatabase, startApp, TestContext } from './helpers';

describe('the supervisor looks up a reserve by member number', () => {
  let ctx: TestContext;
  let supervisor: Agent;
  let home: Agent;
  let day: Awaited<ReturnType<typeof createMatchDay>>;
  let url: string;
  let extra: Awaited<ReturnType<typeof createListedMember>>;
  let stranger: Awaited<ReturnType<typeof createListedMember>>;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    supervisor = (await loginAs(ctx, 'SUPERVISOR')).agent;
    day = await createMatchDay(ctx.prisma, { date: todayIso(), round: 1 });
    url = `/api/matches/${day.match.id}/lineups/${day.home.id}`;
    const night = await openMatchNight(ctx, day);
    home = night.home;
    // Set 1 starts at table 1: from now on only the supervisor or the federation adds a reserve.
    await ctx.http().put(`/api/table/${night.codes[1]}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } }).expect(200);
    extra = await createListedMember(ctx.prisma, { seasonId: day.season.id, clubId: day.homeClub.id, familyName: 'Reservius', givenNames: 'Geheim' });
    stranger = await createListedMember(ctx.prisma, { seasonId: day.season.id, clubId: day.otherClub.id, familyName: 'Vreemd' });
  });

  afterAll(() => ctx.close());

  it('answers the family name of a member on the team’s club’s list, nothing more', async () => {
    const res = await supervisor.get(`${url}/reserve-candidate`).query({ memberNumber: ` ${extra.member.memberNumber} ` }).expect(200);
    expect(res.body).toEqual({ memberId: extra.member.id, familyName: 'Reservius', eligible: true });
  });

  test.each([
    ['a member of another club', () => stranger.member.memberNumber, 404, 'MEMBER_NOT_ON_LIST'],
    ['an unknown number', () => '000000', 404, 'MEMBER_NOT_ON_LIST'],
    ['no number', () => '', 400, 'VALIDATION_FAILED'],
  ])('%s is not found', async (_name, number, status, code) => {
    const res = await supervisor.get(`${url}/reserve-candidate`).query({ memberNumber: number() }).expect(status);
    expectError(res.body, status, code);
  });

  it('refuses a number over 40 characters and an unknown query field, in Dutch', async () => {
    expectError((await supervisor.get(`${url}/reserve-candidate`).query({ memberNumber: 'X'.repeat(41) }).expect(400)).body, 400, 'VALIDATION_FAILED');
    expectError((await supervisor.get(`${url}/reserve-candidate`).query({ memberNumber: '000000', clubId: 'x' }).expect(400)).body, 400, 'VALIDATION_FAILED');
  });

  it('refuses a secretary, even of the team’s own club', async () => {
    const res = await home.get(`${url}/reserve-candidate`).query({ memberNumber: extra.member.memberNumber }).expect(403);
    expectError(res.body, 403);
  });

  it('adds the member found as a reserve with the whole line-up and a reason, once set 1 started', async () => {
    const lineup = (await supervisor.get(url).expect(200)).body as { pairs: { pairNumber: number; fromSet: number; players: { memberId: string }[] }[]; reserves: { memberId: string }[] };
    const body = {
      pairs: lineup.pairs.map((p) => ({ pairNumber: p.pairNumber, fromSet: p.fromSet, memberIds: p.players.map((x) => x.memberId) })),
      reserves: [...lineup.reserves.map((r) => r.memberId), extra.member.id],
      reason: 'Reserve gemeld door de teamleider na set 1',
    };
    const saved = await supervisor.put(url).send(body).expect(200);
    expect(saved.body.reserves.map((r: { familyName: string }) => r.familyName)).toContain('Reservius');
  });
});
