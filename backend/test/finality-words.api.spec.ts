/**
 * RULES.md "Say how it became final" (issue 46 part 3): the table's phone, the live pages
 * (the public page and the venue screen read them), the match page, the console, the printed
 * form and the mails say how a match became final in the same words (finalityWords), and
 * nobody is asked for a confirmation it does not need; before final every screen shows the same
 * score (countedScore: the signed, decided and credited sets, the unsigned work apart); a
 * corrected and a disputed set are marked on the live page, and a table is told when the
 * supervisor withdrew a removal that touched it. The form's text is read back with a real PDF
 * text extractor (pdf-parse, in a child process: see pdf-text.mjs).
 */
import { todayIso } from '../src/common/dto';
import { addDays } from '../src/domain/dates';
import { MailService } from '../src/mail/mail.service';
import { MatchFinaliserService } from '../src/matches/match-finaliser.service';
import { localInstant } from '../src/matches/match-row';
import { Clock } from '../src/reminders/clock';
import { RemindersService } from '../src/reminders/reminders.service';
import { type Agent, binary, createMatchDay, fullResultSets, lineupBody, loginAs, openMatchNight, pdfPages, resetDatabase, startApp, type TestContext } from './helpers';
import { type Inbox, startInbox, useInbox } from './mail-inbox';

jest.setTimeout(180_000);

type Day = Awaited<ReturnType<typeof createMatchDay>>;
type TableSet = { setNumber: number; state: string };

/** The text of the form's first page (totals, result, signatures), runs of white space made one space. */
function firstPage(pdf: Buffer): string {
  return pdfPages(pdf)[0];
}

const WINDOW = /^compleet, wordt definitief om \d\d:\d\d$/;

