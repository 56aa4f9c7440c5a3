import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.types';
import { ConflictError, RuleViolationError } from '../common/errors';
import { SIDES, validateMatchSets } from '../domain/match';
import type { CompetitionSettings } from '../domain/settings';
import { ConsequencesService } from './consequences.service';
import { MatchDetailDto } from './match.dto';
import { MatchDataService } from './match-data.service';
import { lineupOf, MatchRow, teamOf } from './match-row';
import { assertAwayConfirmation, assertHomeEntry, assertPlayable, assertResultOpen } from './match-rules';
import { MatchWriterService } from './match-writer.service';
import type { CorrectionInputDto, DisputeInputDto, SignatureInputDto } from './result.dto';
import { assertEntryOpen, assertTransition } from './result-rules';
import { ResultsService } from './results.service';

/**
 * Signatures and corrections (Regel 15), the paper form's way: the home secretary signs
 * the complete result after checking its summary; the away secretary (or an
 * administrator) confirms it, which locks it and brings Regel 4 and the fines into effect,
 * or disputes it with a comment, which lapses the home signature and sends it back to
 * the home team. Afterwards only a supervisor or administrator corrects it, with a reason.
 */
@Injectable()
export class SignaturesService {
  constructor(
    private readonly data: MatchDataService,
    private readonly writer: MatchWriterService,
    private readonly results: ResultsService,
    private readonly consequences: ConsequencesService,
  ) {}

  /** The home team signs the complete result ("Controleren en ondertekenen"); a dispute is then answered. */
  async sign(matchId: string, body: SignatureInputDto, user: AuthUser): Promise<MatchDetailDto> {
    assertHomeEntry(user, await this.data.teams(matchId));
    return this.writer.write(matchId, { user, action: 'match.sign', version: body.version, reason: body.reason }, async (tx, match, settings) => {
      assertPlayable(match);
      assertTransition(match, 'SIGN');
      assertEntryOpen(match, user, body.reason);
      this.assertComplete(match, settings);
      await tx.match.update({
        where: { id: match.id },
        data: { homeSignedById: user.id, homeSignedAt: new Date(), disputedAt: null, disputedById: null, disputeComment: null },
      });
    });
  }

  async confirm(matchId: string, body: SignatureInputDto, user: AuthUser): Promise<MatchDetailDto> {
    assertAwayConfirmation(user, await this.data.teams(matchId));
    return this.writer.write(matchId, { user, action: 'match.confirm', version: body.version, reason: body.reason }, async (tx, match, settings) => {
      assertResultOpen(match);
      if (match.resultState === 'NONE') throw new ConflictError('Er is nog geen uitslag ingevoerd om te bevestigen.', 'NOTHING_TO_CONFIRM');
      assertEntryOpen(match, user, body.reason);
      this.assertComplete(match, settings);
      // An administrator signs for both teams when needed (e.g. one club's two teams).
      if (user.role !== 'ADMIN') assertTransition(match, 'CONFIRM');
      const now = new Date();
      await tx.match.update({
        where: { id: match.id },
        data: {
          resultState: 'CONFIRMED',
          awaySignedById: user.id,
          awaySignedAt: now,
          homeSignedById: match.homeSignedById ?? user.id,
          homeSignedAt: match.homeSignedAt ?? now,
          disputedAt: null,
          disputedById: null,
          disputeComment: null,
        },
      });
      await this.consequences.applyConfirmed(tx, await this.data.load(match.id, tx), settings, user.id);
    });
  }

  /** "Niet akkoord": the away secretary disagrees, with a comment; the result goes back to the home team. */
  async dispute(matchId: string, body: DisputeInputDto, user: AuthUser): Promise<MatchDetailDto> {
    assertAwayConfirmation(user, await this.data.teams(matchId));
    return this.writer.write(matchId, { user, action: 'match.dispute', version: body.version, reason: body.comment }, async (tx, match) => {
      assertPlayable(match);
      assertTransition(match, 'DISPUTE');
      assertEntryOpen(match, user, null);
      await tx.match.update({
        where: { id: match.id },
        data: { homeSignedById: null, homeSignedAt: null, disputedAt: new Date(), disputedById: user.id, disputeComment: body.comment },
      });
    });
  }

  async correct(matchId: string, body: CorrectionInputDto, user: AuthUser): Promise<MatchDetailDto> {
    await this.data.teams(matchId);
    const options = { user, action: 'match.correct', version: body.version, reason: body.reason };
    return this.writer.write(matchId, options, async (tx, match, settings) => {
      assertPlayable(match);
      assertTransition(match, 'CORRECT');
      await this.results.replaceSeats(tx, match, settings, body.sets, (i) => `sets.${i}`);
      this.assertComplete(await this.data.load(match.id, tx), settings);
      await this.writer.refreshTotals(tx, match.id, settings);
      // Shown on the public match page: the reason and the date, not who (no names).
      await tx.match.update({ where: { id: match.id }, data: { correctedAt: new Date(), correctedByRole: user.role === 'ADMIN' ? 'ADMIN' : 'SUPERVISOR', correctionReason: body.reason } });
    });
  }

  /** Both line-ups recorded and every seat of the table plan scored. */
  private assertComplete(match: MatchRow, settings: CompetitionSettings): void {
    const missingLineups = SIDES.filter((side) => !lineupOf(match, side)).map((side) => teamOf(match, side).name);
    if (missingLineups.length) {
      throw new RuleViolationError(`De spelerslijst van ${missingLineups.join(' en ')} ontbreekt nog (Regel 5, 15).`, 'LINEUP_MISSING');
    }
    const errors = validateMatchSets(match.sets, settings);
    if (errors.length) {
      throw new RuleViolationError(
        `De uitslag is nog niet volledig: ${errors.length === 1 ? errors[0] : `${errors.length} sets ontbreken of kloppen niet, o.a. ${errors[0]}`}`,
        'INCOMPLETE_RESULT',
        errors.map((message) => ({ field: 'sets', message })),
      );
    }
  }
}

