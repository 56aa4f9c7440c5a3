import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { assertClubAccess, canReadMatchInternals } from '../auth/access';
import type { AuthUser } from '../auth/auth.types';
import { isoDate } from '../common/dto';
import { NotFoundError } from '../common/errors';
import { formatDutchDate } from '../domain/dates';
import { publicLink } from '../mail/mail-config';
import { renderMail } from '../mail/mail-template';
import { MailService } from '../mail/mail.service';
import { PrismaService } from '../prisma/prisma.service';
import type { MatchRow } from './match-row';
import { MatchDetailDto } from './match.dto';
import { MatchDataService } from './match-data.service';
import { assertAwayConfirmation, assertHomeEntry } from './match-rules';
import { commandUser, MatchWriterService, type Tx } from './match-writer.service';
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
    private readonly mail: MailService,
    private readonly audit: AuditService,
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
   * other (command log, audit); its row is stored by the builder, inside the writer's transaction,
   * and the supervisors are told by mail (delivered after the commit; issue 47: a remark went
   * nowhere). It stays on the supervisors' and the federation's to-do until one of them marks it
   * handled.
   */
  async remark(matchId: string, body: RemarkInputDto, user: AuthUser): Promise<MatchRemarkDto[]> {
    const teams = await this.data.teams(matchId);
    if (user.role === 'SECRETARY' && user.clubId !== teams.homeTeam.clubId) assertClubAccess(user, teams.awayTeam.clubId);
    await this.writer.apply(
      matchId,
      async (tx, match) => {
        const text = body.text.trim();
        if (text) await tx.matchRemark.create({ data: { matchId, clubId: user.role === 'ADMIN' ? null : user.clubId, authorId: user.id, text } });
        return { command: { kind: 'ADD_REMARK', by: commandUser(user), text } as const, after: text ? (after) => this.tellSupervisors(after, match, user, text) : undefined };
      },
      { user, actor: user.id, action: 'match.remark', reason: body.text, storeResponse: false, idempotencyKey: body.idempotencyKey },
    );
    return this.remarks(matchId, user);
  }

  /** Every active supervisor hears of a team leader's remark at once (kind 'match.remark'), in the remark's transaction. */
  private async tellSupervisors(tx: Tx, match: MatchRow, user: AuthUser, text: string): Promise<void> {
    const supervisors = await tx.user.findMany({ where: { role: 'SUPERVISOR', archivedAt: null }, select: { email: true, name: true } });
    if (!supervisors.length) return;
    const club = user.clubId ? ((await tx.club.findUnique({ where: { id: user.clubId }, select: { name: true } }))?.name ?? null) : null;
    const fixture = `${match.homeTeam.name} – ${match.awayTeam.name}`;
    const from = club ? `${user.name} (${club})` : `${user.name} (de bond)`;
    for (const supervisor of supervisors) {
      const body = renderMail({
        greeting: `Beste ${supervisor.name},`,
        paragraphs: [
          `${from} plaatste een opmerking bij ${fixture} van ${formatDutchDate(isoDate(match.date))}:`,
          `“${text}”`,
          'Een opmerking heropent niets (Regel 35B). Lees hem op de wedstrijdpagina en markeer hem daar als afgehandeld; tot dan staat hij bij u en bij de bond onder Te doen.',
        ],
        action: { label: 'Bekijk de opmerking', url: publicLink(`/wedstrijdleider/${match.id}#opmerkingen`) },
      });
      await this.mail.send({ to: supervisor.email, subject: `Opmerking bij ${fixture}`, kind: 'match.remark', ...body }, tx);
    }
  }

  /**
   * The supervisor or an administrator marks a remark handled (read, and acted on where
   * needed): it leaves their to-do; the match logboek says who did it, when.
   */
  async handleRemark(matchId: string, remarkId: string, user: AuthUser): Promise<MatchRemarkDto[]> {
    await this.data.teams(matchId);
    await this.prisma.$transaction(async (tx) => {
      const remark = await tx.matchRemark.findFirst({ where: { id: remarkId, matchId }, select: { id: true, handledAt: true, text: true } });
      if (!remark) throw new NotFoundError('Opmerking');
      if (remark.handledAt) return; // handled already: nothing changes (a second tap, or the other role)
      await tx.matchRemark.update({ where: { id: remarkId }, data: { handledAt: new Date(), handledById: user.id } });
      await this.audit.record({ userId: user.id, action: 'match.remark.handled', entityType: 'Match', entityId: matchId, before: { remark: remark.text, handled: false }, after: { remark: remark.text, handled: true } }, tx);
    });
    return this.remarks(matchId, user);
  }

  /** The remarks, for the supervisor, the federation and the secretaries of both clubs. */
  async remarks(matchId: string, user: AuthUser): Promise<MatchRemarkDto[]> {
    const teams = await this.data.teams(matchId);
    if (!canReadMatchInternals(user, [teams.homeTeam.clubId, teams.awayTeam.clubId])) assertClubAccess(user, teams.homeTeam.clubId);
    const rows = await this.prisma.matchRemark.findMany({ where: { matchId }, orderBy: { createdAt: 'asc' } });
    const clubs = await this.prisma.club.findMany({ where: { id: { in: rows.flatMap((r) => (r.clubId ? [r.clubId] : [])) } }, select: { id: true, name: true } });
    const names = new Map(clubs.map((c) => [c.id, c.name]));
    const handlers = await this.prisma.user.findMany({ where: { id: { in: rows.flatMap((r) => (r.handledById ? [r.handledById] : [])) } }, select: { id: true, name: true } });
    const handlerNames = new Map(handlers.map((u) => [u.id, u.name]));
    return rows.map((r) => ({
      id: r.id,
      text: r.text,
      clubName: r.clubId ? (names.get(r.clubId) ?? null) : null,
      createdAt: r.createdAt.toISOString(),
      handledAt: r.handledAt?.toISOString() ?? null,
      handledBy: r.handledById ? (handlerNames.get(r.handledById) ?? null) : null,
    }));
  }

  async correct(matchId: string, body: CorrectionInputDto, user: AuthUser): Promise<MatchDetailDto> {
    await this.data.teams(matchId);
    const command = { kind: 'CORRECT', by: commandUser(user), sets: body.sets, reason: body.reason } as const;
    return this.writer.apply(matchId, command, { user, actor: user.id, action: 'match.correct', version: body.version, reason: body.reason, idempotencyKey: body.idempotencyKey });
  }
}
