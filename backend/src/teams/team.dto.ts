import { ApiProperty, PickType } from '@nestjs/swagger';
import { IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { IsOptionalNotNull, IsPlainText, Trimmed } from '../common/validators';

export class CreateTeamDto {
  @ApiProperty({ format: 'uuid' }) @IsUUID() divisionId: string;
  @ApiProperty({ format: 'uuid' }) @IsUUID() clubId: string;
  @ApiProperty({ example: 'Paramaribo 1' }) @Trimmed() @IsString() @MinLength(1) @MaxLength(100) @IsPlainText() name: string;
}

export class UpdateTeamDto extends PickType(CreateTeamDto, ['name'] as const) {
  @ApiProperty({ format: 'uuid', required: false }) @IsOptionalNotNull() @IsUUID() divisionId?: string;
}

export class TeamDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ format: 'uuid' }) divisionId: string;
  @ApiProperty() divisionName: string;
  @ApiProperty({ format: 'uuid' }) seasonId: string;
  @ApiProperty({ format: 'uuid' }) clubId: string;
  @ApiProperty() clubName: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) archivedAt: string | null;
}

interface TeamRow {
  id: string;
  name: string;
  divisionId: string;
  clubId: string;
  archivedAt: Date | null;
  division: { name: string; seasonId: string };
  club: { name: string };
}

export const teamInclude = { division: { select: { name: true, seasonId: true } }, club: { select: { name: true } } } as const;

export function mapTeam(team: TeamRow): TeamDto {
  return {
    id: team.id,
    name: team.name,
    divisionId: team.divisionId,
    divisionName: team.division.name,
    seasonId: team.division.seasonId,
    clubId: team.clubId,
    clubName: team.club.name,
    archivedAt: team.archivedAt?.toISOString() ?? null,
  };
}
