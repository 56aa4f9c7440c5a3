/**
 * Loads what the reminder and to-do rules read (domain/reminders.ts, domain/todo.ts): the
 * seasons that are not over, every active club's member list in them, the matches that still
 * need something (a line-up this week, a result, a dispute, a recent correction), open and
 * proposed fines, recent board decisions on transfers. `clubId` narrows it to one club (a
 * secretary's to-do: nothing of another club is even read).
 */
import { dbDate, isoDate } from '../common/dto';
import { addDays, type IsoDate } from '../domain/dates';
import { memberListDeadline } from '../domain/eligibility';
import { finalityWords } from '../domain/match/match-command';
import { isPossibleSetScore } from '../domain/match/scores';
import type { FineFact, MatchFact, MemberListFact, Recipient, ReminderFacts, TransferFact } from '../domain/reminders';
import { LINEUP_TODO_DAYS_AHEAD } from '../domain/todo';
import { NEWS_DAYS } from '../domain/reminders';
import { DEFAULT_SETTINGS } from '../domain/settings';
import type { Prisma } from '../generated/prisma/client';
import { localInstant } from '../matches/match-row';
import type { PrismaService } from '../prisma/prisma.service';

export interface FactsScope {
  /** Only this club's facts. */
  clubId?: string;
  /** Also count impossible set scores (the supervisor's to-do; not needed by the scan). */
  withScores?: boolean;
}

export interface RecipientRow extends Recipient {
  email: string;
  name: string;
  weeklyDigest: boolean;
}

const club = (c: { id: string; name: string }) => ({ id: c.id, name: c.name });
const teamSelect = { id: true, name: true, club: { select: { id: true, name: true } } } as const;
const DAY_MS = 86_400_000;

/** The people reminders can reach: active secretaries and supervisors. */
export async function loadRecipients(prisma: PrismaService): Promise<RecipientRow[]> {
  const users = await prisma.user.findMany({
    where: { archivedAt: null, role: { in: ['SECRETARY', 'SUPERVISOR'] } },
    select: { id: true, email: true, name: true, role: true, clubId: true, notificationsOff: true, weeklyDigest: true },
  });
  return users;
}

