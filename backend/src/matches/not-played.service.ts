import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.types';
import { isoDate } from '../common/dto';
import { ValidationError } from '../common/errors';
import { deriveForfeitCause, EarlierMatch, ForfeitCause, NotPlayed, notPlayedOutcome, Side } from '../domain/match';
import { isIsoDate } from '../domain/dates';
import type { CompetitionSettings } from '../domain/settings';
import type { NotPlayedStatus } from '../domain/match/match-command';
import { FineProposalsService } from '../fines/fine-proposals.service';
import { PrismaService } from '../prisma/prisma.service';
import { storeMatchDeductions } from './deductions';
import { MatchDetailDto } from './match.dto';
import { MatchDataService } from './match-data.service';
import { localInstant, MatchRow, matchStart, sideOf, teamOf } from './match-row';
import { commandUser, MatchWriterService, Tx } from './match-writer.service';
import type { NotPlayedInputDto, NotPlayedKindInput, ReopenInputDto } from './result.dto';

const STATUS_OF: Record<NotPlayedKindInput, NotPlayedStatus> = { NO_TABLE_SCREEN: 'NOT_PLAYED', FORFEIT: 'FORFEIT', BOTH_INCOMPLETE: 'FORFEIT', CANCELLED: 'CANCELLED' };
/** Who recomputes a cancelled match's averages (no person: the match's history says why). */
const SYSTEM_USER = 'systeem';

/** Input that belongs to a forfeit only. */
const FORFEIT_FIELDS = ['offendingTeamId', 'pairsPresent', 'calledOffAt', 'calledOffBy'] as const;

/**
 * Regel 7 / 9A: the cause (and so the rule of the fine) follows from the facts recorded with
 * the forfeit: the pairs present, or when the team called the match off (see deriveForfeitCause).
 */
function forfeitFacts(match: MatchRow, body: NotPlayedInputDto, settings: CompetitionSettings) {
  const calledOffAt = body.calledOffAt === undefined ? null : parseCallOff(body.calledOffAt);
  const pairsPresent = body.pairsPresent ?? null;
  const derived = deriveForfeitCause({ pairsPresent, calledOffAt }, matchStart(match), new Date(), settings);
  if (!derived.ok) throw new ValidationError(derived.message, [{ field: derived.field, message: derived.message }]);
  return { cause: derived.cause, calledOffAt, pairsPresent };
}

/**
 * "2026-11-13T19:30" (or with seconds, "…T19:30:00") is local time, the federation's zone; with
 * Z or an offset it is that instant. A date or time that does not exist (31 September, 24:00,
 * 19:60) is refused, never rolled over to another day.
 */
function parseCallOff(value: string): Date {
  const parts = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/.exec(value);
  const exists = parts !== null && isIsoDate(parts[1]) && +parts[2] <= 23 && +parts[3] <= 59 && +(parts[4] ?? 0) <= 59;
  const seconds = exists ? +(parts[4] ?? 0) * 1000 + Math.round(+(parts[5] ?? 0) * 1000) : 0;
  const instant = !exists ? new Date(NaN) : parts[6] === undefined ? new Date(localInstant(parts[1], `${parts[2]}:${parts[3]}`).getTime() + seconds) : new Date(value);
  if (Number.isNaN(instant.getTime())) {
    throw new ValidationError('Het tijdstip van afzeggen bestaat niet.', [{ field: 'calledOffAt', message: `'${value}' is geen bestaand tijdstip.` }]);
  }
  return instant;
}

/** Deductions that follow from the match itself (Regel 4, 6); recording the match anew replaces them. */
const MATCH_RULES = ['4', '6'];

/**
 * Matches that are not played (Regel 6–9), recorded by an administrator: the score,
 * competition-point deductions as their own rows, and the fines the facts give. The
 * result counts as confirmed at once.
 */
@Injectable()
export class NotPlayedService {
  constructor(
    private readonly data: MatchDataService,
    private readonly writer: MatchWriterService,
    private readonly fines: FineProposalsService,
    private readonly prisma: PrismaService,
  ) {}

