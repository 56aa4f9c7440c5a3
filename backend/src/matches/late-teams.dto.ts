/**
 * Regel 11 occurrences of a match (RULES.md "Fines", decision 2026-11-26): a whole team late
 * (te laat aanwezig) is recorded by the supervisor or an administrator; incomplete
 * appearances follow from the line-up or the not-played record.
 */
import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { IsIdempotencyKey } from '../common/idempotency.dto';
import { IsReason } from '../common/reason.dto';

export const APPEARANCE_KINDS = ['INCOMPLETE', 'LATE'] as const;

export class LateTeamInputDto {
  @ApiProperty({ format: 'uuid', description: 'Het team dat te laat aanwezig was' }) @IsUUID() teamId: string;

  @ApiProperty({ description: 'Waarom, bijvoorbeeld hoe laat het team er was (komt in het logboek)' })
  @IsReason()
  reason: string;

  @IsIdempotencyKey()
  idempotencyKey?: string;
}

export class WithdrawLateTeamInputDto {
  @ApiProperty({ description: 'Waarom het wordt ingetrokken (komt in het logboek)' })
  @IsReason()
  reason: string;

  @IsIdempotencyKey()
  idempotencyKey?: string;
}

export class Regel11AppearanceDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) teamId: string;
  @ApiProperty() teamName: string;
  @ApiProperty({ enum: APPEARANCE_KINDS, enumName: 'AppearanceKind', description: 'INCOMPLETE: onvolledig (minder koppels, of reglementair verlies met te weinig koppels); LATE: het hele team te laat' })
  kind: (typeof APPEARANCE_KINDS)[number];
  @ApiProperty({ description: 'De hoeveelste keer dit seizoen voor de vereniging (alle teams), na hernummering' }) occurrence: number;
  @ApiProperty({ nullable: true, type: String }) reason: string | null;
}

export class MatchRegel11Dto {
  @ApiProperty({ format: 'uuid' }) matchId: string;
  @ApiProperty({ type: [Regel11AppearanceDto] }) appearances: Regel11AppearanceDto[];
}
