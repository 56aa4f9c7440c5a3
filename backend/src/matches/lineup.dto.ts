/**
 * The line-up (spelerslijst, Regel 5, 13) and substitutions (Regel 13, 14) as the team's
 * own secretary and the federation see them: full names, member numbers, eligibility; a
 * supervisor sees family names only and not the member list.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsInt, IsUUID, Max, Min, ValidateNested } from 'class-validator';
import { IsIdempotencyKey } from '../common/idempotency.dto';
import { IsReason } from '../common/reason.dto';
import type { IneligibilityCode } from '../domain/eligibility';
import { PublicSubstitutionDto } from './match.dto';
import { IsOptionalNotNull } from '../common/validators';

export class LineupPairInputDto {
  @ApiProperty({ minimum: 1, description: 'Koppelnummer 1 … koppels per team' }) @IsInt() @Min(1) @Max(12) pairNumber: number;

  @ApiProperty({ type: [String], format: 'uuid', minItems: 2, maxItems: 2, description: 'De twee spelers (lid-id)' })
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsUUID('all', { each: true })
  memberIds: string[];

  @ApiPropertyOptional({ default: 1, description: 'Eerste set die het koppel speelde: 1 = vanaf het begin; later = laatkomer (Regel 5B/5C)' })
  @IsOptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(12)
  fromSet?: number;
}

export class LineupInputDto {
  @ApiProperty({ type: [LineupPairInputDto], description: 'De koppels; een ontbrekend koppel telt per set 8–0 voor de tegenstander (Regel 12A)' })
  @IsArray()
  @ArrayMaxSize(12)
  @ValidateNested({ each: true })
  @Type(() => LineupPairInputDto)
  pairs: LineupPairInputDto[];

  @ApiProperty({ type: [String], format: 'uuid', description: 'Reserves (hoogstens 6, Regel 13)' })
  @IsArray()
  @ArrayMaxSize(24)
  @IsUUID('all', { each: true })
  reserves: string[];

  @ApiPropertyOptional({
    description:
      'Alleen de bondsbeheerder, met reden (bijv. bij het overnemen van papieren formulieren): of de spelerslijst vóór de wedstrijd is samengesteld (anders een boete, Regel 5D/5E). ' +
      'Zonder dit veld beslist het systeem: vóór de aanvang voor het eerst opgeslagen. Van een secretaris geweigerd (403 ADMIN_ONLY_FIELD).',
  })
  @IsOptionalNotNull()
  @IsBoolean()
  composedBeforeMatch?: boolean;

  @ApiPropertyOptional({ description: 'Verplicht als de uitslag al vaststaat of bij composedBeforeMatch (bondsbeheerder): waarom de spelerslijst wordt gewijzigd' })
  @IsOptionalNotNull()
  @IsReason()
  reason?: string;

  @IsIdempotencyKey()
  idempotencyKey?: string;
}

export class SubstitutionInputDto {
  @ApiProperty({ format: 'uuid', description: 'Het team dat wisselt' }) @IsUUID() teamId: string;
  @ApiProperty({ description: 'De eerste set die de invaller speelt (wisselen mag vanaf set 3, Regel 13)' }) @IsInt() @Min(1) @Max(12) setNumber: number;
  @ApiProperty() @IsInt() @Min(1) @Max(12) pairNumber: number;
  @ApiProperty({ format: 'uuid', description: 'Wie eruit gaat' }) @IsUUID() outMemberId: string;
  @ApiProperty({ format: 'uuid', description: 'De invaller (van de reservelijst)' }) @IsUUID() inMemberId: string;

  @IsIdempotencyKey()
  idempotencyKey?: string;
}

export class ChangeReasonDto {
  @ApiPropertyOptional({ description: 'Alleen verplicht als de uitslag al vaststaat (bondsbeheerder)' })
  @IsOptionalNotNull()
  @IsReason()
  reason?: string;

  @IsIdempotencyKey()
  idempotencyKey?: string;
}

export class LineupPlayerDto {
  @ApiProperty({ format: 'uuid' }) memberId: string;
  @ApiProperty({ nullable: true, type: String, description: 'Alleen voor wie op de moederlijst van de vereniging van het team staat, en niet voor de wedstrijdleider' })
  memberNumber: string | null;
  @ApiProperty({ description: 'Voornamen en achternaam; alleen de achternaam voor wie niet op de moederlijst van de vereniging staat, en voor de wedstrijdleider' }) name: string;
  @ApiProperty({ description: 'Achternaam met tussenvoegsel, zoals op het wedstrijdformulier' }) familyName: string;
  @ApiProperty({ description: 'Speelgerechtigd op de wedstrijddatum (Regel 3B, 4)' }) eligible: boolean;
  @ApiProperty({ type: [String], description: 'Waarom niet speelgerechtigd (Nederlands, met de regel)' }) reasons: string[];
  @ApiProperty({
    enum: ['NOT_ON_LIST', 'ON_OTHER_CLUB_LIST', 'REGISTERED_TOO_LATE', 'SUSPENDED', 'EXPELLED'],
    enumName: 'IneligibilityCode',
    isArray: true,
    description: 'De redenen als code, voor een korte aanduiding in een keuzelijst (zelfde volgorde als reasons waar bekend)',
  })
  reasonCodes: IneligibilityCode[];
  @ApiProperty({
    format: 'date',
    nullable: true,
    type: String,
    description:
      'Niet speelgerechtigd: de eerste datum waarop de speler wel mag spelen als er niets verandert (te laat ingeschreven, Regel 3B; geschorst tot een einddatum, Regel 4). ' +
      'null als speelgerechtigd, als wachten niet helpt (niet op de moederlijst, geroyeerd, geschorst zonder einddatum) of voor de wedstrijdleider',
  })
  eligibleFrom: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: 'Kaiman 2 – Paramaribo Boys 1',
    description: 'Alleen bij de keuzelijst (candidates): de andere wedstrijd van deze datum op wier spelerslijst het lid al staat (één lid, één wedstrijd per dag); null als geen',
  })
  playsElsewhere?: string | null;
}

export class LineupPairDto {
  @ApiProperty() pairNumber: number;
  @ApiProperty() fromSet: number;
  @ApiProperty({ type: [LineupPlayerDto] }) players: LineupPlayerDto[];
}

export class SubstitutionDto extends PublicSubstitutionDto {
  @ApiProperty({ format: 'uuid' }) outMemberId: string;
  @ApiProperty({ format: 'uuid' }) inMemberId: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class TeamLineupDto {
  @ApiProperty({ format: 'uuid' }) matchId: string;
  @ApiProperty({ format: 'date' }) matchDate: string;
  @ApiProperty({ format: 'uuid' }) teamId: string;
  @ApiProperty() teamName: string;
  @ApiProperty({ format: 'uuid' }) clubId: string;
  @ApiProperty({ enum: ['HOME', 'AWAY'], enumName: 'Side' }) side: 'HOME' | 'AWAY';
  @ApiProperty({ description: 'Er is een spelerslijst vastgelegd' }) recorded: boolean;
  @ApiProperty({
    nullable: true,
    type: Boolean,
    description: 'Vóór de wedstrijd samengesteld (Regel 5D/5E): vóór de aanvang voor het eerst opgeslagen, of zo vastgelegd door de bond; null zolang er geen spelerslijst is',
  })
  composedBeforeMatch: boolean | null;
  @ApiProperty({ description: 'De uitslag staat vast: alleen de bondsbeheerder kan nog wijzigen, met reden' }) locked: boolean;
  @ApiProperty({ type: [LineupPairDto] }) pairs: LineupPairDto[];
  @ApiProperty({ type: [LineupPlayerDto] }) reserves: LineupPlayerDto[];
  @ApiProperty({ type: [SubstitutionDto] }) substitutions: SubstitutionDto[];
  @ApiPropertyOptional({
    type: [LineupPlayerDto],
    description: 'Alle leden op de moederlijst van de vereniging dit seizoen, met hun speelgerechtigdheid op de wedstrijddatum (niet voor de wedstrijdleider)',
  })
  candidates?: LineupPlayerDto[];
}