  /**
   * The RECORD_NOT_PLAYED command of the match core: the outcome (domain/match/not-played.ts)
   * replaces the sets and the result is final at once; once applied, in the same transaction:
   * the record's facts, its competition-point deductions, its fines and Regel 11 occurrences.
   */
  async record(matchId: string, body: NotPlayedInputDto, user: AuthUser): Promise<MatchDetailDto> {
    const teams = await this.data.teams(matchId);
    const offendingSide = this.offendingSide(teams, body);
    const options = { user, actor: user.id, action: 'match.not-played', version: body.version, reason: body.reason, idempotencyKey: body.idempotencyKey };
    return this.writer.apply(
      matchId,
      async (tx, match, settings) => {
        const forfeit = body.kind === 'FORFEIT' ? forfeitFacts(match, body, settings) : null;
        const outcome = notPlayedOutcome(await this.domainInput(tx, match, body, offendingSide, forfeit?.cause ?? 'OTHER'), settings);
        return {
          command: { kind: 'RECORD_NOT_PLAYED', by: commandUser(user), reason: body.reason, status: STATUS_OF[body.kind], seats: outcome.sets, homePoints: outcome.homePoints, awayPoints: outcome.awayPoints },
          after: async (tx) => {
            await tx.pointDeduction.deleteMany({ where: { matchId: match.id, rule: { in: MATCH_RULES } } });
            await storeMatchDeductions(tx, match, outcome, {
              rule: '6',
              reason: (opponent, date) => `Wedstrijd tegen ${opponent} op ${date} gespeeld zonder tafelscherm (Regel 6).`,
              actorId: user.id,
            });
            const forfeitingTeamId = offendingSide ? teamOf(match, offendingSide).id : null;
            const bothForfeited = body.kind === 'BOTH_INCOMPLETE';
            // Regel 11: the occurrences this record gives (a forfeit with too few pairs, both teams
            // incomplete); an incomplete occurrence the match had before and this record does not
            // give is withdrawn, and the club's count renumbered. A whole team's lateness stays.
            const incompleteTeams = bothForfeited ? [match.homeTeamId, match.awayTeamId] : forfeit?.cause === 'TOO_FEW_PAIRS' && forfeitingTeamId ? [forfeitingTeamId] : [];
            const stale = [match.homeTeamId, match.awayTeamId].filter((id) => !incompleteTeams.includes(id));
            await this.fines.withdrawIncomplete(tx, { matchId: match.id, teamIds: stale, kind: 'INCOMPLETE', actorId: user.id });
            await tx.match.update({
              where: { id: match.id },
              data: {
                forfeitingTeamId,
                bothForfeited,
                forfeitCause: bothForfeited ? 'TOO_FEW_PAIRS' : (forfeit?.cause ?? null),
                calledOffAt: forfeit?.calledOffAt ?? null,
                calledOffByTeamId: forfeit?.calledOffAt ? forfeitingTeamId : null,
                calledOffBy: forfeit?.calledOffAt ? (body.calledOffBy?.trim() ?? null) || null : null,
                forfeitPairsPresent: forfeit?.pairsPresent ?? null,
                statusReason: body.reason,
                homeIneligible: false,
                awayIneligible: false,
              },
            });
            if (forfeitingTeamId) await this.fines.forfeit(tx, { matchId: match.id, forfeitingTeamId, actorId: user.id });
            if (body.kind === 'NO_TABLE_SCREEN') await this.fines.noTableScreen(tx, { matchId: match.id, actorId: user.id });
            if (bothForfeited) await this.fines.bothIncomplete(tx, { matchId: match.id, actorId: user.id });
          },
        };
      },
      options,
    );
  }

  /**
   * The REOPEN command of the match core: back to a fixture without result (the core credits what
   * the line-ups give). The record's facts and deductions go, and its incomplete appearances
   * (Regel 11) are withdrawn; fines already proposed stay for the administrator to discard.
   */
  async reopen(matchId: string, body: ReopenInputDto, user: AuthUser): Promise<MatchDetailDto> {
    const options = { user, actor: user.id, action: 'match.reopen', version: body.version, reason: body.reason, idempotencyKey: body.idempotencyKey };
    return this.writer.apply(
      matchId,
      async (_tx, match) => ({
        command: { kind: 'REOPEN', by: commandUser(user), reason: body.reason },
        after: async (tx) => {
          await tx.pointDeduction.deleteMany({ where: { matchId: match.id, rule: { in: MATCH_RULES } } });
          await tx.match.update({
            where: { id: match.id },
            data: {
              forfeitingTeamId: null,
              bothForfeited: false,
              forfeitCause: null,
              calledOffAt: null,
              calledOffByTeamId: null,
              calledOffBy: null,
              forfeitPairsPresent: null,
              statusReason: null,
              homeIneligible: false,
              awayIneligible: false,
            },
          });
          // A Regel 7 forfeit with too few pairs (or both teams incomplete) was an incomplete
          // appearance (Regel 11): withdrawn with it, and the club's later occurrences renumbered
          // (a proposal for a place that no longer exists is withdrawn, a confirmed fine stays).
          await this.fines.withdrawIncomplete(tx, { matchId: match.id, kind: 'INCOMPLETE', actorId: user.id });
        },
      }),
      options,
    );
  }

