import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { isoDate } from '../common/dto';
import type { Prisma } from '../generated/prisma/client';
import type { MatchStatus } from '../generated/prisma/enums';
import { IsOptionalNotNull } from '../common/validators';

const STATUSES: MatchStatus[] = ['SCHEDULED', 'PLAYED', 'NOT_PLAYED', 'FORFEIT', 'CANCELLED'];

export class ClubProgrammeQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Standaard het lopende seizoen' }) @IsOptionalNotNull() @IsUUID() seasonId?: string;
}

/** One fixture as the public sees it: a result only once it is confirmed. */
export class PublicMatchDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) divisionId: string;
  @ApiProperty() divisionName: string;
  @ApiProperty() round: number;
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty({ example: '20:00' }) startTime: string;
  @ApiProperty({ format: 'uuid' }) homeTeamId: string;
  @ApiProperty() homeTeamName: string;
  @ApiProperty({ format: 'uuid' }) homeClubId: string;
  @ApiProperty({ format: 'uuid' }) awayTeamId: string;
  @ApiProperty() awayTeamName: string;
  @ApiProperty({ format: 'uuid' }) awayClubId: string;
  @ApiProperty({ enum: STATUSES, description: 'SCHEDULED zolang de uitslag niet is bevestigd' }) status: MatchStatus;
  @ApiProperty({ description: 'De uitslag is bevestigd en telt in de stand' }) confirmed: boolean;
  @ApiProperty({ description: 'Uitslag ingevoerd, nog niet definitief' }) awaitingConfirmation: boolean;
  @ApiProperty({ nullable: true, type: Number }) homePoints: number | null;
  @ApiProperty({ nullable: true, type: Number }) awayPoints: number | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'Bij reglementair verlies (Regel 7, 9A)' }) forfeitingTeamId: string | null;
}

export class ProgrammeRoundDto {
  @ApiProperty() round: number;
  @ApiProperty({ format: 'date' }) firstDate: string;
  @ApiProperty({ type: [PublicMatchDto] }) matches: PublicMatchDto[];
}

export class DivisionProgrammeDto {
  @ApiProperty({ format: 'uuid' }) divisionId: string;
  @ApiProperty() divisionName: string;
  @ApiProperty({ format: 'uuid' }) seasonId: string;
  @ApiProperty({ nullable: true, type: Number, description: 'De eerstvolgende ronde met een wedstrijd zonder bevestigde uitslag' }) nextRound: number | null;
  @ApiProperty({ type: [ProgrammeRoundDto] }) rounds: ProgrammeRoundDto[];
}

export class ClubTeamProgrammeDto {
  @ApiProperty({ format: 'uuid' }) teamId: string;
  @ApiProperty() teamName: string;
  @ApiProperty({ format: 'uuid' }) divisionId: string;
  @ApiProperty() divisionName: string;
  @ApiProperty({ nullable: true, type: Number, description: 'Huidige plaats in de stand' }) position: number | null;
  @ApiProperty({ description: 'De plaats wordt gedeeld' }) shared: boolean;
  @ApiProperty({ type: [PublicMatchDto], description: 'Bevestigde uitslagen, de laatste eerst' }) results: PublicMatchDto[];
  @ApiProperty({ type: [PublicMatchDto], description: 'Wedstrijden zonder bevestigde uitslag, de eerste eerst' }) upcoming: PublicMatchDto[];
}

export class ClubProgrammeDto {
  @ApiProperty({ format: 'uuid' }) clubId: string;
  @ApiProperty() clubName: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) seasonId: string | null;
  @ApiProperty({ nullable: true, type: String }) seasonName: string | null;
  @ApiProperty({ type: [ClubTeamProgrammeDto] }) teams: ClubTeamProgrammeDto[];
}

const teamSelect = { select: { name: true, clubId: true } } as const;

export const publicMatchSelect = {
  id: true,
  divisionId: true,
  division: { select: { name: true } },
  round: true,
  date: true,
  startTime: true,
  homeTeamId: true,
  homeTeam: teamSelect,
  awayTeamId: true,
  awayTeam: teamSelect,
  status: true,
  resultState: true,
  homePoints: true,
  awayPoints: true,
  forfeitingTeamId: true,
} satisfies Prisma.MatchSelect;

export type PublicMatchRow = Prisma.MatchGetPayload<{ select: typeof publicMatchSelect }>;

export function mapPublicMatch(match: PublicMatchRow): PublicMatchDto {
  const confirmed = match.resultState === 'CONFIRMED';
  return {
    id: match.id,
    divisionId: match.divisionId,
    divisionName: match.division.name,
    round: match.round,
    date: isoDate(match.date),
    startTime: match.startTime,
    homeTeamId: match.homeTeamId,
    homeTeamName: match.homeTeam.name,
    homeClubId: match.homeTeam.clubId,
    awayTeamId: match.awayTeamId,
    awayTeamName: match.awayTeam.name,
    awayClubId: match.awayTeam.clubId,
    status: confirmed ? match.status : 'SCHEDULED',
    confirmed,
    awaitingConfirmation: match.resultState === 'ENTERED',
    homePoints: confirmed ? match.homePoints : null,
    awayPoints: confirmed ? match.awayPoints : null,
    forfeitingTeamId: confirmed ? match.forfeitingTeamId : null,
  };
}
