import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Agent,
  createClub,
  createDivision,
  createMatchRow,
  createSeason,
  createTeam,
  expectError,
  loginAs,
  resetDatabase,
  startApp,
  syntheticSeasonDocument,
  TestContext,
  unique,
} from './helpers';

type Row = { position: number; shared: boolean; teamName: string; decidedBy: string | null; [key: string]: unknown };

const exampleDocument = () => JSON.parse(readFileSync(join(__dirname, '..', '..', 'docs', 'season-example.json'), 'utf8'));

/** "position team decidedBy (shared)", one string per row: reads like the printed table. */
const summary = (rows: Row[]) => rows.map((r) => `${r.position} ${r.teamName} ${r.decidedBy ?? '-'}${r.shared ? ' gedeeld' : ''}`);

/** The rows without ids, for comparing two imports of the same season. */
const withoutIds = (rows: Row[]) => rows.map(({ teamId: _t, clubId: _c, ...rest }) => rest);

describe('standings and season files API', () => {
  let ctx: TestContext;
  let admin: Agent;
  let imported: { seasonId: string; divisions: Record<string, string> };

  async function importDocument(document: object) {
    const res = await admin.post('/api/seasons/import').send(document);
    expect(res.status).toBe(201);
    const divisions = await ctx.http().get(`/api/seasons/${res.body.seasonId}/divisions`).expect(200);
    return { seasonId: res.body.seasonId as string, result: res.body, divisions: Object.fromEntries(divisions.body.map((d: { name: string; id: string }) => [d.name, d.id])) as Record<string, string> };
  }

  const standings = async (divisionId: string, query = '') => (await ctx.http().get(`/api/divisions/${divisionId}/standings${query}`).expect(200)).body;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
    imported = await importDocument(exampleDocument());
  });

  afterAll(() => ctx.close());

  describe('import of the README example', () => {
    it('stores the season with its divisions, teams, clubs, sets, deductions and play-offs', async () => {
      const season = await ctx.prisma.season.findUniqueOrThrow({ where: { id: imported.seasonId }, include: { divisions: { include: { teams: true } } } });
      expect(season.name).toBe('2019/2020');
      expect(season.divisions.flatMap((d) => d.teams)).toHaveLength(8);
      expect(await ctx.prisma.club.count()).toBe(8);
      // 36 played sets and 36 credited sets of the forfeit (Regel 7), on the table plan.
      const sets = await ctx.prisma.matchSet.findMany({ where: { match: { division: { seasonId: imported.seasonId } } } });
      expect(sets).toHaveLength(72);
      expect(sets.filter((s) => s.source === 'FORFEIT').every((s) => s.homePoints === 8 && s.awayPoints === 0)).toBe(true);
      expect(await ctx.prisma.match.count({ where: { division: { seasonId: imported.seasonId }, resultState: 'CONFIRMED' } })).toBe(18);
      const audit = await ctx.prisma.auditLog.findFirst({ where: { action: 'season.import', entityId: imported.seasonId } });
      expect(audit?.after).toMatchObject({ matches: 18, clubsCreated: expect.arrayContaining(['Kaiman', 'Albina Aces']) });
    });

    it('gives the standings of RULES.md: forfeit, cancelled, not played, ineligible player and deductions', async () => {
      const body = await standings(imported.divisions.Hoofdklasse);
      expect(Object.keys(body).sort()).toEqual(['asOf', 'divisionId', 'final', 'provisional', 'provisionalMatches', 'round', 'rounds', 'rows', 'settings']);
      expect(body.settings).toEqual({ pointsWin: 3, pointsDraw: 1, pointsLoss: 0, cancelledMatchPoints: 'FROM_AVERAGES' });
      expect(body.final).toBe(true); // the season ended in 2020
      expect(summary(body.rows)).toEqual(['1 Kaiman 1 HEAD_TO_HEAD', '2 Paramaribo Boys 1 HEAD_TO_HEAD', '3 Wanica Kaarters 1 -', '4 Sranan Troef 1 -']);
      const pick = (r: Row) => [r.played, r.won, r.drawn, r.lost, r.competitionPoints, r.deductions, r.total];
      expect(body.rows.map(pick)).toEqual([
        [6, 3, 0, 3, 9, 0, 9], // won round 5 although outscored: Sranan fielded an ineligible player (Regel 4)
        [6, 3, 0, 3, 9, 0, 9], // lost the cancelled match (Regel 8): averages 140–152
        [5, 3, 0, 2, 9, 3, 6], // won the forfeit; Regel 6 deduction
        [5, 2, 0, 3, 6, 6, 0], // won the cancelled match; Regel 6 and Regel 4 deductions
      ]);
      const wanica = body.rows[2];
      expect(wanica.pointsFor - wanica.pointsAgainst).toBe(wanica.pointsDifference);
      expect(body.rows[3].deductionDetails).toEqual([
        { points: 3, rule: '6', reason: 'Gespeeld zonder tafelscherm' },
        { points: 3, rule: '4', reason: 'Niet-speelgerechtigde speler opgesteld' },
      ]);
      expect(body.rows[0]).toMatchObject({ note: 'Onderling resultaat', clubName: 'Kaiman', shared: false });
      expect(body.rounds).toEqual([1, 2, 3, 4, 5, 6]);
      expect(new Date(body.asOf).getTime()).not.toBeNaN();
    });

    it('counts the forfeit 288–0 and the cancelled match with the averages in game points', async () => {
      const body = await standings(imported.divisions.Hoofdklasse);
      const totals = body.rows.reduce((s: number, r: Row) => s + (r.pointsFor as number) - (r.pointsAgainst as number), 0);
      expect(totals).toBe(0);
      const forfeit = await ctx.prisma.match.findFirstOrThrow({ where: { divisionId: imported.divisions.Hoofdklasse, status: 'FORFEIT' } });
      expect([forfeit.homePoints, forfeit.awayPoints]).toEqual([288, 0]);
      const cancelled = await ctx.prisma.match.findFirstOrThrow({ where: { divisionId: imported.divisions.Hoofdklasse, status: 'CANCELLED' } });
      expect(cancelled.awayPoints).toBe(152); // Sranan Troef: (167 + 136) / 2, half up
    });

    it('decides a tie equal on everything by the recorded play-off, and shares the position otherwise', async () => {
      const body = await standings(imported.divisions['Eerste klasse']);
      expect(summary(body.rows)).toEqual(['1 Marowijne 1 PLAYOFF', '2 Coronie Kap 1 PLAYOFF', '3 Albina Aces 1 - gedeeld', '3 Nickerie Stars 1 - gedeeld']);
      expect(body.rows.map((r: Row) => r.note)).toEqual(['Beslissingswedstrijd gewonnen', 'Beslissingswedstrijd verloren', 'Beslissingswedstrijd nodig', 'Beslissingswedstrijd nodig']);
      expect(body.rows[2].playoffNeeded).toBe(true);
    });

    it('gives the standings after round N, without later deductions and without the end-of-season play-off', async () => {
      const afterThree = await standings(imported.divisions.Hoofdklasse, '?round=3');
      expect(afterThree.round).toBe(3);
      // Three teams on 6 points (Sranan Troef won the cancelled match 152–140): a circle, the mini-table difference decides.
      expect(summary(afterThree.rows)).toEqual(['1 Sranan Troef 1 HEAD_TO_HEAD', '2 Wanica Kaarters 1 HEAD_TO_HEAD', '3 Kaiman 1 HEAD_TO_HEAD', '4 Paramaribo Boys 1 -']);
      expect(afterThree.rows.every((r: Row) => r.deductions === 0)).toBe(true);
      const afterTwo = await standings(imported.divisions['Eerste klasse'], '?round=2');
      expect(summary(afterTwo.rows)).toEqual(['1 Coronie Kap 1 - gedeeld', '1 Marowijne 1 - gedeeld', '3 Albina Aces 1 - gedeeld', '3 Nickerie Stars 1 - gedeeld']);
    });

    it('gives every team its position after every round, for the chart', async () => {
      const res = await ctx.http().get(`/api/divisions/${imported.divisions.Hoofdklasse}/standings/positions`).expect(200);
      expect(res.body.rounds).toEqual([1, 2, 3, 4, 5, 6]);
      expect(res.body.teamCount).toBe(4);
      const byName = Object.fromEntries(res.body.teams.map((t: { teamName: string; positions: number[] }) => [t.teamName, t.positions]));
      expect(byName['Sranan Troef 1'][2]).toBe(1);
      expect(byName['Kaiman 1'][5]).toBe(1);
      expect(byName['Sranan Troef 1'][5]).toBe(4);
    });

    it('refuses a round that is not a whole number of 1 or more, and an unknown division', async () => {
      const bad = await ctx.http().get(`/api/divisions/${imported.divisions.Hoofdklasse}/standings?round=0`).expect(400);
      expectError(bad.body, 400, 'VALIDATION_FAILED');
      expect(bad.body.error.details[0].field).toBe('round');
      const missing = await ctx.http().get('/api/divisions/00000000-0000-4000-8000-000000000000/standings').expect(404);
      expectError(missing.body, 404);
    });
  });

  describe('export', () => {
    it('exports the imported season as the document it came from (same standings when imported again)', async () => {
      const exported = await admin.get(`/api/seasons/${imported.seasonId}/export`).expect(200);
      expect(exported.headers['content-disposition']).toBe('attachment; filename=seizoen-2019-2020.json');
      expect(exported.body.matches).toHaveLength(18);
      expect(exported.body.deductions).toContainEqual({ division: 'Hoofdklasse', team: 'Sranan Troef 1', points: 3, rule: '4', reason: 'Niet-speelgerechtigde speler opgesteld', round: 5 });
      expect(exported.body.matches.find((m: { status: string }) => m.status === 'FORFEIT')).toMatchObject({ forfeitedBy: 'away', sets: expect.any(Array) });
      expect(exported.body.matches.find((m: { ineligible?: string[] }) => m.ineligible)).toMatchObject({ ineligible: ['home'], score: [151, 139] });

      const again = await importDocument({ ...exported.body, season: { ...exported.body.season, name: '2019/2020 (kopie)' } });
      expect(again.result.clubsCreated).toEqual([]);
      for (const division of ['Hoofdklasse', 'Eerste klasse']) {
        for (const query of ['', '?round=2', '?round=5']) {
          const [first, second] = [await standings(imported.divisions[division], query), await standings(again.divisions[division], query)];
          expect(withoutIds(second.rows)).toEqual(withoutIds(first.rows));
        }
      }
      // and the export of the copy is the same document, but for the name
      const exportedAgain = await admin.get(`/api/seasons/${again.seasonId}/export`).expect(200);
      expect({ ...exportedAgain.body, season: { ...exportedAgain.body.season, name: 'x' } }).toEqual({ ...exported.body, season: { ...exported.body.season, name: 'x' } });
    });

    it('exports a result that is not confirmed yet as a fixture without score', async () => {
      const season = await createSeason(ctx.prisma);
      const division = await createDivision(ctx.prisma, season.id, 'Hoofdklasse');
      const club = await createClub(ctx.prisma);
      const [home, away] = [await createTeam(ctx.prisma, division.id, club.id, 'A 1'), await createTeam(ctx.prisma, division.id, club.id, 'A 2')];
      await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: home.id, awayTeamId: away.id, round: 1 });
      await ctx.prisma.match.updateMany({ where: { divisionId: division.id }, data: { resultState: 'ENTERED', homePoints: 150, awayPoints: 138 } });
      const exported = await admin.get(`/api/seasons/${season.id}/export`).expect(200);
      expect(exported.body.matches).toEqual([{ division: 'Hoofdklasse', round: 1, date: '2026-10-03', startTime: '20:00', home: 'A 1', away: 'A 2', status: 'SCHEDULED' }]);
    });
  });

  describe('import validation', () => {
    async function storedCounts() {
      const [seasons, clubs, matches, sets] = await Promise.all([ctx.prisma.season.count(), ctx.prisma.club.count(), ctx.prisma.match.count(), ctx.prisma.matchSet.count()]);
      return { seasons, clubs, matches, sets };
    }

    it('lists every problem in Dutch with its path and stores nothing', async () => {
      const before = await storedCounts();
      const document = exampleDocument();
      document.season.name = unique('Foutief seizoen');
      document.divisions[0].teams.push({ name: 'Nieuw 1', club: 'Een nieuwe vereniging' });
      document.matches[12].home = 'Kaiman 1';
      document.matches[0].sets[4] = [7, 0];
      document.deductions[1].points = 0;
      const res = await admin.post('/api/seasons/import').send(document).expect(400);
      expectError(res.body, 400, 'INVALID_SEASON_DOCUMENT');
      expect(res.body.error.message).toBe('Het seizoensbestand bevat 3 problemen; er is niets opgeslagen.');
      expect(res.body.error.details).toEqual([
        { field: 'matches[0].sets[4]', message: 'Set 1, tafel 5: 7–0 is geen mogelijke setstand (4 partijen van 2, 3, 4, 5, 10 of 15 punten).' },
        { field: 'matches[12].home', message: "Het team 'Kaiman 1' speelt niet in deze poule." },
        { field: 'deductions[1].points', message: 'Vul een geheel getal van 1 tot en met 100 in.' },
      ]);
      expect(await storedCounts()).toEqual(before);
    });

    it('refuses a season name that exists already', async () => {
      const before = await storedCounts();
      const res = await admin.post('/api/seasons/import').send(exampleDocument()).expect(400);
      expect(res.body.error.details).toEqual([{ field: 'season.name', message: "Er bestaat al een seizoen '2019/2020'. Kies een andere naam." }]);
      expect(await storedCounts()).toEqual(before);
    });

    it('refuses a body that is not a JSON object', async () => {
      const res = await admin.post('/api/seasons/import').set('Content-Type', 'application/json').send('[1, 2]').expect(400);
      expect(res.body.error.details).toEqual([{ field: '', message: 'Het seizoensbestand moet één JSON-object zijn.' }]);
    });

    it('accepts a large document (a 20-team double round robin with every set) while other routes keep the small limit', async () => {
      const document = syntheticSeasonDocument({ teams: 20 });
      expect(JSON.stringify(document).length).toBeGreaterThan(110_000); // above the default 100 kB
      const res = await admin.post('/api/seasons/import').send(document).expect(201);
      expect(res.body).toMatchObject({ teams: 20, matches: 380, sets: 380 * 36 });
      const division = await ctx.prisma.division.findFirstOrThrow({ where: { seasonId: res.body.seasonId } });
      const body = await standings(division.id);
      expect(body.rows).toHaveLength(20);
      expect(body.rows.reduce((s: number, r: Row) => s + (r.played as number), 0)).toBe(760);

      const tooLarge = await admin.post('/api/clubs').send({ name: 'Grote vereniging', venue: 'x'.repeat(150_000) }).expect(413);
      expectError(tooLarge.body, 413, 'PAYLOAD_TOO_LARGE');
      // Without a session the large limit does not apply: refused before the body is read.
      const anonymous = await ctx.http().post('/api/seasons/import').send(document).expect(401);
      expectError(anonymous.body, 401, 'UNAUTHENTICATED');
    }, 60_000);
  });

  describe('play-offs', () => {
    let divisionId: string;
    let teams: Record<string, string>;

    beforeAll(async () => {
      const document = exampleDocument();
      document.season.name = unique('Play-off seizoen');
      document.playoffs = [];
      const again = await importDocument(document);
      divisionId = again.divisions['Eerste klasse'];
      const rows = (await standings(divisionId)).rows as (Row & { teamId: string })[];
      teams = Object.fromEntries(rows.map((r) => [r.teamName, r.teamId]));
    });

    it('records a play-off between teams sharing a position, which then decides it, audited', async () => {
      expect(summary((await standings(divisionId)).rows).slice(0, 2)).toEqual(['1 Coronie Kap 1 - gedeeld', '1 Marowijne 1 - gedeeld']);
      const res = await admin
        .post(`/api/divisions/${divisionId}/playoffs`)
        .send({ winnerTeamId: teams['Coronie Kap 1'], loserTeamId: teams['Marowijne 1'], date: '2020-05-23' })
        .expect(201);
      expect(res.body).toMatchObject({ winnerTeamName: 'Coronie Kap 1', loserTeamName: 'Marowijne 1', date: '2020-05-23' });
      expect(summary((await standings(divisionId)).rows).slice(0, 2)).toEqual(['1 Coronie Kap 1 PLAYOFF', '2 Marowijne 1 PLAYOFF']);
      const audit = await ctx.prisma.auditLog.findFirst({ where: { action: 'playoff.create', entityId: res.body.id } });
      expect(audit?.after).toMatchObject({ winnerTeamId: teams['Coronie Kap 1'] });
      const list = await ctx.http().get(`/api/divisions/${divisionId}/playoffs`).expect(200);
      expect(list.body.map((p: { id: string }) => p.id)).toEqual([res.body.id]);
    });

    it('refuses a play-off between teams that do not share a position (Regel 41)', async () => {
      const res = await admin
        .post(`/api/divisions/${divisionId}/playoffs`)
        .send({ winnerTeamId: teams['Albina Aces 1'], loserTeamId: teams['Coronie Kap 1'], date: '2020-05-23' })
        .expect(422);
      expectError(res.body, 422, 'PLAYOFF_NOT_NEEDED');
    });

    it('refuses teams of another division, the same team twice and a bad date', async () => {
      const other = (await standings(imported.divisions.Hoofdklasse)).rows[0].teamId;
      const res = await admin.post(`/api/divisions/${divisionId}/playoffs`).send({ winnerTeamId: other, loserTeamId: other, date: '2020-05-23' }).expect(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['winnerTeamId', 'loserTeamId', 'loserTeamId']);
      const date = await admin.post(`/api/divisions/${divisionId}/playoffs`).send({ winnerTeamId: other, loserTeamId: other, date: '23-05-2020' }).expect(400);
      expect(date.body.error.details[0].field).toBe('date');
    });

    it('removes a play-off recorded by mistake, audited, and the position is shared again', async () => {
      const [playoff] = (await ctx.http().get(`/api/divisions/${divisionId}/playoffs`).expect(200)).body;
      await admin.delete(`/api/playoffs/${playoff.id}`).expect(200);
      expect(summary((await standings(divisionId)).rows).slice(0, 2)).toEqual(['1 Coronie Kap 1 - gedeeld', '1 Marowijne 1 - gedeeld']);
      expect(await ctx.prisma.auditLog.count({ where: { action: 'playoff.delete', entityId: playoff.id } })).toBe(1);
      await admin.delete(`/api/playoffs/${playoff.id}`).expect(404);
    });
  });

  describe('only confirmed results count, and the public programme', () => {
    let ids: { division: string; clubA: string; a: string; b: string; c: string; confirmed: string; entered: string; upcoming: string };

    beforeAll(async () => {
      await ctx.prisma.season.updateMany({ where: {}, data: { archivedAt: new Date() } });
      const season = await createSeason(ctx.prisma); // runs from 2026-09-01 to 2027-05-31
      const division = await createDivision(ctx.prisma, season.id, 'Hoofdklasse');
      const [clubA, clubB] = [await createClub(ctx.prisma), await createClub(ctx.prisma)];
      const [a, b, c] = [await createTeam(ctx.prisma, division.id, clubA.id, 'A 1'), await createTeam(ctx.prisma, division.id, clubB.id, 'B 1'), await createTeam(ctx.prisma, division.id, clubB.id, 'B 2')];
      const match = (home: string, away: string, round: number, date: string) => createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: home, awayTeamId: away, round, date });
      const confirmed = await match(a.id, b.id, 1, '2026-09-19');
      await ctx.prisma.match.update({ where: { id: confirmed.id }, data: { resultState: 'CONFIRMED', homePoints: 150, awayPoints: 138 } });
      const entered = await match(c.id, a.id, 2, '2026-10-03');
      await ctx.prisma.match.update({ where: { id: entered.id }, data: { resultState: 'ENTERED', homePoints: 200, awayPoints: 88 } });
      const upcoming = await match(b.id, a.id, 3, '2099-01-01');
      await ctx.prisma.match.update({ where: { id: upcoming.id }, data: { status: 'SCHEDULED' } });
      ids = { division: division.id, clubA: clubA.id, a: a.id, b: b.id, c: c.id, confirmed: confirmed.id, entered: entered.id, upcoming: upcoming.id };
    });

    it('leaves a result out of the standings until both teams signed', async () => {
      const body = await standings(ids.division);
      // B 2 has not played; B 1 lost: level on 0 points, no match between them, saldo decides.
      expect(summary(body.rows)).toEqual(['1 A 1 -', '2 B 2 DIFFERENCE', '3 B 1 DIFFERENCE']);
      expect(body.rows[0]).toMatchObject({ played: 1, pointsFor: 150 });
      expect(body.rounds).toEqual([1]);
      await ctx.prisma.match.update({ where: { id: ids.entered }, data: { resultState: 'CONFIRMED' } });
      expect(summary((await standings(ids.division)).rows)[0]).toBe('1 B 2 HEAD_TO_HEAD');
      await ctx.prisma.match.update({ where: { id: ids.entered }, data: { resultState: 'ENTERED' } });
    });

    it('shows every change in the very next request: a deduction added and changed, a club renamed', async () => {
      const deduction = await ctx.prisma.pointDeduction.create({
        data: { seasonId: (await ctx.prisma.division.findUniqueOrThrow({ where: { id: ids.division } })).seasonId, teamId: ids.a, points: 3, rule: '4', reason: 'Niet-speelgerechtigde speler opgesteld' },
      });
      expect((await standings(ids.division)).rows.find((r: Row) => r.teamId === ids.a)).toMatchObject({ deductions: 3, total: 0 });
      await ctx.prisma.pointDeduction.update({ where: { id: deduction.id }, data: { points: 1 } });
      expect((await standings(ids.division)).rows.find((r: Row) => r.teamId === ids.a)).toMatchObject({ deductions: 1, total: 2 });
      await ctx.prisma.pointDeduction.delete({ where: { id: deduction.id } });
      await ctx.prisma.club.update({ where: { id: ids.clubA }, data: { name: 'Hernoemde vereniging' } });
      expect((await standings(ids.division)).rows[0]).toMatchObject({ teamId: ids.a, clubName: 'Hernoemde vereniging', deductions: 0 });
    });

    it('shows fixtures and results by round, a result only once confirmed', async () => {
      const res = await ctx.http().get(`/api/divisions/${ids.division}/programme`).expect(200);
      expect(res.body.nextRound).toBe(2);
      expect(res.body.rounds.map((r: { round: number; firstDate: string }) => [r.round, r.firstDate])).toEqual([
        [1, '2026-09-19'],
        [2, '2026-10-03'],
        [3, '2099-01-01'],
      ]);
      const [first] = res.body.rounds[0].matches;
      expect(first).toMatchObject({ id: ids.confirmed, homeTeamName: 'A 1', awayTeamName: 'B 1', status: 'PLAYED', confirmed: true, homePoints: 150, awayPoints: 138 });
      const [entered] = res.body.rounds[1].matches;
      expect(entered).toMatchObject({ status: 'SCHEDULED', confirmed: false, awaitingConfirmation: true, homePoints: null, awayPoints: null });
    });

    it('shows a club its teams with place, results and upcoming matches in the current season', async () => {
      const res = await ctx.http().get(`/api/clubs/${ids.clubA}/programme`).expect(200);
      expect(res.body.teams).toHaveLength(1);
      const [team] = res.body.teams;
      expect(team).toMatchObject({ teamId: ids.a, divisionName: 'Hoofdklasse', position: 1, shared: false });
      expect(team.results.map((m: { id: string }) => m.id)).toEqual([ids.confirmed]);
      expect(team.upcoming.map((m: { id: string }) => m.id)).toEqual([ids.entered, ids.upcoming]);
      const unknown = await ctx.http().get('/api/clubs/00000000-0000-4000-8000-000000000000/programme').expect(404);
      expectError(unknown.body, 404);
    });

    it('exposes no personal data publicly: only team and club names', async () => {
      const res = await ctx.http().get(`/api/clubs/${ids.clubA}/programme`).expect(200);
      expect(JSON.stringify(res.body)).not.toMatch(/familyName|givenNames|memberNumber|email/);
    });
  });
});