  private offendingSide(teams: { homeTeamId: string; awayTeamId: string }, body: NotPlayedInputDto): Side | null {
    const extra = FORFEIT_FIELDS.find((field) => body[field] !== undefined);
    if (body.kind !== 'FORFEIT' && extra) {
      throw new ValidationError('Een team in gebreke, aanwezige koppels en een afzegging horen alleen bij een reglementair verlies.', [
        { field: extra, message: 'Alleen bij FORFEIT.' },
      ]);
    }
    if (body.kind !== 'FORFEIT') return null;
    const side = body.offendingTeamId ? sideOf(teams, body.offendingTeamId) : null;
    if (!side) {
      throw new ValidationError('Geef aan welk team in gebreke bleef.', [{ field: 'offendingTeamId', message: 'Kies het team van deze wedstrijd dat in gebreke bleef.' }]);
    }
    if (body.calledOffBy !== undefined && body.calledOffAt === undefined) {
      throw new ValidationError('Wie afzegde hoort bij een afzegging.', [{ field: 'calledOffBy', message: 'Vul ook het tijdstip van afzeggen in.' }]);
    }
    return side;
  }

  private async domainInput(tx: Tx, match: MatchRow, body: NotPlayedInputDto, offendingSide: Side | null, cause: ForfeitCause): Promise<NotPlayed> {
    if (body.kind === 'FORFEIT') return { kind: 'FORFEIT', offendingSide: offendingSide!, cause };
    if (body.kind === 'BOTH_INCOMPLETE') return { kind: 'BOTH_INCOMPLETE' };
    if (body.kind === 'NO_TABLE_SCREEN') return { kind: 'NO_TABLE_SCREEN' };
    const home = await this.earlierMatches(tx, match, match.homeTeamId);
    const away = await this.earlierMatches(tx, match, match.awayTeamId);
    return { kind: 'CANCELLED', date: isoDate(match.date), homeEarlier: home, awayEarlier: away };
  }

  /**
   * Regel 8 follows the results it averages: a cancelled match is scored anew when a result
   * before its date changed since it was recorded (confirmed, corrected, recorded as not played,
   * reopened, moved). Nothing happens when the averages are still the same; otherwise the
   * RECORD_NOT_PLAYED command again, by the system, with the reason in the match's history (the
   * record's own reason and facts stay). Returns whether the score changed.
   */
  async refreshAverages(matchId: string, because: string): Promise<boolean> {
    const stale = async (tx: Tx, match: MatchRow, settings: CompetitionSettings) => {
      if (match.status !== 'CANCELLED' || match.resultState !== 'CONFIRMED') return null;
      const outcome = notPlayedOutcome(await this.domainInput(tx, match, { kind: 'CANCELLED' } as NotPlayedInputDto, null, 'OTHER'), settings);
      return outcome.homePoints === match.homePoints && outcome.awayPoints === match.awayPoints ? null : outcome;
    };
    const current = await this.data.load(matchId).catch(() => null);
    if (!current || !(await stale(this.prisma, current, this.data.settingsOf(current)))) return false;
    const reason = `Gemiddelde score opnieuw berekend: ${because} (Regel 8).`;
    await this.writer.apply(
      matchId,
      async (tx, match, settings) => {
        // Decided again under the lock (a change in between is taken as it is now).
        const outcome = (await stale(tx, match, settings)) ?? { sets: [], homePoints: match.homePoints ?? 0, awayPoints: match.awayPoints ?? 0 };
        return { command: { kind: 'RECORD_NOT_PLAYED', by: { userId: SYSTEM_USER, role: 'ADMIN' }, reason, status: 'CANCELLED', seats: outcome.sets, homePoints: outcome.homePoints, awayPoints: outcome.awayPoints } };
      },
      { actor: SYSTEM_USER, action: 'match.cancelled.averages', reason },
    );
    return true;
  }

  /** Regel 8: the team's confirmed matches before this match's date; averageBefore keeps the played ones. */
  private async earlierMatches(tx: Tx, match: MatchRow, teamId: string): Promise<EarlierMatch[]> {
    const matches = await tx.match.findMany({
      where: {
        archivedAt: null,
        id: { not: match.id },
        resultState: 'CONFIRMED',
        date: { lt: match.date },
        OR: [{ homeTeamId: teamId }, { awayTeamId: teamId }],
      },
      select: { status: true, date: true, homeTeamId: true, homePoints: true, awayPoints: true },
    });
    return matches.map((m) => ({ status: m.status, date: isoDate(m.date), pointsFor: m.homeTeamId === teamId ? m.homePoints : m.awayPoints }));
  }

}
