/**
 * The one hook (issue 24): a match made final through the match writer is rated at once,
 * from the writer's after-commit event, before anybody reads a rating.
 */
import { createMatchDay, fullResultSets, lineupBody, loginAs, resetDatabase, startApp, TestContext } from './helpers';

describe('ratings follow the match writer', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
  });

  afterAll(() => ctx.close());

  async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    let value = await read();
    for (const deadline = Date.now() + 20_000; !done(value) && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 50));
      value = await read();
    }
    return value;
  }

  it('a paper form confirmed by the away team rates its 24 players without a read of ratings', async () => {
    const day = await createMatchDay(ctx.prisma, { date: '2026-10-03', round: 1 });
    const home = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
    const away = (await loginAs(ctx, 'SECRETARY', day.awayClub.id)).agent;
    const url = `/api/matches/${day.match.id}`;
    await home.put(`${url}/lineups/${day.home.id}`).send(lineupBody(day.homePlayers)).expect(200);
    await away.put(`${url}/lineups/${day.away.id}`).send(lineupBody(day.awayPlayers)).expect(200);
    let version = (await ctx.http().get(url).expect(200)).body.version;
    version = (await home.put(`${url}/result`).send({ version, sets: fullResultSets() }).expect(200)).body.version;
    expect(await ctx.prisma.playerRating.count()).toBe(0);
    version = (await home.post(`${url}/sign`).send({ version }).expect(200)).body.version;
    await away.post(`${url}/confirm`).send({ version }).expect(200);
    const rated = await waitFor(() => ctx.prisma.playerRating.findMany(), (rows) => rows.length === 24);
    expect(rated).toHaveLength(24);
    // Every player of the six pairs played six sets.
    expect(rated.every((r) => r.sets === 6)).toBe(true);
    expect(await ctx.prisma.ratingPoint.count({ where: { matchId: day.match.id } })).toBe(24);
  });
});
