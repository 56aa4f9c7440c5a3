/**
 * Input for results (Regel 29–34), signatures and corrections (Regel 15) and matches not
 * played (Regel 6–9). Every result write carries the version the client last saw.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsString, IsUUID, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { IsDbInt, MAX_DB_INT } from '../common/dto';
import { IsIdempotencyKey } from '../common/idempotency.dto';
import { IsReason, IsRequiredText } from '../common/reason.dto';
import { IsOptionalNotNull, IsPlainText } from '../common/validators';
import { PENALTY_RULES } from '../domain/match';
import type { GameKind, Side } from '../generated/prisma/enums';
import { GAME_KINDS, MatchDetailDto, SIDE_VALUES } from './match.dto';

/** A call-off time: local "2026-11-13T19:30" (the federation's time zone) or an instant with zone. */
export const CALLED_OFF_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

export class VersionDto {
  @ApiProperty({ description: 'De versie van de wedstrijd die de gebruiker voor zich had (MatchDetailDto.version)', minimum: 0, maximum: MAX_DB_INT })
  @IsDbInt()
  version: number;

  /** Every versioned match command: a retry with the same key gets the first answer (the writer's command log). */
  @IsIdempotencyKey()
  idempotencyKey?: string;
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

  @ApiPropertyOptional({ description: 'Alleen nodig bij PENALTY: de strafpunten (2, 3, 4, 5, 10 of 15 volgens de regel; bij Regel 17A volgen ze uit closedTricks)' })
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(100)
  points?: number;

  @ApiPropertyOptional({ enum: PENALTY_RULES, description: 'Alleen bij PENALTY: de toegepaste regel' })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(5)
  penaltyRule?: string;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 13,
    description: 'Alleen bij PENALTY volgens Regel 17A: het aantal afgesloten slagen; 0–4 geeft 10 punten, 5 of meer 15 (points mag dan wegblijven)',
  })
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(13)
  closedTricks?: number;
}

/** One table of one set: either its games, or its set totals. */
export class TableScoreInputDto {
  @ApiProperty({ minimum: 1 }) @IsInt() @Min(1) @Max(12) tableNumber: number;

  @ApiPropertyOptional({ type: [GameInputDto], description: 'Partij voor partij (voorkeur); dan geen homePoints/awayPoints' })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(12)
  @ValidateNested({ each: true })
  @Type(() => GameInputDto)
  games?: GameInputDto[];

  @ApiPropertyOptional({ description: 'Setstand thuisploeg, als er geen partijen worden ingevoerd' })
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(999)
  homePoints?: number;

  @ApiPropertyOptional({ description: 'Setstand uitploeg' })
  @IsOptionalNotNull()
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

/** Entry before the match day (administrator only) needs a reason; it goes into the audit log. */
const EARLY_REASON = { description: 'Alleen de bondsbeheerder, vóór de wedstrijddag: waarom nu al (verplicht, komt in het logboek)' };

export class ResultEntryInputDto extends ResultInputDto {
  @ApiPropertyOptional(EARLY_REASON)
  @IsOptionalNotNull()
  @IsReason()
  reason?: string;
}

export class SetInputDto extends VersionDto {
  @ApiPropertyOptional(EARLY_REASON)
  @IsOptionalNotNull()
  @IsReason()
  reason?: string;


