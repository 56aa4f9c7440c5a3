/**
 * What the match-day services read of a match, in one Prisma include, and the small
 * naming helpers every view shares (Regel 15: public views show family names only).
 */
import { isoDate } from '../common/dto';
import type { IsoDate } from '../domain/dates';
import type { Prisma } from '../generated/prisma/client';
import type { Side } from '../domain/match';
import type { EligibilityQuery } from '../member-lists/player-eligibility.service';
import type { TeamFacts } from '../domain/match/match-facts';
import { makeRoomFor } from '../common/bounded';

const TIME_ZONE = 'Europe/Amsterdam';

const teamSelect = { id: true, name: true, clubId: true, club: { select: { name: true, venue: true, city: true } } } as const;

export const matchSummaryInclude = {
  homeTeam: { select: teamSelect },
  awayTeam: { select: teamSelect },
  // Which teams saved their line-up (the secretaries' match list); matchInclude loads the line-ups whole instead.
  lineups: { select: { teamId: true } },
} satisfies Prisma.MatchInclude;

export const matchInclude = {
  ...matchSummaryInclude,
  // The season's settings come with the match: a write or a view needs no second read for them.
  division: { select: { id: true, name: true, seasonId: true, season: { select: { name: true, startsOn: true, endsOn: true, settings: true } } } },
  lineups: {
    include: {
      players: {
        include: { member: true },
        orderBy: [{ pairNumber: { sort: 'asc', nulls: 'last' } }, { member: { familyName: 'asc' } }, { member: { memberNumber: 'asc' } }],
      },
    },
  },
  substitutions: { include: { inMember: true, outMember: true }, orderBy: [{ setNumber: 'asc' }, { createdAt: 'asc' }] },
  sets: { include: { games: { orderBy: { gameNumber: 'asc' } } }, orderBy: [{ setNumber: 'asc' }, { tableNumber: 'asc' }] },
  moves: { orderBy: { createdAt: 'asc' } },
  deductions: { orderBy: { createdAt: 'asc' } },
  supervisorActions: { include: { member: true }, orderBy: { createdAt: 'asc' } },
} satisfies Prisma.MatchInclude;

export type MatchSummaryRow = Prisma.MatchGetPayload<{ include: typeof matchSummaryInclude }>;
export type MatchRow = Prisma.MatchGetPayload<{ include: typeof matchInclude }>;
export type LineupRow = MatchRow['lineups'][number];
export type MemberRow = LineupRow['players'][number]['member'];
export type SetRow = MatchRow['sets'][number];

export interface PersonName {
  familyName: string;
  namePrefix: string | null;
  givenNames?: string;
}

/** "van Dijk": what the match form and the public pages show (Regel 15). */
export function familyNameOf(member: PersonName): string {
  return [member.namePrefix, member.familyName].filter(Boolean).join(' ');
}

/** What the public calls a member its own club marked "niet publiceren" (RULES.md, privacy). */
export function unpublishedName(clubName: string | null): string {
  return `speler van ${clubName ?? 'een vereniging'}`;
}

/** How a public page names a player: the family name, or "speler van <club>" when not published. */
export function publicNameOf(member: PersonName & { doNotPublish: boolean }, clubName: string | null): string {
  return member.doNotPublish ? unpublishedName(clubName) : familyNameOf(member);
}

/** "Ricardo van Dijk": for the club's own secretary and the federation. */
export function fullNameOf(member: PersonName): string {
  return [member.givenNames, familyNameOf(member)].filter(Boolean).join(' ');
}

export function sideOf(match: { homeTeamId: string; awayTeamId: string }, teamId: string): Side | null {
  if (teamId === match.homeTeamId) return 'HOME';
  if (teamId === match.awayTeamId) return 'AWAY';
  return null;
}

export function teamIdOf(match: { homeTeamId: string; awayTeamId: string }, side: Side): string {
  return side === 'HOME' ? match.homeTeamId : match.awayTeamId;
}

export function lineupOf(match: MatchRow, side: Side): LineupRow | null {
  const teamId = teamIdOf(match, side);
  return match.lineups.find((l) => l.teamId === teamId) ?? null;
}

export function teamOf<T>(match: { homeTeam: T; awayTeam: T }, side: Side): T {
  return side === 'HOME' ? match.homeTeam : match.awayTeam;
}

/** Whose member list and which date the eligibility of `side`'s players is checked against (Regel 3B, 4). */
export function eligibilityQuery(match: MatchRow, side: Side, settings: EligibilityQuery['settings']): EligibilityQuery {
  return { seasonId: match.division.seasonId, clubId: teamOf(match, side).clubId, matchDate: isoDate(match.date), settings };
}

/** Every member the match names (line-ups, substitutions, the supervisor's actions) and `extra`, by id. */
export function membersById(match: MatchRow, extra: readonly MemberRow[] = []): Map<string, MemberRow> {
  const members = new Map<string, MemberRow>();
  for (const m of [
    ...match.lineups.flatMap((l) => l.players.map((p) => p.member)),
    ...match.substitutions.flatMap((s) => [s.inMember, s.outMember]),
    ...match.supervisorActions.flatMap((a) => (a.member ? [a.member] : [])),
    ...extra,
  ]) {
    members.set(m.id, m);
  }
  return members;
}

