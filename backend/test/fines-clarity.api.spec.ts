/**
 * Issue 14.4 and 14.5: a forfeit's proposed fine reaches the administrator and, marked as a
 * proposal, the offending club's secretary (never another club or the public); every fine names
 * its match; the line-up says why a player may not play and from which date they may.
 */
import { createListedMember, createMatchDay, expectError, lineupBody, loginAs, resetDatabase, startApp, TestContext, type Agent } from './helpers';

jest.setTimeout(60_000);

interface FineBody {
  id: string;
  clubId: string;
  rule: string;
  status: string;
  amountCents: number | null;
  match: { id: string; date: string; round: number; homeTeamName: string; awayTeamName: string } | null;
  memberList: unknown;
}

describe('fines people understand (issue 14.5)', () => {
  let ctx: TestContext;
  let admin: Agent;
  let day: Awaited<ReturnType<typeof createMatchDay>>;
  let fineId: string;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    day = await createMatchDay(ctx.prisma);
    ({ agent: admin } = await loginAs(ctx, 'ADMIN'));
    const { body: match } = await admin.get(`/api/matches/${day.match.id}`).expect(200);
    await admin
      .post(`/api/matches/${day.match.id}/not-played`)
      .send({ kind: 'FORFEIT', offendingTeamId: day.away.id, pairsPresent: 3, reason: 'Kwam met drie koppels', version: match.version })
      .expect(200);
    const fine = await ctx.prisma.fine.findFirstOrThrow({ where: { matchId: day.match.id, rule: '7' } });
    fineId = fine.id;
  });
  afterAll(() => ctx.close());

  const summary = () => ({ id: day.match.id, date: '2026-10-03', round: 1, homeTeamName: day.home.name, awayTeamName: day.away.name });

  it("lists a forfeit's proposed fine (Regel 7, €60, in favour of the other club) for the administrator, with its match", async () => {
    for (const query of [{ seasonId: day.season.id }, { seasonId: day.season.id, status: 'PROPOSED' }, { seasonId: day.season.id, clubId: day.awayClub.id }, { seasonId: day.season.id, rule: '7' }]) {
      const { body } = await admin.get('/api/fines').query(query).expect(200);
      const fine = (body.fines as FineBody[]).find((f) => f.id === fineId);
      expect(fine).toMatchObject({ clubId: day.awayClub.id, status: 'PROPOSED', amountCents: 6000, beneficiary: 'CLUB', beneficiaryClubId: day.homeClub.id, match: summary() });
      expect(body.proposedCount).toBeGreaterThanOrEqual(1);
    }
  });

  it('every fine that has a match carries the match summary; the others carry none', async () => {
    const { body } = await admin.get('/api/fines').query({ seasonId: day.season.id }).expect(200);
    const rows = await ctx.prisma.fine.findMany({ where: { seasonId: day.season.id } });
    expect(body.fines).toHaveLength(rows.length);
    for (const fine of body.fines as FineBody[]) {
      const row = rows.find((r) => r.id === fine.id)!;
      if (row.matchId) expect(fine.match).toEqual(expect.objectContaining({ id: row.matchId, date: expect.any(String), homeTeamName: expect.any(String), awayTeamName: expect.any(String) }));
      else expect(fine.match).toBeNull();
      expect(fine.memberList).toBeNull();
    }
    const { body: detail } = await admin.get(`/api/fines/${fineId}`).expect(200);
    expect(detail.match).toEqual(summary());
  });

  it("shows it to the offending club's secretary as a proposal, apart from what is due", async () => {
    const { agent: secretary } = await loginAs(ctx, 'SECRETARY', day.awayClub.id);
    const { body } = await secretary.get(`/api/clubs/${day.awayClub.id}/fines`).query({ seasonId: day.season.id }).expect(200);
    expect(body.proposed).toEqual([expect.objectContaining({ id: fineId, status: 'PROPOSED', amountCents: 6000, match: summary() })]);
    expect(body.fines.map((f: FineBody) => f.id)).not.toContain(fineId);
    expect(body.totals).toEqual({ openCents: 0, overdueCents: 0, paidCents: 0, waivedCents: 0 });
    const { body: detail } = await secretary.get(`/api/fines/${fineId}`).expect(200);
    expect(detail).toMatchObject({ id: fineId, status: 'PROPOSED', match: summary() });
    // The statement lists what is due: not the proposal.
    const csv = await secretary.get(`/api/clubs/${day.awayClub.id}/fines/statement`).query({ seasonId: day.season.id, format: 'csv' }).buffer(true).parse((res, cb) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => cb(null, text));
    });
    expect(csv.status).toBe(200);
    expect(csv.body as string).not.toContain('Regel 7');
  });

  it("keeps it from another club's secretary, the affected club's included, from a supervisor and from the public", async () => {
    for (const clubId of [day.homeClub.id, day.otherClub.id]) {
      const { agent } = await loginAs(ctx, 'SECRETARY', clubId);
      const own = await agent.get(`/api/clubs/${clubId}/fines`).query({ seasonId: day.season.id }).expect(200);
      expect([...own.body.fines, ...own.body.proposed].map((f: FineBody) => f.id)).not.toContain(fineId);
      expectError((await agent.get(`/api/clubs/${day.awayClub.id}/fines`).query({ seasonId: day.season.id }).expect(403)).body, 403);
      expectError((await agent.get(`/api/fines/${fineId}`).expect(403)).body, 403);
      expectError((await agent.get('/api/fines').query({ seasonId: day.season.id }).expect(403)).body, 403);
    }
    const { agent: supervisor } = await loginAs(ctx, 'SUPERVISOR');
    expectError((await supervisor.get(`/api/clubs/${day.awayClub.id}/fines`).expect(403)).body, 403);
    expectError((await supervisor.get(`/api/fines/${fineId}`).expect(403)).body, 403);
    expectError((await ctx.http().get(`/api/clubs/${day.awayClub.id}/fines`).expect(401)).body, 401);
    expectError((await ctx.http().get(`/api/fines/${fineId}`).expect(401)).body, 401);
    expectError((await ctx.http().get('/api/fines').expect(401)).body, 401);
  });

  it('a discarded proposal disappears for the club; a confirmed one becomes due', async () => {
    const { agent: secretary } = await loginAs(ctx, 'SECRETARY', day.awayClub.id);
    await admin.post(`/api/fines/${fineId}/confirm`).send({}).expect(200);
    const { body } = await secretary.get(`/api/clubs/${day.awayClub.id}/fines`).query({ seasonId: day.season.id }).expect(200);
    expect(body.proposed.map((f: FineBody) => f.id)).not.toContain(fineId);
    expect(body.fines).toEqual(expect.arrayContaining([expect.objectContaining({ id: fineId, status: 'OPEN', match: summary() })]));
    expect(body.totals.openCents).toBeGreaterThanOrEqual(6000);

    const proposal = await ctx.prisma.fine.create({
      data: { seasonId: day.season.id, clubId: day.awayClub.id, rule: '5D', reason: 'Test', amountCents: 1500, issuedOn: new Date(), dueOn: new Date(), status: 'PROPOSED' },
    });
    await secretary.get(`/api/fines/${proposal.id}`).expect(200);
    await admin.post(`/api/fines/${proposal.id}/discard`).send({ reason: 'Toch op tijd' }).expect(200);
    expectError((await secretary.get(`/api/fines/${proposal.id}`).expect(404)).body, 404);
  });
});

