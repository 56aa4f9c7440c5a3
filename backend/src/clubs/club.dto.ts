import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { IsOptionalNotNull, IsPlainText, Trimmed } from '../common/validators';

export class CreateClubDto {
  @ApiProperty({ example: 'Troefcall Vereniging Paramaribo' }) @Trimmed() @IsString() @MinLength(2) @MaxLength(120) @IsPlainText() name: string;
  @ApiPropertyOptional({ example: 'Rotterdam' }) @IsOptionalNotNull() @IsString() @MaxLength(120) @IsPlainText() city?: string;
  @ApiPropertyOptional({ example: 'Buurthuis De Kroon' }) @IsOptionalNotNull() @IsString() @MaxLength(200) @IsPlainText() venue?: string;
}

/** A field sent as null is refused (400), not passed on: only an omitted field keeps its value. */
export class UpdateClubDto extends PartialType(CreateClubDto, { skipNullProperties: false }) {}

export class ClubDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ nullable: true, type: String }) city: string | null;
  @ApiProperty({ nullable: true, type: String }) venue: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) archivedAt: string | null;
}

export class ClubTeamDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ format: 'uuid' }) divisionId: string;
  @ApiProperty() divisionName: string;
  @ApiProperty({ format: 'uuid' }) seasonId: string;
  @ApiProperty() seasonName: string;
}

export class ClubDetailDto extends ClubDto {
  @ApiProperty({ type: [ClubTeamDto] }) teams: ClubTeamDto[];
}

interface ClubRow {
  id: string;
  name: string;
  city: string | null;
  venue: string | null;
  archivedAt: Date | null;
}

export function mapClub(club: ClubRow): ClubDto {
  return { id: club.id, name: club.name, city: club.city, venue: club.venue, archivedAt: club.archivedAt?.toISOString() ?? null };
}
