/**
 * Issue 47: an idempotency key is bound to its sender and its request. Probed as an attacker, the
 * away secretary who reused the home secretary's key for a remark got 201 and nothing stored (the
 * match writer answered it as the home secretary's retry). Now the key is claimed by the user who
 * sends it first, with a hash of the request (method, path, query, body): the same request again
 * from the same user is a retry; anyone else's reuse, or another request with it, is refused
 * (409 IDEMPOTENCY_KEY_REUSED, in Dutch), never a silent 201.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Agent, createClub, createMatchDay, createSeason, expectError, loginAs, resetDatabase, startApp, type TestContext } from './helpers';

let ctx: TestContext;
let day: Awaited<ReturnType<typeof createMatchDay>>;
let home: Agent;
let away: Agent;
let homeUserId: string;
let keys = 0;
const newKey = () => `sleutel-${process.pid}-${++keys}`;

beforeAll(async () => {
  ctx = await startApp();
  await resetDatabase(ctx.prisma);
  day = await createMatchDay(ctx.prisma);
  const h = await loginAs(ctx, 'SECRETARY', day.homeClub.id);
  [home, homeUserId] = [h.agent, h.user.id];
  away = (await loginAs(ctx, 'SECRETARY', day.awayClub.id)).agent;
});

afterAll(() => ctx.close());

const remarks = (matchId = day.match.id) => ctx.prisma.matchRemark.findMany({ where: { matchId }, select: { text: true }, orderBy: { createdAt: 'asc' } });
const remark = (agent: Agent, text: string, idempotencyKey: string, matchId = day.match.id) => agent.post(`/api/matches/${matchId}/remarks`).send({ text, idempotencyKey });

describe('remarks (Regel 35B)', () => {
  it("the away secretary reusing the home secretary's key is refused, and nothing of theirs is lost: a key of their own stores it", async () => {
    const key = newKey();
    await remark(home, 'Tafel 3 begon een kwartier later', key).expect(201);
    const reused = await remark(away, 'Tafel 5 had geen speelmat', key).expect(409);
    expectError(reused.body, 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(reused.body.error.message).toBe('Deze sleutel (idempotencyKey) is al gebruikt voor een verzoek van iemand anders; stuur een nieuwe.');
    expect(reused.body.error.details).toEqual([{ field: 'idempotencyKey', code: 'IDEMPOTENCY_KEY_REUSED', message: 'Al gebruikt voor een verzoek van iemand anders.' }]);
    // The very same request, by someone else, is refused as well: it is not theirs to retry.
    await remark(away, 'Tafel 3 begon een kwartier later', key).expect(409);
    await remark(away, 'Tafel 5 had geen speelmat', newKey()).expect(201);
    expect((await remarks()).map((r) => r.text)).toEqual(['Tafel 3 begon een kwartier later', 'Tafel 5 had geen speelmat']);
  });

  it('the same sender with another request is refused; the same request again is a retry (the same answer, stored once)', async () => {
    const match = await createMatchDay(ctx.prisma);
    const secretary = (await loginAs(ctx, 'SECRETARY', match.homeClub.id)).agent;
    const key = newKey();
    const first = await remark(secretary, 'Scheidsrechter was te laat', key, match.match.id).expect(201);
    const again = await remark(secretary, 'Scheidsrechter was te laat', key, match.match.id).expect(201);
    expect(again.body).toEqual(first.body);
    const other = await remark(secretary, 'Iets heel anders', key, match.match.id).expect(409);
    expectError(other.body, 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(other.body.error.message).toBe('Deze sleutel (idempotencyKey) is al gebruikt voor een ander verzoek; stuur een nieuwe.');
    expect((await remarks(match.match.id)).map((r) => r.text)).toEqual(['Scheidsrechter was te laat']);
    expect(await ctx.prisma.matchCommandRecord.count({ where: { idempotencyKey: key } })).toBe(1);
  });

  it('the same body on another match is another request', async () => {
    const match = await createMatchDay(ctx.prisma);
    const secretary = (await loginAs(ctx, 'SECRETARY', match.homeClub.id)).agent;
    const key = newKey();
    await remark(home, 'Zaal was te koud', key).expect(201);
    expectError((await remark(secretary, 'Zaal was te koud', key, match.match.id).expect(409)).body, 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(await remarks(match.match.id)).toEqual([]);
  });

  it('a refused request gives its key up: corrected, it goes through with the same key', async () => {
    const key = newKey();
    expectError((await remark(home, 'x', key).expect(400)).body, 400, 'VALIDATION_FAILED');
    await remark(home, 'Nu wel lang genoeg', key).expect(201);
    expect(await ctx.prisma.idempotencyKeyClaim.findUnique({ where: { key } })).toMatchObject({ sender: `user:${homeUserId}` });
  });

  it('two requests with one key at the same moment, from two users: one is stored, the other refused', async () => {
    const key = newKey();
    const before = (await remarks()).length;
    const answers = await Promise.all([remark(home, 'Gelijktijdig van thuis', key), remark(away, 'Gelijktijdig van uit', key)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await remarks()).length).toBe(before + 1);
  });
});

describe('every write that takes a key, not only remarks', () => {
  it("a fine: another administrator's reuse of the key is refused, nothing levied", async () => {
    const season = await createSeason(ctx.prisma, { startsOn: '2026-01-01', competitionStartsOn: '2026-01-10', endsOn: '2027-12-31' });
    const club = await createClub(ctx.prisma);
    const [one, two] = [(await loginAs(ctx, 'ADMIN')).agent, (await loginAs(ctx, 'ADMIN')).agent];
    const item = (await one.post('/api/fine-catalog').send({ seasonId: season.id, code: 'SLEUTEL', description: 'Geen speelmatten' }).expect(201)).body.id;
    const body = { clubId: club.id, catalogItemId: item, idempotencyKey: newKey() };
    await one.post('/api/fines').send(body).expect(201);
    expectError((await two.post('/api/fines').send(body).expect(409)).body, 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(await ctx.prisma.fine.count({ where: { clubId: club.id } })).toBe(1);
  });

});

describe('keys from before the claims (the migration)', () => {
  it("bind an old key to its sender for any request of theirs; another user's reuse is refused", async () => {
    const match = await createMatchDay(ctx.prisma);
    const secretary = await loginAs(ctx, 'SECRETARY', match.homeClub.id);
    const other = (await loginAs(ctx, 'SECRETARY', match.awayClub.id)).agent;
    const key = newKey();
    await remark(secretary.agent, 'Van voor de sleutels', key, match.match.id).expect(201);
    // As the migration found it: a command under the key, no claim yet.
    await ctx.prisma.idempotencyKeyClaim.delete({ where: { key } });
    const migration = readFileSync(join(__dirname, '..', '..', 'prisma', 'migrations', '20261208100000_idempotency_keys', 'migration.sql'), 'utf8');
    const statements = migration.replace(/^--.*$/gm, '').split(';').filter((s) => /INSERT INTO/.test(s));
    expect(statements).toHaveLength(2);
    for (const statement of statements) await ctx.prisma.$executeRawUnsafe(statement);
    expect(await ctx.prisma.idempotencyKeyClaim.findUnique({ where: { key } })).toMatchObject({ sender: `user:${secretary.user.id}`, requestHash: null });
    expectError((await remark(other, 'Van voor de sleutels', key, match.match.id).expect(409)).body, 409, 'IDEMPOTENCY_KEY_REUSED');
    await remark(secretary.agent, 'Van voor de sleutels', key, match.match.id).expect(201);
    expect((await remarks(match.match.id)).map((r) => r.text)).toEqual(['Van voor de sleutels']);
  });
});
