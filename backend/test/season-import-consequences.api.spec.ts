/**
 * RULES.md "Fines" (2026-11-26): a season imported from a file gets the same consequences as
 * one recorded live: fine proposals and Regel 11 occurrences from its forfeits and late or
 * incomplete appearances, listed in the import's preview (POST /api/seasons/import/preview)
 * before it is confirmed (POST /api/seasons/import).
 */
import { type Agent, expectError, loginAs, resetDatabase, startApp, TestContext, unique } from './helpers';

jest.setTimeout(60_000);

describe('season import: fine proposals and Regel 11 occurrences, previewed first', () => {
  let ctx: TestContext;
  let admin: Agent;
  const clubs = { k: unique('Kwatta'), a: unique('Apintie'), b: unique('Boys') };

  const document = (name: string) => ({
    version: 1,
    season: { name, startsOn: '2019-09-01', competitionStartsOn: '2019-09-07', endsOn: '2020-05-31' },
    divisions: [
      {
        name: 'Hoofdklasse',
        teams: [
          { name: 'K 1', club: clubs.k },
          { name: 'K 2', club: clubs.k },
          { name: 'A 1', club: clubs.a },
          { name: 'B 1', club: clubs.b },
        ],
      },
    ],
    matches: [
      { division: 'Hoofdklasse', round: 1, date: '2019-10-01', home: 'K 1', away: 'A 1', status: 'PLAYED', score: [150, 138], late: ['home'] },
      { division: 'Hoofdklasse', round: 2, date: '2019-10-08', home: 'B 1', away: 'K 2', status: 'PLAYED', score: [140, 148], incomplete: ['away'] },
      { division: 'Hoofdklasse', round: 3, date: '2019-10-15', home: 'A 1', away: 'K 1', status: 'FORFEIT', forfeitedBy: 'away', forfeitCause: 'TOO_FEW_PAIRS' },
      { division: 'Hoofdklasse', round: 4, date: '2019-10-22', home: 'A 1', away: 'B 1', status: 'FORFEIT', forfeitedBy: 'both' },
    ],
  });

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
  });
  afterAll(() => ctx.close());

  it('the preview is for administrators only', async () => {
    const secretary = (await loginAs(ctx, 'SECRETARY')).agent;
    expectError((await secretary.post('/api/seasons/import/preview').send(document(unique('S'))).expect(403)).body, 403);
    expectError((await ctx.http().post('/api/seasons/import/preview').send(document(unique('S'))).expect(401)).body, 401);
  });

  it('the preview lists every problem of a bad file, like the import', async () => {
    const bad = document(unique('S'));
    (bad.matches[0] as Record<string, unknown>).incomplete = ['home'];
    const res = await admin.post('/api/seasons/import/preview').send(bad).expect(400);
    expectError(res.body, 400, 'INVALID_SEASON_DOCUMENT');
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'matches[0].late' })]);
  });

  it('previews the fines and occurrences without storing anything; the import then stores exactly those', async () => {
    const name = unique('Seizoen');
    const seasons = await ctx.prisma.season.count();
    const preview = (await admin.post('/api/seasons/import/preview').send(document(name)).expect(200)).body;
    expect(await ctx.prisma.season.count()).toBe(seasons);
    expect(await ctx.prisma.fine.count()).toBe(0);
    expect(preview).toMatchObject({ seasonName: name, matches: 4, clubsToCreate: [clubs.k, clubs.a, clubs.b] });
    const fineRows = (f: { match: { round: number }; club: string; team: string; rule: string; amountCents: number | null; beneficiaryClub: string | null }) =>
      [f.match.round, f.club, f.team, f.rule, f.amountCents, f.beneficiaryClub];
    expect(preview.fines.map(fineRows)).toEqual([
      [3, clubs.k, 'K 1', '7', 6000, clubs.a],
      [3, clubs.k, 'K 1', '11', 4500, null],
      [4, clubs.a, 'A 1', '7', 6000, null],
      [4, clubs.b, 'B 1', '7', 6000, null],
    ]);
    expect(preview.occurrences.map((o: { match: { round: number }; team: string; kind: string; occurrence: number }) => [o.match.round, o.team, o.kind, o.occurrence])).toEqual([
      [1, 'K 1', 'LATE', 1],
      [2, 'K 2', 'INCOMPLETE', 2],
      [3, 'K 1', 'INCOMPLETE', 3],
      [4, 'A 1', 'INCOMPLETE', 1],
      [4, 'B 1', 'INCOMPLETE', 1],
    ]);

    const result = (await admin.post('/api/seasons/import').send(document(name)).expect(201)).body;
    expect(result).toMatchObject({ fineProposals: 4, regel11Occurrences: 5 });
    const fines = await ctx.prisma.fine.findMany({ where: { seasonId: result.seasonId }, include: { club: true, team: true, beneficiaryClub: true, match: true } });
    expect(
      fines
        .map((f) => [f.match!.round, f.club.name, f.team!.name, f.rule, f.amountCents, f.beneficiaryClub?.name ?? null, f.status, f.incompletePlace])
        .sort((x, y) => Number(x[0]) - Number(y[0]) || String(x[1]).localeCompare(String(y[1])) || String(x[3]).localeCompare(String(y[3]), 'nl', { numeric: true })),
    ).toEqual([
      [3, clubs.k, 'K 1', '7', 6000, clubs.a, 'PROPOSED', null],
      [3, clubs.k, 'K 1', '11', 4500, null, 'PROPOSED', 3],
      [4, clubs.a, 'A 1', '7', 6000, null, 'PROPOSED', null],
      [4, clubs.b, 'B 1', '7', 6000, null, 'PROPOSED', null],
    ].sort((x, y) => Number(x[0]) - Number(y[0]) || String(x[1]).localeCompare(String(y[1])) || String(x[3]).localeCompare(String(y[3]), 'nl', { numeric: true })));
    expect(await ctx.prisma.incompleteAppearance.count({ where: { seasonId: result.seasonId } })).toBe(5);

    // The both-incomplete match counts as a loss for each, no points (standings), and exports back as it was read.
    const division = await ctx.prisma.division.findFirstOrThrow({ where: { seasonId: result.seasonId } });
    const rows = (await ctx.http().get(`/api/divisions/${division.id}/standings`).expect(200)).body.rows as { teamName: string; played: number; lost: number; competitionPoints: number }[];
    expect(rows.find((r) => r.teamName === 'B 1')).toMatchObject({ played: 2, lost: 2, competitionPoints: 0 }); // 140–148 and both incomplete
    const exported = (await admin.get(`/api/seasons/${result.seasonId}/export`).expect(200)).body;
    expect(exported.matches.map((m: Record<string, unknown>) => [m.round, m.forfeitedBy ?? null, m.late ?? null, m.incomplete ?? null, m.score ?? null])).toEqual([
      [1, null, ['home'], null, [150, 138]],
      [2, null, null, ['away'], [140, 148]],
      [3, 'away', null, null, null],
      [4, 'both', null, null, null],
    ]);
  });
});
