/**
 * Input for results (Regel 29–34), signatures and corrections (Regel 15) and matches not
 * played (Regel 6–9). Every result write carries the version the client last saw.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsReason } from '../common/reason.dto';
import { PENALTY_RULES } from '../domain/match';
import type { ForfeitCause, GameKind, Side } from '../generated/prisma/enums';
import { FORFEIT_CAUSES, GAME_KINDS, MatchDetailDto, SIDE_VALUES } from './match.dto';

export class VersionDto {
  @ApiProperty({ description: 'De versie van de wedstrijd die de gebruiker voor zich had (MatchDetailDto.version)', minimum: 0 })
  @IsInt()
  @Min(0)
  version: number;
}

export class GameInputDto {
  @ApiProperty({
    enum: SIDE_VALUES,
    enumName: 'Side',
    description: 'Het team dat de punten krijgt: bij een mislukte baunie of straf dus de tegenstander van wie de fout maakte',
  })
  @IsIn(SIDE_VALUES)
  winner: Side;

  @ApiProperty({
    enum: GAME_KINDS,
    enumName: 'GameKind',
    description: 'WON 2, KAP 5, KAP_TAPPED 2 (Regel 31d), BAUNIE 15, FAILED_BAUNIE 5, PENALTY: punten volgens de regel',
  })
  @IsIn(GAME_KINDS)
  kind: GameKind;

  @ApiPropertyOptional({ description: 'Alleen nodig bij PENALTY: de strafpunten (2, 3, 4, 5, 10 of 15 volgens de regel)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100)
  points?: number;

  @ApiPropertyOptional({ enum: PENALTY_RULES, description: 'Alleen bij PENALTY: de toegepaste regel' })
  @IsOptional()
  @IsString()
  @MaxLength(5)
  penaltyRule?: string;
}

/** One table of one set: either its games, or its set totals. */
export class TableScoreInputDto {
  @ApiProperty({ minimum: 1 }) @IsInt() @Min(1) @Max(12) tableNumber: number;

  @ApiPropertyOptional({ type: [GameInputDto], description: 'Partij voor partij (voorkeur); dan geen homePoints/awayPoints' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(12)
  @ValidateNested({ each: true })
  @Type(() => GameInputDto)
  games?: GameInputDto[];

  @ApiPropertyOptional({ description: 'Setstand thuisploeg, als er geen partijen worden ingevoerd' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(999)
  homePoints?: number;

  @ApiPropertyOptional({ description: 'Setstand uitploeg' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(999)
  awayPoints?: number;
}

export class SeatScoreInputDto extends TableScoreInputDto {
  @ApiProperty({ minimum: 1 }) @IsInt() @Min(1) @Max(12) setNumber: number;
}

export class ResultInputDto extends VersionDto {
  @ApiProperty({
    type: [SeatScoreInputDto],
    description: 'De gespeelde sets (mag onvolledig zijn); vervangt alle eerder ingevoerde sets. Door de regels bepaalde sets (8–0) niet meesturen.',
  })
  @IsArray()
  @ArrayMaxSize(144)
  @ValidateNested({ each: true })
  @Type(() => SeatScoreInputDto)
  sets: SeatScoreInputDto[];
}

export class SetInputDto extends VersionDto {
  @ApiProperty({ type: [TableScoreInputDto], description: 'De tafels van deze set; vervangt wat eerder voor deze set was ingevoerd' })
  @IsArray()
  @ArrayMaxSize(12)
  @ValidateNested({ each: true })
  @Type(() => TableScoreInputDto)
  tables: TableScoreInputDto[];
}

export class CorrectionInputDto extends ResultInputDto {
  @ApiProperty({ description: 'Waarom de vastgezette uitslag wordt gecorrigeerd (wordt in het logboek bewaard)' })
  @IsReason()
  reason: string;
}

export const NOT_PLAYED_KINDS = ['NO_TABLE_SCREEN', 'FORFEIT', 'CANCELLED'] as const;
export type NotPlayedKindInput = (typeof NOT_PLAYED_KINDS)[number];

export class NotPlayedInputDto extends VersionDto {
  @ApiProperty({
    enum: NOT_PLAYED_KINDS,
    enumName: 'NotPlayedKind',
    description: 'NO_TABLE_SCREEN: gespeeld zonder tafelscherm (Regel 6); FORFEIT: grove nalatigheid van één team (Regel 7, 9A); CANCELLED: afgelast door de bond (Regel 8)',
  })
  @IsIn(NOT_PLAYED_KINDS)
  kind: NotPlayedKindInput;

  @ApiPropertyOptional({ format: 'uuid', description: 'Alleen bij FORFEIT: het team dat in gebreke bleef' })
  @IsOptional()
  @IsUUID()
  offendingTeamId?: string;

  @ApiPropertyOptional({ enum: FORFEIT_CAUSES, enumName: 'ForfeitCause', description: 'Alleen bij FORFEIT' })
  @IsOptional()
  @IsIn(FORFEIT_CAUSES)
  cause?: ForfeitCause;

  @ApiProperty({ description: 'Toelichting (openbaar zichtbaar bij de wedstrijd en in het logboek)' })
  @IsReason()
  reason: string;
}

export class ReopenInputDto extends VersionDto {
  @ApiProperty({ description: 'Waarom de vastlegging als niet gespeeld wordt teruggedraaid' })
  @IsReason()
  reason: string;
}

/** Documents the 409 answer to a stale version: details[0].current is the match as it is now. */
export class StaleVersionDetailDto {
  @ApiProperty({ example: 'version' }) field: string;
  @ApiProperty({ example: 'STALE_VERSION' }) code: string;
  @ApiProperty() message: string;
  @ApiProperty({ type: MatchDetailDto, description: 'De wedstrijd zoals hij nu is opgeslagen' }) current: MatchDetailDto;
}

export class StaleVersionErrorBodyDto {
  @ApiProperty({ example: 409 }) status: number;
  @ApiProperty({ example: 'STALE_VERSION' }) code: string;
  @ApiProperty() message: string;
  @ApiProperty({ type: [StaleVersionDetailDto] }) details: StaleVersionDetailDto[];
}

export class StaleVersionErrorDto {
  @ApiProperty({ type: StaleVersionErrorBodyDto }) error: StaleVersionErrorBodyDto;
}
