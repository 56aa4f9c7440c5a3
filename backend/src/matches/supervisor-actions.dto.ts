/**
 * The supervisor's actions at the table (Regel 22, 38): input and what is shown of them.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsUUID, Max, Min, ValidateIf } from 'class-validator';
import { IsReason } from '../common/reason.dto';
import type { Side, SupervisorActionKind } from '../generated/prisma/enums';
import { SIDE_VALUES } from './match.dto';
import { VersionDto } from './result.dto';

export const SUPERVISOR_ACTION_KINDS = ['REMOVE_PLAYER', 'VOID_WRONG_TABLE'] as const satisfies readonly SupervisorActionKind[];

/** A field of the other kind is not required, but when sent it must still be of the right type. */
export class SupervisorActionInputDto extends VersionDto {
  @ApiProperty({
    enum: SUPERVISOR_ACTION_KINDS,
    enumName: 'SupervisorActionKind',
    description:
      'REMOVE_PLAYER: speler uit het spel gehaald (Regel 38), elke volgende partij van het koppel telt als 2–0 verloren; ' +
      'VOID_WRONG_TABLE: partijen aan een verkeerde tafel gespeeld (Regel 22), ze vervallen en worden aan de juiste tafel opnieuw gespeeld',
  })
  @IsIn(SUPERVISOR_ACTION_KINDS)
  kind: SupervisorActionKind;

  @ApiProperty({ minimum: 1 }) @IsInt() @Min(1) @Max(12) setNumber: number;
  @ApiProperty({ minimum: 1 }) @IsInt() @Min(1) @Max(12) tableNumber: number;

  @ApiPropertyOptional({ format: 'uuid', description: 'Alleen bij REMOVE_PLAYER: de verwijderde speler' })
  @ValidateIf((o: SupervisorActionInputDto) => o.kind === 'REMOVE_PLAYER' || o.memberId !== undefined)
  @IsUUID()
  memberId?: string;

  @ApiPropertyOptional({ minimum: 1, description: 'Alleen bij REMOVE_PLAYER: de eerste partij die het koppel niet speelde; die en alle volgende tellen als 2–0 verloren' })
  @ValidateIf((o: SupervisorActionInputDto) => o.kind === 'REMOVE_PLAYER' || o.gameNumber !== undefined)
  @IsInt()
  @Min(1)
  @Max(12)
  gameNumber?: number;

  @ApiPropertyOptional({ type: [Number], description: 'Alleen bij VOID_WRONG_TABLE: de partijen (nummers) die vervallen' })
  @ValidateIf((o: SupervisorActionInputDto) => o.kind === 'VOID_WRONG_TABLE' || o.gameNumbers !== undefined)
  @IsArray()
  @ArrayMaxSize(12)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(12, { each: true })
  gameNumbers?: number[];

  @ApiProperty({ description: 'Waarom (wordt in het logboek bewaard en bij de wedstrijd getoond)' })
  @IsReason()
  reason: string;
}

export class SupervisorActionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: SUPERVISOR_ACTION_KINDS, enumName: 'SupervisorActionKind' }) kind: SupervisorActionKind;
  @ApiProperty() setNumber: number;
  @ApiProperty() tableNumber: number;
  @ApiProperty({ enum: SIDE_VALUES, enumName: 'Side', nullable: true }) side: Side | null;
  @ApiProperty({ nullable: true, type: Number }) pairNumber: number | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) memberId: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Achternaam van de verwijderde speler (Regel 15)' }) playerName: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'REMOVE_PLAYER: vanaf deze partij verloren' }) fromGame: number | null;
  @ApiProperty({ type: [Number], description: 'VOID_WRONG_TABLE: de vervallen partijen' }) gameNumbers: number[];
  @ApiProperty({ description: 'Wat er uit volgt, in woorden' }) consequence: string;
  @ApiProperty() reason: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}


/** RULES.md "Undo": withdrawing the supervisor's own Regel 38 removal or Regel 22 void. */
export class WithdrawActionInputDto extends VersionDto {
  @ApiProperty({ description: 'Waarom de beslissing wordt ingetrokken (verplicht, komt in het logboek)' })
  @IsReason()
  reason: string;
}
