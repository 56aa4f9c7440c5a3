/**
 * Calendar subscriptions (issue 14.8): a team's and a club's matches as an iCalendar feed
 * that a phone's calendar can subscribe to — served inline without a login, one event per
 * match whose UID never changes, SEQUENCE raised by every move, the confirmed result in
 * the description, and only public facts. Parsed with ical.js, a real iCalendar parser.
 */
import ICAL from 'ical.js';
import { type Agent, createClub, createDivision, createMatchRow, createSeason, createTeam, expectError, loginAs, resetDatabase, startApp, TestContext } from './helpers';

interface FeedEvent {
  uid: string;
  sequence: number;
  summary: string;
  description: string;
  location: string | null;
  start: Date;
  stamp: Date;
  lastModified: Date;
}

jest.setTimeout(60_000);

function parseFeed(text: string): { name: string; events: FeedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const time = (name: string) => (vevent.getFirstPropertyValue(name) as InstanceType<typeof ICAL.Time>).toJSDate();
    return {
      uid: String(vevent.getFirstPropertyValue('uid')),
      sequence: Number(vevent.getFirstPropertyValue('sequence')),
      summary: String(vevent.getFirstPropertyValue('summary')),
      description: String(vevent.getFirstPropertyValue('description')),
      location: (vevent.getFirstPropertyValue('location') as string | null) ?? null,
      start: time('dtstart'),
      stamp: time('dtstamp'),
      lastModified: time('last-modified'),
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events };
}