describe('how it became final, the same words and the same score on every screen, print and mail', () => {
  let ctx: TestContext;
  let inbox: Inbox;
  let admin: Agent;
  let supervisor: Agent;

  beforeAll(async () => {
    inbox = await startInbox();
    useInbox(inbox);
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
    supervisor = (await loginAs(ctx, 'SUPERVISOR')).agent;
  });

  afterAll(async () => {
    await ctx.app.get(MailService).idle();
    await ctx.close();
    await inbox.close();
  });

  const form = async (id: string) => firstPage((await ctx.http().get(`/api/matches/${id}/form.pdf`).buffer(true).parse(binary).expect(200)).body as Buffer);
  const detail = async (id: string, as: Agent | null = null) => (await (as ?? ctx.http()).get(`/api/matches/${id}`).expect(200)).body;
  const live = async (id: string) => (await ctx.http().get(`/api/public/matches/${id}/live`).expect(200)).body;
  const tableView = async (code: string) => (await ctx.http().get(`/api/table/${code}`).expect(200)).body;

  /** Every seat not yet entered, entered by the home pair and signed by the away pair (6–2), except `skip` ("set/table"). */
  async function playTables(codes: Record<number, string>, skip: readonly string[] = []) {
    for (let tableNumber = 1; tableNumber <= 6; tableNumber++) {
      for (const s of (await tableView(codes[tableNumber])).sets as TableSet[]) {
        if (s.state !== 'WAITING' || skip.includes(`${s.setNumber}/${tableNumber}`)) continue;
        await ctx.http().put(`/api/table/${codes[tableNumber]}/sets/${s.setNumber}`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } }).expect(200);
        await ctx.http().post(`/api/table/${codes[tableNumber]}/sets/${s.setNumber}/sign`).send({ side: 'AWAY' }).expect(200);
      }
    }
  }

  /**
   * The moment came (the window or the paper form's hours ran out): moved instead of waited for,
   * then the scheduled job's finaliser. A paper form's moment follows from its home signature,
   * which is moved back as far.
   */
  async function finaliseNow(matchId: string, { paperHours }: { paperHours?: number } = {}) {
    const past = new Date(Date.now() - 60_000);
    const signed = paperHours === undefined ? {} : { homeSignedAt: new Date(past.getTime() - paperHours * 3_600_000) };
    await ctx.prisma.match.update({ where: { id: matchId }, data: { finalDueAt: past, ...signed } });
    expect(await ctx.app.get(MatchFinaliserService).finaliseDue()).toEqual([matchId]);
  }

  /** The words of the table's phone, the live answer, the match page and the form, side by side. */
  async function wordsEverywhere(id: string, code: string) {
    const [table, liveAnswer, page, pdf] = await Promise.all([tableView(code), live(id), detail(id), form(id)]);
    return { table: table.finality, live: liveAnswer.finality, page: page.finality, pdf };
  }

  describe('a match played at the tables', () => {
    let day: Day;
    let night: Awaited<ReturnType<typeof openMatchNight>>;

    beforeAll(async () => {
      day = await createMatchDay(ctx.prisma, { date: todayIso() });
      night = await openMatchNight(ctx, day);
    });

    it('before final one score everywhere: the console, the match page (clubs and public), the live page count the signed sets, the unsigned work apart', async () => {
      // Set 1 signed at every table (6 × 6–2); set 2, table 1 entered and waiting for its signature (8–0).
      for (let tableNumber = 1; tableNumber <= 6; tableNumber++) {
        await ctx.http().put(`/api/table/${night.codes[tableNumber]}/sets/1`).send({ enteredBy: 'HOME', totals: { home: 6, away: 2 } }).expect(200);
        await ctx.http().post(`/api/table/${night.codes[tableNumber]}/sets/1/sign`).send({ side: 'AWAY' }).expect(200);
      }
      await ctx.http().put(`/api/table/${night.codes[1]}/sets/2`).send({ enteredBy: 'HOME', totals: { home: 8, away: 0 } }).expect(200);
      const url = `/api/matches/${day.match.id}`;
      const insider = (await detail(day.match.id, supervisor)).score;
      const console = (await supervisor.get(`${url}/console`).expect(200)).body.score;
      const publicPage = (await detail(day.match.id)).score;
      const liveAnswer = await live(day.match.id);
      expect(insider).toEqual({ homePoints: 36, awayPoints: 12, countedSeats: 6, totalSeats: 36, unsignedSeats: 1, unsignedHomePoints: 8, unsignedAwayPoints: 0, unsigned: '+ 8–0 nog niet ondertekend' });
      expect(console).toEqual(insider);
      // The public never sees an unsigned entry's score (Regel 15), only that there is one.
      expect(publicPage).toEqual({ ...insider, unsignedHomePoints: null, unsignedAwayPoints: null, unsigned: '+ 1 set nog niet ondertekend' });
      expect(liveAnswer).toMatchObject({ homePoints: 36, awayPoints: 12, unsignedSeats: 1, unsigned: '+ 1 set nog niet ondertekend', finality: null });
      // Nothing is final yet, and nobody is told a confirmation is needed.
      expect((await tableView(night.codes[1])).finality).toBeNull();
    });

    it('a refused set is marked disputed on the live page, not shown as unplayed; a set decided over its signature is marked corrected', async () => {
      await ctx.http().post(`/api/table/${night.codes[1]}/sets/2/refuse`).send({ side: 'AWAY', comment: 'Partij 3 was van ons' }).expect(200);
      const seatOf = (answer: { sets: { setNumber: number; tables: { tableNumber: number }[] }[] }, set: number, table: number) =>
        answer.sets.find((s) => s.setNumber === set)!.tables.find((t) => t.tableNumber === table);
      expect(seatOf(await live(day.match.id), 2, 1)).toMatchObject({ state: 'DISPUTED', homePoints: null, corrected: false });
      expect(seatOf(await live(day.match.id), 2, 2)).toMatchObject({ state: 'OPEN', corrected: false });
      await supervisor.post(`/api/matches/${day.match.id}/sets/2/tables/1/decision`).send({ totals: { home: 4, away: 4 }, reason: 'Beide koppels gehoord' }).expect(200);
      await supervisor.post(`/api/matches/${day.match.id}/sets/1/tables/2/decision`).send({ totals: { home: 2, away: 6 }, reason: 'Verkeerd opgeteld aan tafel' }).expect(200);
      const after = await live(day.match.id);
      // Deciding a refusal is no correction; changing a signed score is, and it is marked.
      expect(seatOf(after, 2, 1)).toMatchObject({ state: 'DECIDED', homePoints: 4, corrected: false });
      expect(seatOf(after, 1, 2)).toMatchObject({ state: 'DECIDED', homePoints: 2, awayPoints: 6, corrected: true });
    });

    it('a withdrawn removal is told at the tables it touched, with the reason: their own entry counts again', async () => {
      const url = `/api/matches/${day.match.id}`;
      const { version } = await detail(day.match.id);
      // Set 1, table 3 (signed): home pair 3's first player removed from game 1 on (Regel 38): credited after it was signed, a correction.
      await supervisor
        .post(`${url}/supervisor-actions`)
        .send({ version, kind: 'REMOVE_PLAYER', setNumber: 1, tableNumber: 3, memberId: day.homePlayers[4], gameNumber: 1, reason: 'Drie waarschuwingen' })
        .expect(201);
      const removed = (await live(day.match.id)).sets[0].tables[2];
      expect(removed).toMatchObject({ state: 'CREDITED', corrected: true });
      const actionId = (await supervisor.get(`${url}/supervisor-actions`).expect(200)).body[0].id;
      const notice = (await tableView(night.codes[3])).notices.find((n: { kind: string }) => n.kind === 'REMOVE_PLAYER');
      expect(notice).toMatchObject({ withdrawn: false, reason: 'Drie waarschuwingen' });

      const v = (await detail(day.match.id)).version;
      await supervisor.post(`${url}/supervisor-actions/${actionId}/withdraw`).send({ version: v, reason: 'Verkeerde speler aangewezen' }).expect(200);
      const notices = (await tableView(night.codes[3])).notices;
      expect(notices).toEqual([
        {
          kind: 'REMOVE_PLAYER',
          setNumber: 1,
          consequence: 'De wedstrijdleider heeft de verwijdering ingetrokken; uw ingevoerde stand geldt weer.',
          reason: 'Verkeerde speler aangewezen',
          createdAt: expect.any(String),
          withdrawn: true,
        },
      ]);
      // A table the removed pair never sat at is not told.
      expect((await tableView(night.codes[1])).notices.filter((n: { withdrawn: boolean }) => n.withdrawn)).toEqual([]);
      expect((await live(day.match.id)).sets[0].tables[2]).toMatchObject({ state: 'SIGNED', homePoints: 6, corrected: false });
    });

    it('complete: "compleet, wordt definitief om HH:MM" on the table, the live page, the match page and the form; then "definitief na het correctievenster"', async () => {
      await playTables(night.codes);
      const before = await wordsEverywhere(day.match.id, night.codes[1]);
      expect(before.table).toMatch(WINDOW);
      expect(before).toMatchObject({ live: before.table, page: before.table });
      expect(before.pdf).toContain(`Voorlopige uitslag (${before.table}): ${day.home.name}`);
      expect((await supervisor.get(`/api/matches/${day.match.id}/console`).expect(200)).body.match.finality).toBe(before.table);
      expect((await live(day.match.id)).state).toBe('COMPLETE');

      await finaliseNow(day.match.id);
      const after = await wordsEverywhere(day.match.id, night.codes[1]);
      // The supervisor decided over a signature in the window: a correction made before final does not name how it became final.
      expect(after).toMatchObject({ table: 'definitief na het correctievenster', live: 'definitief na het correctievenster', page: 'definitief na het correctievenster' });
      expect(after.pdf).toContain(`Uitslag (definitief na het correctievenster): ${day.home.name}`);
      expect(after.pdf).not.toMatch(/bevestigd/);
      expect((await tableView(night.codes[1])).locked).toBe(true);
    });
  });

  it('both teams confirmed early: "bevestigd door beide teams" everywhere', async () => {
    const day = await createMatchDay(ctx.prisma, { date: todayIso() });
    const { codes, home, away } = await openMatchNight(ctx, day);
    await playTables(codes);
    await home.post(`/api/matches/${day.match.id}/confirm-night`).send({}).expect(200);
    // One confirmation changes nothing: still final by itself at the end of the window.
    expect((await tableView(codes[2])).finality).toMatch(WINDOW);
    await away.post(`/api/matches/${day.match.id}/confirm-night`).send({}).expect(200);
    const words = await wordsEverywhere(day.match.id, codes[2]);
    expect(words).toMatchObject({ table: 'bevestigd door beide teams', live: 'bevestigd door beide teams', page: 'bevestigd door beide teams' });
    expect(words.pdf).toContain(`Uitslag (bevestigd door beide teams): ${day.home.name} 216 – 72 ${day.away.name}`);
  });

  describe('a paper form', () => {
    let day: Day;
    let home: Agent;
    let away: Agent;
    let awayEmail: string;
    let homeEmail: string;

    beforeAll(async () => {
      day = await createMatchDay(ctx.prisma, { date: todayIso() });
      const homeLogin = await loginAs(ctx, 'SECRETARY', day.homeClub.id);
      const awayLogin = await loginAs(ctx, 'SECRETARY', day.awayClub.id);
      [home, away] = [homeLogin.agent, awayLogin.agent];
      [homeEmail, awayEmail] = [homeLogin.user.email, awayLogin.user.email];
      const url = `/api/matches/${day.match.id}`;
      await home.put(`${url}/lineups/${day.home.id}`).send(lineupBody(day.homePlayers)).expect(200);
      await away.put(`${url}/lineups/${day.away.id}`).send(lineupBody(day.awayPlayers)).expect(200);
      await home.put(`${url}/result`).send({ version: (await detail(day.match.id)).version, sets: fullResultSets() }).expect(200);
    });

    it('entered, not signed: the whole form is the unsigned work; signed: "ondertekend door de thuisploeg, wordt definitief op …", and the away secretary is told no confirmation is needed', async () => {
      const entered = (await detail(day.match.id, home)).score;
      expect(entered).toMatchObject({ homePoints: null, countedSeats: 0, unsignedSeats: 36, unsigned: expect.stringMatching(/^\+ \d+–\d+ nog niet ondertekend$/) });
      await home.post(`/api/matches/${day.match.id}/sign`).send({ version: (await detail(day.match.id)).version }).expect(200);
      const signed = await detail(day.match.id);
      expect(signed.finality).toMatch(/^ondertekend door de thuisploeg, wordt definitief op \w+ \d+ \w+ om \d\d:\d\d$/);
      expect(signed.score).toMatchObject({ countedSeats: 36, unsignedSeats: 0, unsigned: null });
      expect((await live(day.match.id)).finality).toBe(signed.finality);
      expect(await form(day.match.id)).toContain(`Voorlopige uitslag (${signed.finality})`);

      // The morning after: the away secretary's reminder says how it becomes final, and that it needs nothing when it is right.
      ctx.app.get(Clock).set(localInstant(addDays(todayIso(), 1), '08:30'));
      try {
        await ctx.app.get(RemindersService).scan();
      } finally {
        ctx.app.get(Clock).set(null);
      }
      const mail = await inbox.waitFor(awayEmail, new RegExp(`Uitslag ${day.home.name} – ${day.away.name} ondertekend door de thuisploeg`));
      expect(mail.text.replace(/\s+/g, ' ')).toContain(`${signed.finality}. Klopt hij, dan hoeft u niets te doen (bevestigen kan nu al).`);
      expect(mail.text).not.toMatch(/Bevestig hem/);
    });

    it('no reaction within the hours: "definitief na 48 uur" on the match page, the live page and the form', async () => {
      await finaliseNow(day.match.id, { paperHours: 48 });
      const final = await detail(day.match.id);
      expect(final).toMatchObject({ resultState: 'CONFIRMED', finalBy: 'PAPER_HOURS', finality: 'definitief na 48 uur' });
      expect((await live(day.match.id)).finality).toBe('definitief na 48 uur');
      expect(await form(day.match.id)).toContain(`Uitslag (definitief na 48 uur): ${day.home.name} ${final.homePoints} – ${final.awayPoints} ${day.away.name}`);
    });

    it('corrected by the federation afterwards: "gecorrigeerd door de bond" on the page, the form and in the mail to both clubs', async () => {
      const { version } = await detail(day.match.id);
      await admin
        .post(`/api/matches/${day.match.id}/corrections`)
        .send({ version, reason: 'Tafel 2 verkeerd overgenomen', sets: fullResultSets().map((s) => (s.setNumber === 1 && s.tableNumber === 2 ? { setNumber: 1, tableNumber: 2, homePoints: 8, awayPoints: 0 } : s)) })
        .expect(200);
      const corrected = await detail(day.match.id);
      expect(corrected.finality).toBe('gecorrigeerd door de bond');
      expect(await form(day.match.id)).toContain('Uitslag (gecorrigeerd door de bond)');
      await ctx.app.get(RemindersService).scan();
      for (const address of [homeEmail, awayEmail]) {
        const mail = await inbox.waitFor(address, new RegExp(`Uitslag ${day.home.name} – ${day.away.name} gecorrigeerd`));
        expect(mail.text.replace(/\s+/g, ' ')).toContain(`is gecorrigeerd door de bond. Reden: Tafel 2 verkeerd overgenomen.`);
      }
    });
  });

  it('a match played at the tables gets no reminder to enter, sign or confirm a form', async () => {
    const day = await createMatchDay(ctx.prisma, { date: todayIso() });
    const { codes } = await openMatchNight(ctx, day);
    await playTables(codes, ['6/6']);
    ctx.app.get(Clock).set(localInstant(addDays(todayIso(), 1), '08:30'));
    try {
      await ctx.app.get(RemindersService).scan();
    } finally {
      ctx.app.get(Clock).set(null);
    }
    const kept = await ctx.prisma.notification.findMany({ where: { dedupKey: { contains: day.match.id } } });
    expect(kept.map((n) => n.dedupKey.split(':')[0])).toEqual([]);
  });

  it('cancelled by the federation (Regel 8): the form says "vastgesteld door de bond", never a confirmation by the teams', async () => {
    const day = await createMatchDay(ctx.prisma, { date: todayIso() });
    const { version } = await detail(day.match.id);
    await admin.post(`/api/matches/${day.match.id}/not-played`).send({ version, kind: 'CANCELLED', reason: 'Zaal onbeschikbaar' }).expect(200);
    expect((await detail(day.match.id)).finality).toBe('vastgesteld door de bond');
    const text = await form(day.match.id);
    expect(text).not.toMatch(/bevestigd/);
    expect(text).toContain(`Uitslag (vastgesteld door de bond): ${day.home.name} 0 – 0 ${day.away.name}`);
  });
});
