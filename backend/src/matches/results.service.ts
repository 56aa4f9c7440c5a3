import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.types';
import { MatchDetailDto } from './match.dto';
import { MatchDataService } from './match-data.service';
import { assertHomeEntry } from './match-rules';
import { commandUser, MatchWriterService } from './match-writer.service';
import type { ResultEntryInputDto, SetInputDto } from './result.dto';

/**
 * Result entry by the home secretary (or an administrator), game by game or as set
 * totals, all at once or one set at a time (Regel 29–34): the paper form's ENTER_FORM and
 * ENTER_SET commands of the match-day core (domain/match/match-command.ts), which checks
 * the phase, the entry window, every score and the seats the rules score.
 */
@Injectable()
export class ResultsService {
  constructor(
    private readonly data: MatchDataService,
    private readonly writer: MatchWriterService,
  ) {}

  async putResult(matchId: string, body: ResultEntryInputDto, user: AuthUser): Promise<MatchDetailDto> {
    assertHomeEntry(user, await this.data.teams(matchId));
    const command = { kind: 'ENTER_FORM', by: commandUser(user), sets: body.sets, reason: body.reason ?? null } as const;
    return this.writer.apply(matchId, command, { user, actor: user.id, action: 'match.result', version: body.version, reason: body.reason, idempotencyKey: body.idempotencyKey });
  }

  async putSet(matchId: string, setNumber: number, body: SetInputDto, user: AuthUser): Promise<MatchDetailDto> {
    assertHomeEntry(user, await this.data.teams(matchId));
    const command = { kind: 'ENTER_SET', by: commandUser(user), setNumber, tables: body.tables, reason: body.reason ?? null } as const;
    return this.writer.apply(matchId, command, { user, actor: user.id, action: 'match.set', version: body.version, reason: body.reason, idempotencyKey: body.idempotencyKey });
  }
}