export async function loadFacts(prisma: PrismaService, now: Date, today: IsoDate, scope: FactsScope = {}): Promise<Omit<ReminderFacts, 'users'>> {
  const seasons = await prisma.season.findMany({ where: { archivedAt: null, endsOn: { gte: dbDate(today) } }, include: { settings: true } });
  const seasonIds = seasons.map((s) => s.id);
  const byClub = scope.clubId ? { clubId: scope.clubId } : {};
  const teamOfClub: Prisma.MatchWhereInput = scope.clubId ? { OR: [{ homeTeam: { clubId: scope.clubId } }, { awayTeam: { clubId: scope.clubId } }] } : {};

  const [clubs, lists] = await Promise.all([
    prisma.club.findMany({ where: { archivedAt: null, ...(scope.clubId ? { id: scope.clubId } : {}) }, select: { id: true, name: true } }),
    prisma.memberList.findMany({ where: { seasonId: { in: seasonIds }, ...byClub }, select: { seasonId: true, clubId: true, firstSubmittedAt: true } }),
  ]);
  const submitted = new Set(lists.filter((l) => l.firstSubmittedAt).map((l) => `${l.seasonId}:${l.clubId}`));
  const memberLists: MemberListFact[] = seasons.flatMap((season) =>
    clubs.map((c) => ({
      seasonId: season.id,
      seasonName: season.name,
      club: club(c),
      deadline: memberListDeadline(isoDate(season.startsOn), { memberListDeadlineDays: season.settings?.memberListDeadlineDays ?? DEFAULT_SETTINGS.memberListDeadlineDays }),
      seasonEndsOn: isoDate(season.endsOn),
      submitted: submitted.has(`${season.id}:${c.id}`),
    })),
  );

  // Impossible set scores (Regel 15): only the supervisor's to-do asks for them.
  const impossible = new Map<string, number>();
  if (scope.withScores) {
    const sets = await prisma.matchSet.findMany({
      where: { source: { in: ['GAMES', 'TOTALS'] }, decidedAt: null, match: { archivedAt: null, division: { seasonId: { in: seasonIds } } } },
      select: { matchId: true, homePoints: true, awayPoints: true, match: { select: { division: { select: { season: { select: { settings: { select: { gamesPerSet: true } } } } } } } } },
    });
    for (const set of sets) {
      const games = set.match.division.season.settings?.gamesPerSet ?? DEFAULT_SETTINGS.gamesPerSet;
      if (!isPossibleSetScore(set.homePoints, set.awayPoints, games)) impossible.set(set.matchId, (impossible.get(set.matchId) ?? 0) + 1);
    }
  }

  const rows = await prisma.match.findMany({
    where: {
      archivedAt: null,
      division: { seasonId: { in: seasonIds } },
      date: { lte: dbDate(addDays(today, LINEUP_TODO_DAYS_AHEAD + 1)) },
      AND: [
        teamOfClub,
        {
          OR: [
            { status: { in: ['SCHEDULED', 'PLAYED'] }, resultState: { not: 'CONFIRMED' } },
            { correctedAt: { gte: new Date(now.getTime() - (NEWS_DAYS + 1) * DAY_MS) } },
            { sets: { some: { refusedAt: { not: null }, decidedAt: null } } },
            { id: { in: [...impossible.keys()] } },
          ],
        },
      ],
    },
    include: {
      homeTeam: { select: teamSelect },
      awayTeam: { select: teamSelect },
      division: { select: { seasonId: true } },
      lineups: { select: { teamId: true } },
      sets: { where: { refusedAt: { not: null }, decidedAt: null }, select: { refusedAt: true }, orderBy: { refusedAt: 'desc' }, take: 1 },
      // Sets a table entered: the match is played at the tables (with the night opened), not on paper.
      _count: { select: { sets: { where: { enteredBySide: { not: null } } } } },
    },
    orderBy: [{ date: 'asc' }, { startTime: 'asc' }],
  });
  const paperHours = new Map(seasons.map((season) => [season.id, season.settings?.paperConfirmHours ?? DEFAULT_SETTINGS.paperConfirmHours]));
  const matches: MatchFact[] = rows.map((m) => {
    const date = isoDate(m.date);
    return {
      id: m.id,
      date,
      startTime: m.startTime,
      start: localInstant(date, m.startTime),
      home: { teamId: m.homeTeam.id, teamName: m.homeTeam.name, club: club(m.homeTeam.club) },
      away: { teamId: m.awayTeam.id, teamName: m.awayTeam.name, club: club(m.awayTeam.club) },
      status: m.status,
      resultState: m.resultState,
      homeSigned: m.homeSignedAt !== null,
      disputedAt: m.disputedAt,
      disputeComment: m.disputeComment,
      correctedAt: m.correctedAt,
      correctionReason: m.correctionReason,
      homeLineup: m.lineups.some((l) => l.teamId === m.homeTeamId),
      awayLineup: m.lineups.some((l) => l.teamId === m.awayTeamId),
      tableDisputedAt: m.sets[0]?.refusedAt ?? null,
      impossibleSets: impossible.get(m.id) ?? 0,
      atTables: m.nightOpenedAt !== null || m._count.sets > 0,
      finality: finalityWords(m, now, paperHours.get(m.division.seasonId) ?? DEFAULT_SETTINGS.paperConfirmHours),
      correctedByRole: m.correctedByRole,
    };
  });

  const fineRows = await prisma.fine.findMany({
    where: { status: { in: ['PROPOSED', 'OPEN'] }, ...byClub },
    include: { club: { select: { id: true, name: true } } },
    orderBy: [{ dueOn: 'asc' }, { createdAt: 'asc' }],
  });
  const fines: FineFact[] = fineRows.map((f) => ({
    id: f.id,
    club: club(f.club),
    rule: f.rule,
    reason: f.reason,
    amountCents: f.amountCents,
    status: f.status,
    issuedOn: isoDate(f.issuedOn),
    dueOn: isoDate(f.dueOn),
  }));

  const transferRows = await prisma.transfer.findMany({
    where: {
      boardDecision: true,
      decidedAt: { gte: new Date(now.getTime() - (NEWS_DAYS + 1) * DAY_MS) },
      ...(scope.clubId ? { OR: [{ fromClubId: scope.clubId }, { toClubId: scope.clubId }] } : {}),
    },
    include: { member: { select: { givenNames: true, namePrefix: true, familyName: true } }, fromClub: { select: { id: true, name: true } }, toClub: { select: { id: true, name: true } } },
  });
  const transfers: TransferFact[] = transferRows.map((t) => ({
    id: t.id,
    memberName: [t.member.givenNames, t.member.namePrefix, t.member.familyName].filter(Boolean).join(' '),
    fromClub: t.fromClub && club(t.fromClub),
    toClub: club(t.toClub),
    status: t.status,
    decidedAt: t.decidedAt,
  }));

  return { memberLists, matches, fines, transfers };
}
