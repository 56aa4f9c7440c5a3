/**
 * Issue 47 item 2: a match's logboek (GET /api/matches/{id}/history) names the set and the
 * table of what happened at a seat, says "ondertekend" for a signature (also one given on the
 * entering phone) and "corrigeerde" for the supervisor's change of a signed score, "besliste"
 * for a decision on a refusal.
 */
import { todayIso } from '../src/common/dto';
import { type Agent, createMatchDay, loginAs, openMatchNight, resetDatabase, seatGames, startApp, TestContext } from './helpers';

describe('the match logboek in words: seat, signature, correction', () => {
  let ctx: TestContext;
  let admin: Agent;
  let supervisor: Agent;
  let url: string;
  let codes: Record<number, string>;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
    supervisor = (await loginAs(ctx, 'SUPERVISOR')).agent;
    const day = await createMatchDay(ctx.prisma, { date: todayIso(), round: 1 });
    url = `/api/matches/${day.match.id}`;
    ({ codes } = await openMatchNight(ctx, day));
  });

  afterAll(() => ctx.close());

  const table = (n: number) => `/api/table/${codes[n]}`;
  const lines = async () => ((await admin.get(`${url}/history`).expect(200)).body as { action: string; description: string }[]).map((e) => e.description);

  it('names the seat of an entry, of a signature on the same phone, of a signature and of a refusal', async () => {
    await ctx.http().put(`${table(1)}/sets/1`).send({ enteredBy: 'HOME', signedBy: 'AWAY', games: seatGames(1, 1) }).expect(200);
    await ctx.http().put(`${table(2)}/sets/1`).send({ enteredBy: 'HOME', games: seatGames(1, 2) }).expect(200);
    await ctx.http().post(`${table(2)}/sets/1/sign`).send({ side: 'AWAY' }).expect(200);
    await ctx.http().put(`${table(3)}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 8, away: 0 } }).expect(200);
    await ctx.http().post(`${table(3)}/sets/1/refuse`).send({ side: 'AWAY', comment: 'Partij 3 was voor ons' }).expect(200);
    expect(await lines()).toEqual(
      expect.arrayContaining([
        'Set 1 aan tafel 1 ingevoerd en ondertekend door het andere koppel (op hetzelfde toestel)',
        'Set 1 aan tafel 2 ingevoerd, nog niet ondertekend',
        'Set 1 aan tafel 2 ondertekend door het andere koppel',
        'Set 1 aan tafel 3 ingevoerd, nog niet ondertekend',
        'Set 1 aan tafel 3 niet ondertekend: voorgelegd aan de wedstrijdleider',
      ]),
    );
  });

  it('a decision on a refusal "besliste"; a changed signed score "corrigeerde", by the supervisor or the federation', async () => {
    await supervisor.post(`${url}/sets/1/tables/3/decision`).send({ totals: { home: 6, away: 2 }, reason: 'Beide koppels gehoord' }).expect(200);
    await supervisor.post(`${url}/sets/1/tables/2/decision`).send({ totals: { home: 0, away: 8 }, reason: 'Scorebriefje: andersom genoteerd' }).expect(200);
    await admin.post(`${url}/sets/1/tables/1/decision`).send({ totals: { home: 2, away: 6 }, reason: 'Op verzoek van beide teams, na het scorebriefje' }).expect(200);
    const all = await lines();
    expect(all).toEqual(
      expect.arrayContaining([
        'De wedstrijdleider besliste over set 1 aan tafel 3',
        'De wedstrijdleider corrigeerde de ondertekende set 1 aan tafel 2',
        'De bond corrigeerde de ondertekende set 1 aan tafel 1',
      ]),
    );
    expect(all.filter((line) => line === 'Wedstrijdleider besliste over een set' || line === 'Set ingevoerd aan tafel')).toEqual([]);
  });
});
