/**
 * Issue 47 item 4: a team leader's remark (POST /api/matches/{id}/remarks) reaches the
 * supervisors by mail (after the commit) and stays on the supervisors' and the federation's
 * to-do until one of them marks it handled (POST …/remarks/{remarkId}/handled), which the
 * match logboek keeps. Item 9: a fine proposal is information on a secretary's to-do.
 */
import { createFineRow, createMatchDay, expectError, loginAs, resetDatabase, startApp, type Agent, type TestContext } from './helpers';

type Item = { kind: string; title: string; detail: string; link: string; info: boolean };

describe('a team leader’s remark: mail and to-do for the supervisors and the federation', () => {
  let ctx: TestContext;
  let admin: Agent;
  let supervisor: Agent;
  let secondSupervisor: { email: string };
  let firstSupervisor: { email: string };
  let away: Agent;
  let other: Agent;
  let day: Awaited<ReturnType<typeof createMatchDay>>;
  let url: string;

  const items = async (agent: Agent): Promise<Item[]> => (await agent.get('/api/todo').expect(200)).body.items;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    day = await createMatchDay(ctx.prisma, { playersPerClub: 2 });
    url = `/api/matches/${day.match.id}`;
    admin = (await loginAs(ctx, 'ADMIN')).agent;
    const first = await loginAs(ctx, 'SUPERVISOR');
    supervisor = first.agent;
    firstSupervisor = first.user;
    secondSupervisor = (await loginAs(ctx, 'SUPERVISOR')).user;
    const archived = (await loginAs(ctx, 'SUPERVISOR')).user;
    await ctx.prisma.user.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
    away = (await loginAs(ctx, 'SECRETARY', day.awayClub.id)).agent;
    other = (await loginAs(ctx, 'SECRETARY', day.otherClub.id)).agent;
  });

  afterAll(() => ctx.close());

  it('before any remark the supervisor has nothing to do', async () => {
    expect(await items(supervisor)).toEqual([]);
  });

  it('a remark (sent twice with the same key) is one remark, one mail to each active supervisor, one to-do item for the supervisor and the federation', async () => {
    const text = 'Tafel 3 speelde set 2 met een kaart te weinig; de koppels tekenden toch.';
    for (let i = 0; i < 2; i++) await away.post(`${url}/remarks`).send({ text, idempotencyKey: 'opmerking-0000001' }).expect(201);
    expect(await ctx.prisma.matchRemark.count({ where: { matchId: day.match.id } })).toBe(1);
    const mails = await ctx.prisma.outgoingMail.findMany({ where: { kind: 'match.remark' }, orderBy: { to: 'asc' } });
    expect(mails.map((m) => m.to).sort()).toEqual([firstSupervisor.email, secondSupervisor.email].sort());
    expect(mails[0].subject).toBe(`Opmerking bij ${day.home.name} – ${day.away.name}`);
    expect(mails[0].text).toContain(`(${day.awayClub.name}) plaatste een opmerking bij ${day.home.name} – ${day.away.name}`);
    expect(mails[0].text).toContain(`“${text}”`);
    expect(mails[0].text).toContain(`/wedstrijdleider/${day.match.id}#opmerkingen`);
    // Beheer → E-mail names the kind in Dutch (item 8).
    const log = (await admin.get('/api/mail/outgoing').expect(200)).body as { kind: string; kindName: string }[];
    expect(log.filter((m) => m.kind === 'match.remark').map((m) => m.kindName)).toEqual(['Opmerking van een teamleider', 'Opmerking van een teamleider']);

    const forSupervisor = await items(supervisor);
    expect(forSupervisor).toEqual([expect.objectContaining({ kind: 'MATCH_REMARK', link: `/wedstrijdleider/${day.match.id}#opmerkingen`, info: false, title: `Opmerking van ${day.awayClub.name} bij ${day.home.name} – ${day.away.name} lezen` })]);
    expect(forSupervisor[0].detail).toContain(text);
    expect((await items(admin)).filter((i) => i.kind === 'MATCH_REMARK').map((i) => i.link)).toEqual([`/beheer/wedstrijden/${day.match.id}#opmerkingen`]);
    expect((await items(away)).some((i) => i.kind === 'MATCH_REMARK')).toBe(false);
  });

  it('only the supervisor or the federation marks it handled; then it leaves both to-do lists, and the logboek says so', async () => {
    const [remark] = (await supervisor.get(`${url}/remarks`).expect(200)).body;
    expect(remark).toMatchObject({ handledAt: null, handledBy: null });
    expectError((await away.post(`${url}/remarks/${remark.id}/handled`).expect(403)).body, 403);
    expectError((await other.post(`${url}/remarks/${remark.id}/handled`).expect(403)).body, 403);
    expectError((await supervisor.post(`${url}/remarks/00000000-0000-4000-8000-000000000000/handled`).expect(404)).body, 404);

    const answer = (await supervisor.post(`${url}/remarks/${remark.id}/handled`).expect(200)).body;
    expect(answer[0]).toMatchObject({ id: remark.id, handledAt: expect.any(String), handledBy: expect.any(String) });
    // A second tap (or the federation after the supervisor) changes nothing.
    const again = (await admin.post(`${url}/remarks/${remark.id}/handled`).expect(200)).body;
    expect(again[0]).toEqual(answer[0]);
    expect(await items(supervisor)).toEqual([]);
    expect((await items(admin)).some((i) => i.kind === 'MATCH_REMARK')).toBe(false);
    const history = (await admin.get(`${url}/history`).expect(200)).body as { description: string }[];
    expect(history.filter((e) => e.description === 'Opmerking van een teamleider afgehandeld')).toHaveLength(1);
  });

  it('a fine proposal is information for the secretary (after her tasks), a task for the federation', async () => {
    await createFineRow(ctx.prisma, { seasonId: day.season.id, clubId: day.awayClub.id, status: 'PROPOSED', issuedOn: '2026-10-03' });
    const proposal = (await items(away)).find((i) => i.kind === 'FINE_PROPOSED')!;
    expect(proposal).toMatchObject({ info: true, title: expect.stringMatching(/^Boetevoorstel van de bond: /) });
    expect(proposal.detail).toMatch(/u hoeft nu niets te doen\.$/);
    expect((await items(admin)).find((i) => i.kind === 'FINE_PROPOSED')).toMatchObject({ info: false });
  });
});
