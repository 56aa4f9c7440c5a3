import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { assertClubAccess } from '../auth/access';
import type { AuthUser } from '../auth/auth.types';
import { isoDate } from '../common/dto';
import { ForbiddenError, NotFoundError, RuleViolationError, ValidationError } from '../common/errors';
import { Side, validateLineupShape } from '../domain/match';
import type { CompetitionSettings } from '../domain/settings';
import type { IneligibilityCode } from '../domain/eligibility';
import { PrismaService } from '../prisma/prisma.service';
import { LineupInputDto, LineupPlayerDto, SubstitutionDto, TeamLineupDto } from './lineup.dto';
import { mapPublicSubstitution } from './match.dto';
import { MatchDataService } from './match-data.service';
import { playsElsewhereMessages } from './plays-elsewhere';
import { eligibilityQuery, familyNameOf, fullNameOf, lineupOf, LineupRow, matchStart, MatchRow, MemberRow, pairsOf, playerLabels, reservesOf, sideOf, sortLineupPlayers, teamOf } from './match-row';
import { factsOpenProblems } from '../domain/match/match-command';
import { PlayerEligibility, PlayerEligibilityService } from '../member-lists/player-eligibility.service';
import { assertNoProblems, commandUser, MatchWriterService } from './match-writer.service';

/**
 * A player as the line-up shows it. Member number and given names only for someone on the
 * team's club's member list (`listed`) and for a reader who may see that list; otherwise the
 * family name, as on the public match form (Regel 15).
 */
function mapPlayer(member: MemberRow, eligible: boolean, reasons: string[], live: PlayerEligibility | undefined, seesList = true): LineupPlayerDto {
  const listed = live !== undefined;
  const name = listed ? fullNameOf(member) : familyNameOf(member);
  // The stored check decides; today's check (only for a reader who may see the list) adds the codes and the date.
  const codes: IneligibilityCode[] = eligible ? [] : live && !live.eligible ? live.reasons.map((r) => r.code) : !listed && seesList ? ['NOT_ON_LIST'] : [];
  return {
    memberId: member.id,
    memberNumber: listed ? member.memberNumber : null,
    name,
    familyName: familyNameOf(member),
    eligible,
    reasons,
    reasonCodes: codes,
    eligibleFrom: eligible ? null : (live?.eligibleFrom ?? null),
  };
}

const mapResult = (member: MemberRow, result: PlayerEligibility, playsElsewhere: string | null) => ({
  ...mapPlayer(member, result.eligible, result.reasons.map((r) => r.message), result),
  playsElsewhere,
});

/** Regel 5D/5E is decided by the server: a secretary cannot say the line-up was on time; the federation may, with a reason. */
function assertComposedOverride(body: LineupInputDto, user: AuthUser): void {
  if (body.composedBeforeMatch === undefined) return;
  if (user.role !== 'ADMIN') {
    throw new ForbiddenError(
      'Of de spelerslijst vóór de wedstrijd is samengesteld, volgt uit het moment waarop hij voor het eerst werd opgeslagen; alleen de bondsbeheerder kan dat aanpassen.',
      'ADMIN_ONLY_FIELD',
    );
  }
  if (!body.reason) {
    const message = 'Geef een reden als u vastlegt of de spelerslijst vóór de wedstrijd is samengesteld.';
    throw new ValidationError(message, [{ field: 'reason', code: 'REQUIRED', message }]);
  }
}

export function mapSubstitution(sub: MatchRow['substitutions'][number]): SubstitutionDto {
  return { ...mapPublicSubstitution(sub), outMemberId: sub.outMemberId, inMemberId: sub.inMemberId, createdAt: sub.createdAt.toISOString() };
}

/** The side of `teamId` in the match, refusing a secretary of another club. */
export function teamSideFor(user: AuthUser, match: { homeTeamId: string; awayTeamId: string; homeTeam: { clubId: string }; awayTeam: { clubId: string } }, teamId: string) {
  const side = sideOf(match, teamId);
  if (!side) throw new NotFoundError('Team in deze wedstrijd', 'TEAM_NOT_IN_MATCH');
  if (user.role !== 'SUPERVISOR') assertClubAccess(user, teamOf(match, side).clubId);
  return side;
}

/**
 * Line-ups (Regel 5, 13): numbered pairs, latecomers with the set they came in, reserves.
 * Every player is checked for eligibility on the match date and stored with the result;
 * an ineligible player can be recorded (the form records what happened) and is flagged.
 */
