/**
 * One rule for the scores the public reads before a match is CONFIRMED (Regel 15, the
 * season's liveScores), on every public path: the match page, a division's and a team's
 * matches, the fixtures CSV and the printed form. An entry at the table awaiting its
 * signature never shows (nor do running totals that include it); with liveScores off no
 * scores show at all. The two clubs, supervisors and the federation see everything.
 */
import { type Agent, binary, createMatchDay, loginAs, pdfPages, resetDatabase, startApp, TestContext } from './helpers';

jest.setTimeout(120_000);

type Day = Awaited<ReturnType<typeof createMatchDay>>;

describe('public scores before a match is confirmed (Regel 15, liveScores)', () => {
  let ctx: TestContext;
  let day: Day;
  let home: Agent;
  let other: Agent;
  let supervisor: Agent;

  async function seat(setNumber: number, tableNumber: number, fields: { homePoints: number; awayPoints: number } & Record<string, unknown>) {
    const awayPairNumber = ((tableNumber - setNumber + 6) % 6) + 1;
    await ctx.prisma.matchSet.create({ data: { matchId: day.match.id, setNumber, tableNumber, homePairNumber: tableNumber, awayPairNumber, source: 'TOTALS', ...fields } });
  }

  const publicDetail = async () => (await ctx.http().get(`/api/matches/${day.match.id}`).expect(200)).body;
  const divisionMatch = async (agent: Agent | null) =>
    (await (agent ?? ctx.http()).get(`/api/divisions/${day.division.id}/matches`).expect(200)).body.rounds[0].matches[0];
  const teamMatch = async (agent: Agent | null) => (await (agent ?? ctx.http()).get(`/api/teams/${day.home.id}/matches`).expect(200)).body[0];
  const csv = async () => (await ctx.http().get(`/api/divisions/${day.division.id}/fixtures.csv`).expect(200)).text;
  const form = async (agent: Agent | null) =>
    pdfPages((await (agent ?? ctx.http()).get(`/api/matches/${day.match.id}/form.pdf`).buffer(true).parse(binary).expect(200)).body as Buffer).join(' ');

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    day = await createMatchDay(ctx.prisma);
    home = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
    other = (await loginAs(ctx, 'SECRETARY', day.otherClub.id)).agent;
    supervisor = (await loginAs(ctx, 'SUPERVISOR')).agent;
    // Set 1: table 1 signed at the table (5–3), table 2 entered and awaiting its signature (7–1).
    await seat(1, 1, { homePoints: 5, awayPoints: 3, enteredBySide: 'HOME', enteredAt: new Date(), signedBySide: 'AWAY', signedAt: new Date() });
    await seat(1, 2, { homePoints: 7, awayPoints: 1, enteredBySide: 'HOME', enteredAt: new Date() });
    // The cached totals count every seat, the unsigned one too.
    await ctx.prisma.match.update({ where: { id: day.match.id }, data: { status: 'PLAYED', resultState: 'ENTERED', homePoints: 12, awayPoints: 4 } });
  });

  afterAll(() => ctx.close());

  /** The running totals 12–4 as the printed form shows them. */
  const TOTALS_12_4 = /: 12\b|\b12 – 4\b/;

  describe('an entry at the table awaiting its signature', () => {
    it('the match page shows the signed table only, with totals of what shows; the clubs and the supervisor see it all', async () => {
      const body = await publicDetail();
      expect(body).toMatchObject({ homePoints: 5, awayPoints: 3, complete: false });
      expect(body.sets[1]).toMatchObject({ tableNumber: 2, homePoints: null, awayPoints: null, games: [] });
      expect((await other.get(`/api/matches/${day.match.id}`).expect(200)).body).toMatchObject({ homePoints: 5, awayPoints: 3 });
      for (const insider of [home, supervisor]) {
        const seen = (await insider.get(`/api/matches/${day.match.id}`).expect(200)).body;
        expect(seen).toMatchObject({ homePoints: 12, awayPoints: 4 });
        expect(seen.sets[1]).toMatchObject({ homePoints: 7, awayPoints: 1 });
      }
    });

    it("a division's and a team's matches show the match page's counted score: the signed table, the unsigned one apart (its score for the clubs only)", async () => {
      const counted = { homePoints: 5, awayPoints: 3 };
      const forThePublic = { ...counted, unsigned: '+ 1 set nog niet ondertekend' };
      expect(await divisionMatch(null)).toMatchObject(forThePublic);
      expect(await divisionMatch(other)).toMatchObject(forThePublic);
      expect(await teamMatch(null)).toMatchObject(forThePublic);
      const forTheClubs = { ...counted, unsigned: '+ 7–1 nog niet ondertekend' };
      expect(await divisionMatch(home)).toMatchObject(forTheClubs);
      expect(await teamMatch(supervisor)).toMatchObject(forTheClubs);
      // The same as the match page's score (countedScore).
      const page = (await home.get(`/api/matches/${day.match.id}`).expect(200)).body.score;
      expect(page).toMatchObject({ ...counted, unsigned: forTheClubs.unsigned });
      const fixtures = await csv();
      expect(fixtures).not.toContain('12–4');
      expect(fixtures).toContain('5–3');
    });

    it('the public printed form leaves the unsigned table out; the home secretary’s copy has it', async () => {
      const shown = await form(null);
      const full = await form(home);
      // The totals as the form prints them ("Team …: 12", "12 – 4"); the generated names carry
      // digits of their own (the process id), so the test looks for the scores, not any "12".
      expect(full).toMatch(TOTALS_12_4);
      expect(shown).not.toMatch(TOTALS_12_4);
      expect(shown).not.toEqual(full);
    });
  });

  describe('a set signed, then signed differently on another device (a dispute, Regel 35B)', () => {
    it('is not public until the supervisor decides: not on the match page, the live picture or the provisional standings', async () => {
      const disputed = await createMatchDay(ctx.prisma, { date: '2026-10-10', round: 2 });
      const plan = (setNumber: number, tableNumber: number) => ({ setNumber, tableNumber, homePairNumber: tableNumber, awayPairNumber: ((tableNumber - setNumber + 6) % 6) + 1 });
      const signed = { enteredBySide: 'HOME' as const, enteredAt: new Date(), signedBySide: 'AWAY' as const, signedAt: new Date(), source: 'TOTALS' as const };
      await ctx.prisma.matchSet.create({ data: { matchId: disputed.match.id, ...plan(1, 1), homePoints: 6, awayPoints: 2, ...signed } });
      await ctx.prisma.matchSet.create({
        data: { matchId: disputed.match.id, ...plan(1, 2), homePoints: 8, awayPoints: 0, ...signed, refusedBySide: 'HOME', refusedAt: new Date(), refusalComment: 'Op twee toestellen verschillend ondertekend' },
      });
      await ctx.prisma.match.update({ where: { id: disputed.match.id }, data: { status: 'PLAYED', resultState: 'ENTERED', homePoints: 14, awayPoints: 2 } });
      const detail = (await ctx.http().get(`/api/matches/${disputed.match.id}`).expect(200)).body;
      expect(detail).toMatchObject({ homePoints: 6, awayPoints: 2 });
      expect(detail.sets[1]).toMatchObject({ tableNumber: 2, homePoints: null, awayPoints: null });
      const live = (await ctx.http().get(`/api/public/matches/${disputed.match.id}/live`).expect(200)).body;
      const seats = live.sets[0].tables as { tableNumber: number; state: string }[];
      // Marked as disputed (never shown as unplayed), without its score.
      expect(seats.find((t) => t.tableNumber === 2)).toMatchObject({ state: 'DISPUTED', homePoints: null, awayPoints: null });
      expect(seats.find((t) => t.tableNumber === 1)).toMatchObject({ state: 'SIGNED' });
      const standings = (await ctx.http().get(`/api/divisions/${disputed.division.id}/standings?provisional=true`).expect(200)).body;
      const row = (standings.rows as { teamId: string; pointsFor: number }[]).find((r) => r.teamId === disputed.home.id);
      expect(row?.pointsFor).toBe(6);
    });
  });

  describe('with the season setting liveScores off', () => {
    beforeAll(async () => {
      await ctx.prisma.matchSet.updateMany({ where: { matchId: day.match.id, tableNumber: 2 }, data: { signedBySide: 'AWAY', signedAt: new Date() } });
      await ctx.prisma.seasonSettings.update({ where: { seasonId: day.season.id }, data: { liveScores: false } });
    });

    it('no seat scores and no totals on any public path; the clubs still see them', async () => {
      const body = await publicDetail();
      expect(body).toMatchObject({ homePoints: null, awayPoints: null, complete: false });
      expect(body.sets.every((s: { homePoints: number | null; awayPoints: number | null }) => s.homePoints === null && s.awayPoints === null)).toBe(true);
      expect(await divisionMatch(null)).toMatchObject({ homePoints: null, awayPoints: null, unsigned: null });
      expect(await teamMatch(other)).toMatchObject({ homePoints: null, awayPoints: null, unsigned: null });
      expect(await csv()).not.toContain('12–4');
      expect(await form(null)).not.toMatch(TOTALS_12_4);
      expect((await home.get(`/api/matches/${day.match.id}`).expect(200)).body).toMatchObject({ homePoints: 12, awayPoints: 4 });
      expect(await divisionMatch(supervisor)).toMatchObject({ homePoints: 12, awayPoints: 4 });
    });

    it('a CONFIRMED match shows its result to everybody', async () => {
      await ctx.prisma.match.update({ where: { id: day.match.id }, data: { resultState: 'CONFIRMED' } });
      expect(await publicDetail()).toMatchObject({ homePoints: 12, awayPoints: 4 });
      expect(await divisionMatch(null)).toMatchObject({ homePoints: 12, awayPoints: 4 });
      expect(await teamMatch(null)).toMatchObject({ homePoints: 12, awayPoints: 4 });
      expect(await csv()).toContain('12–4');
      await ctx.prisma.match.update({ where: { id: day.match.id }, data: { resultState: 'ENTERED' } });
    });
  });
});
