import { Injectable } from '@nestjs/common';
import { assertClubAccess } from '../auth/access';
import type { AuthUser } from '../auth/auth.types';
import { isoDate } from '../common/dto';
import { NotFoundError, ValidationError } from '../common/errors';
import { validateLineupShape } from '../domain/match';
import type { EligibilityResult } from '../domain/eligibility';
import { PrismaService } from '../prisma/prisma.service';
import { ConsequencesService } from './consequences.service';
import { LineupInputDto, LineupPlayerDto, SubstitutionDto, TeamLineupDto } from './lineup.dto';
import { mapPublicSubstitution } from './match.dto';
import { MatchDataService } from './match-data.service';
import { familyNameOf, fullNameOf, lineupOf, MatchRow, MemberRow, pairsOf, playerLabels, reservesOf, sideOf, teamOf } from './match-row';
import { assertMatchFactsOpen } from './match-rules';
import { PlayerEligibilityService } from '../member-lists/player-eligibility.service';
import { MatchWriterService } from './match-writer.service';

function mapPlayer(member: MemberRow, eligible: boolean, reasons: string[]): LineupPlayerDto {
  return { memberId: member.id, memberNumber: member.memberNumber, name: fullNameOf(member), familyName: familyNameOf(member), eligible, reasons };
}

const mapResult = (member: MemberRow, result: EligibilityResult) => mapPlayer(member, result.eligible, result.reasons.map((r) => r.message));

export function mapSubstitution(sub: MatchRow['substitutions'][number]): SubstitutionDto {
  return { ...mapPublicSubstitution(sub), outMemberId: sub.outMemberId, inMemberId: sub.inMemberId, createdAt: sub.createdAt.toISOString() };
}

/** The side of `teamId` in the match, refusing a secretary of another club. */
export function teamSideFor(user: AuthUser, match: { homeTeamId: string; awayTeamId: string; homeTeam: { clubId: string }; awayTeam: { clubId: string } }, teamId: string) {
  const side = sideOf(match, teamId);
  if (!side) throw new NotFoundError('Team in deze wedstrijd', 'TEAM_NOT_IN_MATCH');
  if (user.role !== 'SUPERVISOR') assertClubAccess(user, side === 'HOME' ? match.homeTeam.clubId : match.awayTeam.clubId);
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
    private readonly consequences: ConsequencesService,
  ) {}

  async view(matchId: string, teamId: string, user: AuthUser): Promise<TeamLineupDto> {
    const side = teamSideFor(user, await this.data.teams(matchId), teamId);
    const match = await this.data.load(matchId);
    const settings = await this.data.settings(match.division.seasonId);
    const team = teamOf(match, side);
    const lineup = lineupOf(match, side);
    const query = { seasonId: match.division.seasonId, clubId: team.clubId, matchDate: isoDate(match.date), settings };
    const candidates = await this.eligibility.candidates(this.prisma, query);
    const players = lineup?.players ?? [];
    const toDto = (p: (typeof players)[number]) => mapPlayer(p.member, p.eligible, p.ineligibilityReasons);
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
      candidates: candidates.map(({ member, result }) => mapResult(member, result)),
    };
  }

  async save(matchId: string, teamId: string, body: LineupInputDto, user: AuthUser): Promise<TeamLineupDto> {
    const side = teamSideFor(user, await this.data.teams(matchId), teamId);
    await this.writer.write(matchId, { user, action: 'match.lineup', reason: body.reason }, async (tx, match, settings) => {
      assertMatchFactsOpen(match, user, body.reason);
      const memberIds = [...body.pairs.flatMap((p) => p.memberIds), ...body.reserves];
      const members = await tx.member.findMany({ where: { id: { in: memberIds } } });
      const unknown = [...new Set(memberIds.filter((id) => !members.some((m) => m.id === id)))];
      if (unknown.length) {
        throw new ValidationError('Niet alle spelers zijn bekend bij de bond.', unknown.map((id) => ({ field: 'memberIds', message: `Onbekend lid: ${id}.` })), 'UNKNOWN_MEMBER');
      }
      const labels = playerLabels(match, members);
      const name = (id: string) => labels.get(id)!;
      const errors = validateLineupShape({
        pairs: body.pairs.map((p) => ({ pairNumber: p.pairNumber, fromSet: p.fromSet, players: [name(p.memberIds[0]), name(p.memberIds[1])] as const })),
        reserves: body.reserves.map(name),
        settings,
      });
      if (errors.length) throw new ValidationError(errors[0], errors.map((message) => ({ field: 'pairs', message })), 'INVALID_LINEUP');

      const team = teamOf(match, side);
      const query = { seasonId: match.division.seasonId, clubId: team.clubId, matchDate: isoDate(match.date), settings };
      const results = await this.eligibility.check(tx, query, memberIds);
      const player = (memberId: string, pairNumber: number | null, fromSet = 1) => {
        const result = results.get(memberId)!;
        return { memberId, pairNumber, fromSet, eligible: result.eligible, ineligibilityReasons: result.reasons.map((r) => r.message) };
      };
      const lineup = await tx.lineup.upsert({
        where: { matchId_teamId: { matchId: match.id, teamId } },
        create: { matchId: match.id, teamId, composedBeforeMatch: body.composedBeforeMatch },
        update: { composedBeforeMatch: body.composedBeforeMatch },
      });
      await tx.lineupPlayer.deleteMany({ where: { lineupId: lineup.id } });
      await tx.lineupPlayer.createMany({
        data: [
          ...body.pairs.flatMap((p) => p.memberIds.map((id) => player(id, p.pairNumber, p.fromSet))),
          ...body.reserves.map((id) => player(id, null)),
        ].map((row) => ({ lineupId: lineup.id, ...row })),
      });
      await this.consequences.afterFactsChanged(tx, match, settings, user.id);
    });
    return this.view(matchId, teamId, user);
  }
}
