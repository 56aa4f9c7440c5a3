import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.types';
import { isoDate, todayIso } from '../common/dto';
import { ConflictError, RuleViolationError, ValidationError } from '../common/errors';
import { Side, validateLineupShape } from '../domain/match';
import { factsOpenProblems } from '../domain/match/match-command';
import { LatePairInputDto } from './late-pairs.dto';
import { TeamLineupDto } from './lineup.dto';
import { LineupsService, teamSideFor } from './lineups.service';
import { lineupOf, MatchRow, pairsOf, playerLabels, reservesOf, teamOf } from './match-row';
import { assertNoProblems, commandUser, MatchWriterService } from './match-writer.service';

/**
 * The supervisor changes who played only with a reason (the audit log keeps it) and from
 * the match day on (Europe/Amsterdam); until the result locks (the core: RESULT_LOCKED).
 */
export function assertSupervisorReason(user: AuthUser, reason: string | null | undefined): void {
  if (user.role !== 'SUPERVISOR' || reason) return;
  const message = 'Geef een reden: elke handeling van de wedstrijdleider komt met de reden in het logboek.';
  throw new ValidationError(message, [{ field: 'reason', code: 'REQUIRED', message }]);
}

export function assertSupervisorDay(user: AuthUser, match: { date: Date }, today = todayIso()): void {
  if (user.role !== 'SUPERVISOR' || isoDate(match.date) <= today) return;
  const message = `De wedstrijd is pas op ${isoDate(match.date).split('-').reverse().join('-')}: de wedstrijdleider legt wissels en late koppels vast vanaf de wedstrijddag.`;
  throw new ConflictError(message, 'ENTRY_NOT_OPEN', [{ field: 'date', code: 'ENTRY_NOT_OPEN', message }]);
}

/**
 * A late pair (Regel 5B, 5C) as the supervisor records it: only the first set of a pair
 * already on the line-up changes (no players, no member list: Regel 15). The line-up's
 * checks run again (when latecomers may come in) and the core settles the sets before it
 * (Regel 12A) through SET_LINEUP.
 */
@Injectable()
export class LatePairsService {
  constructor(
    private readonly writer: MatchWriterService,
    private readonly lineups: LineupsService,
  ) {}

  async record(matchId: string, body: LatePairInputDto, user: AuthUser): Promise<TeamLineupDto> {
    assertSupervisorReason(user, body.reason);
    let side: Side = 'HOME';
    // The match is loaded once, by the writer (who may ask is checked on that row, inside the transaction).
    const { row, settings } = await this.writer.applyWithRow(
      matchId,
      async (tx, match, settings) => {
        side = teamSideFor(user, match, body.teamId);
        assertSupervisorDay(user, match);
        assertNoProblems(factsOpenProblems(match, commandUser(user), body.reason));
        const row = lineupOf(match, side);
        const team = teamOf(match, side);
        if (!row) throw new RuleViolationError(`${team.name} heeft nog geen spelerslijst; de secretaris legt die eerst vast.`, 'LINEUP_MISSING');
        const pairs = pairsOf(row.players);
        if (!pairs.some((p) => p.pairNumber === body.pairNumber)) {
          const message = `Koppel ${body.pairNumber} staat niet op de spelerslijst van ${team.name}.`;
          throw new ValidationError(message, [{ field: 'pairNumber', code: 'PAIR_NOT_IN_LINEUP', message }], 'PAIR_NOT_IN_LINEUP');
        }
        const labels = playerLabels(match);
        const name = (memberId: string) => labels.get(memberId) ?? memberId;
        const lineup = {
          pairs: pairs.map((p) => ({
            pairNumber: p.pairNumber,
            fromSet: p.pairNumber === body.pairNumber ? body.fromSet : p.players[0].fromSet,
            players: [name(p.players[0].memberId), name(p.players[1].memberId)] as const,
          })),
          reserves: reservesOf(row.players).map((p) => name(p.memberId)),
        };
        const errors = validateLineupShape({ ...lineup, settings });
        if (errors.length) throw new ValidationError(errors[0], errors.map((message) => ({ field: 'fromSet', message })), 'INVALID_LINEUP');
        // Who recorded it: only the supervisor or the federation changes it again (RULES.md).
        const lateRecordedByRole = body.fromSet > 1 && user.role !== 'SECRETARY' ? user.role : null;
        await tx.lineupPlayer.updateMany({ where: { lineupId: row.id, pairNumber: body.pairNumber }, data: { fromSet: body.fromSet, lateRecordedByRole } });
        // The answer is built from the row in memory with the pair's new first set: the match is not read again.
        const patch = (match: MatchRow): MatchRow => ({
          ...match,
          lineups: match.lineups.map((l) => (l.id !== row.id ? l : { ...l, players: l.players.map((p) => (p.pairNumber === body.pairNumber ? { ...p, fromSet: body.fromSet, lateRecordedByRole } : p)) })),
        });
        return { command: { kind: 'SET_LINEUP', by: commandUser(user), reason: body.reason ?? null, side, lineup, latePair: { pairNumber: body.pairNumber } }, patch };
      },
      { user, actor: user.id, action: 'match.late-pair', reason: body.reason, idempotencyKey: body.idempotencyKey },
    );
    return row && settings ? this.lineups.viewOf(row, side, settings, user) : this.lineups.view(matchId, body.teamId, user);
  }
}
