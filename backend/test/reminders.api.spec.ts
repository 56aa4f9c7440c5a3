/**
 * Issue 17: the reminder schedule walked through a season with a controlled clock, with the
 * API restarted in between, against the real PostgreSQL and a real SMTP server: nothing sent
 * twice, nothing missed, preferences respected, the weekly summary combines.
 */
import { localInstant } from '../src/matches/match-row';
import { MailService } from '../src/mail/mail.service';
import { Clock } from '../src/reminders/clock';
import { RemindersService } from '../src/reminders/reminders.service';
import { createClub, createDivision, createFineRow, createListedMember, createMatchRow, createSeason, createTeam, createUser, resetDatabase, startApp, type TestContext } from './helpers';
import { startInbox, useInbox, type Inbox } from './mail-inbox';

/** Amsterdam wall-clock time, "2026-08-10 08:00". */
const at = (local: string) => localInstant(local.slice(0, 10), local.slice(11, 16));

describe('Reminders through a season, with a restart in between', () => {
  let ctx: TestContext;
  let inbox: Inbox;
  let ids: Awaited<ReturnType<typeof build>>;

  /** Starts (or restarts) the API with the clock at `moment`. */
  async function boot(moment: string) {
    ctx = await startApp();
    ctx.app.get(Clock).set(at(moment));
  }
  async function restart(moment: string) {
    await ctx.app.get(MailService).idle();
    await ctx.close();
    await boot(moment);
  }
  /** One scan at `moment`, and every mail it sent delivered. */
  async function scanAt(moment: string) {
    ctx.app.get(Clock).set(at(moment));
    const result = await ctx.app.get(RemindersService).scan();
    await settle();
    return result;
  }
  async function settle() {
    // Mails sent inside the scan's transaction are claimed after commit (first retry after 50 ms).
    await new Promise((r) => setTimeout(r, 300));
    await ctx.app.get(MailService).idle();
  }
  const keysOf = async (userId: string) => (await ctx.prisma.notification.findMany({ where: { userId }, orderBy: { dedupKey: 'asc' } })).map((n) => n.dedupKey.split(':')[0]);
  const subjects = (address: string) => inbox.to(address).map((m) => m.subject);

  async function build() {
    const season = await createSeason(ctx.prisma, { name: '2026/2027', startsOn: '2026-09-01', competitionStartsOn: '2026-09-19', endsOn: '2027-05-31' });
    const division = await createDivision(ctx.prisma, season.id, 'Hoofdklasse');
    const kaiman = await createClub(ctx.prisma, 'Kaiman');
    const boys = await createClub(ctx.prisma, 'Paramaribo Boys');
    const other = await createClub(ctx.prisma, 'Marowijne');
    const home = await createTeam(ctx.prisma, division.id, kaiman.id, 'Kaiman 1');
    const away = await createTeam(ctx.prisma, division.id, boys.id, 'Paramaribo Boys 1');
    const secKaiman = await createUser(ctx.prisma, 'SECRETARY', kaiman.id);
    const secBoys = await ctx.prisma.user.update({ where: { id: (await createUser(ctx.prisma, 'SECRETARY', boys.id)).id }, data: { weeklyDigest: true } });
    const secOther = await ctx.prisma.user.update({ where: { id: (await createUser(ctx.prisma, 'SECRETARY', other.id)).id }, data: { notificationsOff: ['MEMBER_LIST_DEADLINE'] } });
    const supervisor = await createUser(ctx.prisma, 'SUPERVISOR');
    const admin = await createUser(ctx.prisma, 'ADMIN');
    const match = await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: home.id, awayTeamId: away.id, date: '2026-10-03', round: 1, status: 'SCHEDULED' });
    return { season, division, kaiman, boys, other, home, away, secKaiman, secBoys, secOther, supervisor, admin, match };
  }

  beforeAll(async () => {
    inbox = await startInbox();
    useInbox(inbox);
    await boot('2026-08-01 12:00');
    await resetDatabase(ctx.prisma);
    ids = await build();
  });

  afterAll(async () => {
    await ctx.app.get(MailService).idle();
    await ctx.close();
    await inbox.close();
  });

  it('Regel 1: nothing 8 days before the member list deadline; 7 days before, the secretaries who want it', async () => {
    expect(await scanAt('2026-08-09 12:00')).toMatchObject({ created: 0, mailed: 0 });
    const result = await scanAt('2026-08-10 08:00');
    expect(result).toMatchObject({ created: 2, mailed: 1 });
    // Kaiman mails one by one: the mail arrived, with the link to the member list.
    const mail = await inbox.waitFor(ids.secKaiman.email, /Moederlijst 2026\/2027 uiterlijk 17-08-2026 inleveren/);
    expect(mail.text).toContain('http://dashboard.test/vereniging/moederlijst');
    expect(mail.text).toContain('http://dashboard.test/instellingen/meldingen');
    // Paramaribo Boys takes the weekly summary: stored, not mailed. Marowijne switched it off.
    expect(await keysOf(ids.secBoys.id)).toEqual(['list-due']);
    expect(inbox.to(ids.secBoys.email)).toEqual([]);
    expect(await keysOf(ids.secOther.id)).toEqual([]);
  });

  it('a second scan, and a second API scanning at the same moment, add nothing and send nothing', async () => {
    const second = await startApp();
    try {
      second.app.get(Clock).set(at('2026-08-10 08:15'));
      ctx.app.get(Clock).set(at('2026-08-10 08:15'));
      const results = await Promise.all([ctx.app.get(RemindersService).scan(), second.app.get(RemindersService).scan(), ctx.app.get(RemindersService).scan()]);
      expect(results.map((r) => r.created + r.mailed)).toEqual([0, 0, 0]);
      await second.app.get(MailService).idle();
    } finally {
      await second.close();
    }
    await settle();
    expect(subjects(ids.secKaiman.email)).toEqual(['Moederlijst 2026/2027 uiterlijk 17-08-2026 inleveren']);
    expect(await ctx.prisma.notification.count()).toBe(2);
  });

  it('after a restart the deadline has passed meanwhile: "te laat" for the club still without a list, nothing again for the one that sent it', async () => {
    await createListedMember(ctx.prisma, { seasonId: ids.season.id, clubId: ids.kaiman.id });
    await restart('2026-08-18 09:40');
    expect(await scanAt('2026-08-18 09:40')).toMatchObject({ created: 1, mailed: 0 });
    expect(await keysOf(ids.secBoys.id)).toEqual(['list-due', 'list-late']);
    expect(await keysOf(ids.secKaiman.id)).toEqual(['list-due']);
    expect(subjects(ids.secKaiman.email)).toHaveLength(1);
    await createListedMember(ctx.prisma, { seasonId: ids.season.id, clubId: ids.boys.id });
    await createListedMember(ctx.prisma, { seasonId: ids.season.id, clubId: ids.other.id });
  });

  it('Regel 5D: 25 hours before the match nothing; 24 hours before, each team without a line-up', async () => {
    expect(await scanAt('2026-10-02 19:00')).toMatchObject({ created: 0 });
    await ctx.prisma.lineup.create({ data: { matchId: ids.match.id, teamId: ids.away.id } });
    expect(await scanAt('2026-10-02 20:00')).toMatchObject({ created: 1, mailed: 1 });
    const mail = await inbox.waitFor(ids.secKaiman.email, /Spelerslijst Kaiman 1 nog niet samengesteld/);
    expect(mail.text).toContain(`http://dashboard.test/vereniging/wedstrijden/${ids.match.id}/spelerslijst`);
    expect(await keysOf(ids.secBoys.id)).toEqual(['list-due', 'list-late']);
  });

  it('the API is down the whole match night and the morning after: the result reminder is not missed, and sent once', async () => {
    await restart('2026-10-04 10:30');
    expect(await scanAt('2026-10-04 10:30')).toMatchObject({ created: 1, mailed: 1 });
    await inbox.waitFor(ids.secKaiman.email, /Uitslag Kaiman 1 – Paramaribo Boys 1 nog niet ingevoerd/);
    await restart('2026-10-04 10:45');
    expect(await scanAt('2026-10-04 10:45')).toMatchObject({ created: 0, mailed: 0 });
    expect(subjects(ids.secKaiman.email).filter((s) => s.startsWith('Uitslag'))).toHaveLength(1);
  });

  it('the home team signs: the away team is reminded (in its summary); it disputes: the home team and the supervisor are', async () => {
    await ctx.prisma.match.update({ where: { id: ids.match.id }, data: { status: 'PLAYED', resultState: 'ENTERED', homeSignedAt: at('2026-10-04 11:00') } });
    expect(await scanAt('2026-10-04 11:15')).toMatchObject({ created: 1, mailed: 0 });
    expect(await keysOf(ids.secBoys.id)).toEqual(['list-due', 'list-late', 'result-confirm']);

    const disputedAt = at('2026-10-04 12:00');
    await ctx.prisma.match.update({ where: { id: ids.match.id }, data: { homeSignedAt: null, disputedAt, disputeComment: 'Tafel 3, set 2 klopt niet' } });
    expect(await scanAt('2026-10-04 12:15')).toMatchObject({ created: 2, mailed: 2 });
    const supervisorMail = await inbox.waitFor(ids.supervisor.email, /betwist/);
    expect(supervisorMail.text).toContain(`http://dashboard.test/wedstrijdleider/${ids.match.id}`);
    expect(supervisorMail.text).toContain('Tafel 3, set 2 klopt niet');
    const homeMail = await inbox.waitFor(ids.secKaiman.email, /betwist/);
    expect(homeMail.text).toContain(`/vereniging/wedstrijden/${ids.match.id}/uitslag`);
  });

  it('the weekly summary (Monday 08:00) combines everything not sent yet in one mail, once', async () => {
    ctx.app.get(Clock).set(at('2026-10-05 08:00'));
    const reminders = ctx.app.get(RemindersService);
    const [first, second] = await Promise.all([reminders.sendDigests(), reminders.sendDigests()]);
    expect(first + second).toBe(1);
    await settle();
    const digest = await inbox.waitFor(ids.secBoys.email, /Weekoverzicht TSBN: 3 herinneringen/);
    expect(digest.text).toContain('1. Moederlijst 2026/2027 uiterlijk 17-08-2026 inleveren');
    expect(digest.text).toContain('2. Moederlijst 2026/2027 is te laat');
    expect(digest.text).toContain('3. Uitslag Kaiman 1 – Paramaribo Boys 1 ondertekend door de thuisploeg');
    expect(digest.text).toContain('http://dashboard.test/te-doen');
    expect(await reminders.sendDigests()).toBe(0);
    expect(inbox.to(ids.secBoys.email)).toHaveLength(1);
    expect(await ctx.prisma.notification.count({ where: { userId: ids.secBoys.id, digestedAt: null } })).toBe(0);
  });

  it('Regel 12B: a fine confirmed, due within 7 days, overdue — each once, across a restart', async () => {
    await createFineRow(ctx.prisma, { seasonId: ids.season.id, clubId: ids.kaiman.id, rule: '5D', reason: 'Geen spelerslijst samengesteld voor aanvang van de wedstrijd (Regel 5D).', issuedOn: '2026-10-05' });
    await createFineRow(ctx.prisma, { seasonId: ids.season.id, clubId: ids.kaiman.id, status: 'PROPOSED', issuedOn: '2026-10-05' });
    expect(await scanAt('2026-10-05 10:00')).toMatchObject({ created: 1, mailed: 1 });
    await inbox.waitFor(ids.secKaiman.email, /Boete opgelegd: € 15,00/);
    expect(await scanAt('2026-10-28 07:59')).toMatchObject({ created: 0 });
    expect(await scanAt('2026-10-28 08:00')).toMatchObject({ created: 1, mailed: 1 });
    await inbox.waitFor(ids.secKaiman.email, /Boete uiterlijk 04-11-2026 betalen/);
    await restart('2026-11-06 09:00');
    expect(await scanAt('2026-11-06 09:00')).toMatchObject({ created: 1, mailed: 1 });
    const overdue = await inbox.waitFor(ids.secKaiman.email, /Boete over de betalingstermijn/);
    expect(overdue.text).toContain('http://dashboard.test/vereniging/boetes');
    expect(await scanAt('2026-11-06 09:15')).toMatchObject({ created: 0, mailed: 0 });
  });

  it('Regel 2 and corrections: a board decision on a transfer and a corrected result reach both clubs', async () => {
    await ctx.prisma.match.update({ where: { id: ids.match.id }, data: { resultState: 'CONFIRMED', homeSignedAt: at('2026-10-05 10:00'), awaySignedAt: at('2026-10-05 11:00'), disputedAt: null, correctedAt: at('2026-11-07 10:00'), correctionReason: 'Tafel 2 verkeerd overgenomen' } });
    const member = await ctx.prisma.member.create({ data: { memberNumber: 'TS-77001', familyName: 'Pinas', givenNames: 'Ricardo' } });
    await ctx.prisma.transfer.create({ data: { memberId: member.id, fromClubId: ids.boys.id, toClubId: ids.kaiman.id, requestedOn: new Date('2026-11-01T00:00:00Z'), status: 'REFUSED', boardDecision: true, boardReason: 'Binnen de overschrijvingsstop', decidedAt: at('2026-11-07 11:00') } });
    expect(await scanAt('2026-11-07 11:15')).toMatchObject({ created: 4, mailed: 2 });
    await inbox.waitFor(ids.secKaiman.email, /Uitslag Kaiman 1 – Paramaribo Boys 1 gecorrigeerd/);
    const transfer = await inbox.waitFor(ids.secKaiman.email, /Overschrijving Ricardo Pinas afgewezen/);
    expect(transfer.text).toContain('van Paramaribo Boys naar Kaiman');
    expect(await keysOf(ids.secBoys.id)).toEqual(['correction', 'list-due', 'list-late', 'result-confirm', 'transfer']);
  });

  it('over the whole walk: every reminder was stored once and every mail arrived once', async () => {
    const all = await ctx.prisma.notification.findMany();
    expect(new Set(all.map((n) => n.dedupKey)).size).toBe(all.length);
    for (const address of [ids.secKaiman.email, ids.supervisor.email, ids.secBoys.email]) {
      const received = subjects(address);
      expect(new Set(received).size).toBe(received.length);
    }
    expect(subjects(ids.secKaiman.email)).toEqual([
      'Moederlijst 2026/2027 uiterlijk 17-08-2026 inleveren',
      'Spelerslijst Kaiman 1 nog niet samengesteld',
      'Uitslag Kaiman 1 – Paramaribo Boys 1 nog niet ingevoerd',
      'Uitslag Kaiman 1 – Paramaribo Boys 1 betwist',
      'Boete opgelegd: € 15,00',
      'Boete uiterlijk 04-11-2026 betalen',
      'Boete over de betalingstermijn: € 15,00',
      expect.stringMatching(/gecorrigeerd|afgewezen/),
      expect.stringMatching(/gecorrigeerd|afgewezen/),
    ]);
    // Marowijne switched the member list reminders off and has nothing else: no mail at all.
    expect(inbox.to(ids.secOther.email)).toEqual([]);
    // Administrators get no reminders (they have the to-do page).
    expect(await ctx.prisma.notification.count({ where: { userId: ids.admin.id } })).toBe(0);
  });
});
