import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsUUID, Matches } from 'class-validator';
import { IsIsoDateString } from '../common/dto';
import { IsIdempotencyKey } from '../common/idempotency.dto';
import { IsReason } from '../common/reason.dto';
import { IsOptionalNotNull } from '../common/validators';

const START_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export class ScheduleInputDto {
  @ApiProperty({
    type: [String],
    format: 'date',
    example: ['2026-09-19', '2026-10-03'],
    description: 'De speeldata, precies één per ronde, oplopend; te veel of te weinig data wordt geweigerd (400 INVALID_SCHEDULE)',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  @IsIsoDateString({ each: true })
  dates: string[];

  @ApiProperty({ description: 'true: dubbele competitie (thuis en uit), false: enkele' })
  @IsBoolean()
  double: boolean;

  @ApiPropertyOptional({ description: 'Bestaand programma vervangen (alleen als er nog niets gespeeld of ingevoerd is)', default: false })
  @IsOptionalNotNull()
  @IsBoolean()
  replace?: boolean;

  @ApiPropertyOptional({ example: '20:00', default: '20:00', description: 'Aanvangstijd van alle wedstrijden' })
  @IsOptionalNotNull()
  @Matches(START_TIME, { message: 'Vul een aanvangstijd in als UU:MM tussen 00:00 en 23:59, bijvoorbeeld 20:00.' })
  startTime?: string;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    description: 'De teams in de volgorde van de loting (alle teams van de poule, elk één keer); zonder: op naam',
  })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(40)
  @IsUUID('all', { each: true })
  teamIds?: string[];
}

export class MoveInputDto {
  @ApiProperty({ format: 'date', example: '2026-12-05' }) @IsIsoDateString() date: string;

  @ApiPropertyOptional({ example: '19:30', description: 'Nieuwe aanvangstijd; zonder: ongewijzigd' })
  @IsOptionalNotNull()
  @Matches(START_TIME, { message: 'Vul een aanvangstijd in als UU:MM tussen 00:00 en 23:59, bijvoorbeeld 20:00.' })
  startTime?: string;

  @ApiProperty({ description: 'Waarom de wedstrijd verplaatst wordt (blijft in de geschiedenis)' })
  @IsReason()
  reason: string;

  @IsIdempotencyKey()
  idempotencyKey?: string;
}

export class SwapInputDto {
  @ApiProperty({ description: 'Waarom thuis en uit worden omgedraaid (blijft in de geschiedenis)' })
  @IsReason()
  reason: string;

  @IsIdempotencyKey()
  idempotencyKey?: string;
}

export class MatchHistoryEntryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'match.correct' }) action: string;
  @ApiProperty({ example: 'Uitslag gecorrigeerd', description: 'Wat er gebeurde, in een Nederlandse zin (het logboek)' }) description: string;
  @ApiProperty({ nullable: true, type: String, description: 'Naam van wie het deed' }) userName: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ nullable: true, type: String }) reason: string | null;
  @ApiProperty({ nullable: true, type: Object, description: 'Toestand vóór de wijziging' }) before: unknown;
  @ApiProperty({ nullable: true, type: Object, description: 'Toestand na de wijziging' }) after: unknown;
}
