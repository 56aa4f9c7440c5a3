/**
 * Issue 13 ("Rules fidelity"), items 2–5 and 11, through the API: seasons imported with
 * POST /api/seasons/import (README "Season files") give the standings RULES.md describes
 * ("Matches that are not played", "Standings"), and a season's settings are the domain's.
 */
import { DEFAULT_SETTINGS } from '../src/domain/settings';
import { type Agent, createClub, createMatchDay, createMatchRow, createTeam, expectError, loginAs, resetDatabase, startApp, TestContext, unique } from './helpers';

type Row = { position: number; shared: boolean; teamName: string; decidedBy: string | null; note: string | null; playoffNeeded: boolean; [key: string]: unknown };
type Score = [number, number];

const DIVISION = 'Hoofdklasse';

/** A match of the document: home and away by team letter. */
interface DocMatch {
  round: number;
  home: string;
  away: string;
  status?: 'SCHEDULED' | 'PLAYED' | 'FORFEIT' | 'NOT_PLAYED' | 'CANCELLED';
  score?: Score;
  forfeitedBy?: 'home' | 'away';
}

const played = (round: number, home: string, away: string, score: Score): DocMatch => ({ round, home, away, status: 'PLAYED', score });
const cancelled = (round: number, home: string, away: string, score?: Score): DocMatch => ({ round, home, away, status: 'CANCELLED', ...(score ? { score } : {}) });
const forfeit = (round: number, home: string, away: string, forfeitedBy: 'home' | 'away'): DocMatch => ({ round, home, away, status: 'FORFEIT', forfeitedBy });
const scheduled = (round: number, home: string, away: string): DocMatch => ({ round, home, away, status: 'SCHEDULED' });

interface SeasonSpec {
  teams: string[];
  matches: DocMatch[];
  playoffs?: [winner: string, loser: string][];
  settings?: Record<string, unknown>;
  /** A season that has not ended yet (2099/2100) instead of one that ended (2019/2020). */
  running?: boolean;
}

/** A season document (docs/season-example.json's format), one division, teams "A 1", "B 1", … */
function document(spec: SeasonSpec) {
  const year = spec.running ? 2099 : 2019;
  const team = (letter: string) => `${letter} 1`;
  return {
    version: 1,
    season: {
      name: unique('Seizoen'),
      startsOn: `${year}-09-01`,
      competitionStartsOn: `${year}-09-07`,
      endsOn: `${year + 1}-05-31`,
      ...(spec.settings ? { settings: spec.settings } : {}),
    },
    divisions: [{ name: DIVISION, teams: spec.teams.map((t) => ({ name: team(t), club: `Club ${t} ${unique('')}` })) }],
    matches: spec.matches.map(({ round, home, away, status = 'PLAYED', ...rest }) => ({
      division: DIVISION,
      round,
      // One round a week from mid-September, so earlier rounds are earlier dates (Regel 8).
      date: `${year}-${String(9 + Math.floor((round + 1) / 4)).padStart(2, '0')}-${String(((round + 1) % 4) * 7 + 1).padStart(2, '0')}`,
      home: team(home),
      away: team(away),
      status,
      ...rest,
    })),
    playoffs: (spec.playoffs ?? []).map(([winner, loser]) => ({ division: DIVISION, winner: team(winner), loser: team(loser), date: `${year + 1}-05-20` })),
  };
}

/** "position team decidedBy note", one string per row, "(nodig)" when a play-off is needed. */
const summary = (rows: Row[]) =>
  rows.map((r) => `${r.position} ${r.teamName[0]} ${r.decidedBy ?? '-'} ${r.note ?? '-'}${r.playoffNeeded ? ' (nodig)' : ''}`);

/** "team played won drawn lost CP for–against", one string per row. */
const counts = (rows: Row[]) =>
  rows.map((r) => `${r.teamName[0]} ${r.played} ${r.won} ${r.drawn} ${r.lost} CP ${r.competitionPoints} ${r.pointsFor}–${r.pointsAgainst}`);

