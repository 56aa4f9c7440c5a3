/**
 * RULES.md, finality and authority at the match: "the set starts" = the first entry or
 * signature at any table for that set, "or the start time of the match for set 1 when the
 * paper path is used". A club cannot change who sat at a table in a started set, not by
 * re-saving the line-up: on the paper path (no night opened, no table entry) set 1 has started
 * once the match's start time has passed. Dates are counted from today, so the test reads the
 * same on any day.
 */
import { todayIso } from '../src/common/dto';
import { addDays } from '../src/domain/dates';
import { type Agent, createMatchDay, expectError, lineupBody, loginAs, resetDatabase, startApp, TestContext } from './helpers';

const TODAY = todayIso();

describe('set 1 of a paper match starts at the match start time', () => {
  let ctx: TestContext;
  let admin: Agent;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
  });

  afterAll(() => ctx.close());

  async function matchOn(date: string, round: number) {
    const day = await createMatchDay(ctx.prisma, { date, round });
    const home = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
    return { day, home, url: `/api/matches/${day.match.id}/lineups/${day.home.id}` };
  }

  /** The same players with pairs 1 and 2 swapped: other players at tables 1 and 2 in set 1. */
  const swapped = (players: string[]) => [players[2], players[3], players[0], players[1], ...players.slice(4)];

  it('after the start time a club composes its line-up once, but no longer changes who sits in set 1; the federation does, with a reason', async () => {
    const { day, home, url } = await matchOn(addDays(TODAY, -1), 1);
    // The first composition after the start is the club's (Regel 5D/5E judge its moment).
    await home.put(url).send(lineupBody(day.homePlayers)).expect(200);
    // The same seating with other reserves changes nobody at a table: allowed.
    const reserves = [...day.homePlayers.slice(0, 12), day.homePlayers[13], day.homePlayers[12]];
    await home.put(url).send(lineupBody(reserves)).expect(200);
    const before = await ctx.prisma.lineupPlayer.findMany({ where: { lineup: { matchId: day.match.id, teamId: day.home.id } }, orderBy: [{ pairNumber: 'asc' }, { memberId: 'asc' }] });

    const refused = await home.put(url).send(lineupBody(swapped(day.homePlayers))).expect(422);
    expectError(refused.body, 422, 'SET_STARTED');
    expect(await ctx.prisma.lineupPlayer.findMany({ where: { lineup: { matchId: day.match.id, teamId: day.home.id } }, orderBy: [{ pairNumber: 'asc' }, { memberId: 'asc' }] })).toEqual(before);

    expectError((await admin.put(url).send(lineupBody(swapped(day.homePlayers))).expect(400)).body, 400, 'VALIDATION_FAILED');
    const corrected = await admin.put(url).send({ ...lineupBody(swapped(day.homePlayers)), reason: 'Paren 1 en 2 verwisseld op het papieren formulier' }).expect(200);
    expect(corrected.body.pairs[0].players.map((p: { memberId: string }) => p.memberId).sort()).toEqual([day.homePlayers[2], day.homePlayers[3]].sort());
  });

  it('before the start time the club still rewrites its pairs', async () => {
    const { day, home, url } = await matchOn(addDays(TODAY, 7), 2);
    await home.put(url).send(lineupBody(day.homePlayers)).expect(200);
    await home.put(url).send(lineupBody(swapped(day.homePlayers))).expect(200);
  });
});
