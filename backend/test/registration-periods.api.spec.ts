/**
 * Regel 3B and 4 for matches already played, after the member list changed (RULES.md: a
 * player may be fielded only if on the team's club's list, registered in time, on the match
 * date). A member taken off and added again more than 14 days later is registered anew from
 * that day (within 14 days the original date stays: member-list-undo.api.spec.ts); a member
 * transferred by the board moves to the new club's list. Neither may change the judgement of
 * a match played before: a line-up read or saved again, or a result confirmed later, is
 * checked against the registration that held on the match date (member_list_periods).
 *
 * Every date is counted from today, so the test reads the same on any day.
 */
import { addDays } from '../src/domain/dates';
import { todayIso } from '../src/common/dto';
import {
  type Agent,
  createClub,
  createDivision,
  createListedMember,
  createMatchRow,
  createSeason,
  createTeam,
  fullResultSets,
  lineupBody,
  loginAs,
  resetDatabase,
  startApp,
  TestContext,
} from './helpers';

const TODAY = todayIso();

type Player = { memberId: string; eligible: boolean; reasons: string[]; reasonCodes?: string[] };

describe('registration periods: a past match is judged by the registration of its date (Regel 3B, 4)', () => {
  let ctx: TestContext;
  let admin: Agent;

  beforeAll(async () => {
    ctx = await startApp();
  });

  // Each case its own season, and the only one: a transfer goes to the season whose competition runs today.
  beforeEach(async () => {
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
  });

  afterAll(() => ctx.close());

  /** A season whose competition runs (so today is inside the transfer freeze), a match 30 days ago and one 3 days ahead (too soon for a registration of today, Regel 3B). */
  async function season() {
    const seasonRow = await createSeason(ctx.prisma, { startsOn: addDays(TODAY, -120), competitionStartsOn: addDays(TODAY, -100), endsOn: addDays(TODAY, 200) });
    const division = await createDivision(ctx.prisma, seasonRow.id);
    const [homeClub, awayClub, otherClub] = [await createClub(ctx.prisma), await createClub(ctx.prisma), await createClub(ctx.prisma)];
    const [home, away] = [await createTeam(ctx.prisma, division.id, homeClub.id), await createTeam(ctx.prisma, division.id, awayClub.id)];
    const listed = async (clubId: string) => {
      const players = [];
      for (let i = 0; i < 14; i++) players.push(await createListedMember(ctx.prisma, { seasonId: seasonRow.id, clubId, registeredOn: addDays(TODAY, -110) }));
      return players;
    };
    const homePlayers = await listed(homeClub.id);
    const awayPlayers = await listed(awayClub.id);
    const past = await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: home.id, awayTeamId: away.id, date: addDays(TODAY, -30), round: 1 });
    const next = await createMatchRow(ctx.prisma, { divisionId: division.id, homeTeamId: away.id, awayTeamId: home.id, date: addDays(TODAY, 3), round: 2 });
    const secretary = (await loginAs(ctx, 'SECRETARY', homeClub.id)).agent;
    return { season: seasonRow, homeClub, awayClub, otherClub, home, away, homePlayers, awayPlayers, past, next, secretary };
  }

  const players = (lineup: { pairs: { players: Player[] }[]; reserves: Player[] }) => [...lineup.pairs.flatMap((pair) => pair.players), ...lineup.reserves];
  const playerOf = (lineup: Parameters<typeof players>[0], memberId: string) => players(lineup).find((player) => player.memberId === memberId)!;

  it('a member taken off and added again, and a member transferred by the board, stay eligible for the match played before', async () => {
    const s = await season();
    const [readded, transferred] = [s.homePlayers[0], s.homePlayers[1]];
    const pastUrl = `/api/matches/${s.past.id}`;
    const homeIds = s.homePlayers.map((p) => p.member.id);
    await s.secretary.put(`${pastUrl}/lineups/${s.home.id}`).send(lineupBody(homeIds)).expect(200);
    await admin.put(`${pastUrl}/lineups/${s.away.id}`).send(lineupBody(s.awayPlayers.map((p) => p.member.id))).expect(200);

    // Taken off 15 days ago and added again today (registered anew: RULES.md keeps the date only within 14 days), through the secretary's screens.
    const listUrl = `/api/seasons/${s.season.id}/clubs/${s.homeClub.id}/member-list`;
    await s.secretary.post(`/api/member-list-entries/${readded.entry.id}/remove`).expect(200);
    await ctx.prisma.memberListEntry.update({ where: { id: readded.entry.id }, data: { removedAt: new Date(`${addDays(TODAY, -15)}T12:00:00.000Z`) } });
    const back = await s.secretary.post(`${listUrl}/entries`).send({ memberNumber: readded.member.memberNumber, familyName: readded.member.familyName, givenNames: readded.member.givenNames }).expect(201);
    expect(back.body).toMatchObject({ id: readded.entry.id, registeredOn: TODAY, removedAt: null });
    // Transferred inside the freeze by the board's decision: on the other club's list from today.
    const transfer = await admin.post('/api/transfers').send({ memberNumber: transferred.member.memberNumber, toClubId: s.otherClub.id, boardReason: 'Bestuursbesluit 12: verhuisd' }).expect(201);
    expect(transfer.body).toMatchObject({ status: 'COMPLETED', boardDecision: true });

    // The registrations that ended are kept, each with the list it was on and the day it ended.
    const periods = await ctx.prisma.memberListPeriod.findMany({ where: { entryId: { in: [readded.entry.id, transferred.entry.id] } }, include: { memberList: true } });
    expect(periods.map((p) => ({ entryId: p.entryId, clubId: p.memberList.clubId, registeredOn: p.registeredOn.toISOString().slice(0, 10), endedOn: p.endedOn.toISOString().slice(0, 10) })).sort((a) => (a.entryId === readded.entry.id ? -1 : 1))).toEqual([
      { entryId: readded.entry.id, clubId: s.homeClub.id, registeredOn: addDays(TODAY, -110), endedOn: addDays(TODAY, -15) },
      { entryId: transferred.entry.id, clubId: s.homeClub.id, registeredOn: addDays(TODAY, -110), endedOn: TODAY },
    ]);

    // The past match: both played on the home club's list, registered in time.
    const read = await admin.get(`${pastUrl}/lineups/${s.home.id}`).expect(200);
    for (const member of [readded, transferred]) expect(playerOf(read.body, member.member.id)).toMatchObject({ eligible: true, reasons: [] });
    // The old club may still choose both for that match (a correction of its form).
    expect(read.body.candidates.map((c: { memberId: string }) => c.memberId)).toEqual(expect.arrayContaining([readded.member.id, transferred.member.id]));
    // Saved again by the administrator (the form was corrected), and the result confirmed: no Regel 4 loss.
    const saved = await admin.put(`${pastUrl}/lineups/${s.home.id}`).send({ ...lineupBody(homeIds), reason: 'Volgorde van de paren verbeterd' }).expect(200);
    expect(players(saved.body).every((player) => player.eligible)).toBe(true);
    const version = (await ctx.http().get(pastUrl).expect(200)).body.version;
    const entered = await admin.put(`${pastUrl}/result`).send({ version, sets: fullResultSets() }).expect(200);
    const confirmed = await admin.post(`${pastUrl}/confirm`).send({ version: entered.body.version }).expect(200);
    expect(confirmed.body).toMatchObject({ resultState: 'CONFIRMED', homeIneligible: false, awayIneligible: false, deductions: [] });

    // The old club's list keeps the transferred member in its history, by family name only (the member is now the other club's).
    const oldList = (await s.secretary.get(`/api/seasons/${s.season.id}/clubs/${s.homeClub.id}/member-list`).expect(200)).body;
    expect(oldList.transferredAway).toEqual([{ name: transferred.member.familyName, toClubName: s.otherClub.name, leftOn: TODAY, matchesPlayed: 1 }]);
    expect(oldList.entries.map((e: { memberId: string }) => e.memberId)).not.toContain(transferred.member.id);
    expect(JSON.stringify(oldList)).not.toContain(transferred.member.givenNames);
    expect(oldList.entries.find((e: { memberId: string }) => e.memberId === readded.member.id)).toMatchObject({ removedAt: null, matchesPlayed: 1 });
    const newList = (await admin.get(`/api/seasons/${s.season.id}/clubs/${s.otherClub.id}/member-list`).expect(200)).body;
    expect(newList.transferredAway).toEqual([]);

    // The next match counts from today's registrations: registered too late, and on another club's list.
    const nextUrl = `/api/matches/${s.next.id}`;
    const ahead = await s.secretary.put(`${nextUrl}/lineups/${s.home.id}`).send(lineupBody(homeIds)).expect(200);
    expect(playerOf(ahead.body, readded.member.id)).toMatchObject({ eligible: false, reasonCodes: ['REGISTERED_TOO_LATE'] });
    // No longer among the home club's candidates: the line-up gives the code of a player not on its list.
    expect(playerOf(ahead.body, transferred.member.id)).toMatchObject({ eligible: false, reasonCodes: ['NOT_ON_LIST'] });
    expect(ahead.body.candidates.map((c: { memberId: string }) => c.memberId)).not.toContain(transferred.member.id);
  });

  it("a transferred member the new club marked 'niet publiceren' is 'speler van <club>' on the old club's list; the federation sees the family name", async () => {
    const s = await season();
    const member = s.homePlayers[3];
    await admin.post('/api/transfers').send({ memberNumber: member.member.memberNumber, toClubId: s.otherClub.id, boardReason: 'Bestuursbesluit 13: verhuisd' }).expect(201);
    const newSecretary = (await loginAs(ctx, 'SECRETARY', s.otherClub.id)).agent;
    await newSecretary.put(`/api/members/${member.member.id}/publication`).send({ doNotPublish: true }).expect(200);
    const listUrl = `/api/seasons/${s.season.id}/clubs/${s.homeClub.id}/member-list`;

    const bySecretary = (await s.secretary.get(listUrl).expect(200)).body;
    expect(bySecretary.transferredAway).toEqual([{ name: `speler van ${s.otherClub.name}`, toClubName: s.otherClub.name, leftOn: TODAY, matchesPlayed: 0 }]);
    expect(JSON.stringify(bySecretary)).not.toContain(member.member.familyName);
    const byFederation = (await admin.get(listUrl).expect(200)).body;
    expect(byFederation.transferredAway).toEqual([{ name: member.member.familyName, toClubName: s.otherClub.name, leftOn: TODAY, matchesPlayed: 0 }]);

    // Published again by the new club: the old club sees the family name, as on a match form.
    await newSecretary.put(`/api/members/${member.member.id}/publication`).send({ doNotPublish: false }).expect(200);
    expect((await s.secretary.get(listUrl).expect(200)).body.transferredAway).toEqual([expect.objectContaining({ name: member.member.familyName })]);
  });

  it('an administrator correcting a registration date keeps no earlier registration (it is the same registration)', async () => {
    const s = await season();
    const member = s.homePlayers[2];
    const corrected = await admin
      .patch(`/api/member-list-entries/${member.entry.id}`)
      .send({ registeredOn: addDays(TODAY, -115), registeredOnReason: 'Stond op de papieren lijst' })
      .expect(200);
    expect(corrected.body).toMatchObject({ registeredOn: addDays(TODAY, -115) });
    expect(await ctx.prisma.memberListPeriod.count({ where: { entryId: member.entry.id } })).toBe(0);
  });

  it('an upload that brings a removed member back keeps the registration that ended', async () => {
    const s = await season();
    const member = s.homePlayers[3];
    await s.secretary.post(`/api/member-list-entries/${member.entry.id}/remove`).expect(200);
    const rows = s.homePlayers.map((p) => `${p.member.memberNumber};${p.member.familyName};;${p.member.givenNames};`);
    const file = Buffer.from(['Lidnummer;Achternaam;Tussenvoegsel;Voornamen;Geboortedatum', ...rows].join('\r\n'), 'utf8');
    const listUrl = `/api/seasons/${s.season.id}/clubs/${s.homeClub.id}/member-list`;
    const shown = await s.secretary.post(`${listUrl}/preview`).attach('file', file, 'leden.csv').expect(200);
    expect(shown.body).toMatchObject({ ok: true, added: [{ memberNumber: member.member.memberNumber }] });
    await s.secretary.post(`${listUrl}/confirm`).attach('file', file, 'leden.csv').field('previewId', shown.body.previewId).expect(200);
    const periods = await ctx.prisma.memberListPeriod.findMany({ where: { entryId: member.entry.id } });
    expect(periods.map((p) => [p.registeredOn.toISOString().slice(0, 10), p.endedOn.toISOString().slice(0, 10)])).toEqual([[addDays(TODAY, -110), TODAY]]);
    const read = await admin.get(`/api/matches/${s.past.id}/lineups/${s.home.id}`).expect(200);
    expect(read.body.candidates.find((c: { memberId: string }) => c.memberId === member.member.id)).toMatchObject({ eligible: true });
  });
});
