/**
 * One order of a pair's players (issue 23 item 11): the table's phone and the live pages name
 * the two players of a pair in the same order (domain/pair-order.ts), whatever order the
 * secretary chose them in.
 */
import { todayIso } from '../src/common/dto';
import { createMatchDay, lineupBody, loginAs, resetDatabase, startApp, TestContext } from './helpers';

describe('pair order on the table page and the live page', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
  });

  afterAll(() => ctx.close());

  it('names the players of a pair in the same order on both, in every set of tables 1 and 2, whatever order the secretary chose them in', async () => {
    const day = await createMatchDay(ctx.prisma, { date: todayIso(), round: 1 });
    const url = `/api/matches/${day.match.id}`;
    // Pair 1 chosen as Zwart, Abena; pair 2 as Bakboord, Wijdenbosch (already in order).
    const names = ['Zwart', 'Abena', 'Bakboord', 'Wijdenbosch'];
    for (const [i, familyName] of names.entries()) await ctx.prisma.member.update({ where: { id: day.homePlayers[i] }, data: { familyName } });
    const home = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
    const away = (await loginAs(ctx, 'SECRETARY', day.awayClub.id)).agent;
    await home.put(`${url}/lineups/${day.home.id}`).send(lineupBody(day.homePlayers)).expect(200);
    await away.put(`${url}/lineups/${day.away.id}`).send(lineupBody(day.awayPlayers)).expect(200);
    const night = await home.post(`${url}/night`).expect(200);
    const codes = new Map<number, string>(night.body.tables.map((t: { tableNumber: number; code: string }) => [t.tableNumber, t.code]));

    const live = (await ctx.http().get(`/api/public/matches/${day.match.id}/live`).expect(200)).body;
    for (const tableNumber of [1, 2]) {
      const table = (await ctx.http().get(`/api/table/${codes.get(tableNumber)}`).expect(200)).body;
      for (const set of table.sets as { setNumber: number; homePair: { names: string[] }; awayPair: { names: string[] } }[]) {
        const seat = live.sets.find((s: { setNumber: number }) => s.setNumber === set.setNumber).tables.find((t: { tableNumber: number }) => t.tableNumber === tableNumber);
        expect(seat.homeNames).toEqual(set.homePair.names);
        expect(seat.awayNames).toEqual(set.awayPair.names);
      }
    }
    const table1 = (await ctx.http().get(`/api/table/${codes.get(1)}`).expect(200)).body;
    expect(table1.sets[0].homePair.names).toEqual(['Abena', 'Zwart']);
    expect(live.sets[0].tables[0].homeNames).toEqual(['Abena', 'Zwart']);
  });
});
