/**
 * A secretary never learns who a member number belongs to: no answer to a secretary carries the
 * stored names or birth date of a person who is not on their own club's list (issue 12, item 1).
 * Member numbers are sequential, so any endpoint that answered with the stored record for a
 * typed number would let a secretary walk the federation's register. Every endpoint that takes
 * a member number (or, for line-ups, a member id) is tried here as the secretary of another club.
 */
import type { Response } from 'supertest';
import { todayIso } from '../src/common/dto';
import { addDays } from '../src/domain/dates';
import {
  type Agent,
  createClub,
  createDivision,
  createListedMember,
  createMatchRow,
  createTeam,
  expectError,
  loginAs,
  resetDatabase,
  startApp,
  syntheticSeasonDocument,
  TestContext,
  unique,
} from './helpers';

jest.setTimeout(60_000);

const TODAY = todayIso();
const csv = (...lines: string[]) => Buffer.from(['Lidnummer;Achternaam;Tussenvoegsel;Voornamen;Geboortedatum', ...lines].join('\r\n'), 'utf8');

describe('personal data: a member number never reveals a person to another club’s secretary', () => {
  let ctx: TestContext;
  let admin: Agent;
  let secretary: Agent;
  let season: { id: string };
  let next: { id: string };
  let club: { id: string; name: string };
  let elsewhere: { id: string; name: string };
  let team: { id: string };
  let match: { id: string };
  let ownEntry: string;
  let number = 7700;

  /** A person the federation knows from another club's list of an ended season. */
  async function knownPerson() {
    number += 1;
    const familyName = unique('Geheimnaam').replace(/\s+/g, '');
    const givenNames = unique('Verborgen').replace(/\s+/g, '');
    const past = await ctx.prisma.season.findFirstOrThrow({ where: { endsOn: { lt: new Date() } } });
    const { member } = await createListedMember(ctx.prisma, { seasonId: past.id, clubId: elsewhere.id, memberNumber: String(number), familyName, givenNames });
    const birthDate = `${1930 + (number % 60)}-03-04`;
    await ctx.prisma.member.update({ where: { id: member.id }, data: { birthDate: new Date(`${birthDate}T00:00:00.000Z`) } });
    return { member, number: String(number), familyName, givenNames, birthDate };
  }

  /** Neither the person's stored names, nor their birth date, nor the other club. */
  function revealsNothing(person: { familyName: string; givenNames: string; birthDate: string }, ...responses: Response[]) {
    const dutchDate = person.birthDate.split('-').reverse().join('-');
    for (const res of responses) {
      const text = JSON.stringify(res.body);
      for (const secret of [person.familyName, person.givenNames, person.birthDate, dutchDate, elsewhere.name]) expect(text).not.toContain(secret);
      expect(res.status).toBeLessThan(500);
    }
  }

  const listUrl = (seasonId = season.id) => `/api/seasons/${seasonId}/clubs/${club.id}/member-list`;
  const ownList = (seasonId = season.id) => secretary.get(listUrl(seasonId)).expect(200);

  async function newSeason(startsInDays: number, competitionInDays: number, endsInDays: number) {
    const at = (days: number) => new Date(`${addDays(TODAY, days)}T00:00:00.000Z`);
    return ctx.prisma.season.create({
      data: { name: unique('Seizoen'), startsOn: at(startsInDays), competitionStartsOn: at(competitionInDays), endsOn: at(endsInDays), settings: { create: {} } },
    });
  }

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    await newSeason(-900, -880, -600);
    // Outside the transfer freeze (the competition starts in 30 days), with a next season.
    season = await newSeason(-10, 30, 300);
    next = await newSeason(320, 340, 600);
    club = await createClub(ctx.prisma);
    elsewhere = await createClub(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
    secretary = (await loginAs(ctx, 'SECRETARY', club.id)).agent;
    ownEntry = (await createListedMember(ctx.prisma, { seasonId: season.id, clubId: club.id, memberNumber: '7600', familyName: 'Eigenlid', givenNames: 'Bekend' })).entry.id;
    const division = await createDivision(ctx.prisma, season.id);
    team = await createTeam(ctx.prisma, division.id, club.id);
    const opponent = await createTeam(ctx.prisma, division.id, (await createClub(ctx.prisma)).id);
    match = await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: team.id, awayTeamId: opponent.id, date: addDays(TODAY, 40), status: 'SCHEDULED' });
  });

  afterAll(() => ctx.close());

  describe('adding one entry', () => {
    test.each([
      ['made-up names', { familyName: 'Verzonnen', givenNames: 'Naam' }],
      ['made-up names and a birth date', { familyName: 'Verzonnen', givenNames: 'Naam', birthDate: '1980-01-01' }],
      ['the right names but another birth date', 'right-names' as const],
    ])('with %s is refused in Dutch without naming the person; the list stays without them', async (_what, typed) => {
      const person = await knownPerson();
      const names = typed === 'right-names' ? { familyName: person.familyName, givenNames: person.givenNames, birthDate: '1980-01-01' } : typed;
      const res = await secretary.post(`${listUrl()}/entries`).send({ memberNumber: person.number, ...names });
      expect(res.status).toBe(422);
      expectError(res.body, 422, 'MEMBER_KNOWN_OTHERWISE');
      expect(res.body.error.message).toBe(
        `Lidnummer ${person.number} is bij de bond bekend onder een andere naam of geboortedatum. ` +
          'Controleer het lidnummer, de achternaam, de voornamen en de geboortedatum; kloppen ze, vraag de bond dan om een correctie.',
      );
      const list = await ownList();
      revealsNothing(person, res, list);
      expect(await ctx.prisma.memberListEntry.count({ where: { memberId: person.member.id, seasonId: season.id } })).toBe(0);
    });

    it('with the names the federation knows (case and accents aside) puts the person on the list', async () => {
      const person = await knownPerson();
      const res = await secretary
        .post(`${listUrl()}/entries`)
        .send({ memberNumber: person.number, familyName: person.familyName.toUpperCase(), givenNames: person.givenNames.toLowerCase(), birthDate: person.birthDate })
        .expect(201);
      expect(res.body).toMatchObject({ memberNumber: person.number, familyName: person.familyName, givenNames: person.givenNames, birthDate: person.birthDate });
    });

    it('an administrator adds the person under any name (the federation corrects records)', async () => {
      const person = await knownPerson();
      await admin.post(`${listUrl()}/entries`).send({ memberNumber: person.number, familyName: 'Verbeterd', givenNames: 'Naam' }).expect(201);
      expect(await ctx.prisma.member.findUniqueOrThrow({ where: { id: person.member.id } })).toMatchObject({ familyName: 'Verbeterd' });
    });
  });

  it('editing an own entry does not take a member number', async () => {
    const person = await knownPerson();
    const res = await secretary.patch(`/api/member-list-entries/${ownEntry}`).send({ memberNumber: person.number, familyName: 'Eigenlid' });
    expectError(res.body, 400, 'VALIDATION_FAILED');
    const edited = await secretary.patch(`/api/member-list-entries/${ownEntry}`).send({ familyName: 'Eigenlid', givenNames: 'Bekend' }).expect(200);
    revealsNothing(person, res, edited, await ownList());
  });

  it('an upload naming the person differently: a row error in the preview, the confirmation stores nothing', async () => {
    const person = await knownPerson();
    const file = csv('7600;Eigenlid;;Bekend;', `${person.number};Verzonnen;;Naam;01-01-1980`);
    const shown = await secretary.post(`${listUrl()}/preview`).attach('file', file, 'leden.csv');
    expect(shown.body).toMatchObject({ ok: false, added: [] });
    expect(shown.body.errors).toEqual([
      {
        row: 3,
        field: 'memberNumber',
        code: 'MEMBER_KNOWN_OTHERWISE',
        memberNumber: person.number,
        message: `Rij 3: lidnummer ${person.number} is bij de bond bekend onder een andere naam of geboortedatum; controleer de rij, of vraag de bond om een correctie`,
      },
    ]);
    const confirmed = await secretary.post(`${listUrl()}/confirm`).attach('file', file, 'leden.csv').field('previewId', shown.body.previewId);
    expectError(confirmed.body, 400, 'IMPORT_FAILED');
    revealsNothing(person, shown, confirmed, await ownList());
    expect(await ctx.prisma.memberListEntry.count({ where: { memberId: person.member.id, seasonId: season.id } })).toBe(0);
  });

  it('an upload naming the person as the federation does puts them on the list', async () => {
    const person = await knownPerson();
    const file = csv('7600;Eigenlid;;Bekend;', `${person.number};${person.familyName};;${person.givenNames};`);
    const shown = await secretary.post(`${listUrl()}/preview`).attach('file', file, 'leden.csv').expect(200);
    expect(shown.body).toMatchObject({ ok: true, errors: [], added: [expect.objectContaining({ memberNumber: person.number })] });
    // The file holds two members: the rest of the list goes, which needs the second confirmation naming the number (RULES.md, 2026-12-06).
    await secretary.post(`${listUrl()}/confirm`).attach('file', file, 'leden.csv').field('previewId', shown.body.previewId).field('confirmRemoved', String(shown.body.removed.length)).expect(200);
    expect(await ctx.prisma.memberListEntry.count({ where: { memberId: person.member.id, seasonId: season.id } })).toBe(1);
  });

  test.each([
    ['a plain request', {}],
    ['a request put to the board', { askBoard: true }],
  ])('a transfer request (%s) waits for the board and names the member by number only', async (_what, extra) => {
    const person = await knownPerson();
    const asked = await secretary.post('/api/transfers').send({ memberNumber: person.number, toClubId: club.id, ...extra }).expect(201);
    expect(asked.body).toMatchObject({ memberNumber: person.number, memberId: null, memberName: null, fromClubId: null, fromClubName: null, status: 'REQUESTED' });
    const listed = await secretary.get('/api/transfers').expect(200);
    // (Earlier transfers in the list are of members the club has now; this person's is checked.)
    listed.body = listed.body.filter((transfer: { id: string }) => transfer.id === asked.body.id);
    expect(listed.body[0]?.memberId).toBeNull();
    expect(listed.body).toHaveLength(1);
    const effective = asked.body.effectiveSeasonId as string;
    expect([season.id, next.id]).toContain(effective);
    const nextList = await ownList(effective);
    revealsNothing(person, asked, listed, nextList, await ownList(), await ownList(next.id));
    expect(nextList.body.entries.map((e: { memberId: string }) => e.memberId)).not.toContain(person.member.id);
    // Granted by the board, the member is the club's: then the secretary sees who it is.
    const approved = await admin.post(`/api/transfers/${asked.body.id}/approve`).send({ reason: 'Bestuursbesluit: akkoord' }).expect(200);
    expect(approved.body).toMatchObject({ status: 'COMPLETED', effectiveSeasonId: effective });
    expect((await ownList(effective)).body.entries).toContainEqual(expect.objectContaining({ memberId: person.member.id, familyName: person.familyName }));
  });

  it('a transfer back of a member who was on the club’s own list before is granted at once', async () => {
    const person = await knownPerson();
    const ownPast = await ctx.prisma.memberList.create({ data: { seasonId: (await newSeason(-1500, -1480, -1200)).id, clubId: club.id, status: 'SUBMITTED' } });
    await ctx.prisma.memberListEntry.create({ data: { memberListId: ownPast.id, seasonId: ownPast.seasonId, memberId: person.member.id, registeredOn: new Date('2020-01-01') } });
    const res = await secretary.post('/api/transfers').send({ memberNumber: person.number, toClubId: club.id }).expect(201);
    expect(res.body).toMatchObject({ status: 'COMPLETED', effectiveSeasonId: expect.any(String) });
    expect((await ownList(res.body.effectiveSeasonId)).body.entries).toContainEqual(expect.objectContaining({ memberId: person.member.id }));
  });

  it('eligible players list the own club’s members only', async () => {
    const person = await knownPerson();
    revealsNothing(person, await secretary.get(`/api/teams/${team.id}/eligible-players?date=${addDays(TODAY, 40)}`).expect(200));
  });

  it('a line-up with another club’s person shows the family name only (as on the match form, Regel 15): no given names, number or birth date', async () => {
    const person = await knownPerson();
    const players = [person.member.id];
    for (let i = 0; i < 11; i++) players.push((await createListedMember(ctx.prisma, { seasonId: season.id, clubId: club.id })).member.id);
    const pairs = [1, 2, 3, 4, 5, 6].map((pairNumber) => ({ pairNumber, memberIds: [players[2 * pairNumber - 2], players[2 * pairNumber - 1]] }));
    const saved = await secretary.put(`/api/matches/${match.id}/lineups/${team.id}`).send({ pairs, reserves: [] });
    expect(saved.body).toMatchObject({ recorded: true });
    const viewed = await secretary.get(`/api/matches/${match.id}/lineups/${team.id}`).expect(200);
    for (const res of [saved, viewed]) {
      const player = res.body.pairs[0].players.find((p: { memberId: string }) => p.memberId === person.member.id);
      expect(player).toMatchObject({ memberNumber: null, name: person.familyName, familyName: person.familyName, eligible: false });
      const text = JSON.stringify(res.body);
      for (const secret of [person.givenNames, person.birthDate, elsewhere.name]) expect(text).not.toContain(secret);
    }
  });

  it('a season import is for administrators only', async () => {
    const person = await knownPerson();
    const res = await secretary.post('/api/seasons/import').send(syntheticSeasonDocument({ teams: 2 }));
    expectError(res.body, 403);
    revealsNothing(person, res);
  });
});