describe('calendar feeds', () => {
  let ctx: TestContext;
  let admin: Agent;
  const ids = {} as Record<'club' | 'otherClub' | 'team1' | 'team2' | 'archivedTeam' | 'moved' | 'away' | 'confirmed' | 'entered' | 'foreign' | 'old', string>;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;

    const season = await createSeason(ctx.prisma);
    const [first, second] = [await createDivision(ctx.prisma, season.id, 'Hoofdklasse'), await createDivision(ctx.prisma, season.id, 'Eerste klasse')];
    const club = await ctx.prisma.club.create({ data: { name: 'De Kroonvogels', city: 'Paramaribo-Noord', venue: 'Buurthuis De Kroon' } });
    const [otherClub, thirdClub] = [await createClub(ctx.prisma), await createClub(ctx.prisma)];
    const team1 = await createTeam(ctx.prisma, first.id, club.id, 'Kroonvogels 1');
    const team2 = await createTeam(ctx.prisma, second.id, club.id, 'Kroonvogels 2');
    const other1 = await createTeam(ctx.prisma, first.id, otherClub.id, 'Troef Oost 1');
    const other2 = await createTeam(ctx.prisma, second.id, otherClub.id, 'Troef Oost 2');
    const third1 = await createTeam(ctx.prisma, first.id, thirdClub.id, 'Call West 1');
    const match = (home: string, away: string, date: string, status: 'SCHEDULED' | 'PLAYED' = 'SCHEDULED') =>
      createMatchRow(ctx.prisma, { divisionId: home === team2.id || home === other2.id ? second.id : first.id, homeTeamId: home, awayTeamId: away, date, status });
    const moved = await match(team1.id, other1.id, '2026-10-03');
    const away = await match(other2.id, team2.id, '2026-10-10');
    const confirmed = await match(team1.id, third1.id, '2026-09-26', 'PLAYED');
    await ctx.prisma.match.update({ where: { id: confirmed.id }, data: { resultState: 'CONFIRMED', homePoints: 140, awayPoints: 112 } });
    const entered = await match(third1.id, team1.id, '2026-10-17', 'PLAYED');
    await ctx.prisma.match.update({ where: { id: entered.id }, data: { resultState: 'ENTERED', homePoints: 99, awayPoints: 77 } });
    const foreign = await match(other1.id, third1.id, '2026-10-24');

    // Last year's team of the same club: its season is archived, so the club feed leaves it out.
    const oldSeason = await createSeason(ctx.prisma, { startsOn: '2025-09-01', competitionStartsOn: '2025-09-20', endsOn: '2026-05-31' });
    await ctx.prisma.season.update({ where: { id: oldSeason.id }, data: { archivedAt: new Date() } });
    const oldDivision = await createDivision(ctx.prisma, oldSeason.id);
    const archivedTeam = await createTeam(ctx.prisma, oldDivision.id, club.id, 'Kroonvogels 1 (vorig jaar)');
    const oldOpponent = await createTeam(ctx.prisma, oldDivision.id, otherClub.id);
    const old = await createMatchRow(ctx.prisma, { divisionId: oldDivision.id, homeTeamId: archivedTeam.id, awayTeamId: oldOpponent.id, date: '2025-10-04' });

    // Last changed long ago, so a move now shows in LAST-MODIFIED (which counts whole seconds).
    await ctx.prisma.$executeRaw`UPDATE matches SET "updatedAt" = '2026-08-01T10:00:00Z'`;

    Object.assign(ids, {
      club: club.id,
      otherClub: otherClub.id,
      team1: team1.id,
      team2: team2.id,
      archivedTeam: archivedTeam.id,
      moved: moved.id,
      away: away.id,
      confirmed: confirmed.id,
      entered: entered.id,
      foreign: foreign.id,
      old: old.id,
    });
  });

  afterAll(() => ctx.close());

  async function feed(url: string) {
    const res = await ctx.http().get(url).buffer(true).expect(200);
    return { res, ...parseFeed(res.text) };
  }

  const eventOf = (events: FeedEvent[], matchId: string) => events.find((e) => e.uid === `${matchId}@tsbn.nl`)!;

  it('serves a team feed inline as text/calendar, without a login, with a calendar name', async () => {
    const { res, name, events } = await feed(`/api/teams/${ids.team1}/calendar.ics`);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^inline(;|$)/);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(name).toBe('Kroonvogels 1 (Hoofdklasse) – TSBN');
    expect(events.map((e) => e.uid).sort()).toEqual([ids.moved, ids.confirmed, ids.entered].map((id) => `${id}@tsbn.nl`).sort());
    expect(res.text).toMatch(/^REFRESH-INTERVAL;VALUE=DURATION:PT3H\r?$/m);
  });

  it('keeps the UID of a fixture across moves and raises SEQUENCE with every move: 0, 1, 2', async () => {
    const url = `/api/teams/${ids.team1}/calendar.ics`;
    const before = eventOf((await feed(url)).events, ids.moved);
    expect(before.sequence).toBe(0);
    expect(before.start.toISOString()).toBe('2026-10-03T18:00:00.000Z'); // 20:00 in Amsterdam, summer time
    expect(before.lastModified.toISOString()).toBe('2026-08-01T10:00:00.000Z');
    expect(before.stamp.getTime()).toBe(before.lastModified.getTime());

    await admin.post(`/api/matches/${ids.moved}/move`).send({ date: '2026-11-07', startTime: '19:30', reason: 'Zaal bezet door een bruiloft' }).expect(200);
    const once = eventOf((await feed(url)).events, ids.moved);
    expect(once.sequence).toBe(1);
    expect(once.start.toISOString()).toBe('2026-11-07T18:30:00.000Z'); // 19:30 in winter time
    expect(once.lastModified.getTime()).toBeGreaterThan(before.lastModified.getTime());

    await admin.post(`/api/matches/${ids.moved}/move`).send({ date: '2026-11-14', reason: 'Verzoek van beide verenigingen' }).expect(200);
    const { events } = await feed(url);
    const twice = eventOf(events, ids.moved);
    expect(twice.sequence).toBe(2);
    expect(twice.start.toISOString()).toBe('2026-11-14T18:30:00.000Z');
    // Still one event for the match, under the same UID: the calendar app updates it in place.
    expect(events.filter((e) => e.uid === `${ids.moved}@tsbn.nl`)).toHaveLength(1);
    // The club feed tells the same story.
    expect(eventOf((await feed(`/api/clubs/${ids.club}/calendar.ics`)).events, ids.moved)).toMatchObject({ sequence: 2, start: twice.start });
  });

  it('shows a result in summary and description only once it is confirmed', async () => {
    const { events } = await feed(`/api/teams/${ids.team1}/calendar.ics`);
    const confirmed = eventOf(events, ids.confirmed);
    expect(confirmed.summary).toBe('Kroonvogels 1 – Call West 1 (140–112)');
    expect(confirmed.description).toContain('Uitslag (definitief): Kroonvogels 1 140 – 112 Call West 1.');
    const entered = eventOf(events, ids.entered);
    expect(entered.summary).toBe('Call West 1 – Kroonvogels 1');
    expect(entered.description).not.toMatch(/99|77|Uitslag/);
    expect(entered.description).toContain('Uitwedstrijd van Kroonvogels 1');
  });

  it('serves a club feed with the matches of all its teams in the current seasons, and only public facts', async () => {
    const { res, name, events } = await feed(`/api/clubs/${ids.club}/calendar.ics`);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^inline(;|$)/);
    expect(name).toBe('De Kroonvogels – TSBN');
    expect(events.map((e) => e.uid).sort()).toEqual([ids.moved, ids.away, ids.confirmed, ids.entered].map((id) => `${id}@tsbn.nl`).sort());
    expect(events.map((e) => e.uid)).not.toContain(`${ids.foreign}@tsbn.nl`);
    expect(events.map((e) => e.uid)).not.toContain(`${ids.old}@tsbn.nl`);
    // The home club's venue; for the away match the other club's (none recorded here).
    expect(eventOf(events, ids.moved).location).toBe('Buurthuis De Kroon, Paramaribo-Noord');
    expect(eventOf(events, ids.away).description).toContain('Uitwedstrijd van Kroonvogels 2');
    // No personal data: no move reasons, no e-mail addresses or user names.
    expect(res.text).not.toMatch(/bruiloft|@test\.nl|ORGANIZER|ATTENDEE/);
    // The old team's own feed still works.
    expect((await feed(`/api/teams/${ids.archivedTeam}/calendar.ics`)).events.map((e) => e.uid)).toEqual([`${ids.old}@tsbn.nl`]);
  });

  it('answers an unknown team or club with 404 in the Dutch envelope', async () => {
    const team = await ctx.http().get('/api/teams/00000000-0000-4000-8000-000000000000/calendar.ics').expect(404);
    expectError(team.body, 404, 'NOT_FOUND');
    expect(team.body.error.message).toBe('Team niet gevonden.');
    const club = await ctx.http().get('/api/clubs/00000000-0000-4000-8000-000000000000/calendar.ics').expect(404);
    expectError(club.body, 404, 'NOT_FOUND');
    expect(club.body.error.message).toBe('Vereniging niet gevonden.');
  });
});
