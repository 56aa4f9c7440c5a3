import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.types';
import { ConflictError, RuleViolationError } from '../common/errors';
import { SIDES, validateMatchSets } from '../domain/match';
import type { CompetitionSettings } from '../domain/settings';
import { ConsequencesService } from './consequences.service';
import { MatchDetailDto } from './match.dto';
import { MatchDataService } from './match-data.service';
import { lineupOf, MatchRow, teamOf } from './match-row';
import { assertAwayConfirmation, assertPlayable, assertResultOpen } from './match-rules';
import { MatchWriterService } from './match-writer.service';
import type { CorrectionInputDto, VersionDto } from './result.dto';
import { ResultsService } from './results.service';

/**
 * Signatures and corrections (Regel 15): the away secretary (or an administrator)
 * confirms the entered result, which locks it and brings Regel 4 and the fines into
 * effect; afterwards only a supervisor or administrator corrects it, with a reason.
 */
@Injectable()
export class SignaturesService {
  constructor(
    private readonly data: MatchDataService,
    private readonly writer: MatchWriterService,
    private readonly results: ResultsService,
    private readonly consequences: ConsequencesService,
  ) {}

  async confirm(matchId: string, body: VersionDto, user: AuthUser): Promise<MatchDetailDto> {
    assertAwayConfirmation(user, await this.data.teams(matchId));
    return this.writer.write(matchId, { user, action: 'match.confirm', version: body.version }, async (tx, match, settings) => {
      assertResultOpen(match);
      if (match.resultState === 'NONE') throw new ConflictError('Er is nog geen uitslag ingevoerd om te bevestigen.', 'NOTHING_TO_CONFIRM');
      this.assertComplete(match, settings);
      if (match.homeSignedAt === null && user.role !== 'ADMIN') {
        throw new RuleViolationError(
          `${match.homeTeam.name} heeft deze uitslag nog niet ondertekend: na de laatste wijziging van een spelerslijst of wissel moet de thuisploeg de uitslag eerst opnieuw opslaan (Regel 15).`,
          'HOME_NOT_SIGNED',
        );
      }
      const now = new Date();
      await tx.match.update({
        where: { id: match.id },
        data: {
          resultState: 'CONFIRMED',
          awaySignedById: user.id,
          awaySignedAt: now,
          homeSignedById: match.homeSignedById ?? user.id,
          homeSignedAt: match.homeSignedAt ?? now,
        },
      });
      await this.consequences.applyConfirmed(tx, await this.data.load(match.id, tx), settings, user.id);
    });
  }

  async correct(matchId: string, body: CorrectionInputDto, user: AuthUser): Promise<MatchDetailDto> {
    await this.data.teams(matchId);
    const options = { user, action: 'match.correct', version: body.version, reason: body.reason };
    return this.writer.write(matchId, options, async (tx, match, settings) => {
      assertPlayable(match);
      if (match.resultState !== 'CONFIRMED') {
        throw new ConflictError('Deze uitslag is nog niet door beide teams bevestigd; de thuisploeg kan hem gewoon wijzigen.', 'NOT_CONFIRMED');
      }
      await this.results.replaceSeats(tx, match, settings, body.sets, (i) => `sets.${i}`);
      this.assertComplete(await this.data.load(match.id, tx), settings);
      await this.writer.refreshTotals(tx, match.id, settings);
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

