import { Injectable } from '@nestjs/common';
import { assertClubAccess, canReadMatchInternals } from '../auth/access';
import type { AuthUser } from '../auth/auth.types';
import { PrismaService } from '../prisma/prisma.service';
import { MatchDetailDto } from './match.dto';
import { MatchDataService } from './match-data.service';
import { assertAwayConfirmation, assertHomeEntry } from './match-rules';
import { commandUser, MatchWriterService } from './match-writer.service';
import type { CorrectionInputDto, DisputeInputDto, FormDecisionInputDto, MatchRemarkDto, RemarkInputDto, SignatureInputDto } from './result.dto';

/**
 * Signatures and corrections (Regel 15), the paper form's way: the home secretary signs
 * the complete result after checking its summary; the away secretary (or an
 * administrator) confirms it, which locks it and brings Regel 4 and the fines into effect,
 * or disputes it with a comment, which lapses the home signature and sends it back to
 * the home team. Afterwards only a supervisor or administrator corrects it, with a reason.
 * The rules are the match-day core's (SIGN_FORM, CONFIRM_FORM, DISPUTE_FORM, CORRECT);
 * here only who may ask.
 */
@Injectable()
export class SignaturesService {
  constructor(
    private readonly data: MatchDataService,
    private readonly writer: MatchWriterService,
    private readonly prisma: PrismaService,
  ) {}

  /** The home team signs the complete result ("Controleren en ondertekenen"); a dispute is then answered. */
  async sign(matchId: string, body: SignatureInputDto, user: AuthUser): Promise<MatchDetailDto> {
    assertHomeEntry(user, await this.data.teams(matchId));
    const command = { kind: 'SIGN_FORM', by: commandUser(user), reason: body.reason ?? null } as const;
    return this.writer.apply(matchId, command, { user, actor: user.id, action: 'match.sign', version: body.version, reason: body.reason, idempotencyKey: body.idempotencyKey });
  }

  async confirm(matchId: string, body: SignatureInputDto, user: AuthUser): Promise<MatchDetailDto> {
    assertAwayConfirmation(user, await this.data.teams(matchId));
    const command = { kind: 'CONFIRM_FORM', by: commandUser(user), reason: body.reason ?? null } as const;
    return this.writer.apply(matchId, command, { user, actor: user.id, action: 'match.confirm', version: body.version, reason: body.reason, idempotencyKey: body.idempotencyKey });
  }

  /** "Niet akkoord": the away secretary refuses, with a comment; the supervisor decides (RULES.md "The paper path"). */
  async dispute(matchId: string, body: DisputeInputDto, user: AuthUser): Promise<MatchDetailDto> {
    assertAwayConfirmation(user, await this.data.teams(matchId));
    const command = { kind: 'DISPUTE_FORM', by: commandUser(user), comment: body.comment } as const;
    return this.writer.apply(matchId, command, { user, actor: user.id, action: 'match.dispute', version: body.version, reason: body.comment, idempotencyKey: body.idempotencyKey });
  }

  /** The supervisor decides the away team's refusal of the paper form, with a reason: the result becomes final (RULES.md, the paper path). */
  async decide(matchId: string, body: FormDecisionInputDto, user: AuthUser): Promise<MatchDetailDto> {
    await this.data.teams(matchId);
    const command = { kind: 'DECIDE_FORM', by: commandUser(user), reason: body.reason, ...(body.sets ? { sets: body.sets } : {}) } as const;
    return this.writer.apply(matchId, command, { user, actor: user.id, action: 'match.dispute.decide', version: body.version, reason: body.reason, idempotencyKey: body.idempotencyKey });
  }

  /**
   * Regel 35B: a team leader (the secretary of either club) adds a remark for the supervisor
   * and the federation, in any phase, also once final; it reopens nothing. A command like any
   * other (command log, audit); its row is stored by the builder, inside the writer's transaction.
   */
  async remark(matchId: string, body: RemarkInputDto, user: AuthUser): Promise<MatchRemarkDto[]> {
    const teams = await this.data.teams(matchId);
    if (user.role === 'SECRETARY' && user.clubId !== teams.homeTeam.clubId) assertClubAccess(user, teams.awayTeam.clubId);
    await this.writer.apply(
      matchId,
      async (tx) => {
        const text = body.text.trim();
        if (text) await tx.matchRemark.create({ data: { matchId, clubId: user.role === 'ADMIN' ? null : user.clubId, authorId: user.id, text } });
        return { kind: 'ADD_REMARK', by: commandUser(user), text } as const;
      },
      { user, actor: user.id, action: 'match.remark', reason: body.text, storeResponse: false, idempotencyKey: body.idempotencyKey },
    );
    return this.remarks(matchId, user);
  }

  /** The remarks, for the supervisor, the federation and the secretaries of both clubs. */
  async remarks(matchId: string, user: AuthUser): Promise<MatchRemarkDto[]> {
    const teams = await this.data.teams(matchId);
    if (!canReadMatchInternals(user, [teams.homeTeam.clubId, teams.awayTeam.clubId])) assertClubAccess(user, teams.homeTeam.clubId);
    const rows = await this.prisma.matchRemark.findMany({ where: { matchId }, orderBy: { createdAt: 'asc' } });
    const clubs = await this.prisma.club.findMany({ where: { id: { in: rows.flatMap((r) => (r.clubId ? [r.clubId] : [])) } }, select: { id: true, name: true } });
    const names = new Map(clubs.map((c) => [c.id, c.name]));
    return rows.map((r) => ({ id: r.id, text: r.text, clubName: r.clubId ? (names.get(r.clubId) ?? null) : null, createdAt: r.createdAt.toISOString() }));
  }

  async correct(matchId: string, body: CorrectionInputDto, user: AuthUser): Promise<MatchDetailDto> {
    await this.data.teams(matchId);
    const command = { kind: 'CORRECT', by: commandUser(user), sets: body.sets, reason: body.reason } as const;
    return this.writer.apply(matchId, command, { user, actor: user.id, action: 'match.correct', version: body.version, reason: body.reason, idempotencyKey: body.idempotencyKey });
  }
}
