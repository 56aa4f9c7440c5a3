import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.types';
import { ValidationError } from '../common/errors';
import { positions } from '../domain/match';
import type { CompetitionSettings } from '../domain/settings';
import { matchCredits } from './match-facts';
import { MatchDetailDto } from './match.dto';
import { MatchDataService } from './match-data.service';
import { MatchRow, teamFacts } from './match-row';
import { assertHomeEntry, assertResultOpen } from './match-rules';
import { MatchWriterService, Tx } from './match-writer.service';
import type { ResultEntryInputDto, SetInputDto } from './result.dto';
import { assertEntryOpen, assertTransition } from './result-rules';
import { parseSeatEntries, SeatEntry } from './seat-entry';

/**
 * Result entry by the home secretary (or an administrator), game by game or as set
 * totals, all at once or one set at a time (Regel 29–34). Impossible scores are refused
 * with a message naming set and table.
 */
@Injectable()
export class ResultsService {
  constructor(
    private readonly data: MatchDataService,
    private readonly writer: MatchWriterService,
  ) {}

  async putResult(matchId: string, body: ResultEntryInputDto, user: AuthUser): Promise<MatchDetailDto> {
    assertHomeEntry(user, await this.data.teams(matchId));
    return this.writer.write(matchId, { user, action: 'match.result', version: body.version, reason: body.reason }, async (tx, match, settings) => {
      assertResultOpen(match);
      assertTransition(match, 'ENTER');
      assertEntryOpen(match, user, body.reason);
      await this.replaceSeats(tx, match, settings, body.sets, (i) => `sets.${i}`);
      await this.markEntered(tx, match.id, settings, user);
    });
  }

  async putSet(matchId: string, setNumber: number, body: SetInputDto, user: AuthUser): Promise<MatchDetailDto> {
    assertHomeEntry(user, await this.data.teams(matchId));
    return this.writer.write(matchId, { user, action: 'match.set', version: body.version, reason: body.reason }, async (tx, match, settings) => {
      assertResultOpen(match);
      assertTransition(match, 'ENTER');
      assertEntryOpen(match, user, body.reason);
      if (!positions(settings.pairsPerTeam).includes(setNumber)) {
        const message = `Set ${setNumber} bestaat niet: een wedstrijd heeft ${settings.pairsPerTeam} sets.`;
        throw new ValidationError(message, [{ field: 'setNumber', message }], 'INVALID_SCORE');
      }
      const entries = body.tables.map((table) => ({ ...table, setNumber }));
      await this.replaceSeats(tx, match, settings, entries, (i) => `tables.${i}`, setNumber);
      await this.markEntered(tx, match.id, settings, user);
    });
  }

  /**
   * Replaces what a person entered (for one set, or for the whole match) by these seats,
   * after checking every one of them. Seats the rules score cannot be entered.
   */
  async replaceSeats(
    tx: Tx,
    match: MatchRow,
    settings: CompetitionSettings,
    entries: readonly SeatEntry[],
    field: (index: number) => string,
    setNumber?: number,
  ): Promise<void> {
    const { credited, partial } = matchCredits({ HOME: teamFacts(match, 'HOME'), AWAY: teamFacts(match, 'AWAY') }, settings);
    const { seats, errors } = parseSeatEntries(entries, settings, credited, field, partial);
    if (errors.length) {
      throw new ValidationError(errors.length === 1 ? errors[0].message : `${errors.length} uitslagen kloppen niet. ${errors[0].message}`, errors, 'INVALID_SCORE');
    }
    await this.writer.clearPlayedSeats(tx, match.id, setNumber);
    await this.writer.storeSeats(tx, match.id, seats);
    await this.writer.settleCredits(tx, match.id, settings);
  }

  /**
   * After an entry: the match is played and its result entered (ENTERED), or back to
   * nothing when every entered seat was removed. Every entry lapses the home team's
   * signature: the home team signs explicitly after checking the summary (Regel 15). A
   * dispute by the away team stays visible until the home team signs again.
   */
  private async markEntered(tx: Tx, matchId: string, settings: CompetitionSettings, user: AuthUser): Promise<void> {
    const state = await this.writer.seatsState(tx, matchId, settings);
    const entered = state.played > 0;
    await tx.match.update({
      where: { id: matchId },
      data: {
        status: entered ? 'PLAYED' : 'SCHEDULED',
        resultState: entered ? 'ENTERED' : 'NONE',
        enteredById: entered ? user.id : null,
        enteredAt: entered ? new Date() : null,
        homeSignedById: null,
        homeSignedAt: null,
      },
    });
    await this.writer.refreshTotals(tx, matchId, settings);
  }
}
