/**
 * Issue 13, items 6 and 7, through the API: a player who plays without being on the
 * line-up is a Regel 4 case (Regel 5C, 13); the penalties the rulebook gives can be
 * recorded (Regel 17, 17A, 24, 35A, 38); and the supervisor's actions: a player removed
 * (Regel 38) and games at the wrong table voided (Regel 22).
 */
import {
  type Agent,
  createMatchDay,
  fullResultSets,
  lineupBody,
  loginAs,
  resetDatabase,
  startApp,
  TestContext,
} from './helpers';

type Day = Awaited<ReturnType<typeof createMatchDay>>;

// A whole match day per case; the machine is shared, so allow it time.
jest.setTimeout(60_000);

describe('match penalties API', () => {
  let ctx: TestContext;
  let admin: Agent;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
  });

  afterAll(() => ctx.close());

  async function matchDay(options: Parameters<typeof createMatchDay>[1] = {}) {
    const day = await createMatchDay(ctx.prisma, { playersPerClub: 15, ...options });
    const home = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
    const away = (await loginAs(ctx, 'SECRETARY', day.awayClub.id)).agent;
    return { day, home, away, url: `/api/matches/${day.match.id}` };
  }

  async function lineups(m: { day: Day; home: Agent; away: Agent; url: string }) {
    await m.home.put(`${m.url}/lineups/${m.day.home.id}`).send(lineupBody(m.day.homePlayers)).expect(200);
    await m.away.put(`${m.url}/lineups/${m.day.away.id}`).send(lineupBody(m.day.awayPlayers)).expect(200);
  }

  async function version(url: string): Promise<number> {
    return (await ctx.http().get(url).expect(200)).body.version;
  }

  describe('a player not on the line-up is a Regel 4 case (Regel 5C, 13)', () => {
    // Each row: who comes in for home pair 2 in set 4 → Regel 4 (loss + deduction) or Regel 14 (8–0 from that set on).
    test.each<[string, (day: Day) => string, { regel4: boolean; credited: number }]>([
      ['a club member on the member list but not on the line-up: Regel 4, no 8–0', (day) => day.homePlayers[14], { regel4: true, credited: 0 }],
      ['a player of the other club, not on the line-up: Regel 4, no 8–0', (day) => day.awayPlayers[14], { regel4: true, credited: 0 }],
      ['a reserve from the line-up: legal', (day) => day.homePlayers[12], { regel4: false, credited: 0 }],
      ['a player of pair 3 (on the line-up): Regel 14, 8–0 in sets 4–6', (day) => day.homePlayers[4], { regel4: false, credited: 3 }],
    ])('%s', async (_name, incoming, expected) => {
      const m = await matchDay({ round: 1 });
      await lineups(m);
      const sub = await m.home
        .post(`${m.url}/substitutions`)
        .send({ teamId: m.day.home.id, setNumber: 4, pairNumber: 2, outMemberId: m.day.homePlayers[2], inMemberId: incoming(m.day) })
        .expect(201);
      if (expected.regel4) expect(sub.body.violation).toContain('Regel 4');
      const detail = await ctx.http().get(m.url).expect(200);
      const credited = detail.body.sets.filter((s: { credited: boolean }) => s.credited);
      expect(credited).toHaveLength(expected.credited);

      // The home team wins on points (fullResultSets favours it).
      const skip = credited.map((s: { setNumber: number; tableNumber: number }) => `${s.setNumber}/${s.tableNumber}`);
      const entered = await m.home.put(`${m.url}/result`).send({ version: await version(m.url), sets: fullResultSets(skip) }).expect(200);
      expect(entered.body.homePoints).toBeGreaterThan(entered.body.awayPoints);
      const confirmed = await m.away.post(`${m.url}/confirm`).send({ version: entered.body.version }).expect(200);
      if (expected.regel4) {
        expect(confirmed.body).toMatchObject({ homeIneligible: true, awayIneligible: false, winner: 'AWAY' });
        expect(confirmed.body.deductions).toEqual([{ teamId: m.day.home.id, points: 3, rule: '4', reason: expect.stringContaining('niet op de spelerslijst') }]);
      } else {
        expect(confirmed.body).toMatchObject({ homeIneligible: false, winner: 'HOME', deductions: [] });
      }
    });

    it('undoing the substitution undoes the Regel 4 loss (administrator, with a reason)', async () => {
      const m = await matchDay({ round: 2 });
      await lineups(m);
      const sub = await m.home
        .post(`${m.url}/substitutions`)
        .send({ teamId: m.day.home.id, setNumber: 4, pairNumber: 2, outMemberId: m.day.homePlayers[2], inMemberId: m.day.homePlayers[14] })
        .expect(201);
      const entered = await m.home.put(`${m.url}/result`).send({ version: await version(m.url), sets: fullResultSets() }).expect(200);
      await m.away.post(`${m.url}/confirm`).send({ version: entered.body.version }).expect(200);
      await admin.delete(`${m.url}/substitutions/${sub.body.id}`).query({ reason: 'Wissel verkeerd overgenomen van het formulier' }).expect(204);
      const after = await ctx.http().get(m.url).expect(200);
      expect(after.body).toMatchObject({ homeIneligible: false, winner: 'HOME', deductions: [] });
    });
  });
});
