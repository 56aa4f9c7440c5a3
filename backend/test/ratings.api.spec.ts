/**
 * Ratings and statistics over a small seeded season (issue 24): figures computed by hand,
 * only final play counts, the public sees family names and clubs only, "niet publiceren"
 * holds on every public answer, and every protected endpoint refuses the wrong caller.
 */
import type { PlayMatch } from '../src/domain/ratings/play';
import { displayRating, rateMatches } from '../src/domain/ratings/ratings';
import {
  type Agent,
  createClub,
  createDivision,
  createListedMember,
  createMatchRow,
  createSeason,
  createTeam,
  expectError,
  loginAs,
  resetDatabase,
  startApp,
  TestContext,
} from './helpers';

type G = { winner: 'HOME' | 'AWAY'; kind: 'WON' | 'KAP' | 'KAP_TAPPED' | 'BAUNIE' | 'FAILED_BAUNIE' | 'PENALTY'; points: number; penaltyRule?: string };
const won = (winner: G['winner']): G => ({ winner, kind: 'WON', points: 2 });

describe('ratings and statistics', () => {
  let ctx: TestContext;
  const p: Record<string, { id: string; familyName: string }> = {};
  const secret = { givenNames: [] as string[], memberNumbers: [] as string[], birthDates: [] as string[] };
  let ids: { season: string; division: string; clubA: string; clubB: string; clubAName: string; match1: string; match2: string; set1: string };
  let agents: Record<'admin' | 'secretaryA' | 'secretaryB' | 'supervisor', Agent>;

  async function seat(matchId: string, setNumber: number, tableNumber: number, homePair: number, awayPair: number, score: [number, number], source: string, games?: G[]) {
    return ctx.prisma.matchSet.create({
      data: {
        matchId, setNumber, tableNumber, homePairNumber: homePair, awayPairNumber: awayPair, homePoints: score[0], awayPoints: score[1],
        source: source as 'GAMES',
        games: games ? { create: games.map((g, i) => ({ gameNumber: i + 1, winner: g.winner, kind: g.kind, points: g.points, penaltyRule: g.penaltyRule ?? null })) } : undefined,
      },
    });
  }
  async function lineup(matchId: string, teamId: string, pairs: string[][]) {
    await ctx.prisma.lineup.create({
      data: { matchId, teamId, players: { create: pairs.flatMap((pair, i) => pair.map((key) => ({ memberId: p[key].id, pairNumber: i + 1 }))) } },
    });
  }

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    const season = await createSeason(ctx.prisma, { name: '2026/2027' });
    const division = await createDivision(ctx.prisma, season.id, 'Hoofdklasse');
    const clubA = await createClub(ctx.prisma, 'Sranan Troef');
    const clubB = await createClub(ctx.prisma, 'Kaart en Kap');
    const teamA = await createTeam(ctx.prisma, division.id, clubA.id, 'Sranan Troef 1');
    const teamB = await createTeam(ctx.prisma, division.id, clubB.id, 'Kaart en Kap 1');
    for (const [key, clubId] of [['A1', clubA.id], ['A2', clubA.id], ['A3', clubA.id], ['A4', clubA.id], ['B1', clubB.id], ['B2', clubB.id], ['B3', clubB.id], ['B4', clubB.id]] as const) {
      const n = Object.keys(p).length;
      const { member } = await createListedMember(ctx.prisma, { seasonId: season.id, clubId, memberNumber: `TS-4240${n}`, familyName: `Familie${key}`, givenNames: `Geheimvoornaam${key}` });
      await ctx.prisma.member.update({ where: { id: member.id }, data: { birthDate: new Date(`1970-03-1${n}T00:00:00Z`) } });
      p[key] = { id: member.id, familyName: member.familyName };
      secret.givenNames.push(`Geheimvoornaam${key}`);
      secret.memberNumbers.push(`TS-4240${n}`);
      secret.birthDates.push(`1970-03-1${n}`);
    }
    // Match 1 (final): set 1 table 1 with games 22–2, table 2 totals 6–2; set 2 table 1 with games 7–7, table 2 credited (Regel 12A).
    const m1 = await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: teamA.id, awayTeamId: teamB.id, date: '2026-10-03', round: 1 });
    await lineup(m1.id, teamA.id, [['A1', 'A2'], ['A3', 'A4']]);
    await lineup(m1.id, teamB.id, [['B1', 'B2'], ['B3', 'B4']]);
    const s1 = await seat(m1.id, 1, 1, 1, 1, [22, 2], 'GAMES', [{ winner: 'HOME', kind: 'KAP', points: 5 }, won('HOME'), won('AWAY'), { winner: 'HOME', kind: 'BAUNIE', points: 15 }]);
    await seat(m1.id, 1, 2, 2, 2, [6, 2], 'TOTALS');
    await seat(m1.id, 2, 1, 1, 2, [7, 7], 'GAMES', [
      { winner: 'AWAY', kind: 'KAP', points: 5 },
      { winner: 'HOME', kind: 'FAILED_BAUNIE', points: 5 },
      won('HOME'),
      { winner: 'AWAY', kind: 'PENALTY', points: 2, penaltyRule: '19' },
    ]);
    await seat(m1.id, 2, 2, 2, 1, [0, 8], 'MISSING_PAIR');
    await ctx.prisma.match.update({ where: { id: m1.id }, data: { resultState: 'CONFIRMED', homePoints: 35, awayPoints: 19 } });
    // Match 2: entered, not final: not rated.
    const m2 = await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: teamB.id, awayTeamId: teamA.id, date: '2026-10-10', round: 2 });
    await lineup(m2.id, teamB.id, [['B1', 'B2'], ['B3', 'B4']]);
    await lineup(m2.id, teamA.id, [['A1', 'A2'], ['A3', 'A4']]);
    await seat(m2.id, 1, 1, 1, 1, [8, 0], 'TOTALS');
    await ctx.prisma.match.update({ where: { id: m2.id }, data: { resultState: 'ENTERED' } });
    // A forfeit, confirmed: not play.
    const m3 = await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: teamA.id, awayTeamId: teamB.id, date: '2026-10-17', round: 3, status: 'FORFEIT', forfeitingTeamId: teamB.id });
    await seat(m3.id, 1, 1, 1, 1, [8, 0], 'FORFEIT');
    await ctx.prisma.match.update({ where: { id: m3.id }, data: { resultState: 'CONFIRMED' } });
    ids = { season: season.id, division: division.id, clubA: clubA.id, clubB: clubB.id, clubAName: clubA.name, match1: m1.id, match2: m2.id, set1: s1.id };
    agents = {
      admin: (await loginAs(ctx, 'ADMIN')).agent,
      secretaryA: (await loginAs(ctx, 'SECRETARY', clubA.id)).agent,
      secretaryB: (await loginAs(ctx, 'SECRETARY', clubB.id)).agent,
      supervisor: (await loginAs(ctx, 'SUPERVISOR')).agent,
    };
  });

  afterAll(() => ctx.close());

  /** The final match 1 as the domain sees it, written out independently of the loader. */
  function expectedMatches(set1: [number, number] = [22, 2]): PlayMatch[] {
    const seatOf = (setNumber: number, tableNumber: number, home: string[], away: string[], score: [number, number], source: string) => ({
      setNumber, tableNumber, source, homePoints: score[0], awayPoints: score[1], homePlayers: home.map((k) => p[k].id), awayPlayers: away.map((k) => p[k].id), games: null,
    });
    return [
      {
        id: ids.match1, seasonId: ids.season, divisionId: ids.division, date: '2026-10-03', startTime: '20:00',
        home: { teamId: 'a', clubId: ids.clubA }, away: { teamId: 'b', clubId: ids.clubB },
        seats: [seatOf(1, 1, ['A1', 'A2'], ['B1', 'B2'], set1, 'TOTALS'), seatOf(1, 2, ['A3', 'A4'], ['B3', 'B4'], [6, 2], 'TOTALS'), seatOf(2, 1, ['A1', 'A2'], ['B3', 'B4'], [7, 7], 'TOTALS')],
      },
    ];
  }

  it('statistics of a player match the hand-computed figures (games, kap, baunie, penalties; a credited seat is not play)', async () => {
    const res = await ctx.http().get(`/api/public/players/${p.A1.id}`).expect(200);
    expect(res.body.player).toEqual({ id: p.A1.id, name: 'FamilieA1', clubName: 'Sranan Troef' });
    expect(res.body.career).toEqual({
      sets: 2, pointsFor: 29, pointsAgainst: 9, pointsShare: 76.3, won: 1, drawn: 1, lost: 0, setsWithGames: 2,
      gamesWon: 5, gamesLost: 3, kaps: 1, kapsConceded: 1, baunies: 1, bauniesConceded: 0, failedBaunies: 0, penalties: 1,
    });
    expect(res.body.partners).toEqual([{ partner: { id: p.A2.id, name: 'FamilieA2', clubName: 'Sranan Troef' }, tally: res.body.career }]);
    expect(res.body.opponentClubs).toEqual([{ clubId: ids.clubB, clubName: 'Kaart en Kap', tally: res.body.career }]);
    expect(res.body.seasons).toEqual([{ seasonId: ids.season, seasonName: '2026/2027', tally: res.body.career }]);
    expect(res.body.recentMatches).toEqual([{ matchId: ids.match1, date: '2026-10-03', opponentClubName: 'Kaart en Kap', sets: 2, pointsFor: 29, pointsAgainst: 9 }]);
  });

  it('the other side: a failed baunie, and a set entered as totals gives unknown counts (null), not 0', async () => {
    const b3 = (await ctx.http().get(`/api/public/players/${p.B3.id}`).expect(200)).body;
    expect(b3.career).toMatchObject({ sets: 2, won: 0, drawn: 1, lost: 1, pointsFor: 9, pointsAgainst: 13, pointsShare: 40.9, setsWithGames: 1, gamesWon: 2, kaps: 1, failedBaunies: 1, penalties: 0 });
    const a3 = (await ctx.http().get(`/api/public/players/${p.A3.id}`).expect(200)).body;
    expect(a3.career).toMatchObject({ sets: 1, won: 1, pointsFor: 6, pointsAgainst: 2, setsWithGames: 0, gamesWon: null, kaps: null, baunies: null, failedBaunies: null, penalties: null });
  });

  it('ratings equal the rating rules over the final play only, in percent, voorlopig with few sets', async () => {
    const expected = rateMatches(expectedMatches()).ratings;
    const list = (await ctx.http().get('/api/public/ratings').expect(200)).body;
    expect(list.entries).toHaveLength(8);
    for (const key of ['A1', 'B1', 'A3', 'B3']) {
      const entry = list.entries.find((e: { player: { id: string } }) => e.player.id === p[key].id);
      expect(entry).toMatchObject({ rating: displayRating(expected.get(p[key].id)!), sets: expected.get(p[key].id)!.sets, provisional: true });
    }
    expect(list.entries.find((e: { player: { id: string } }) => e.player.id === p.A1.id).sets).toBe(2);
    expect(list.entries.find((e: { player: { id: string } }) => e.player.id === p.B1.id).sets).toBe(1);
    const ratings = list.entries.map((e: { rating: number }) => e.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const history = (await ctx.http().get(`/api/public/players/${p.A1.id}`).expect(200)).body.history;
    expect(history).toEqual([{ date: '2026-10-03', matchId: ids.match1, rating: displayRating(expected.get(p.A1.id)!), sets: 2 }]);
  });

  it('a division list, sorting by name, and the CSV export', async () => {
    const byName = (await ctx.http().get(`/api/public/ratings?divisionId=${ids.division}&sort=name`).expect(200)).body;
    expect(byName.title).toContain('Hoofdklasse');
    expect(byName.entries.map((e: { player: { name: string } }) => e.player.name)).toEqual(['FamilieA1', 'FamilieA2', 'FamilieA3', 'FamilieA4', 'FamilieB1', 'FamilieB2', 'FamilieB3', 'FamilieB4']);
    const csv = await ctx.http().get(`/api/public/ratings.csv?divisionId=${ids.division}`).expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split(/\r\n/);
    expect(lines[0]).toBe('Plaats;Speler;Vereniging;Rating (%);Voorlopig;Sets');
    expect(lines).toHaveLength(9);
    const bad = await ctx.http().get('/api/public/ratings?sort=shoesize').expect(400);
    expectError(bad.body, 400);
  });

  it('the pair page counts only the sets the two played together', async () => {
    const pair = (await ctx.http().get(`/api/public/pairs/${p.B3.id}/${p.B4.id}`).expect(200)).body;
    expect(pair.players.map((x: { name: string }) => x.name)).toEqual(['FamilieB3', 'FamilieB4']);
    expect(pair.career).toMatchObject({ sets: 2, pointsFor: 9, pointsAgainst: 13 });
    await ctx.http().get(`/api/public/pairs/${p.A1.id}/${p.B1.id}`).expect(404);
  });

  it('a match that becomes final is rated at the next read (incremental), a correction as if entered right', async () => {
    await ctx.prisma.match.update({ where: { id: ids.match1 }, data: { version: { increment: 1 } } });
    await ctx.prisma.matchSet.update({ where: { id: ids.set1 }, data: { homePoints: 2, awayPoints: 6, source: 'TOTALS' } });
    await ctx.prisma.game.deleteMany({ where: { matchSetId: ids.set1 } });
    const corrected = rateMatches(expectedMatches([2, 6])).ratings;
    const a1 = (await ctx.http().get(`/api/public/players/${p.A1.id}`).expect(200)).body;
    expect(a1.rating).toBe(displayRating(corrected.get(p.A1.id)!));
    expect(a1.career).toMatchObject({ sets: 2, lost: 1, drawn: 1, setsWithGames: 1 });
    // Match 2 becomes final: B1/B2 beat A1/A2 8–0 on top of the corrected match 1.
    await ctx.prisma.match.update({ where: { id: ids.match2 }, data: { resultState: 'CONFIRMED' } });
    const b1 = (await ctx.http().get(`/api/public/players/${p.B1.id}`).expect(200)).body;
    const m2: PlayMatch = {
      ...expectedMatches()[0], id: ids.match2, date: '2026-10-10',
      seats: [{ setNumber: 1, tableNumber: 1, source: 'TOTALS', homePoints: 8, awayPoints: 0, homePlayers: [p.B1.id, p.B2.id], awayPlayers: [p.A1.id, p.A2.id], games: null }],
    };
    const after = rateMatches([...expectedMatches([2, 6]), m2]).ratings;
    expect(b1.rating).toBe(displayRating(after.get(p.B1.id)!));
    expect(b1.history.map((h: { sets: number }) => h.sets)).toEqual([1, 2]);
  });

  it('two matches of one evening made final in either order are rated in the fixed order (checked by the recomputation below)', async () => {
    const [teamA, teamB] = [await ctx.prisma.team.findFirstOrThrow({ where: { clubId: ids.clubA } }), await ctx.prisma.team.findFirstOrThrow({ where: { clubId: ids.clubB } })];
    const evening = [];
    for (const round of [10, 11]) {
      const m = await createMatchRow(ctx.prisma, { divisionId: ids.division, homeTeamId: round === 10 ? teamA.id : teamB.id, awayTeamId: round === 10 ? teamB.id : teamA.id, date: '2026-11-07', round });
      await lineup(m.id, round === 10 ? teamA.id : teamB.id, round === 10 ? [['A1', 'A2'], ['A3', 'A4']] : [['B1', 'B3'], ['B2', 'B4']]);
      await lineup(m.id, round === 10 ? teamB.id : teamA.id, round === 10 ? [['B1', 'B3'], ['B2', 'B4']] : [['A1', 'A3'], ['A2', 'A4']]);
      await seat(m.id, 1, 1, 1, 1, round === 10 ? [6, 2] : [2, 9], 'TOTALS');
      evening.push(m);
    }
    // The one later in the fixed order (the greater id) first.
    evening.sort((a, b) => (a.id < b.id ? 1 : -1));
    for (const m of evening) {
      await ctx.prisma.match.update({ where: { id: m.id }, data: { resultState: 'CONFIRMED' } });
      const list = (await ctx.http().get('/api/public/ratings').expect(200)).body;
      expect(list.entries.length).toBe(8);
    }
    const a1 = (await ctx.http().get(`/api/public/players/${p.A1.id}`).expect(200)).body;
    expect(a1.history.map((h: { date: string }) => h.date)).toEqual(['2026-10-03', '2026-10-10', '2026-11-07', '2026-11-07']);
    expect(a1.sets).toBe(5);
  });

  it('the administrator recomputes with progress; the result is the same', async () => {
    const before = (await ctx.http().get('/api/public/ratings').expect(200)).body.entries;
    const job = (await agents.admin.post('/api/ratings/recompute').expect(201)).body;
    expect(job.status).toBe('RUNNING');
    let state = job;
    for (const deadline = Date.now() + 20_000; state.status === 'RUNNING' && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 50));
      state = (await agents.admin.get(`/api/ratings/jobs/${job.id}`).expect(200)).body;
    }
    expect(state).toMatchObject({ status: 'DONE', done: 4, total: 4, error: null });
    expect((await ctx.http().get('/api/public/ratings').expect(200)).body.entries).toEqual(before);
  });

  describe('privacy', () => {
    const publicUrls = () => [
      '/api/public/ratings',
      `/api/public/ratings?divisionId=${ids.division}`,
      `/api/public/ratings?seasonId=${ids.season}`,
      `/api/public/ratings.csv`,
      `/api/public/clubs/${ids.clubA}/players`,
      `/api/public/clubs/${ids.clubB}/players`,
      ...Object.values(p).map((x) => `/api/public/players/${x.id}`),
      `/api/public/pairs/${p.A1.id}/${p.A2.id}`,
      `/api/public/pairs/${p.A3.id}/${p.A4.id}`,
    ];

    it('no public answer holds a given name, member number or birth date', async () => {
      for (const url of publicUrls()) {
        const res = await ctx.http().get(url);
        expect([200, 404]).toContain(res.status);
        for (const value of [...secret.givenNames, ...secret.memberNumbers, ...secret.birthDates]) expect(res.text).not.toContain(value);
      }
    });

    it('"niet publiceren": only the own club\u2019s secretary or the federation sets it', async () => {
      const url = `/api/members/${p.A4.id}/publication`;
      expect((await ctx.http().put(url).send({ doNotPublish: true })).status).toBe(401);
      for (const who of ['secretaryB', 'supervisor'] as const) expectError((await agents[who].put(url).send({ doNotPublish: true }).expect(403)).body, 403);
      expectError((await agents.secretaryA.put(url).send({ doNotPublish: 'ja' }).expect(400)).body, 400);
      expectError((await agents.secretaryA.put(url).send({ doNotPublish: true, extra: 1 }).expect(400)).body, 400);
      expect((await agents.secretaryA.put(url).send({ doNotPublish: true }).expect(200)).body).toEqual({ memberId: p.A4.id, doNotPublish: true });
      const audit = await ctx.prisma.auditLog.findFirstOrThrow({ where: { entityId: p.A4.id, action: 'member.publication' } });
      expect(audit).toMatchObject({ before: { doNotPublish: false }, after: { doNotPublish: true } });
    });

    it('"niet publiceren" holds on every public answer: "speler van <club>", in no list, no page of their own', async () => {
      for (const url of publicUrls()) {
        const res = await ctx.http().get(url);
        expect(res.text).not.toContain('FamilieA4');
        expect(res.text).not.toContain(p.A4.id.slice(0, 8) + p.A4.id.slice(8)); // no link to the member
      }
      await ctx.http().get(`/api/public/players/${p.A4.id}`).expect(404);
      await ctx.http().get(`/api/public/pairs/${p.A3.id}/${p.A4.id}`).expect(404);
      const a3 = (await ctx.http().get(`/api/public/players/${p.A3.id}`).expect(200)).body;
      expect(a3.partners.map((x: { partner: unknown }) => x.partner)).toContainEqual({ id: null, name: `speler van ${ids.clubAName}`, clubName: ids.clubAName });
      const list = (await ctx.http().get('/api/public/ratings').expect(200)).body;
      expect(list.entries).toHaveLength(7);
    });

    it('the own club\u2019s secretary and the federation see full names, the flag included', async () => {
      for (const who of ['secretaryA', 'admin'] as const) {
        const rows = (await agents[who].get(`/api/clubs/${ids.clubA}/ratings`).expect(200)).body;
        expect(rows).toHaveLength(4);
        expect(rows.find((r: { memberId: string }) => r.memberId === p.A4.id)).toMatchObject({ fullName: 'GeheimvoornaamA4 FamilieA4', doNotPublish: true });
      }
    });
  });

  describe('who may do what', () => {
    const cases: [string, 'get' | 'post', () => string, readonly ('secretaryA' | 'secretaryB' | 'supervisor')[]][] = [
      ['a club\u2019s member ratings', 'get', () => `/api/clubs/${ids.clubA}/ratings`, ['secretaryB', 'supervisor']],
      ['start a recomputation', 'post', () => '/api/ratings/recompute', ['secretaryA', 'secretaryB', 'supervisor']],
      ['read a recomputation', 'get', () => '/api/ratings/jobs/00000000-0000-4000-8000-000000000000', ['secretaryA', 'secretaryB', 'supervisor']],
    ];
    describe.each(cases)('%s', (_name, method, url, refused) => {
      it('is refused without login (401)', async () => {
        expectError((await ctx.http()[method](url()).expect(401)).body, 401, 'UNAUTHENTICATED');
      });
      it.each([...refused])('is refused for %s (403)', async (who) => {
        expectError((await agents[who][method](url()).expect(403)).body, 403);
      });
    });

    it('stores no job for refused callers', async () => {
      expect(await ctx.prisma.ratingJob.count()).toBe(1);
    });
  });
});
