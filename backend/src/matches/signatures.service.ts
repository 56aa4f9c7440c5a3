import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.types';
import { MatchDetailDto } from './match.dto';
import { MatchDataService } from './match-data.service';
import { assertAwayConfirmation, assertHomeEntry } from './match-rules';
import { commandUser, MatchWriterService } from './match-writer.service';
import type { CorrectionInputDto, DisputeInputDto, SignatureInputDto } from './result.dto';

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
  ) {}

  /** The home team signs the complete result ("Controleren en ondertekenen"); a dispute is then answered. */
  async sign(matchId: string, body: SignatureInputDto, user: AuthUser): Promise<MatchDetailDto> {
    assertHomeEntry(user, await this.data.teams(matchId));
    const command = { kind: 'SIGN_FORM', by: commandUser(user), reason: body.reason ?? null } as const;
    return this.writer.apply(matchId, command, { user, actor: user.id, action: 'match.sign', version: body.version, reason: body.reason });
  }

  async confirm(matchId: string, body: SignatureInputDto, user: AuthUser): Promise<MatchDetailDto> {
    assertAwayConfirmation(user, await this.data.teams(matchId));
    const command = { kind: 'CONFIRM_FORM', by: commandUser(user), reason: body.reason ?? null } as const;
    return this.writer.apply(matchId, command, { user, actor: user.id, action: 'match.confirm', version: body.version, reason: body.reason });
  }

  /** "Niet akkoord": the away secretary disagrees, with a comment; the result goes back to the home team. */
  async dispute(matchId: string, body: DisputeInputDto, user: AuthUser): Promise<MatchDetailDto> {
    assertAwayConfirmation(user, await this.data.teams(matchId));
    const command = { kind: 'DISPUTE_FORM', by: commandUser(user), comment: body.comment } as const;
    return this.writer.apply(matchId, command, { user, actor: user.id, action: 'match.dispute', version: body.version, reason: body.comment });
  }

  async correct(matchId: string, body: CorrectionInputDto, user: AuthUser): Promise<MatchDetailDto> {
    await this.data.teams(matchId);
    const command = { kind: 'CORRECT', by: commandUser(user), sets: body.sets, reason: body.reason } as const;
    return this.writer.apply(matchId, command, { user, actor: user.id, action: 'match.correct', version: body.version, reason: body.reason });
  }
}