  @ApiProperty({ type: [TableScoreInputDto], description: 'De tafels van deze set; vervangt wat eerder voor deze set was ingevoerd' })
  @IsArray()
  @ArrayMaxSize(12)
  @ValidateNested({ each: true })
  @Type(() => TableScoreInputDto)
  tables: TableScoreInputDto[];
}

/** A signature (home: "Controleren en ondertekenen"; away: "Uitslag bevestigen"). */
export class SignatureInputDto extends VersionDto {
  @ApiPropertyOptional(EARLY_REASON)
  @IsOptionalNotNull()
  @IsReason()
  reason?: string;
}

/** The away team disagrees with the signed result: why, in a comment both teams and the supervisor see. */
export class DisputeInputDto extends VersionDto {
  @ApiProperty({ description: 'Wat er volgens de uitploeg niet klopt (verplicht; zichtbaar voor beide teams en de wedstrijdleider, komt in het logboek)' })
  @IsRequiredText('de opmerking', { min: 3, max: 1000 })
  comment: string;
}

export class CorrectionInputDto extends ResultInputDto {
  @ApiProperty({ description: 'Waarom de vastgezette uitslag wordt gecorrigeerd (wordt in het logboek bewaard)' })
  @IsReason()
  reason: string;
}

export const NOT_PLAYED_KINDS = ['NO_TABLE_SCREEN', 'FORFEIT', 'BOTH_INCOMPLETE', 'CANCELLED'] as const;
export type NotPlayedKindInput = (typeof NOT_PLAYED_KINDS)[number];

export class NotPlayedInputDto extends VersionDto {
  @ApiProperty({
    enum: NOT_PLAYED_KINDS,
    enumName: 'NotPlayedKind',
    description:
      'NO_TABLE_SCREEN: gespeeld zonder tafelscherm (Regel 6); FORFEIT: grove nalatigheid van één team (Regel 7, 9A); ' +
      'BOTH_INCOMPLETE: beide teams met te weinig koppels (elk Regel 7: beide verliezen, geen punten, elke vereniging een boete aan de bond, elk telt voor Regel 11); CANCELLED: afgelast door de bond (Regel 8)',
  })
  @IsIn(NOT_PLAYED_KINDS)
  kind: NotPlayedKindInput;

  @ApiPropertyOptional({ format: 'uuid', description: 'Alleen bij FORFEIT: het team dat in gebreke bleef' })
  @IsOptionalNotNull()
  @IsUUID()
  offendingTeamId?: string;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 12,
    description:
      'Alleen bij FORFEIT, als het team in gebreke wel kwam: met hoeveel koppels (minder dan 5: Regel 7). De oorzaak en de regel van de boete volgen uit de feiten: te weinig koppels of minder dan 48 uur voor de aanvang afgezegd: Regel 7; anders: Regel 9A.',
  })
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(12)
  pairsPresent?: number;

  @ApiPropertyOptional({
    example: '2026-11-13T19:30',
    description:
      'Alleen bij FORFEIT, als het team in gebreke afzegde: wanneer het dat kenbaar maakte aan de wedstrijdleider of de vereniging (Regel 7). Plaatselijke tijd JJJJ-MM-DDTUU:MM, of een tijdstip met tijdzone (…Z, …+01:00).',
  })
  @IsOptionalNotNull()
  @Matches(CALLED_OFF_AT, { message: 'Vul het tijdstip van afzeggen in als JJJJ-MM-DDTUU:MM, bijvoorbeeld 2026-11-13T19:30.' })
  calledOffAt?: string;

  @ApiPropertyOptional({ maxLength: 100, description: 'Bij een afzegging: wie het kenbaar maakte, bijvoorbeeld "J. Pinas, secretaris" (alleen in het logboek en voor de bond)' })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(100)
  @IsPlainText()
  calledOffBy?: string;

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

/** The supervisor decides the away team's refusal of a paper form (Regel 35B): the result becomes final. */
export class FormDecisionInputDto extends VersionDto {
  @ApiProperty({ description: 'Waarom (verplicht; beide teams zien het, komt in het logboek)' })
  @IsReason()
  reason: string;

  @ApiPropertyOptional({
    type: [SeatScoreInputDto],
    description: 'Het formulier zoals de wedstrijdleider beslist (alle gespeelde sets); weglaten: het formulier zoals de thuisploeg het ondertekende geldt',
  })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(144)
  @ValidateNested({ each: true })
  @Type(() => SeatScoreInputDto)
  sets?: SeatScoreInputDto[];
}

/** A team leader's remark on the match, for the supervisor and the federation (Regel 35B). */
export class RemarkInputDto {
  @ApiProperty({ description: 'De opmerking (3–1000 tekens); heropent niets' })
  @IsRequiredText('de opmerking', { min: 3, max: 1000 })
  text: string;

  @IsIdempotencyKey()
  idempotencyKey?: string;
}

export class MatchRemarkDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() text: string;
  @ApiProperty({ nullable: true, type: String, description: 'De vereniging van de teamleider; null: de bond' }) clubName: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'Wanneer de wedstrijdleider of de bond hem afhandelde; null: staat nog bij hen onder Te doen' }) handledAt: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Wie hem afhandelde' }) handledBy: string | null;
}
