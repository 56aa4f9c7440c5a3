/**
 * Fixtures (schedule generation, moves, swaps), the public fixture and match views, the
 * exports (iCal, CSV, PDF), and who may write what on match day.
 */
import {
  type Agent,
  binary,
  createClub,
  createDivision,
  createMatchDay,
  createSeason,
  createTeam,
  expectError,
  lineupBody,
  loginAs,
  resetDatabase,
  startApp,
  TestContext,
} from './helpers';


/** Unfolds RFC 5545 lines and returns each VEVENT as a map of property name → value. */
function parseIcs(text: string): Record<string, string>[] {
  const lines = text.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon).split(';')[0]] = line.slice(colon + 1);
    }
  }
  return events;
}

describe('fixtures and exports API', () => {
  let ctx: TestContext;
  let admin: Agent;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
  });

  afterAll(() => ctx.close());

  describe('schedule generation', () => {
    let divisionId: string;
    let teamIds: string[];
    const dates = ['2026-09-19', '2026-10-03', '2026-10-17', '2026-10-31', '2026-11-14', '2026-11-28', '2026-12-12', '2027-01-09', '2027-01-23', '2027-02-06'];

    beforeAll(async () => {
      const season = await createSeason(ctx.prisma);
      divisionId = (await createDivision(ctx.prisma, season.id)).id;
      teamIds = [];
      for (let i = 0; i < 5; i++) teamIds.push((await createTeam(ctx.prisma, divisionId, (await createClub(ctx.prisma)).id, `Team ${i + 1}`)).id);
    });

    it('generates a double round robin for 5 teams on the given dates: a bye per round, every pair home and away once', async () => {
      const res = await admin.post(`/api/divisions/${divisionId}/schedule`).send({ dates, double: true, startTime: '19:30' }).expect(201);
      expect(res.body.rounds).toHaveLength(10);
      const matches = res.body.rounds.flatMap((r: { matches: unknown[] }) => r.matches) as { round: number; date: string; startTime: string; homeTeam: { id: string }; awayTeam: { id: string }; status: string }[];
      expect(matches).toHaveLength(20);
      for (const round of res.body.rounds) {
        const playing = round.matches.flatMap((m: { homeTeam: { id: string }; awayTeam: { id: string } }) => [m.homeTeam.id, m.awayTeam.id]);
        expect(new Set(playing).size).toBe(playing.length);
        expect(round.matches).toHaveLength(2);
        expect(round.matches.every((m: { date: string }) => m.date === dates[round.round - 1])).toBe(true);
      }
      for (const a of teamIds) {
        for (const b of teamIds.filter((t) => t !== a)) {
          expect(matches.filter((m) => m.homeTeam.id === a && m.awayTeam.id === b)).toHaveLength(1);
        }
      }
      expect(matches.every((m) => m.status === 'SCHEDULED' && m.startTime === '19:30')).toBe(true);
      const audit = await ctx.prisma.auditLog.findMany({ where: { entityType: 'Division', entityId: divisionId, action: 'division.schedule' } });
      expect(audit).toHaveLength(1);
    });

    it('shows the fixtures publicly, by round', async () => {
      const res = await ctx.http().get(`/api/divisions/${divisionId}/matches`).expect(200);
      expect(res.body.rounds.map((r: { round: number }) => r.round)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(res.body.rounds[0].matches[0]).toMatchObject({ homeTeam: { name: expect.any(String), clubName: expect.any(String) }, homePoints: null, winner: null });
      const team = await ctx.http().get(`/api/teams/${teamIds[0]}/matches`).expect(200);
      expect(team.body).toHaveLength(8);
    });

    it('refuses a second schedule unless asked to replace it, and never once something was played', async () => {
      const again = await admin.post(`/api/divisions/${divisionId}/schedule`).send({ dates: dates.slice(0, 5), double: false }).expect(409);
      expectError(again.body, 409, 'SCHEDULE_EXISTS');
      const replaced = await admin.post(`/api/divisions/${divisionId}/schedule`).send({ dates: dates.slice(0, 5), double: false, replace: true }).expect(201);
      expect(replaced.body.rounds).toHaveLength(5);
      expect(await ctx.prisma.match.count({ where: { divisionId } })).toBe(10);
      const first = await ctx.prisma.match.findFirstOrThrow({ where: { divisionId } });
      await ctx.prisma.match.update({ where: { id: first.id }, data: { status: 'PLAYED', resultState: 'ENTERED' } });
      const played = await admin.post(`/api/divisions/${divisionId}/schedule`).send({ dates: dates.slice(0, 5), double: false, replace: true }).expect(409);
      expectError(played.body, 409, 'MATCHES_PLAYED');
      await ctx.prisma.match.update({ where: { id: first.id }, data: { status: 'SCHEDULED', resultState: 'NONE' } });
    });

    it('refuses too few dates and dates outside the season, in Dutch', async () => {
      const few = await admin.post(`/api/divisions/${divisionId}/schedule`).send({ dates: dates.slice(0, 3), double: true, replace: true }).expect(400);
      expectError(few.body, 400, 'INVALID_SCHEDULE');
      expect(few.body.error.message).toBe('Voor 5 teams in een dubbele competitie zijn 10 speeldata nodig; er zijn er 3 opgegeven.');
      expect(few.body.error.details[0].field).toBe('dates');
      const outside = await admin.post(`/api/divisions/${divisionId}/schedule`).send({ dates: ['2026-06-01', ...dates.slice(1, 5)], double: false, replace: true }).expect(400);
      expectError(outside.body, 400, 'OUTSIDE_SEASON');
      const bad = await admin.post(`/api/divisions/${divisionId}/schedule`).send({ dates: ['2026-02-30'], double: false }).expect(400);
      expectError(bad.body, 400, 'VALIDATION_FAILED');
    });

    it('refuses more dates than rounds, naming how many are needed, and leaves the schedule as it was', async () => {
      const before = await ctx.prisma.match.findMany({ where: { divisionId }, select: { id: true }, orderBy: { id: 'asc' } });
      const many = await admin.post(`/api/divisions/${divisionId}/schedule`).send({ dates, double: false, replace: true }).expect(400);
      expectError(many.body, 400, 'INVALID_SCHEDULE');
      expect(many.body.error.message).toBe('Voor 5 teams in een enkele competitie zijn 5 speeldata nodig; er zijn er 10 opgegeven. Laat de overtollige data weg.');
      expect(many.body.error.details).toEqual([expect.objectContaining({ field: 'dates' })]);
      expect(await ctx.prisma.match.findMany({ where: { divisionId }, select: { id: true }, orderBy: { id: 'asc' } })).toEqual(before);
    });

    it('moves a fixture with a reason kept in its history, and refuses a day a team already plays', async () => {
      const list = await ctx.http().get(`/api/divisions/${divisionId}/matches`).expect(200);
      const [first, second] = list.body.rounds[0].matches;
      const res = await admin.post(`/api/matches/${first.id}/move`).send({ date: '2026-09-26', startTime: '20:30', reason: 'Zaal bezet door een bruiloft' }).expect(200);
      expect(res.body).toMatchObject({ date: '2026-09-26', startTime: '20:30' });
      expect(res.body.moves).toEqual([expect.objectContaining({ fromDate: dates[0], toDate: '2026-09-26', swapped: false, reason: 'Zaal bezet door een bruiloft' })]);
      const nextRound = list.body.rounds[1].matches.find((m: { homeTeam: { id: string }; awayTeam: { id: string } }) =>
        [m.homeTeam.id, m.awayTeam.id].some((id) => [second.homeTeam.id, second.awayTeam.id].includes(id)),
      );
      const clash = await admin.post(`/api/matches/${second.id}/move`).send({ date: nextRound.date, reason: 'Verzoek van de vereniging' }).expect(409);
      expectError(clash.body, 409, 'DATE_TAKEN');
    });

    it('swaps home and away with a reason', async () => {
      const list = await ctx.http().get(`/api/divisions/${divisionId}/matches`).expect(200);
      const match = list.body.rounds[2].matches[0];
      const res = await admin.post(`/api/matches/${match.id}/swap`).send({ reason: 'Thuislocatie niet beschikbaar' }).expect(200);
      expect(res.body.homeTeam.id).toBe(match.awayTeam.id);
      expect(res.body.awayTeam.id).toBe(match.homeTeam.id);
      expect(res.body.moves).toEqual([expect.objectContaining({ swapped: true, reason: 'Thuislocatie niet beschikbaar' })]);
    });

    it('exports a team calendar that parses, with the evening in Dutch local time', async () => {
      const res = await ctx.http().get(`/api/teams/${teamIds[0]}/calendar.ics`).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      expect(res.text.startsWith('BEGIN:VCALENDAR')).toBe(true);
      const events = parseIcs(res.text);
      const matches = (await ctx.http().get(`/api/teams/${teamIds[0]}/matches`).expect(200)).body as { id: string; date: string; startTime: string }[];
      expect(events).toHaveLength(matches.length);
      for (const event of events) expect(event.DTSTART).toMatch(/^\d{8}T\d{6}Z$/);
      const match = matches[0];
      const event = events.find((e) => e.UID === `${match.id}@tsbn.nl`)!;
      // 19:30 in Amsterdam in summer time (CEST, UTC+2) is 17:30 UTC; in winter (CET) 18:30.
      const [hour, minute] = match.startTime.split(':').map(Number);
      const summer = match.date < '2026-10-25';
      expect(event.DTSTART).toBe(`${match.date.replace(/-/g, '')}T${String(hour - (summer ? 2 : 1)).padStart(2, '0')}${String(minute).padStart(2, '0')}00Z`);
      expect(event.SUMMARY).toContain('–');
    });

    it('exports the division’s fixtures as CSV with a BOM and semicolons', async () => {
      const res = await ctx.http().get(`/api/divisions/${divisionId}/fixtures.csv`).buffer(true).parse(binary).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      const text = (res.body as Buffer).toString('utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const rows = text.slice(1).trim().split('\r\n');
      expect(rows[0]).toBe('Ronde;Datum;Aanvang;Thuis;Uit;Status;Uitslag;Winnaar');
      expect(rows).toHaveLength(1 + 10);
      expect(rows[1].split(';')).toHaveLength(8);
    });
  });

  describe('match form PDF', () => {
    it('is a PDF, public, with the match in its file name', async () => {
      const day = await createMatchDay(ctx.prisma);
      await ctx.prisma.club.update({ where: { id: day.homeClub.id }, data: { venue: 'Buurthuis De Kroon' } });
      const home = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
      await home.put(`/api/matches/${day.match.id}/lineups/${day.home.id}`).send(lineupBody(day.homePlayers)).expect(200);
      const res = await ctx.http().get(`/api/matches/${day.match.id}/form.pdf`).buffer(true).parse(binary).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/wedstrijdformulier-.*-2026-10-03\.pdf/);
      const pdf = res.body as Buffer;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.toString('latin1')).toMatch(/\/Count 2/);
    });
  });

  describe('who may write on match day', () => {
    type Who = 'public' | 'other' | 'supervisor' | 'home' | 'away';
    let agents: Record<Who, Agent | (() => ReturnType<TestContext['http']>)>;
    let ids: { division: string; match: string; home: string; away: string; sub: string; players: string[] };

    beforeAll(async () => {
      const day = await createMatchDay(ctx.prisma);
      const lineup = await ctx.prisma.lineup.create({ data: { matchId: day.match.id, teamId: day.home.id } });
      await ctx.prisma.lineupPlayer.createMany({ data: day.homePlayers.slice(0, 14).map((memberId, i) => ({ lineupId: lineup.id, memberId, pairNumber: i < 12 ? Math.floor(i / 2) + 1 : null })) });
      const sub = await ctx.prisma.substitution.create({
        data: { matchId: day.match.id, teamId: day.home.id, setNumber: 3, pairNumber: 1, outMemberId: day.homePlayers[0], inMemberId: day.homePlayers[12] },
      });
      ids = { division: day.division.id, match: day.match.id, home: day.home.id, away: day.away.id, sub: sub.id, players: day.homePlayers };
      agents = {
        public: () => ctx.http(),
        other: (await loginAs(ctx, 'SECRETARY', day.otherClub.id)).agent,
        supervisor: (await loginAs(ctx, 'SUPERVISOR')).agent,
        home: (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent,
        away: (await loginAs(ctx, 'SECRETARY', day.awayClub.id)).agent,
      };
    });

    const request = (who: Who, method: 'get' | 'post' | 'put' | 'delete', path: string) => {
      const agent = agents[who];
      return typeof agent === 'function' ? agent()[method](path) : agent[method](path);
    };

    type Row = [name: string, method: 'get' | 'post' | 'put' | 'delete', path: (i: typeof ids) => string, body: (i: typeof ids) => object, refused: [Who, number, string][]];
    const adminOnly: [Who, number, string][] = [['public', 401, 'UNAUTHENTICATED'], ['other', 403, 'WRONG_ROLE'], ['home', 403, 'WRONG_ROLE'], ['supervisor', 403, 'WRONG_ROLE']];
    const teamWrite: [Who, number, string][] = [['public', 401, 'UNAUTHENTICATED'], ['other', 403, 'OTHER_CLUB'], ['supervisor', 403, 'WRONG_ROLE']];
    // The supervisor records substitutions at the table, but only with a reason (match-night-supervisor.api.spec.ts).
    const substitutionWrite: [Who, number, string][] = [['public', 401, 'UNAUTHENTICATED'], ['other', 403, 'OTHER_CLUB'], ['supervisor', 400, 'VALIDATION_FAILED']];
    const rows: Row[] = [
      ['generate schedule', 'post', (i) => `/api/divisions/${i.division}/schedule`, () => ({ dates: ['2026-09-19'], double: false }), adminOnly],
      ['move a fixture', 'post', (i) => `/api/matches/${i.match}/move`, () => ({ date: '2026-10-10', reason: 'Zaal bezet' }), adminOnly],
      ['swap a fixture', 'post', (i) => `/api/matches/${i.match}/swap`, () => ({ reason: 'Zaal bezet' }), adminOnly],
      // The supervisor may reach the line-up (to add a reserve once set 1 started, with a reason: RULES.md, revised 2026-12-06).
      ['record a line-up', 'put', (i) => `/api/matches/${i.match}/lineups/${i.home}`, (i) => lineupBody(i.players), [...teamWrite.filter(([who]) => who !== 'supervisor'), ['supervisor', 400, 'VALIDATION_FAILED'], ['away', 403, 'OTHER_CLUB']]],
      ['enter the result', 'put', (i) => `/api/matches/${i.match}/result`, () => ({ version: 0, sets: [] }), [...teamWrite, ['away', 403, 'NOT_HOME_TEAM']]],
      ['enter one set', 'put', (i) => `/api/matches/${i.match}/sets/1`, () => ({ version: 0, tables: [] }), [...teamWrite, ['away', 403, 'NOT_HOME_TEAM']]],
      ['record a substitution', 'post', (i) => `/api/matches/${i.match}/substitutions`, (i) => ({ teamId: i.home, setNumber: 3, pairNumber: 1, outMemberId: i.players[0], inMemberId: i.players[12] }), [...substitutionWrite, ['away', 403, 'OTHER_CLUB']]],
      ['delete a substitution', 'delete', (i) => `/api/matches/${i.match}/substitutions/${i.sub}`, () => ({}), [...substitutionWrite, ['away', 403, 'OTHER_CLUB']]],
      ['confirm the result', 'post', (i) => `/api/matches/${i.match}/confirm`, () => ({ version: 0 }), [...teamWrite, ['home', 403, 'NOT_AWAY_TEAM']]],
      ['correct the result', 'post', (i) => `/api/matches/${i.match}/corrections`, () => ({ version: 0, reason: 'Typefout', sets: [] }), [['public', 401, 'UNAUTHENTICATED'], ['other', 403, 'WRONG_ROLE'], ['home', 403, 'WRONG_ROLE'], ['away', 403, 'WRONG_ROLE']]],
      ['record a match not played', 'post', (i) => `/api/matches/${i.match}/not-played`, () => ({ version: 0, kind: 'NO_TABLE_SCREEN', reason: 'Geen scherm' }), adminOnly],
      ['reopen a match', 'post', (i) => `/api/matches/${i.match}/reopen`, () => ({ version: 0, reason: 'Vergissing' }), adminOnly],
      ['read a line-up', 'get', (i) => `/api/matches/${i.match}/lineups/${i.home}`, () => ({}), [['public', 401, 'UNAUTHENTICATED'], ['other', 403, 'OTHER_CLUB'], ['away', 403, 'OTHER_CLUB']]],
      ['read the match history', 'get', (i) => `/api/matches/${i.match}/history`, () => ({}), [['public', 401, 'UNAUTHENTICATED'], ['other', 403, 'WRONG_ROLE'], ['home', 403, 'WRONG_ROLE']]],
    ];

    describe.each(rows)('%s', (_name, method, path, body, refused) => {
      it.each(refused)('is refused for %s (%i %s)', async (who, status, code) => {
        const res = await request(who, method, path(ids)).send(body(ids)).expect(status);
        expectError(res.body, status, code);
      });
    });

    it('left the match untouched', async () => {
      const match = await ctx.prisma.match.findUniqueOrThrow({ where: { id: ids.match }, include: { substitutions: true, moves: true } });
      expect(match).toMatchObject({ version: 0, status: 'SCHEDULED', resultState: 'NONE', homeTeamId: ids.home });
      expect(match.substitutions).toHaveLength(1);
      expect(match.moves).toHaveLength(0);
      expect(await ctx.prisma.auditLog.count({ where: { entityId: ids.match } })).toBe(0);
    });
  });

  it('documents every match-day endpoint in the OpenAPI document', async () => {
    const res = await ctx.http().get('/api/docs-json').expect(200);
    const paths = Object.keys(res.body.paths);
    for (const path of [
      '/api/divisions/{id}/schedule',
      '/api/divisions/{id}/matches',
      '/api/divisions/{id}/fixtures.csv',
      '/api/teams/{id}/matches',
      '/api/teams/{id}/calendar.ics',
      '/api/matches/{id}',
      '/api/matches/{id}/lineups/{teamId}',
      '/api/matches/{id}/result',
      '/api/matches/{id}/sets/{setNumber}',
      '/api/matches/{id}/substitutions',
      '/api/matches/{id}/confirm',
      '/api/matches/{id}/corrections',
      '/api/matches/{id}/not-played',
      '/api/matches/{id}/form.pdf',
    ]) {
      expect(paths).toContain(path);
    }
    expect(res.body.components.schemas.StaleVersionErrorDto).toBeDefined();
    expect(res.body.paths['/api/matches/{id}/result'].put.summary).toMatch(/Uitslag invoeren/);
  });
});
