import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { IsInt, IsString, IsUUID, Max, MaxLength, Min, MinLength } from 'class-validator';
import { IsOptionalNotNull, IsPlainText, Trimmed } from '../common/validators';

export class CreateDivisionDto {
  @ApiProperty({ format: 'uuid' }) @IsUUID() seasonId: string;
  @ApiProperty({ example: 'Hoofdklasse' }) @Trimmed() @IsString() @MinLength(1) @MaxLength(100) @IsPlainText() name: string;
  @ApiPropertyOptional({ default: 1, description: '1 = hoogste klasse' }) @IsOptionalNotNull() @IsInt() @Min(1) @Max(20) level?: number;
}

/** A field sent as null is refused (400), not passed on: only an omitted field keeps its value. */
export class UpdateDivisionDto extends PartialType(OmitType(CreateDivisionDto, ['seasonId'] as const), { skipNullProperties: false }) {}

export class DivisionTeamDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ format: 'uuid' }) clubId: string;
  @ApiProperty() clubName: string;
}

export class DivisionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) seasonId: string;
  @ApiProperty() name: string;
  @ApiProperty() level: number;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) archivedAt: string | null;
  @ApiProperty({ type: [DivisionTeamDto] }) teams: DivisionTeamDto[];
}

interface DivisionRow {
  id: string;
  seasonId: string;
  name: string;
  level: number;
  archivedAt: Date | null;
  teams?: { id: string; name: string; clubId: string; club: { name: string } }[];
}

export function mapDivision(division: DivisionRow): DivisionDto {
  return {
    id: division.id,
    seasonId: division.seasonId,
    name: division.name,
    level: division.level,
    archivedAt: division.archivedAt?.toISOString() ?? null,
    teams: (division.teams ?? []).map((t) => ({ id: t.id, name: t.name, clubId: t.clubId, clubName: t.club.name })),
  };
}