@Injectable()
export class LineupsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly data: MatchDataService,
    private readonly writer: MatchWriterService,
    private readonly eligibility: PlayerEligibilityService,
  ) {}

  async view(matchId: string, teamId: string, user: AuthUser): Promise<TeamLineupDto> {
    const side = teamSideFor(user, await this.data.teams(matchId), teamId);
    const match = await this.data.load(matchId);
    return this.viewOf(match, side, this.data.settingsOf(match), user);
  }

  /**
   * The line-up of one side from a match row already loaded (the writer's, after a save: no second
   * load). `justChecked`: the stored checks were made in this request (a save), so today's check is
   * not made again.
   */
  async viewOf(match: MatchRow, side: Side, settings: CompetitionSettings, user: AuthUser, justChecked = false): Promise<TeamLineupDto> {
    const team = teamOf(match, side);
    const lineup = lineupOf(match, side);
    // A supervisor corrects scores: the form as the public sees it, without the club's member list (Regel 15).
    const candidates = user.role === 'SUPERVISOR' ? null : await this.eligibility.candidates(this.prisma, eligibilityQuery(match, side, settings));
    const listed = new Map(candidates?.map((c) => [c.member.id, c.result]));
    // One member, one match a day: who is already on the line-up of another match of this date (the form offers them disabled).
    const elsewhere = new Map<string, string>();
    if (candidates?.length) {
      const rows = await this.prisma.lineupPlayer.findMany({
        where: { memberId: { in: candidates.map((c) => c.member.id) }, lineup: { matchId: { not: match.id }, match: { date: match.date, archivedAt: null, status: { in: ['SCHEDULED', 'PLAYED'] } } } },
        select: { memberId: true, lineup: { select: { match: { select: { homeTeam: { select: { name: true } }, awayTeam: { select: { name: true } } } } } } },
      });
      for (const r of rows) elsewhere.set(r.memberId, `${r.lineup.match.homeTeam.name} – ${r.lineup.match.awayTeam.name}`);
    }
    const players = lineup?.players ?? [];
    // Until the match is final a reader of the list sees today's check (removed from the list,
    // suspended since the line-up was saved): the club is warned before Regel 4 applies at the
    // end. A final match shows what was checked then.
    const final = match.resultState === 'CONFIRMED';
    const today = !final && !justChecked && candidates !== null && players.length ? await this.eligibility.check(this.prisma, eligibilityQuery(match, side, settings), players.map((p) => p.memberId)) : null;
    const toDto = (p: (typeof players)[number]) => {
      const now = today?.get(p.memberId);
      return mapPlayer(p.member, now ? now.eligible : p.eligible, now ? now.reasons.map((r) => r.message) : p.ineligibilityReasons, listed.get(p.memberId), candidates !== null);
    };
    return {
      matchId: match.id,
      matchDate: isoDate(match.date),
      teamId: team.id,
      teamName: team.name,
      clubId: team.clubId,
      side,
      recorded: lineup !== null,
      composedBeforeMatch: lineup?.composedBeforeMatch ?? null,
      locked: match.resultState === 'CONFIRMED' || !['SCHEDULED', 'PLAYED'].includes(match.status),
      pairs: pairsOf(players).map((pair) => ({ pairNumber: pair.pairNumber, fromSet: pair.players[0].fromSet, players: pair.players.map(toDto) })),
      reserves: reservesOf(players).map(toDto),
      substitutions: match.substitutions.filter((s) => s.teamId === team.id).map(mapSubstitution),
      ...(candidates && { candidates: candidates.map(({ member, result }) => mapResult(member, result, elsewhere.get(member.id) ?? null)) }),
    };
  }

  /**
   * A club composes its line-up; the federation changes it (with a reason once a set started);
   * the supervisor adds (or removes) a reserve once set 1 started, with a reason (RULES.md,
   * revised 2026-12-06: the core refuses the supervisor any other change).
   */
  async save(matchId: string, teamId: string, body: LineupInputDto, user: AuthUser): Promise<TeamLineupDto> {
    assertComposedOverride(body, user);
    if (user.role === 'SUPERVISOR' && !body.reason) {
      const message = 'Geef een reden: elke handeling van de wedstrijdleider komt met de reden in het logboek.';
      throw new ValidationError(message, [{ field: 'reason', code: 'REQUIRED', message }]);
    }
    let side: Side = 'HOME';
    // The match is loaded once, by the writer (who may ask is checked on that row, inside the transaction).
    const { row, settings } = await this.writer.applyWithRow(
      matchId,
      async (tx, match, settings) => {
        side = teamSideFor(user, match, teamId);
        assertNoProblems(factsOpenProblems(match, commandUser(user), body.reason));
        const memberIds = [...body.pairs.flatMap((p) => p.memberIds), ...body.reserves];
        const members = await tx.member.findMany({ where: { id: { in: memberIds } } });
        const unknown = [...new Set(memberIds.filter((id) => !members.some((m) => m.id === id)))];
        if (unknown.length) {
          throw new ValidationError('Niet alle spelers zijn bekend bij de bond.', unknown.map((id) => ({ field: 'memberIds', message: `Onbekend lid: ${id}.` })), 'UNKNOWN_MEMBER');
        }
        // One member, one match per date (RULES.md): refused, naming the other match (plays-elsewhere.ts).
        const clashes = await playsElsewhereMessages(tx, memberIds, match, teamOf(match, side).clubId, user);
        if (clashes.length) {
          throw new RuleViolationError(clashes[0], 'MEMBER_PLAYS_ELSEWHERE', clashes.map((message) => ({ field: 'memberIds', message })));
        }
        const labels = playerLabels(match, members);
        const name = (id: string) => labels.get(id)!;
        const lineup = {
          pairs: body.pairs.map((p) => ({ pairNumber: p.pairNumber, fromSet: p.fromSet ?? 1, players: [name(p.memberIds[0]), name(p.memberIds[1])] as const })),
          reserves: body.reserves.map(name),
        };
        const errors = validateLineupShape({ ...lineup, settings });
        if (errors.length) throw new ValidationError(errors[0], errors.map((message) => ({ field: 'pairs', message })), 'INVALID_LINEUP');

        // The players' rows with their eligibility (the member lists: not pure) are stored here; the core settles what follows.
        const results = await this.eligibility.check(tx, eligibilityQuery(match, side, settings), memberIds);
        // A late pair the supervisor (or the federation) recorded keeps that mark while its first set stays (the core refuses a club's change of it).
        const late = new Map((lineupOf(match, side)?.players ?? []).flatMap((p) => (p.pairNumber !== null && p.lateRecordedByRole ? [[p.pairNumber, p] as const] : [])));
        const player = (memberId: string, pairNumber: number | null, fromSet = 1) => {
          const result = results.get(memberId)!;
          const marked = pairNumber === null ? undefined : late.get(pairNumber);
          const lateRecordedByRole = marked && marked.fromSet === fromSet ? marked.lateRecordedByRole : null;
          return { memberId, pairNumber, fromSet, lateRecordedByRole, eligible: result.eligible, ineligibilityReasons: result.reasons.map((r) => r.message) };
        };
        // Regel 5D/5E: composed before the match when first saved before the start; kept on later saves.
        const now = new Date();
        const composedBeforeMatch = body.composedBeforeMatch ?? lineupOf(match, side)?.composedBeforeMatch ?? now < matchStart(match);
        const stored = await tx.lineup.upsert({
          where: { matchId_teamId: { matchId: match.id, teamId } },
          create: { matchId: match.id, teamId, composedBeforeMatch, createdAt: now },
          update: { composedBeforeMatch },
        });
        const players = [
          ...body.pairs.flatMap((p) => p.memberIds.map((id) => player(id, p.pairNumber, p.fromSet))),
          ...body.reserves.map((id) => player(id, null)),
        ].map((r) => ({ id: randomUUID(), lineupId: stored.id, createdAt: now, ...r }));
        await tx.lineupPlayer.deleteMany({ where: { lineupId: stored.id } });
        await tx.lineupPlayer.createMany({ data: players });
        // The answer is built from these rows: the match is not read again.
        const member = new Map(members.map((m) => [m.id, m]));
        const lineupRow: LineupRow = { ...stored, players: sortLineupPlayers(players.map((p) => ({ ...p, member: member.get(p.memberId)! }))) };
        const patch = (row: MatchRow): MatchRow => ({ ...row, lineups: [...row.lineups.filter((l) => l.teamId !== teamId), lineupRow] });
        return { command: { kind: 'SET_LINEUP', by: commandUser(user), reason: body.reason ?? null, side, lineup, composedBeforeMatch }, members, patch };
      },
      { user, actor: user.id, action: 'match.lineup', reason: body.reason, idempotencyKey: body.idempotencyKey },
    );
    return row && settings ? this.viewOf(row, side, settings, user, true) : this.view(matchId, teamId, user);
  }
}