describe('line-ups that prevent mistakes (issue 14.4)', () => {
  let ctx: TestContext;
  let day: Awaited<ReturnType<typeof createMatchDay>>;
  let late: string;
  let suspended: string;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    day = await createMatchDay(ctx.prisma); // Saturday 03-10-2026: registered on or before Monday 28-09
    late = (await createListedMember(ctx.prisma, { seasonId: day.season.id, clubId: day.homeClub.id, registeredOn: '2026-09-30' })).member.id;
    suspended = (await createListedMember(ctx.prisma, { seasonId: day.season.id, clubId: day.homeClub.id })).member.id;
    await ctx.prisma.memberSanction.create({
      data: { memberId: suspended, kind: 'SUSPENSION', startsOn: new Date('2026-09-01T00:00:00Z'), endsOn: new Date('2026-10-10T00:00:00Z'), reason: 'Wangedrag' },
    });
  });
  afterAll(() => ctx.close());

  it('gives every candidate the reason and the date from which they may play', async () => {
    const { agent } = await loginAs(ctx, 'SECRETARY', day.homeClub.id);
    const { body } = await agent.get(`/api/matches/${day.match.id}/lineups/${day.home.id}`).expect(200);
    const candidate = (id: string) => body.candidates.find((c: { memberId: string }) => c.memberId === id);
    expect(candidate(late)).toMatchObject({ eligible: false, eligibleFrom: '2026-10-07', reasons: [expect.stringContaining('Regel 3B')], reasonCodes: ['REGISTERED_TOO_LATE'] });
    expect(candidate(suspended)).toMatchObject({ eligible: false, eligibleFrom: '2026-10-11', reasons: [expect.stringContaining('Geschorst')], reasonCodes: ['SUSPENDED'] });
    expect(candidate(day.homePlayers[0])).toMatchObject({ eligible: true, eligibleFrom: null, reasons: [], reasonCodes: [] });
  });

  it('keeps the reason and the date on the saved line-up (a reserve who may not play)', async () => {
    const { agent } = await loginAs(ctx, 'SECRETARY', day.homeClub.id);
    const body = lineupBody(day.homePlayers, { reserves: 0 });
    const { body: saved } = await agent.put(`/api/matches/${day.match.id}/lineups/${day.home.id}`).send({ ...body, reserves: [late] }).expect(200);
    expect(saved.reserves).toEqual([expect.objectContaining({ memberId: late, eligible: false, eligibleFrom: '2026-10-07', reasonCodes: ['REGISTERED_TOO_LATE'], reasons: [expect.stringContaining('uiterlijk 28-09-2026')] })]);
    expect(saved.pairs.flatMap((p: { players: { eligibleFrom: string | null }[] }) => p.players).every((p: { eligibleFrom: string | null }) => p.eligibleFrom === null)).toBe(true);
    // The supervisor does not see the member list: no date.
    const { agent: supervisor } = await loginAs(ctx, 'SUPERVISOR');
    const { body: seen } = await supervisor.get(`/api/matches/${day.match.id}/lineups/${day.home.id}`).expect(200);
    expect(seen.reserves[0]).toMatchObject({ memberId: late, eligible: false, eligibleFrom: null, reasonCodes: [] });
  });

  it('the eligible-players endpoint carries eligibleFrom too, and refuses another club', async () => {
    const { agent } = await loginAs(ctx, 'SECRETARY', day.homeClub.id);
    const { body } = await agent.get(`/api/teams/${day.home.id}/eligible-players`).query({ date: '2026-10-03' }).expect(200);
    expect(body.players.find((p: { memberId: string }) => p.memberId === late)).toMatchObject({ eligible: false, eligibleFrom: '2026-10-07', reasons: [{ code: 'REGISTERED_TOO_LATE' }] });
    const { body: later } = await agent.get(`/api/teams/${day.home.id}/eligible-players`).query({ date: '2026-10-07' }).expect(200);
    expect(later.players.find((p: { memberId: string }) => p.memberId === late)).toMatchObject({ eligible: true, eligibleFrom: null });
    const { agent: other } = await loginAs(ctx, 'SECRETARY', day.awayClub.id);
    expectError((await other.get(`/api/teams/${day.home.id}/eligible-players`).query({ date: '2026-10-03' }).expect(403)).body, 403);
    expectError((await other.get(`/api/matches/${day.match.id}/lineups/${day.home.id}`).expect(403)).body, 403);
  });
});
