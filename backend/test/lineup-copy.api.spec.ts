/**
 * "Opstelling van vorige wedstrijd overnemen" (issue 23 item 11): the team's line-up of its
 * previous match as a draft for the next one, without the members who may no longer play,
 * for the team's own secretary (and the federation) only; nothing is stored.
 */
import { type Agent, createMatchDay, createMatchRow, expectError, lineupBody, loginAs, resetDatabase, startApp, TestContext } from './helpers';

describe('copy the previous match\'s line-up', () => {
  let ctx: TestContext;
  let day: Awaited<ReturnType<typeof createMatchDay>>;
  let next: { id: string };
  let home: Agent;
  const url = (matchId: string, teamId = day.home.id) => `/api/matches/${matchId}/lineups/${teamId}/previous`;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    day = await createMatchDay(ctx.prisma, { date: '2026-10-03' });
    home = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
    // Pairs 1–6 from the first twelve players, reserves 13 and 14.
    await home.put(`/api/matches/${day.match.id}/lineups/${day.home.id}`).send(lineupBody(day.homePlayers)).expect(200);
    next = await createMatchRow(ctx.prisma, { divisionId: day.division.id, homeTeamId: day.away.id, awayTeamId: day.home.id, date: '2026-10-17', round: 2, status: 'SCHEDULED' });
    // Suspended from after the first match: may not play the second (Regel 4).
    await ctx.prisma.memberSanction.create({
      data: { memberId: day.homePlayers[2], kind: 'SUSPENSION', startsOn: new Date('2026-10-10T00:00:00Z'), endsOn: new Date('2026-12-31T00:00:00Z'), reason: 'Wangedrag' },
    });
  });

  afterAll(() => ctx.close());

  it('fills the draft with the previous line-up, leaves out a suspended member saying who and why, and stores nothing', async () => {
    const res = await home.get(url(next.id)).expect(200);
    expect(res.body.fromMatch).toMatchObject({ matchId: day.match.id, date: '2026-10-03', homeTeam: day.home.name, awayTeam: day.away.name });
    expect(res.body.pairs).toHaveLength(6);
    const pair2 = res.body.pairs.find((p: { pairNumber: number }) => p.pairNumber === 2);
    expect(pair2.memberIds.filter((id: string | null) => id !== null)).toEqual([day.homePlayers[3]]);
    expect(pair2.memberIds).toContain(null);
    expect(res.body.reserves).toEqual(expect.arrayContaining([day.homePlayers[12], day.homePlayers[13]]));
    const suspended = await ctx.prisma.member.findUniqueOrThrow({ where: { id: day.homePlayers[2] } });
    expect(res.body.leftOut).toEqual([
      { memberId: suspended.id, name: expect.stringContaining(suspended.familyName), pairNumber: 2, reason: 'Geschorst van 10-10-2026 tot en met 31-12-2026 (Regel 4).' },
    ]);
    expect(await ctx.prisma.lineup.count({ where: { matchId: next.id } })).toBe(0);
  });

  it('says so in Dutch when the team has no earlier line-up this season', async () => {
    const res = await home.get(url(day.match.id)).expect(404);
    expectError(res.body, 404, 'NO_PREVIOUS_LINEUP');
    expect(res.body.error.message).toContain('nog geen eerdere wedstrijd met een spelerslijst');
  });

  it.each([
    ['the opponent\'s secretary', 'away', 403, 'OTHER_CLUB'],
    ['another club\'s secretary', 'other', 403, 'OTHER_CLUB'],
    ['the public', 'public', 401, 'UNAUTHENTICATED'],
  ] as const)('refuses %s', async (_, who, status, code) => {
    const agent = who === 'public' ? ctx.http() : (await loginAs(ctx, 'SECRETARY', who === 'away' ? day.awayClub.id : day.otherClub.id)).agent;
    const res = await agent.get(url(next.id)).expect(status);
    expectError(res.body, status, code);
  });

  it('lets the federation read it, and refuses a team that does not play the match', async () => {
    const admin = (await loginAs(ctx, 'ADMIN')).agent;
    await admin.get(url(next.id)).expect(200);
    const res = await admin.get(url(next.id, day.otherClub.id)).expect(404);
    expectError(res.body, 404, 'TEAM_NOT_IN_MATCH');
  });
});
