/**
 * Issue 21 part B through the API (RULES.md "Matches that are not played" and "Fines",
 * revised 2026-11-26): Regel 11 counts the occurrences that stand and never fines one place
 * twice; a whole team late and both teams incomplete are recordable; a cancelled match
 * (Regel 8) shows the winner the standings count on the match page, the CSV and the PDF.
 */
import { parse } from 'csv-parse/sync';
import {
  type Agent,
  binary,
  createClub,
  createDivision,
  createMatchDay,
  createMatchRow,
  createSeason,
  createTeam,
  expectError,
  lineupBody,
  loginAs,
  pdfPages,
  startAppWithOfficials,
  TestContext,
} from './helpers';

jest.setTimeout(120_000);

const pdfText = (pdf: Buffer): string => pdfPages(pdf).join(' ').replace(/\s+/g, ' ').replace(/- /g, '-'); // a long team name wraps at its hyphen

describe('Regel 11 renumbering, a team late, both teams incomplete, one winner (issue 21 B)', () => {
  let ctx: TestContext;
  let admin: Agent;
  let supervisor: Agent;

  beforeAll(async () => {
    ({ ctx, admin, supervisor } = await startAppWithOfficials());
  });
  afterAll(() => ctx.close());

  /** A season with one division: club K (teams K1, K2) and opponents A and B. */
  async function league() {
    const season = await createSeason(ctx.prisma);
    const division = await createDivision(ctx.prisma, season.id);
    const [k, a, b] = [await createClub(ctx.prisma), await createClub(ctx.prisma), await createClub(ctx.prisma)];
    const teams = {
      k1: await createTeam(ctx.prisma, division.id, k.id),
      k2: await createTeam(ctx.prisma, division.id, k.id),
      a: await createTeam(ctx.prisma, division.id, a.id),
      b: await createTeam(ctx.prisma, division.id, b.id),
    };
    let round = 0;
    /** A scheduled match of `home` against `away` on 2026-10-<day>. */
    const fixture = (home: string, away: string, day: number) =>
      createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: home, awayTeamId: away, date: `2026-10-${String(day).padStart(2, '0')}`, round: ++round, status: 'SCHEDULED' });
    return { season, division, clubs: { k, a, b }, teams, fixture };
  }

  const version = async (matchId: string) => (await admin.get(`/api/matches/${matchId}`).expect(200)).body.version as number;
  /** Regel 7 with too few pairs: a forfeit of `teamId` that is also an incomplete appearance (Regel 11). */
  const forfeitTooFew = async (matchId: string, teamId: string) =>
    admin.post(`/api/matches/${matchId}/not-played`).send({ version: await version(matchId), kind: 'FORFEIT', offendingTeamId: teamId, pairsPresent: 3, reason: 'Met drie koppels gekomen' }).expect(200);
  const reopen = async (matchId: string) => admin.post(`/api/matches/${matchId}/reopen`).send({ version: await version(matchId), reason: 'Verkeerd vastgelegd' }).expect(200);
  const regel11Fines = (clubId: string) => ctx.prisma.fine.findMany({ where: { clubId, rule: '11' }, orderBy: { createdAt: 'asc' } });
  const occurrences = (clubId: string) =>
    ctx.prisma.incompleteAppearance.findMany({ where: { team: { clubId } }, orderBy: { occurrence: 'asc' }, select: { matchId: true, occurrence: true, kind: true } });

  describe('Regel 11 renumbering: the occurrences that stand, one fine per place', () => {
    it('reopening the 2nd appearance (3rd place fined and confirmed) and recording a new one does not fine the 3rd place twice', async () => {
      const { clubs, teams, fixture } = await league();
      const m = [await fixture(teams.k1.id, teams.a.id, 1), await fixture(teams.k1.id, teams.b.id, 8), await fixture(teams.a.id, teams.k1.id, 15), await fixture(teams.b.id, teams.k1.id, 22)];
      for (const match of m.slice(0, 3)) await forfeitTooFew(match.id, teams.k1.id);
      const [third] = await regel11Fines(clubs.k.id);
      expect(third).toMatchObject({ matchId: m[2].id, status: 'PROPOSED', amountCents: 4500, incompletePlace: 3 });
      await admin.post(`/api/fines/${third.id}/confirm`).send({}).expect(200);

      await reopen(m[1].id);
      expect(await occurrences(clubs.k.id)).toEqual([
        { matchId: m[0].id, occurrence: 1, kind: 'INCOMPLETE' },
        { matchId: m[2].id, occurrence: 2, kind: 'INCOMPLETE' },
      ]);
      await forfeitTooFew(m[3].id, teams.k1.id);
      expect((await occurrences(clubs.k.id)).map((o) => [o.matchId, o.occurrence])).toEqual([
        [m[0].id, 1],
        [m[2].id, 2],
        [m[3].id, 3],
      ]);
      // The confirmed fine keeps place 3; no second proposal for it.
      expect((await regel11Fines(clubs.k.id)).map((f) => [f.id, f.status, f.incompletePlace])).toEqual([[third.id, 'OPEN', 3]]);
    });

    it('reopening the 3rd withdraws its open proposal; the next 3rd gets one proposal, never two live ones', async () => {
      const { clubs, teams, fixture } = await league();
      const m = [await fixture(teams.k1.id, teams.a.id, 1), await fixture(teams.k2.id, teams.b.id, 8), await fixture(teams.a.id, teams.k1.id, 15), await fixture(teams.b.id, teams.k2.id, 22)];
      for (const match of m.slice(0, 3)) await forfeitTooFew(match.id, match.homeTeamId === teams.a.id ? teams.k1.id : match.homeTeamId);
      const [proposed] = await regel11Fines(clubs.k.id);
      expect(proposed).toMatchObject({ matchId: m[2].id, status: 'PROPOSED', incompletePlace: 3 });

      await reopen(m[2].id);
      const [withdrawn] = await regel11Fines(clubs.k.id);
      expect(withdrawn).toMatchObject({ id: proposed.id, status: 'DISCARDED', incompletePlace: null });
      expect(withdrawn.waivedReason).toContain('Ingetrokken');
      const shown = (await admin.get(`/api/fines/${proposed.id}`).expect(200)).body;
      expect(shown.status).toBe('DISCARDED');

      await forfeitTooFew(m[3].id, teams.k2.id);
      const live = (await regel11Fines(clubs.k.id)).filter((f) => f.status !== 'DISCARDED');
      expect(live.map((f) => [f.matchId, f.teamId, f.incompletePlace, f.amountCents])).toEqual([[m[3].id, teams.k2.id, 3, 4500]]);
    });

    it('reopening the 1st: the 4th becomes the 3rd and the open proposal follows it (one fine, on the new 3rd)', async () => {
      const { clubs, teams, fixture } = await league();
      const matches = [await fixture(teams.k1.id, teams.a.id, 1), await fixture(teams.k1.id, teams.b.id, 8), await fixture(teams.a.id, teams.k1.id, 15), await fixture(teams.b.id, teams.k1.id, 22)];
      for (const match of matches) await forfeitTooFew(match.id, teams.k1.id);
      await reopen(matches[0].id);
      const fines = await regel11Fines(clubs.k.id);
      expect(fines.map((f) => [f.matchId, f.status, f.incompletePlace])).toEqual([[matches[3].id, 'PROPOSED', 3]]);
    });
  });

  it('Regel 11 renumbering: a played match whose line-up now has every pair from set 1 no longer counts as incomplete', async () => {
    const day = await createMatchDay(ctx.prisma, { date: '2026-10-03' });
    const home = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
    await home.put(`/api/matches/${day.match.id}/lineups/${day.home.id}`).send(lineupBody(day.homePlayers)).expect(200);
    // Recorded as incomplete when the line-up still had pair 6 from set 2, confirmed since.
    await ctx.prisma.match.update({ where: { id: day.match.id }, data: { status: 'PLAYED', resultState: 'CONFIRMED' } });
    await ctx.prisma.incompleteAppearance.create({ data: { seasonId: day.season.id, teamId: day.home.id, matchId: day.match.id, occurrence: 1 } });
    // The federation corrects the final match's line-up (every pair from set 1): the core's consequences withdraw the occurrence.
    const admin = (await loginAs(ctx, 'ADMIN')).agent;
    await admin
      .put(`/api/matches/${day.match.id}/lineups/${day.home.id}`)
      .send({ ...lineupBody(day.homePlayers), reason: 'Koppel 6 speelde toch vanaf set 1' })
      .expect(200);
    expect(await ctx.prisma.incompleteAppearance.count({ where: { matchId: day.match.id } })).toBe(0);
  });

  describe('a whole team late (te laat aanwezig, Regel 11)', () => {
    let l: Awaited<ReturnType<typeof league>>;
    let matches: { id: string }[];
    beforeAll(async () => {
      l = await league();
      matches = [await l.fixture(l.teams.k1.id, l.teams.a.id, 1), await l.fixture(l.teams.b.id, l.teams.k2.id, 8), await l.fixture(l.teams.k1.id, l.teams.b.id, 15)];
    });
    const late = (agent: Agent, matchId: string, teamId: string, reason = 'Team kwam om 20:40, aanvang 20:00') => agent.post(`/api/matches/${matchId}/regel11/late-teams`).send({ teamId, reason });

    it('is refused to a secretary (also of the team’s own club) and to the public', async () => {
      const secretary = (await loginAs(ctx, 'SECRETARY', l.clubs.k.id)).agent;
      expectError((await late(secretary, matches[0].id, l.teams.k1.id).expect(403)).body, 403);
      expectError((await ctx.http().post(`/api/matches/${matches[0].id}/regel11/late-teams`).send({ teamId: l.teams.k1.id, reason: 'Te laat' }).expect(401)).body, 401);
      expectError((await secretary.get(`/api/matches/${matches[0].id}/regel11`).expect(403)).body, 403);
    });

    it('validates: a reason, a team of the match, no unknown fields', async () => {
      expectError((await admin.post(`/api/matches/${matches[0].id}/regel11/late-teams`).send({ teamId: l.teams.k1.id }).expect(400)).body, 400, 'VALIDATION_FAILED');
      expectError((await late(admin, matches[0].id, l.teams.b.id).expect(400)).body, 400, 'VALIDATION_FAILED');
      expectError((await admin.post(`/api/matches/${matches[0].id}/regel11/late-teams`).send({ teamId: l.teams.k1.id, reason: 'Te laat', minutes: 40 }).expect(400)).body, 400);
    });

    it('counts per club with the incomplete appearances: the 3rd time is fined; twice at one match is refused', async () => {
      await late(supervisor, matches[0].id, l.teams.k1.id).expect(200);
      await forfeitTooFew(matches[1].id, l.teams.k2.id);
      const res = await late(admin, matches[2].id, l.teams.k1.id).expect(200);
      expect(res.body.appearances).toEqual([expect.objectContaining({ teamId: l.teams.k1.id, kind: 'LATE', occurrence: 3, reason: 'Team kwam om 20:40, aanvang 20:00' })]);
      expect((await regel11Fines(l.clubs.k.id)).map((f) => [f.matchId, f.status, f.incompletePlace])).toEqual([[matches[2].id, 'PROPOSED', 3]]);
      expectError((await late(admin, matches[2].id, l.teams.k1.id).expect(409)).body, 409, 'ALREADY_COUNTED');
      expectError((await late(admin, matches[1].id, l.teams.k2.id).expect(409)).body, 409, 'MATCH_NOT_PLAYED');
    });

    it('withdrawing the 1st renumbers the rest and withdraws the proposal for the 3rd place', async () => {
      const res = await supervisor.post(`/api/matches/${matches[0].id}/regel11/late-teams/${l.teams.k1.id}/withdraw`).send({ reason: 'Het team was op tijd' }).expect(200);
      expect(res.body.appearances).toEqual([]);
      expect((await occurrences(l.clubs.k.id)).map((o) => [o.matchId, o.occurrence])).toEqual([
        [matches[1].id, 1],
        [matches[2].id, 2],
      ]);
      expect((await regel11Fines(l.clubs.k.id)).map((f) => [f.status, f.incompletePlace])).toEqual([['DISCARDED', null]]);
      expectError((await supervisor.post(`/api/matches/${matches[0].id}/regel11/late-teams/${l.teams.k1.id}/withdraw`).send({ reason: 'Nogmaals' }).expect(404)).body, 404);
    });
  });

  describe('both teams incomplete (each a Regel 7 case)', () => {
    it('both lose with no points, each club is fined €60 for the federation, both count for Regel 11; reopening undoes the occurrences', async () => {
      const { clubs, teams, fixture, division } = await league();
      const match = await fixture(teams.k1.id, teams.a.id, 1);
      const url = `/api/matches/${match.id}`;
      expectError(
        (await admin.post(`${url}/not-played`).send({ version: await version(match.id), kind: 'BOTH_INCOMPLETE', offendingTeamId: teams.k1.id, reason: 'Beide met vier koppels' }).expect(400)).body,
        400,
      );
      const res = await admin.post(`${url}/not-played`).send({ version: await version(match.id), kind: 'BOTH_INCOMPLETE', reason: 'Beide met vier koppels' }).expect(200);
      expect(res.body).toMatchObject({ status: 'FORFEIT', bothForfeited: true, forfeitingTeamId: null, homePoints: 0, awayPoints: 0, winner: null, resultState: 'CONFIRMED' });
      const fines = await ctx.prisma.fine.findMany({ where: { matchId: match.id }, orderBy: { clubId: 'asc' } });
      expect(fines.map((f) => [f.clubId, f.rule, f.amountCents, f.beneficiary, f.beneficiaryClubId, f.status])).toEqual(
        [clubs.k.id, clubs.a.id].sort().map((clubId) => [clubId, '7', 6000, 'FEDERATION', null, 'PROPOSED']),
      );
      expect(await ctx.prisma.incompleteAppearance.count({ where: { matchId: match.id } })).toBe(2);
      const rows = (await ctx.http().get(`/api/divisions/${division.id}/standings`).expect(200)).body.rows as { teamId: string; played: number; lost: number; competitionPoints: number; pointsFor: number; pointsAgainst: number }[];
      for (const teamId of [teams.k1.id, teams.a.id]) {
        expect(rows.find((r) => r.teamId === teamId)).toMatchObject({ played: 1, lost: 1, competitionPoints: 0, pointsFor: 0, pointsAgainst: 0 });
      }
      await reopen(match.id);
      expect(await ctx.prisma.incompleteAppearance.count({ where: { matchId: match.id } })).toBe(0);
      expect((await admin.get(url).expect(200)).body).toMatchObject({ status: 'SCHEDULED', bothForfeited: false });
    });
  });

  describe('one winner everywhere: a cancelled match (Regel 8)', () => {
    it('FROM_AVERAGES: the match page, the CSV, the PDF and the standings name the same winner; NONE: none of them does', async () => {
      const { season, division, teams, fixture } = await league();
      const earlier = async (home: string, away: string, day: number, homePoints: number, awayPoints: number) => {
        const row = await fixture(home, away, day);
        await ctx.prisma.match.update({ where: { id: row.id }, data: { status: 'PLAYED', resultState: 'CONFIRMED', homePoints, awayPoints } });
      };
      await earlier(teams.k1.id, teams.b.id, 1, 140, 148);
      await earlier(teams.a.id, teams.b.id, 2, 160, 128);
      const match = await fixture(teams.k1.id, teams.a.id, 15);
      const url = `/api/matches/${match.id}`;
      const res = await admin.post(`${url}/not-played`).send({ version: await version(match.id), kind: 'CANCELLED', reason: 'Zaal onbeschikbaar' }).expect(200);
      expect([res.body.status, res.body.homePoints, res.body.awayPoints, res.body.winner]).toEqual(['CANCELLED', 140, 160, 'AWAY']);
      expect((await ctx.http().get(url).expect(200)).body.winner).toBe('AWAY');
      const rows = async () => (await ctx.http().get(`/api/divisions/${division.id}/standings`).expect(200)).body.rows as { teamId: string; won: number; lost: number }[];
      expect((await rows()).find((r) => r.teamId === teams.a.id)).toMatchObject({ won: 2 });
      const csv = async () => {
        const text = (await ctx.http().get(`/api/divisions/${division.id}/fixtures.csv`).expect(200)).text;
        const [header, ...lines] = parse(text.replace(/^\uFEFF/, ''), { delimiter: text.includes(';') ? ';' : ',' }) as string[][];
        return lines.find((l) => l[header.indexOf('Status')]?.toLowerCase().includes('afgelast'))![header.indexOf('Winnaar')];
      };
      expect(await csv()).toBe(teams.a.name);
      const pdf = async () => pdfText((await ctx.http().get(`${url}/form.pdf`).buffer(true).parse(binary).expect(200)).body as Buffer);
      expect(await pdf()).toContain(`winnaar ${teams.a.name}`);

      await admin.patch(`/api/seasons/${season.id}`).send({ settings: { cancelledMatchPoints: 'NONE' } }).expect(200);
      expect((await ctx.http().get(url).expect(200)).body.winner).toBeNull();
      expect((await rows()).find((r) => r.teamId === teams.a.id)).toMatchObject({ won: 1 });
      expect(await csv()).toBe('');
      const text = await pdf();
      expect(text).not.toContain(`winnaar ${teams.a.name}`);
      expect(text).toContain('afgelast, geen winnaar');
    });
  });
});
