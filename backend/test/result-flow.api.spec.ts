/**
 * The result's way on match day (issue 14.2, 14.3, 14.6; RULES.md "Signatures (Regel 15)"):
 * entry opens on the match day (an administrator may enter earlier, with a reason that
 * is audited); the home team signs explicitly after the summary; the away team confirms
 * or disputes with a comment, which sends the result back to the home team; a
 * correction by the supervisor is shown on the public match with its reason and date.
 */
import { todayIso } from '../src/common/dto';
import { addDays } from '../src/domain/dates';
import { type Agent, expectError, fullResultSets, matchDayWithOutsider, saveLineups, startAppWithOfficials, TestContext } from './helpers';

describe('result flow API: entry window, signature, dispute, correction', () => {
  let ctx: TestContext;
  let admin: Agent;
  let supervisor: Agent;

  beforeAll(async () => {
    ({ ctx, admin, supervisor } = await startAppWithOfficials());
  });

  afterAll(() => ctx.close());

  /** A match day with the secretaries of both clubs and of a third club, who has no business with the result, logged in. */
  const matchDay = (date: string, round: number) => matchDayWithOutsider(ctx, { date, round });

  const detail = async (url: string) => (await ctx.http().get(url).expect(200)).body;

  describe('entry opens on the match day', () => {
    const inFourDays = addDays(todayIso(), 4);
    let m: Awaited<ReturnType<typeof matchDay>>;

    beforeAll(async () => {
      m = await matchDay(inFourDays, 1);
    });

    it('lets both teams compose their line-up before the match', async () => {
      await saveLineups(m);
    });

    it('says on the match when entry opens', async () => {
      const body = await detail(m.url);
      expect(body.resultEntry).toEqual({ open: false, atTables: false, opensOn: inFourDays, notice: expect.stringMatching(/^Invoeren kan vanaf (ma|di|wo|do|vr|za|zo) \d{1,2} \S+$/) });
    });

    it('refuses the home secretary’s result and set entry four days before the match (409 ENTRY_NOT_OPEN)', async () => {
      const version = (await detail(m.url)).version;
      const whole = await m.home.put(`${m.url}/result`).send({ version, sets: fullResultSets() }).expect(409);
      expectError(whole.body, 409, 'ENTRY_NOT_OPEN');
      expect(whole.body.error.message).toMatch(/^Invoeren kan vanaf /);
      const set = await m.home.put(`${m.url}/sets/1`).send({ version, tables: [{ tableNumber: 1, homePoints: 8, awayPoints: 0 }] }).expect(409);
      expectError(set.body, 409, 'ENTRY_NOT_OPEN');
      // A secretary cannot buy an early entry with a reason.
      const withReason = await m.home.put(`${m.url}/result`).send({ version, sets: fullResultSets(), reason: 'Wij speelden al eerder' }).expect(409);
      expectError(withReason.body, 409, 'ENTRY_NOT_OPEN');
      expect(await detail(m.url)).toMatchObject({ resultState: 'NONE', version });
    });

    it('lets an administrator enter earlier only with a reason, which goes to the audit log', async () => {
      const version = (await detail(m.url)).version;
      const noReason = await admin.put(`${m.url}/result`).send({ version, sets: fullResultSets() }).expect(400);
      expect(noReason.body.error.details).toContainEqual(expect.objectContaining({ field: 'reason' }));
      const blank = await admin.put(`${m.url}/result`).send({ version, sets: fullResultSets(), reason: '   ' }).expect(400);
      expect(blank.body.error.details).toContainEqual(expect.objectContaining({ field: 'reason' }));

      const reason = 'Wedstrijd in onderling overleg eerder gespeeld; formulier ontvangen';
      const entered = await admin.put(`${m.url}/result`).send({ version, sets: fullResultSets(), reason }).expect(200);
      expect(entered.body).toMatchObject({ resultState: 'ENTERED', resultPhase: 'IN_PROGRESS', complete: true });
      const audit = await ctx.prisma.auditLog.findFirstOrThrow({ where: { entityId: m.day.match.id, action: 'match.result' } });
      expect(audit.reason).toBe(reason);
    });

    it('refuses the secretaries’ signatures before the match day; the administrator signs early with a reason', async () => {
      const version = (await detail(m.url)).version;
      expectError((await m.home.post(`${m.url}/sign`).send({ version }).expect(409)).body, 409, 'ENTRY_NOT_OPEN');
      const noReason = await admin.post(`${m.url}/sign`).send({ version }).expect(400);
      expect(noReason.body.error.details).toContainEqual(expect.objectContaining({ field: 'reason' }));
      const signed = await admin.post(`${m.url}/sign`).send({ version, reason: 'Namens de thuisploeg, formulier ondertekend ontvangen' }).expect(200);
      expect(signed.body.resultPhase).toBe('SIGNED_BY_HOME');
      expectError((await m.away.post(`${m.url}/confirm`).send({ version: signed.body.version }).expect(409)).body, 409, 'ENTRY_NOT_OPEN');
      expectError((await m.away.post(`${m.url}/dispute`).send({ version: signed.body.version, comment: 'Klopt niet' }).expect(409)).body, 409, 'ENTRY_NOT_OPEN');
      const confirmed = await admin.post(`${m.url}/confirm`).send({ version: signed.body.version, reason: 'Namens de uitploeg, formulier ondertekend ontvangen' }).expect(200);
      expect(confirmed.body.resultPhase).toBe('CONFIRMED');
      const audit = await ctx.prisma.auditLog.findFirstOrThrow({ where: { entityId: m.day.match.id, action: 'match.confirm' } });
      expect(audit.reason).toBe('Namens de uitploeg, formulier ondertekend ontvangen');
    });

    it('opens on the match day itself', async () => {
      const today = await matchDay(todayIso(), 2);
      expect((await detail(today.url)).resultEntry).toEqual({ open: true, atTables: false, opensOn: todayIso(), notice: null });
      await today.home.put(`${today.url}/sets/1`).send({ version: 0, tables: [{ tableNumber: 1, homePoints: 8, awayPoints: 0 }] }).expect(200);
    });
  });

  describe('the away team disagrees (Niet akkoord)', () => {
    let m: Awaited<ReturnType<typeof matchDay>>;
    const comment = 'Set 2, tafel 3 was 6–2 voor ons, niet 2–6. Zie ons formulier.';

    beforeAll(async () => {
      m = await matchDay('2026-10-03', 3);
      await saveLineups(m);
    });

    it('signs nothing when set 6 is saved: the home team signs after the summary, and only a complete result', async () => {
      const partial = await m.home.put(`${m.url}/result`).send({ version: (await detail(m.url)).version, sets: fullResultSets(['6/6']) }).expect(200);
      expectError((await m.home.post(`${m.url}/sign`).send({ version: partial.body.version }).expect(422)).body, 422, 'INCOMPLETE_RESULT');
      const entered = await m.home.put(`${m.url}/result`).send({ version: partial.body.version, sets: fullResultSets() }).expect(200);
      expect(entered.body).toMatchObject({ complete: true, resultPhase: 'IN_PROGRESS', resultComplete: false, signatures: { homeSignedAt: null } });
      expectError((await m.away.post(`${m.url}/dispute`).send({ version: entered.body.version, comment }).expect(422)).body, 422, 'HOME_NOT_SIGNED');
      expectError((await m.away.post(`${m.url}/confirm`).send({ version: entered.body.version }).expect(422)).body, 422, 'HOME_NOT_SIGNED');
      const signed = await m.home.post(`${m.url}/sign`).send({ version: entered.body.version }).expect(200);
      expect(signed.body).toMatchObject({ resultPhase: 'SIGNED_BY_HOME', resultComplete: true, dispute: null });
      expectError((await m.home.post(`${m.url}/sign`).send({ version: signed.body.version }).expect(409)).body, 409, 'ALREADY_SIGNED');
    });

    it('refuses a dispute without a comment', async () => {
      const version = (await detail(m.url)).version;
      for (const body of [{ version }, { version, comment: '' }, { version, comment: '  ' }]) {
        const res = await m.away.post(`${m.url}/dispute`).send(body).expect(400);
        expect(res.body.error.details).toContainEqual(expect.objectContaining({ field: 'comment' }));
      }
      expect((await detail(m.url)).resultPhase).toBe('SIGNED_BY_HOME');
    });

    it.each<[string, () => Agent | ReturnType<TestContext['http']>, number, string]>([
      ['nobody logged in', () => ctx.http(), 401, 'UNAUTHENTICATED'],
      ['the home secretary', () => m.home, 403, 'NOT_AWAY_TEAM'],
      ['another club’s secretary', () => m.other, 403, 'OTHER_CLUB'],
      ['the supervisor', () => supervisor, 403, 'WRONG_ROLE'],
      ['an administrator (who corrects instead)', () => admin, 403, 'WRONG_ROLE'],
    ])('lets only the away secretary dispute: refused for %s', async (_who, agent, status, code) => {
      const res = await agent().post(`${m.url}/dispute`).send({ version: (await detail(m.url)).version, comment }).expect(status);
      expectError(res.body, status, code);
    });

    it.each<[string, () => Agent | ReturnType<TestContext['http']>, number, string]>([
      ['nobody logged in', () => ctx.http(), 401, 'UNAUTHENTICATED'],
      ['the away secretary', () => m.away, 403, 'NOT_HOME_TEAM'],
      ['another club’s secretary', () => m.other, 403, 'OTHER_CLUB'],
      ['the supervisor', () => supervisor, 403, 'WRONG_ROLE'],
    ])('lets only the home secretary (or an administrator) sign: refused for %s', async (_who, agent, status, code) => {
      const res = await agent().post(`${m.url}/sign`).send({ version: (await detail(m.url)).version }).expect(status);
      expectError(res.body, status, code);
    });

    it('sends the result back to the home team: the signature lapses, both sides and the supervisor see the comment', async () => {
      const before = await detail(m.url);
      const res = await m.away.post(`${m.url}/dispute`).send({ version: before.version, comment: `  ${comment}  ` }).expect(200);
      expect(res.body).toMatchObject({
        resultState: 'ENTERED',
        resultPhase: 'DISPUTED',
        resultComplete: false,
        version: before.version + 1,
        signatures: { homeSignedAt: null, awaySignedAt: null },
        dispute: { comment, disputedAt: expect.any(String) },
      });
      // The supervisor's list (the division's matches) shows the dispute with its comment.
      const division = await supervisor.get(`/api/divisions/${m.day.division.id}/matches`).expect(200);
      const listed = division.body.rounds.flatMap((r: { matches: { id: string }[] }) => r.matches).find((x: { id: string }) => x.id === m.day.match.id);
      expect(listed).toMatchObject({ resultPhase: 'DISPUTED', dispute: { comment } });
      // Both clubs read the comment; the public and other clubs see only that it is disputed
      // (the comment is free text and may name people), on the match and in the lists.
      for (const club of [m.home, m.away]) expect((await club.get(m.url).expect(200)).body.dispute).toMatchObject({ comment });
      for (const reader of [ctx.http(), m.other]) {
        expect((await reader.get(m.url).expect(200)).body.dispute).toEqual({ comment: null, disputedAt: expect.any(String) });
        const listedPublicly = (await reader.get(`/api/divisions/${m.day.division.id}/matches`).expect(200)).body.rounds
          .flatMap((r: { matches: { id: string }[] }) => r.matches)
          .find((x: { id: string }) => x.id === m.day.match.id);
        expect(listedPublicly).toMatchObject({ resultPhase: 'DISPUTED', dispute: { comment: null } });
        const forTeam = (await reader.get(`/api/teams/${m.day.home.id}/matches`).expect(200)).body.find((x: { id: string }) => x.id === m.day.match.id);
        expect(forTeam.dispute.comment).toBeNull();
      }
      const audit = await ctx.prisma.auditLog.findFirstOrThrow({ where: { entityId: m.day.match.id, action: 'match.dispute' } });
      expect(audit.reason).toBe(comment);
      expect(audit.after).toMatchObject({ phase: 'DISPUTED', disputeComment: comment });
      // Nothing to confirm or dispute again: the supervisor decides.
      expectError((await m.away.post(`${m.url}/confirm`).send({ version: res.body.version }).expect(422)).body, 422, 'HOME_NOT_SIGNED');
      expectError((await m.away.post(`${m.url}/dispute`).send({ version: res.body.version, comment }).expect(422)).body, 422, 'HOME_NOT_SIGNED');
    });

    it('RULES.md 2026-11-26: the refusal waits for the supervisor, not the home team (no loop); the supervisor’s decision makes the result final', async () => {
      const before = await detail(m.url);
      const tables = fullResultSets()
        .filter((s) => s.setNumber === 2)
        .map(({ setNumber: _s, ...t }): object => (t.tableNumber === 3 ? { tableNumber: 3, homePoints: 2, awayPoints: 6 } : t));
      expectError((await m.home.put(`${m.url}/sets/2`).send({ version: before.version, tables }).expect(409)).body, 409, 'DISPUTE_WITH_SUPERVISOR');
      expectError((await m.home.post(`${m.url}/sign`).send({ version: before.version }).expect(409)).body, 409, 'DISPUTE_WITH_SUPERVISOR');
      expect(before.finalDueAt).toBeNull();
      for (const [agent, status, code] of [
        [ctx.http(), 401, 'UNAUTHENTICATED'],
        [m.home, 403, 'WRONG_ROLE'],
        [m.away, 403, 'WRONG_ROLE'],
      ] as const) {
        expectError((await agent.post(`${m.url}/dispute/decision`).send({ version: before.version, reason: 'Formulier klopt' }).expect(status)).body, status, code);
      }
      expectError((await supervisor.post(`${m.url}/dispute/decision`).send({ version: before.version }).expect(400)).body, 400);
      const sets = fullResultSets().map((s) => (s.setNumber === 2 && s.tableNumber === 3 ? { setNumber: 2, tableNumber: 3, homePoints: 2, awayPoints: 6 } : s));
      const decided = await supervisor.post(`${m.url}/dispute/decision`).send({ version: before.version, reason: 'Beide formulieren gezien: set 2 tafel 3 was 2–6', sets }).expect(200);
      expect(decided.body).toMatchObject({ resultState: 'CONFIRMED', resultPhase: 'CONFIRMED', dispute: null, finalAt: expect.any(String), finality: 'definitief na beslissing van de wedstrijdleider' });
      expect(decided.body.sets.find((x: { setNumber: number; tableNumber: number }) => x.setNumber === 2 && x.tableNumber === 3)).toMatchObject({ homePoints: 2, awayPoints: 6 });

      const confirmed = decided;
      expectError((await m.home.put(`${m.url}/sets/1`).send({ version: confirmed.body.version, tables: [] }).expect(409)).body, 409, 'RESULT_LOCKED');
      expectError((await m.home.post(`${m.url}/sign`).send({ version: confirmed.body.version }).expect(409)).body, 409, 'RESULT_LOCKED');
      expectError((await m.away.post(`${m.url}/dispute`).send({ version: confirmed.body.version, comment }).expect(409)).body, 409, 'RESULT_LOCKED');
      expectError((await supervisor.post(`${m.url}/dispute/decision`).send({ version: confirmed.body.version, reason: 'Nog eens' }).expect(409)).body, 409, 'RESULT_LOCKED');
      const actions = await ctx.prisma.auditLog.findMany({ where: { entityId: m.day.match.id, action: { in: ['match.sign', 'match.dispute', 'match.dispute.decide', 'match.confirm'] } }, orderBy: { createdAt: 'asc' } });
      expect(actions.map((a) => a.action)).toEqual(['match.sign', 'match.dispute', 'match.dispute.decide']);
    });

    it('shows the federation’s correction of the final result on the public match: reason and date, no names (the supervisor changes nothing once final)', async () => {
      expect((await detail(m.url)).correction).toBeNull();
      const reason = 'Tafel 1 van set 1 verkeerd overgenomen van het formulier';
      const sets = fullResultSets().map((s) => (s.setNumber === 1 && s.tableNumber === 1 ? { setNumber: 1, tableNumber: 1, homePoints: 0, awayPoints: 15 } : s));
      expectError((await supervisor.post(`${m.url}/corrections`).send({ version: (await detail(m.url)).version, reason, sets }).expect(409)).body, 409, 'RESULT_LOCKED');
      await admin.post(`${m.url}/corrections`).send({ version: (await detail(m.url)).version, reason, sets }).expect(200);
      const body = await detail(m.url);
      expect(body.correction).toEqual({ reason, correctedAt: expect.any(String), by: 'ADMIN' });
      expect(new Date(body.correction.correctedAt).getTime()).toBeGreaterThan(Date.now() - 60_000 * 60);
      const users = await ctx.prisma.user.findMany({ where: { role: { in: ['SUPERVISOR', 'ADMIN'] } } });
      for (const user of users) expect(JSON.stringify(body)).not.toContain(user.name);
    });
  });
});
