/**
 * Moving a match (issue 23 item 6): the move itself never makes a club's line-up late (a move
 * into the past proposes no Regel 5D/5E fine), a line-up that was late for the old start is in
 * time for a later one, and both clubs' secretaries get a mail about every move. Line-ups are
 * stored with fixed moments, so nothing here depends on today's date.
 */
import { createMatchDay, createUser, loginAs, resetDatabase, startApp, TestContext } from './helpers';

jest.setTimeout(30_000);

describe('moving a match', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
  });
  afterAll(() => ctx.close());

  it('keeps a line-up composed in time in time, even when the match moves into the past, and mails both clubs', async () => {
    const day = await createMatchDay(ctx.prisma, { date: '2026-10-03' });
    const { agent: admin } = await loginAs(ctx, 'ADMIN');
    const homeSecretary = await createUser(ctx.prisma, 'SECRETARY', day.homeClub.id);
    const awaySecretary = await createUser(ctx.prisma, 'SECRETARY', day.awayClub.id);
    const otherSecretary = await createUser(ctx.prisma, 'SECRETARY', day.otherClub.id);
    // Home composed on 1 Oct, in time for 3 Oct; away on 4 Oct, after the start: late.
    const home = await ctx.prisma.lineup.create({ data: { matchId: day.match.id, teamId: day.home.id, composedBeforeMatch: true, createdAt: new Date('2026-10-01T12:00:00Z') } });
    const away = await ctx.prisma.lineup.create({ data: { matchId: day.match.id, teamId: day.away.id, composedBeforeMatch: false, createdAt: new Date('2026-10-04T12:00:00Z') } });

    // Back to 26 Sep, before either line-up was saved: the home club was in time for the match it knew.
    await admin.post(`/api/matches/${day.match.id}/move`).send({ date: '2026-09-26', startTime: '20:00', reason: 'Al gespeeld op 26 september, zo afgesproken' }).expect(200);
    const lineups = async () => Object.fromEntries((await ctx.prisma.lineup.findMany({ where: { matchId: day.match.id } })).map((l) => [l.id, l.composedBeforeMatch]));
    expect(await lineups()).toEqual({ [home.id]: true, [away.id]: false });

    // Later, to 10 Oct: the away line-up of 4 Oct is now in time as well.
    await admin.post(`/api/matches/${day.match.id}/move`).send({ date: '2026-10-10', reason: 'Zaal bezet' }).expect(200);
    expect(await lineups()).toEqual({ [home.id]: true, [away.id]: true });

    const mails = await ctx.prisma.outgoingMail.findMany({ where: { kind: 'match.moved' }, orderBy: { createdAt: 'asc' } });
    expect(mails.map((m) => m.to).sort()).toEqual([homeSecretary.email, homeSecretary.email, awaySecretary.email, awaySecretary.email].sort());
    expect(mails.some((m) => m.to === otherSecretary.email)).toBe(false);
    expect(mails[0].subject).toContain(`${day.home.name} – ${day.away.name}`);
    expect(mails[0].text).toContain('26-09-2026 om 20:00');
    expect(mails[0].text).toContain('Reden: Al gespeeld op 26 september, zo afgesproken');
  });
});
