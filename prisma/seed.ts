/**
 * Demo season: twelve clubs with Surinamese-Dutch names in two divisions, a dozen
 * players each on their moederlijst, a double round robin with the first rounds
 * played game by game, a few fines, and demo logins. Safe to run twice: an
 * existing demo season is left alone; demo users are upserted.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { hash as argon2Hash } from '@node-rs/argon2';
import { DEMO_PASSWORD } from '../backend/src/auth/demo-password';
import { generateSchedule } from '../backend/src/domain/match/fixtures';
import { tablePlan } from '../backend/src/domain/match/rotation';
import { GAME_KIND_POINTS } from '../backend/src/domain/match/scores';
import { PrismaClient } from '../backend/src/generated/prisma/client';
import type { GameKind, Side } from '../backend/src/generated/prisma/enums';

const SEASON = { name: '2026/2027', startsOn: '2026-09-01', competitionStartsOn: '2026-09-19', endsOn: '2027-05-31' };
const TODAY = new Date().toISOString().slice(0, 10);

const CLUBS: [name: string, city: string][] = [
  ['Paramaribo Boys', 'Amsterdam'],
  ['Kaiman', 'Rotterdam'],
  ['Sranan Troef', 'Den Haag'],
  ['Wanica Kaarters', 'Almere'],
  ['Nickerie Stars', 'Utrecht'],
  ['Marowijne', 'Zoetermeer'],
  ['Coronie Kap', 'Rotterdam'],
  ['Saramacca Baunie', 'Amsterdam'],
  ['Commewijne 78', 'Den Haag'],
  ['Para Troefcall', 'Tilburg'],
  ['Brokopondo', 'Eindhoven'],
  ['Albina Aces', 'Arnhem'],
];
const FAMILY = ['Sewdien', 'Ramdin', 'Doelwijt', 'Karsters', 'Pinas', 'Wong', 'Amatkarijo', 'Biswamitre', 'Kensenhuis', 'Sabajo', 'Tjon-A-Fat', 'Ramkisoen', 'Mungra', 'Nijman', 'Lie Kwie', 'Abrahams', 'Fränkel', 'Jadnanansing', 'Mac Donald', 'Bouterse', 'Renfurm', 'Moesai', 'Kromodimedjo', 'Lachmon'];
const GIVEN = ['Ricardo', 'Shanti', 'Marlon', 'Doëlla', 'Chérie', 'Romeo', 'Ashwin', 'Glenn', 'Natasha', 'Iwan', 'Soekarni', 'Ñaña', 'Ruben', 'Anjali', 'Clyde', 'Wendy', 'Ravi', 'Sharona', 'Orlando', 'Mireille'];
const PREFIX = [null, null, null, 'van', null, 'de', null, null];

/** Deterministic pseudo-random numbers, so every demo looks the same. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const random = prng(20262027);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const date = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function randomGame(): { winner: Side; kind: GameKind; points: number } {
  const winner: Side = random() < 0.5 ? 'HOME' : 'AWAY';
  const r = random();
  const kind: Exclude<GameKind, 'PENALTY'> = r < 0.72 ? 'WON' : r < 0.9 ? 'KAP' : r < 0.96 ? 'KAP_TAPPED' : r < 0.985 ? 'FAILED_BAUNIE' : 'BAUNIE';
  return { winner, kind, points: GAME_KIND_POINTS[kind] };
}

function matchDates(start: string, rounds: number): string[] {
  const dates: string[] = [];
  const d = date(start);
  for (let i = 0; i < rounds; i++) {
    dates.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + (i === 6 ? 28 : 14)); // a winter break after round 7
  }
  return dates;
}

async function upsertUsers(prisma: PrismaClient, clubIds: Map<string, string>) {
  const passwordHash = await argon2Hash(DEMO_PASSWORD); // argon2id
  const users = [
    { email: 'admin@tsbn.nl', name: 'Bondsbureau TSBN', role: 'ADMIN' as const, clubId: null },
    { email: 'wedstrijdleider@tsbn.nl', name: 'Wedstrijdleider TSBN', role: 'SUPERVISOR' as const, clubId: null },
    ...[...clubIds].map(([name, id]) => ({ email: `secretaris@${slug(name)}.nl`, name: `Secretaris ${name}`, role: 'SECRETARY' as const, clubId: id })),
  ];
  for (const user of users) {
    await prisma.user.upsert({ where: { email: user.email }, update: {}, create: { ...user, passwordHash } });
  }
}

async function main() {
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });
  try {
    const ifEmpty = process.argv.includes('--if-empty');
    if (ifEmpty && (await prisma.season.count()) > 0) return;
    const existing = await prisma.season.findUnique({ where: { name: SEASON.name } });
    if (existing) {
      console.log(`[seed] Seizoen ${SEASON.name} bestaat al; niets gewijzigd.`);
      return;
    }
    console.log(`[seed] Demoseizoen ${SEASON.name} laden …`);
    const season = await prisma.season.create({
      data: { name: SEASON.name, startsOn: date(SEASON.startsOn), competitionStartsOn: date(SEASON.competitionStartsOn), endsOn: date(SEASON.endsOn), settings: { create: {} } },
    });
    const clubIds = new Map<string, string>();
    for (const [name, city] of CLUBS) {
      const club = await prisma.club.upsert({ where: { name }, update: {}, create: { name, city, venue: `Clubhuis ${name}` } });
      clubIds.set(name, club.id);
    }
    await upsertUsers(prisma, clubIds);

    // Member lists: twelve players per club, registered well before the deadline.
    let memberNumber = 100100;
    const playersByClub = new Map<string, string[]>();
    for (const [name, clubId] of clubIds) {
      const list = await prisma.memberList.create({
        data: { seasonId: season.id, clubId, status: 'SUBMITTED', firstSubmittedAt: new Date('2026-08-10T19:00:00Z') },
      });
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        memberNumber += 7;
        const member = await prisma.member.upsert({
          where: { memberNumber: String(memberNumber) },
          update: {},
          create: { memberNumber: String(memberNumber), familyName: pick(FAMILY), namePrefix: pick(PREFIX), givenNames: pick(GIVEN), birthDate: date(`19${60 + Math.floor(random() * 40)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`) },
        });
        await prisma.memberListEntry.create({ data: { memberListId: list.id, seasonId: season.id, memberId: member.id, registeredOn: date('2026-08-10') } });
        ids.push(member.id);
      }
      playersByClub.set(name, ids);
    }

    const divisions = [
      { name: 'Hoofdklasse', level: 1, clubs: CLUBS.slice(0, 6) },
      { name: 'Eerste klasse', level: 2, clubs: CLUBS.slice(6) },
    ];
    const plan = tablePlan(6);
    for (const spec of divisions) {
      const division = await prisma.division.create({ data: { seasonId: season.id, name: spec.name, level: spec.level } });
      const teams = [];
      for (const [clubName] of spec.clubs) {
        teams.push(await prisma.team.create({ data: { divisionId: division.id, clubId: clubIds.get(clubName)!, name: `${clubName} 1` } }));
      }
      const clubOfTeam = new Map(teams.map((t) => [t.id, CLUBS.find(([n]) => clubIds.get(n) === t.clubId)![0]]));
      const schedule = generateSchedule({ teamIds: teams.map((t) => t.id), dates: matchDates(SEASON.competitionStartsOn, 10), double: true });
      for (const fixture of schedule) {
        const played = fixture.date < TODAY;
        const match = await prisma.match.create({
          data: { divisionId: division.id, round: fixture.round, date: date(fixture.date), homeTeamId: fixture.homeTeamId, awayTeamId: fixture.awayTeamId },
        });
        if (!played) continue;
        // Line-ups: the first twelve players of each club in six pairs.
        for (const teamId of [fixture.homeTeamId, fixture.awayTeamId]) {
          const players = playersByClub.get(clubOfTeam.get(teamId)!)!;
          await prisma.lineup.create({
            data: {
              matchId: match.id,
              teamId,
              players: { create: players.map((memberId, i) => ({ memberId, pairNumber: Math.floor(i / 2) + 1 })) },
            },
          });
        }
        let home = 0;
        let away = 0;
        for (const seat of plan) {
          const games = [1, 2, 3, 4].map((gameNumber) => ({ gameNumber, ...randomGame() }));
          const homePoints = games.filter((g) => g.winner === 'HOME').reduce((s, g) => s + g.points, 0);
          const awayPoints = games.filter((g) => g.winner === 'AWAY').reduce((s, g) => s + g.points, 0);
          home += homePoints;
          away += awayPoints;
          await prisma.matchSet.create({ data: { matchId: match.id, ...seat, homePoints, awayPoints, source: 'GAMES', games: { create: games } } });
        }
        const signedAt = new Date(`${fixture.date}T23:30:00Z`);
        await prisma.match.update({
          where: { id: match.id },
          data: { status: 'PLAYED', resultState: 'CONFIRMED', homePoints: home, awayPoints: away, enteredAt: signedAt, homeSignedAt: signedAt, awaySignedAt: signedAt, version: 1 },
        });
      }
    }

    // A few fines: one paid, one open, one proposed by the system.
    const fineData = [
      { club: 'Kaiman', rule: '10', reason: 'Geen speelmatten aanwezig', amountCents: 1500, issuedOn: '2026-10-05', status: 'PAID' as const, paidOn: '2026-10-20' },
      { club: 'Coronie Kap', rule: '5D', reason: 'Spelerslijst niet vóór de wedstrijd samengesteld', amountCents: 1500, issuedOn: '2026-10-19', status: 'OPEN' as const, paidOn: null },
      { club: 'Albina Aces', rule: '10', reason: 'Geen badges gedragen', amountCents: 1500, issuedOn: '2026-11-02', status: 'OPEN' as const, paidOn: null },
      { club: 'Paramaribo Boys', rule: '5D', reason: 'Geen spelerslijst samengesteld voor aanvang van de wedstrijd (Regel 5D).', amountCents: 1500, issuedOn: '2026-11-14', status: 'PROPOSED' as const, paidOn: null },
    ];
    for (const fine of fineData) {
      const due = date(fine.issuedOn);
      due.setUTCDate(due.getUTCDate() + 30);
      await prisma.fine.create({
        data: {
          seasonId: season.id,
          clubId: clubIds.get(fine.club)!,
          rule: fine.rule,
          reason: fine.reason,
          amountCents: fine.amountCents,
          issuedOn: date(fine.issuedOn),
          dueOn: due,
          status: fine.status,
          paidOn: fine.paidOn ? date(fine.paidOn) : null,
        },
      });
    }
    for (const [code, description] of [
      ['MATTEN', 'Geen speelmatten'],
      ['KAARTEN', 'Geen of oude kaarten'],
      ['KOFFER', 'Geen supervisorkoffer'],
      ['BADGES', 'Geen badges'],
    ]) {
      await prisma.fineCatalogItem.create({ data: { seasonId: season.id, code, description, rule: '10', amountCents: 1500 } });
    }
    console.log('[seed] Klaar.');
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
