import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../auth/auth.types';
import { NotFoundError, RuleViolationError, ValidationError } from '../common/errors';
import { SubstitutionDto, SubstitutionInputDto } from './lineup.dto';
import { mapSubstitution, teamSideFor } from './lineups.service';
import { PrismaService } from '../prisma/prisma.service';
import { MatchDataService } from './match-data.service';
import { playerLabels, teamOf } from './match-row';
import { playsElsewhereMessages } from './plays-elsewhere';
import { assertNoProblems, commandUser, MatchWriterService } from './match-writer.service';
import { factsOpenProblems } from '../domain/match/match-command';
import { assertSupervisorDay, assertSupervisorReason } from './late-pairs.service';

/**
 * Substitutions (Regel 13, 14) as they happened at the table. Every one is recorded, legal
 * or not; the match-day core (SUBSTITUTE, REMOVE_SUBSTITUTION) checks all of a team's
 * substitutions again in order after each change, and a violation gives the opponent 8–0
 * at that pair's seats from the violating set on. The team's own secretary, the federation,
 * and the supervisor at the table (with a reason, from the match day on).
 */
@Injectable()
export class SubstitutionsService {
  constructor(
    private readonly data: MatchDataService,
    private readonly writer: MatchWriterService,
    private readonly prisma: PrismaService,
  ) {}

  async add(matchId: string, body: SubstitutionInputDto, user: AuthUser, reason?: string): Promise<SubstitutionDto> {
    assertSupervisorReason(user, reason);
    const id = randomUUID();
    // The match is loaded once, by the writer (who may ask is checked on that row, inside the transaction).
    const { row } = await this.writer.applyWithRow(
      matchId,
      async (tx, match) => {
        const side = teamSideFor(user, match, body.teamId);
        assertSupervisorDay(user, match);
        assertNoProblems(factsOpenProblems(match, commandUser(user), reason));
        const members = await tx.member.findMany({ where: { id: { in: [body.outMemberId, body.inMemberId] } } });
        if (members.length < new Set([body.outMemberId, body.inMemberId]).size) {
          throw new ValidationError('Niet alle spelers zijn bekend bij de bond.', [{ field: 'inMemberId', message: 'Onbekend lid.' }], 'UNKNOWN_MEMBER');
        }
        // One member, one match per date (RULES.md): the substitute too, naming the other match (plays-elsewhere.ts).
        const clashes = await playsElsewhereMessages(tx, [body.inMemberId], match, teamOf(match, side).clubId, user);
        if (clashes.length) throw new RuleViolationError(clashes[0], 'MEMBER_PLAYS_ELSEWHERE', [{ field: 'inMemberId', message: clashes[0] }]);
        const labels = playerLabels(match, members);
        const name = (memberId: string) => labels.get(memberId) ?? memberId;
        const substitution = { id, setNumber: body.setNumber, pairNumber: body.pairNumber, outMemberId: body.outMemberId, inMemberId: body.inMemberId, outPlayerId: name(body.outMemberId), inPlayerId: name(body.inMemberId) };
        return { command: { kind: 'SUBSTITUTE', by: commandUser(user), reason: reason ?? null, side, substitution }, members };
      },
      { user, actor: user.id, action: 'match.substitution', reason, idempotencyKey: body.idempotencyKey },
    );
    if (row) return mapSubstitution(row.substitutions.find((s) => s.id === id)!);
    // A retry with the key of an earlier request: the substitution that request recorded (named in the command log).
    const record = await this.prisma.matchCommandRecord.findUnique({ where: { idempotencyKey: body.idempotencyKey! }, select: { payload: true } });
    const recordedId = (record?.payload as { substitution?: { id?: string } } | null)?.substitution?.id;
    const recorded = (await this.data.load(matchId)).substitutions.find((s) => s.id === recordedId);
    if (!recorded) throw new NotFoundError('Wissel');
    return mapSubstitution(recorded);
  }

  async remove(matchId: string, substitutionId: string, user: AuthUser, reason?: string, idempotencyKey?: string): Promise<void> {
    assertSupervisorReason(user, reason);
    const teams = await this.data.teams(matchId);
    await this.writer.apply(
      matchId,
      async (_tx, match) => {
        assertSupervisorDay(user, match);
        const substitution = match.substitutions.find((s) => s.id === substitutionId);
        if (!substitution) throw new NotFoundError('Wissel');
        teamSideFor(user, teams, substitution.teamId);
        return { kind: 'REMOVE_SUBSTITUTION', by: commandUser(user), reason: reason ?? null, id: substitutionId };
      },
      { user, actor: user.id, action: 'match.substitution.delete', reason, idempotencyKey },
    );
  }
}