/**
 * A readable, unique name for every player of the match, for the domain's messages
 * ("speler van Dijk staat niet op de reservelijst"): the family name, with the member
 * number only when two players share it.
 */
export function playerLabels(match: MatchRow, extra: readonly MemberRow[] = []): Map<string, string> {
  const members = membersById(match, extra);
  const counts = new Map<string, number>();
  for (const m of members.values()) counts.set(familyNameOf(m), (counts.get(familyNameOf(m)) ?? 0) + 1);
  return new Map(
    [...members.values()].map((m) => {
      const name = familyNameOf(m);
      return [m.id, counts.get(name)! > 1 ? `${name} (${m.memberNumber})` : name];
    }),
  );
}

/** The line-up and substitutions of one side as the pure rules see them, players named by `name`. */
export function teamFacts(match: MatchRow, side: Side, name: (memberId: string) => string = (id) => id): TeamFacts {
  const lineup = lineupOf(match, side);
  const teamId = teamIdOf(match, side);
  return {
    lineup: lineup && {
      pairs: pairsOf(lineup.players).map(({ pairNumber, players }) => ({
        pairNumber,
        fromSet: players[0].fromSet,
        lateRecordedBy: players[0].lateRecordedByRole === 'SUPERVISOR' || players[0].lateRecordedByRole === 'ADMIN' ? players[0].lateRecordedByRole : null,
        players: [name(players[0].memberId), name(players[1]?.memberId ?? '')] as const,
      })),
      reserves: reservesOf(lineup.players).map((p) => name(p.memberId)),
    },
    substitutions: match.substitutions
      .filter((s) => s.teamId === teamId)
      .map((s) => ({ setNumber: s.setNumber, pairNumber: s.pairNumber, outPlayerId: name(s.outMemberId), inPlayerId: name(s.inMemberId) })),
    // Regel 38: the players the supervisor removed from this side's pairs.
    removals: match.supervisorActions.flatMap((a) =>
      a.kind === 'REMOVE_PLAYER' && a.side === side && a.memberId && a.pairNumber !== null && a.fromGame !== null
        ? [{ side, pairNumber: a.pairNumber, playerId: name(a.memberId), setNumber: a.setNumber, fromGame: a.fromGame }]
        : [],
    ),
  };
}

/** A line-up's players in the order a load gives them (matchInclude): by pair (reserves last), then family name and member number. */
export function sortLineupPlayers<T extends { pairNumber: number | null; member: { familyName: string; memberNumber: string } }>(players: readonly T[]): T[] {
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...players].sort(
    (a, b) =>
      (a.pairNumber ?? Number.MAX_SAFE_INTEGER) - (b.pairNumber ?? Number.MAX_SAFE_INTEGER) ||
      text(a.member.familyName, b.member.familyName) ||
      text(a.member.memberNumber, b.member.memberNumber),
  );
}

/** The players of a line-up grouped by pair, in pair order; reserves (no pair number) apart. */
export function pairsOf<T extends { pairNumber: number | null }>(players: readonly T[]): { pairNumber: number; players: T[] }[] {
  const numbers = [...new Set(players.flatMap((p) => (p.pairNumber === null ? [] : [p.pairNumber])))].sort((a, b) => a - b);
  return numbers.map((pairNumber) => ({ pairNumber, players: players.filter((p) => p.pairNumber === pairNumber) }));
}

export function reservesOf<T extends { pairNumber: number | null }>(players: readonly T[]): T[] {
  return players.filter((p) => p.pairNumber === null);
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one, and every match state asks for its start. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** Minutes the zone is ahead of UTC at `instant`. */
function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = zoneFormat(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return (Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - instant.getTime()) / 60_000;
}

/** The instant of a local date and "HH:MM" in the federation's time zone (summer and winter time). */
export function localInstant(date: IsoDate, time: string, timeZone = TIME_ZONE): Date {
  const key = `${timeZone} ${date} ${time}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    const asUtc = new Date(`${date}T${time}:00Z`).getTime();
    const first = asUtc - zoneOffsetMinutes(new Date(asUtc), timeZone) * 60_000;
    instant = asUtc - zoneOffsetMinutes(new Date(first), timeZone) * 60_000;
    // Bounded: a season's match dates and start times many times over.
    makeRoomFor(instants, key, INSTANTS_MAX);
    instants.set(key, instant);
  }
  return new Date(instant);
}

/**
 * localInstant's answers, which never change (the zone's rules are the runtime's): a table write
 * asks for its match's start several times, and each asks Intl twice (a tenth of its rules' time).
 */
const instants = new Map<string, number>();
const INSTANTS_MAX = 4096;

/** When the match begins: its date and start time in the federation's time zone. */
export function matchStart(match: { date: Date; startTime: string }): Date {
  return localInstant(isoDate(match.date), match.startTime);
}