describe('standings by the rules (issue 13: Regel 8, 41; settings)', () => {
  let ctx: TestContext;
  let admin: Agent;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
  });

  afterAll(() => ctx.close());

  async function importSeason(spec: SeasonSpec): Promise<{ seasonId: string; divisionId: string }> {
    const res = await admin.post('/api/seasons/import').send(document(spec));
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    const divisions = await ctx.http().get(`/api/seasons/${res.body.seasonId}/divisions`).expect(200);
    return { seasonId: res.body.seasonId, divisionId: divisions.body[0].id };
  }

  const standings = async (divisionId: string) => (await ctx.http().get(`/api/divisions/${divisionId}/standings`).expect(200)).body;

  describe('Regel 8: a cancelled match (items 2 and 3)', () => {
    // A: played 150 (round 1), a forfeit win 288–0 (round 2); B: played 140 and 160; the A–B match of round 3 is cancelled.
    const season = (settings?: Record<string, unknown>): SeasonSpec => ({
      teams: ['A', 'B', 'C', 'D'],
      matches: [
        played(1, 'A', 'C', [150, 130]),
        played(1, 'B', 'D', [140, 146]),
        forfeit(2, 'A', 'D', 'away'),
        played(2, 'B', 'C', [160, 150]),
        cancelled(3, 'A', 'B'),
        played(3, 'C', 'D', [150, 150]),
      ],
      settings,
    });

    test.each<[string, Record<string, unknown> | undefined, string[]]>([
      [
        'FROM_AVERAGES (default): averages over played matches only, 150 (not 219) against 150: a draw, counted as played',
        undefined,
        ['A 3 2 1 0 CP 7 588–280', 'D 3 1 1 1 CP 4 296–578', 'B 3 1 1 1 CP 4 450–446', 'C 3 0 1 2 CP 1 430–460'],
      ],
      [
        'NONE: the cancelled 150–150 counts only in points for and against',
        { cancelledMatchPoints: 'NONE' },
        ['A 2 2 0 0 CP 6 588–280', 'D 3 1 1 1 CP 4 296–578', 'B 2 1 0 1 CP 3 450–446', 'C 3 0 1 2 CP 1 430–460'],
      ],
    ])('%s', async (_name, settings, expected) => {
      const { seasonId, divisionId } = await importSeason(season(settings));
      const match = await ctx.prisma.match.findFirstOrThrow({ where: { divisionId, status: 'CANCELLED' } });
      expect([match.homePoints, match.awayPoints]).toEqual([150, 150]);
      const body = await standings(divisionId);
      expect(counts(body.rows)).toEqual(expected);
      expect(body.settings).toEqual({ pointsWin: 3, pointsDraw: 1, pointsLoss: 0, cancelledMatchPoints: settings?.cancelledMatchPoints ?? 'FROM_AVERAGES' });
      // The season file carries the setting, and importing the export gives the same standings.
      const exported = (await admin.get(`/api/seasons/${seasonId}/export`).expect(200)).body;
      expect(exported.season.settings.cancelledMatchPoints).toBe(settings?.cancelledMatchPoints ?? 'FROM_AVERAGES');
      exported.season.name = unique('Kopie');
      const again = await admin.post('/api/seasons/import').send(exported).expect(201);
      const divisions = await ctx.http().get(`/api/seasons/${again.body.seasonId}/divisions`).expect(200);
      expect(counts((await standings(divisions.body[0].id)).rows)).toEqual(expected);
    });

    it('recording a cancellation (POST /api/matches/{id}/not-played) averages only played matches: 150 and a forfeit win 288–0 give 150, not 219', async () => {
      const day = await createMatchDay(ctx.prisma, { date: '2026-11-14', round: 5 });
      const other = await createTeam(ctx.prisma, day.division.id, (await createClub(ctx.prisma)).id);
      const earlier = async (home: string, away: string, fields: { status: 'PLAYED' | 'FORFEIT'; homePoints: number; awayPoints: number; forfeitingTeamId?: string }, round: number) => {
        const row = await createMatchRow(ctx.prisma, { divisionId: day.division.id, homeTeamId: home, awayTeamId: away, date: `2026-10-0${round}`, round, status: fields.status });
        await ctx.prisma.match.update({ where: { id: row.id }, data: { resultState: 'CONFIRMED', homePoints: fields.homePoints, awayPoints: fields.awayPoints, forfeitingTeamId: fields.forfeitingTeamId } });
      };
      await earlier(day.home.id, other.id, { status: 'PLAYED', homePoints: 150, awayPoints: 140 }, 1);
      await earlier(day.home.id, other.id, { status: 'FORFEIT', homePoints: 288, awayPoints: 0, forfeitingTeamId: other.id }, 2);
      await earlier(day.away.id, other.id, { status: 'PLAYED', homePoints: 160, awayPoints: 150 }, 3);
      const url = `/api/matches/${day.match.id}`;
      const version = (await admin.get(url).expect(200)).body.version;
      const res = await admin.post(`${url}/not-played`).send({ version, kind: 'CANCELLED', reason: 'Zaal onbeschikbaar; afgelast door de bond' }).expect(200);
      expect([res.body.status, res.body.homePoints, res.body.awayPoints]).toEqual(['CANCELLED', 150, 160]);
      const rows: Row[] = (await standings(day.division.id)).rows;
      expect(rows.find((r) => r.teamId === day.away.id)).toMatchObject({ played: 2, won: 2, competitionPoints: 6 });
    });

    it('a cancelled match follows the results it averages: a forfeit recorded later on an earlier match scores it anew, with the reason in its history', async () => {
      const day = await createMatchDay(ctx.prisma, { date: '2026-11-14', round: 5 });
      const other = await createTeam(ctx.prisma, day.division.id, (await createClub(ctx.prisma)).id);
      const earlier = async (home: string, away: string, points: [number, number], round: number) => {
        const row = await createMatchRow(ctx.prisma, { divisionId: day.division.id, homeTeamId: home, awayTeamId: away, date: `2026-10-0${round}`, round, status: 'PLAYED' });
        await ctx.prisma.match.update({ where: { id: row.id }, data: { resultState: 'CONFIRMED', homePoints: points[0], awayPoints: points[1] } });
        return row.id;
      };
      const first = await earlier(day.home.id, other.id, [150, 140], 1);
      await earlier(day.home.id, other.id, [170, 100], 2);
      await earlier(day.away.id, other.id, [160, 150], 3);
      const url = `/api/matches/${day.match.id}`;
      const cancel = await admin.post(`${url}/not-played`).send({ version: (await admin.get(url).expect(200)).body.version, kind: 'CANCELLED', reason: 'Zaal onbeschikbaar; afgelast door de bond' }).expect(200);
      expect([cancel.body.homePoints, cancel.body.awayPoints]).toEqual([160, 160]);
      // The first match turns out a forfeit of the home team's opponent: it is no played match any more.
      const version = (await admin.get(`/api/matches/${first}`).expect(200)).body.version;
      await admin.post(`/api/matches/${first}/not-played`).send({ version, kind: 'FORFEIT', offendingTeamId: other.id, reason: 'Tegenstander bleek niet speelgerechtigd' }).expect(200);
      const deadline = Date.now() + 15_000;
      let body = (await admin.get(url).expect(200)).body;
      while (body.homePoints !== 170 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        body = (await admin.get(url).expect(200)).body;
      }
      expect([body.status, body.homePoints, body.awayPoints, body.statusReason]).toEqual(['CANCELLED', 170, 160, 'Zaal onbeschikbaar; afgelast door de bond']);
      const history = await ctx.prisma.auditLog.findMany({ where: { entityId: day.match.id, action: 'match.cancelled.averages' } });
      expect(history).toEqual([expect.objectContaining({ userId: null, reason: expect.stringContaining('(Regel 8)') })]);
    });

    it('changing the setting on a season changes its standings at once', async () => {
      const { seasonId, divisionId } = await importSeason(season());
      expect((await standings(divisionId)).rows.find((r: Row) => r.teamName === 'B 1')).toMatchObject({ played: 3, drawn: 1, competitionPoints: 4 });
      await admin.patch(`/api/seasons/${seasonId}`).send({ settings: { cancelledMatchPoints: 'NONE' } }).expect(200);
      const body = await standings(divisionId);
      expect(body.settings.cancelledMatchPoints).toBe('NONE');
      expect(body.rows.find((r: Row) => r.teamName === 'B 1')).toMatchObject({ played: 2, drawn: 0, competitionPoints: 3 });
    });

    it('refuses a value that is not FROM_AVERAGES or NONE, in PATCH and in a season file', async () => {
      const { seasonId } = await importSeason(season());
      const res = await admin.patch(`/api/seasons/${seasonId}`).send({ settings: { cancelledMatchPoints: 'SOMETIMES' } }).expect(400);
      expectError(res.body, 400, 'VALIDATION_FAILED');
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'settings.cancelledMatchPoints', message: expect.stringContaining('FROM_AVERAGES, NONE') })]);
      const bad = await admin.post('/api/seasons/import').send(document(season({ cancelledMatchPoints: 'SOMETIMES' }))).expect(400);
      expect(bad.body.error.details).toEqual([expect.objectContaining({ field: 'season.settings.cancelledMatchPoints' })]);
    });
  });

  describe('Regel 41: head-to-head, saldo and play-offs (items 4 and 5)', () => {
    test.each<[string, SeasonSpec, string[]]>([
      [
        '(4) a cancelled mutual match (151–140) does not decide head-to-head: saldo does',
        {
          teams: ['A', 'B', 'C', 'D'],
          matches: [cancelled(1, 'A', 'B', [140, 151]), played(1, 'C', 'D', [150, 150]), played(2, 'A', 'C', [200, 100]), played(3, 'A', 'D', [155, 150]), played(3, 'B', 'C', [151, 150])],
        },
        ['1 A DIFFERENCE Saldo', '2 B DIFFERENCE Saldo', '3 D DIFFERENCE Saldo', '4 C DIFFERENCE Saldo'],
      ],
      [
        '(4) a forfeited mutual match does decide head-to-head: B above A, although A has the better saldo (+112 against −12)',
        {
          teams: ['A', 'B', 'C', 'D'],
          matches: [forfeit(1, 'A', 'B', 'home'), played(1, 'C', 'D', [140, 150]), played(2, 'A', 'C', [500, 100]), played(2, 'B', 'D', [100, 400])],
        },
        ['1 D - -', '2 B HEAD_TO_HEAD Onderling resultaat', '3 A HEAD_TO_HEAD Onderling resultaat', '4 C - -'],
      ],
      [
        '(5a) three teams level on everything, only A beat B in a play-off: A first, B and C share and still need one',
        {
          teams: ['A', 'B', 'C'],
          matches: [played(1, 'A', 'B', [150, 150]), played(2, 'B', 'C', [150, 150]), played(3, 'C', 'A', [150, 150])],
          playoffs: [['A', 'B']],
        },
        ['1 A PLAYOFF Beslissingswedstrijd gewonnen', '2 B - Beslissingswedstrijd nodig (nodig)', '2 C - Beslissingswedstrijd nodig (nodig)'],
      ],
      [
        '(5a) the second play-off, C beat B, decides the rest',
        {
          teams: ['A', 'B', 'C'],
          matches: [played(1, 'A', 'B', [150, 150]), played(2, 'B', 'C', [150, 150]), played(3, 'C', 'A', [150, 150])],
          playoffs: [['A', 'B'], ['C', 'B']],
        },
        ['1 A - Beslissingswedstrijd nodig (nodig)', '1 C - Beslissingswedstrijd nodig (nodig)', '3 B PLAYOFF Beslissingswedstrijd verloren'],
      ],
      [
        '(5b) mid-season, a round still to play: level teams share, no play-off asked for',
        {
          running: true,
          teams: ['A', 'B', 'C', 'D'],
          matches: [played(1, 'A', 'B', [150, 150]), played(1, 'C', 'D', [200, 100]), scheduled(2, 'A', 'C'), scheduled(2, 'B', 'D')],
        },
        ['1 C - -', '2 A - Gelijk', '2 B - Gelijk', '4 D - -'],
      ],
      [
        '(5b) every match decided before the season ends: the play-off is needed',
        {
          running: true,
          teams: ['A', 'B', 'C', 'D'],
          matches: [played(1, 'A', 'B', [150, 150]), played(1, 'C', 'D', [200, 100])],
        },
        ['1 C - -', '2 A - Beslissingswedstrijd nodig (nodig)', '2 B - Beslissingswedstrijd nodig (nodig)', '4 D - -'],
      ],
      [
        '(5b) the season has ended with a match never played: the play-off is needed',
        {
          teams: ['A', 'B', 'C', 'D'],
          matches: [played(1, 'A', 'B', [150, 150]), played(1, 'C', 'D', [200, 100]), scheduled(2, 'A', 'C')],
        },
        ['1 C - -', '2 A - Beslissingswedstrijd nodig (nodig)', '2 B - Beslissingswedstrijd nodig (nodig)', '4 D - -'],
      ],
      [
        '(5c) saldo separates one of three; the two left are ranked again from head-to-head among themselves',
        {
          teams: ['A', 'B', 'C', 'D'],
          matches: [
            played(1, 'A', 'B', [150, 140]),
            played(1, 'C', 'D', [180, 100]),
            played(2, 'B', 'C', [150, 140]),
            played(2, 'A', 'D', [250, 100]),
            played(3, 'C', 'A', [150, 140]),
            played(3, 'B', 'D', [180, 100]),
          ],
        },
        ['1 A DIFFERENCE Saldo', '2 B HEAD_TO_HEAD Onderling resultaat', '3 C HEAD_TO_HEAD Onderling resultaat', '4 D - -'],
      ],
    ])('%s', async (_name, spec, expected) => {
      const { divisionId } = await importSeason(spec);
      const body = await standings(divisionId);
      expect(summary(body.rows)).toEqual(expected);
      expect(body.final).toBe(expected.some((line) => line.endsWith('(nodig)')) || !spec.running);
    });

    it('moving the season\'s last day shows at once: a level table asks for a play-off only once the season has ended (Regel 41)', async () => {
      const { seasonId, divisionId } = await importSeason({ teams: ['A', 'B'], matches: [played(1, 'A', 'B', [150, 150]), scheduled(2, 'B', 'A')] });
      const ended = await standings(divisionId);
      expect([ended.final, summary(ended.rows)]).toEqual([true, ['1 A - Beslissingswedstrijd nodig (nodig)', '1 B - Beslissingswedstrijd nodig (nodig)']]);
      // Its competition may not come to overlap another's (SEASON_OVERLAP): the seasons after it are over and archived.
      const later = await ctx.prisma.season.findMany({ where: { archivedAt: null, competitionStartsOn: { gt: new Date('2020-06-01T00:00:00Z') } }, select: { id: true } });
      for (const { id } of later) await admin.post(`/api/seasons/${id}/archive`).send({}).expect(200);
      await admin.patch(`/api/seasons/${seasonId}`).send({ endsOn: '2100-05-31' }).expect(200);
      const running = await standings(divisionId);
      expect(running.final).toBe(false);
      expect(running.rows.map((r: Row) => r.playoffNeeded)).toEqual([false, false]);
    });

    it('records play-offs only between teams still sharing, until the mini-table of play-off wins orders all three (Regel 41)', async () => {
      const { divisionId } = await importSeason({
        teams: ['A', 'B', 'C'],
        matches: [played(1, 'A', 'B', [150, 150]), played(2, 'B', 'C', [150, 150]), played(3, 'C', 'A', [150, 150])],
        playoffs: [['A', 'B']],
      });
      const rows: Row[] = (await standings(divisionId)).rows;
      const id = (letter: string) => rows.find((r) => r.teamName === `${letter} 1`)!.teamId;
      const record = (winner: string, loser: string) =>
        admin.post(`/api/divisions/${divisionId}/playoffs`).send({ winnerTeamId: id(winner), loserTeamId: id(loser), date: '2020-05-30' });
      // A has its own position now: A and B do not share one.
      expectError((await record('A', 'B').expect(422)).body, 422, 'PLAYOFF_NOT_NEEDED');
      await record('C', 'B').expect(201);
      expect(summary((await standings(divisionId)).rows)).toEqual([
        '1 A - Beslissingswedstrijd nodig (nodig)',
        '1 C - Beslissingswedstrijd nodig (nodig)',
        '3 B PLAYOFF Beslissingswedstrijd verloren',
      ]);
      await record('A', 'C').expect(201);
      expect(summary((await standings(divisionId)).rows)).toEqual([
        '1 A PLAYOFF Beslissingswedstrijd gewonnen',
        '2 C PLAYOFF Beslissingswedstrijd',
        '3 B PLAYOFF Beslissingswedstrijd verloren',
      ]);
    });
  });

  describe('settings have one source of truth (item 11)', () => {
    it('a season created without settings has exactly the domain defaults', async () => {
      const created = await admin
        .post('/api/seasons')
        // After every other season of this file (one is stretched to 2100): competitions do not overlap.
        .send({ name: unique('Seizoen'), startsOn: '2201-09-01', competitionStartsOn: '2201-09-20', endsOn: '2202-05-31' })
        .expect(201);
      const season = await ctx.http().get(`/api/seasons/${created.body.id}`).expect(200);
      expect(season.body.settings).toEqual({ ...DEFAULT_SETTINGS });
    });

    it('a season imported without settings has exactly the domain defaults, and its standings say which points they used', async () => {
      const { seasonId, divisionId } = await importSeason({ teams: ['A', 'B'], matches: [played(1, 'A', 'B', [150, 140])] });
      const season = await ctx.http().get(`/api/seasons/${seasonId}`).expect(200);
      expect(season.body.settings).toEqual({ ...DEFAULT_SETTINGS });
      const { pointsWin, pointsDraw, pointsLoss, cancelledMatchPoints } = DEFAULT_SETTINGS;
      expect((await standings(divisionId)).settings).toEqual({ pointsWin, pointsDraw, pointsLoss, cancelledMatchPoints });
    });

    it('the OpenAPI document gives the domain defaults for every setting', async () => {
      const doc = (await ctx.http().get('/api/docs-json').expect(200)).body;
      const properties = doc.components.schemas.SettingsInputDto.properties as Record<string, { default?: unknown }>;
      expect(Object.keys(properties).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
      expect(Object.fromEntries(Object.entries(properties).map(([key, p]) => [key, p.default]))).toEqual({ ...DEFAULT_SETTINGS });
    });

    it('standings of a season with other points use them', async () => {
      const { divisionId } = await importSeason({ teams: ['A', 'B'], matches: [played(1, 'A', 'B', [150, 140])], settings: { pointsWin: 2, pointsLoss: 0, pointsDraw: 1 } });
      const body = await standings(divisionId);
      expect(body.settings).toMatchObject({ pointsWin: 2, pointsDraw: 1, pointsLoss: 0 });
      expect(body.rows[0]).toMatchObject({ teamName: 'A 1', competitionPoints: 2 });
    });
  });
});
