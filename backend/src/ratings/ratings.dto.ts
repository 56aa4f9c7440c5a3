import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsUUID } from 'class-validator';
import type { Tally } from '../domain/ratings/statistics';
import { IsOptionalNotNull } from '../common/validators';

export const RATING_SORTS = ['rating', 'sets', 'name'] as const;
export type RatingSort = (typeof RATING_SORTS)[number];

export class RatingListQueryDto {
  @ApiPropertyOptional({ description: 'Alleen spelers die in dit seizoen speelden', format: 'uuid' })
  @IsOptionalNotNull()
  @IsUUID(undefined, { message: 'seasonId moet een geldig id zijn.' })
  seasonId?: string;

  @ApiPropertyOptional({ description: 'Alleen spelers die in deze poule speelden', format: 'uuid' })
  @IsOptionalNotNull()
  @IsUUID(undefined, { message: 'divisionId moet een geldig id zijn.' })
  divisionId?: string;

  @ApiPropertyOptional({ enum: RATING_SORTS, default: 'rating' })
  @IsOptionalNotNull()
  @IsIn(RATING_SORTS, { message: 'sort moet rating, sets of name zijn.' })
  sort?: RatingSort;
}

export class PublicationDto {
  @ApiProperty({ description: 'Niet publiceren: openbaar alleen "speler van <vereniging>", in geen openbare lijst' })
  @IsBoolean({ message: 'doNotPublish moet waar of onwaar zijn.' })
  doNotPublish!: boolean;
}

export class PublicationResultDto {
  @ApiProperty({ format: 'uuid' }) memberId!: string;
  @ApiProperty() doNotPublish!: boolean;
}

export class TallyDto implements Tally {
  @ApiProperty() sets!: number;
  @ApiProperty() pointsFor!: number;
  @ApiProperty() pointsAgainst!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Aandeel van de setpunten in procent' }) pointsShare!: number | null;
  @ApiProperty() won!: number;
  @ApiProperty() drawn!: number;
  @ApiProperty() lost!: number;
  @ApiProperty({ description: 'Sets die per partij zijn ingevoerd; de tellingen hieronder gaan over deze sets' }) setsWithGames!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'null: onbekend (alleen settotalen ingevoerd)' }) gamesWon!: number | null;
  @ApiProperty({ type: Number, nullable: true }) gamesLost!: number | null;
  @ApiProperty({ type: Number, nullable: true }) kaps!: number | null;
  @ApiProperty({ type: Number, nullable: true }) kapsConceded!: number | null;
  @ApiProperty({ type: Number, nullable: true }) baunies!: number | null;
  @ApiProperty({ type: Number, nullable: true }) bauniesConceded!: number | null;
  @ApiProperty({ type: Number, nullable: true }) failedBaunies!: number | null;
  @ApiProperty({ type: Number, nullable: true }) penalties!: number | null;
}

/** A player as the public sees them: family name (or "speler van <club>") and club. */
export class PlayerRefDto {
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'null when the member is not published' }) id!: string | null;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) clubName!: string | null;
}

export class RatingEntryDto {
  @ApiProperty() rank!: number;
  @ApiProperty({ type: PlayerRefDto }) player!: PlayerRefDto;
  @ApiProperty({ description: 'Winstkans per set met een even sterke partner tegen een gemiddeld koppel, in procent' }) rating!: number;
  @ApiProperty() provisional!: boolean;
  @ApiProperty() sets!: number;
}

export class RatingListDto {
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Onder dit aantal sets is een rating voorlopig' }) provisionalSets!: number;
  @ApiProperty({ description: 'De rating waarmee een nieuwe speler begint' }) newcomerRating!: number;
  @ApiProperty({ enum: RATING_SORTS }) sort!: RatingSort;
  @ApiProperty({ type: [RatingEntryDto] }) entries!: RatingEntryDto[];
}

export class RatingHistoryPointDto {
  @ApiProperty({ example: '2026-10-03' }) date!: string;
  @ApiProperty({ format: 'uuid' }) matchId!: string;
  @ApiProperty() rating!: number;
  @ApiProperty() sets!: number;
}

export class SeasonTallyDto {
  @ApiProperty({ format: 'uuid' }) seasonId!: string;
  @ApiProperty() seasonName!: string;
  @ApiProperty({ type: TallyDto }) tally!: TallyDto;
}

export class PartnerTallyDto {
  @ApiProperty({ type: PlayerRefDto }) partner!: PlayerRefDto;
  @ApiProperty({ type: TallyDto }) tally!: TallyDto;
}

export class ClubTallyDto {
  @ApiProperty({ format: 'uuid' }) clubId!: string;
  @ApiProperty() clubName!: string;
  @ApiProperty({ type: TallyDto }) tally!: TallyDto;
}

export class RecentMatchDto {
  @ApiProperty({ format: 'uuid' }) matchId!: string;
  @ApiProperty() date!: string;
  @ApiProperty() opponentClubName!: string;
  @ApiProperty() sets!: number;
  @ApiProperty() pointsFor!: number;
  @ApiProperty() pointsAgainst!: number;
}

export class PlayerPageDto {
  @ApiProperty({ type: PlayerRefDto }) player!: PlayerRefDto;
  @ApiProperty() rating!: number;
  @ApiProperty() provisional!: boolean;
  @ApiProperty() sets!: number;
  @ApiProperty() provisionalSets!: number;
  @ApiProperty({ type: [RatingHistoryPointDto] }) history!: RatingHistoryPointDto[];
  @ApiProperty({ type: TallyDto }) career!: TallyDto;
  @ApiProperty({ type: [SeasonTallyDto] }) seasons!: SeasonTallyDto[];
  @ApiProperty({ type: [PartnerTallyDto], description: 'De koppels die de speler vormde' }) partners!: PartnerTallyDto[];
  @ApiProperty({ type: [ClubTallyDto] }) opponentClubs!: ClubTallyDto[];
  @ApiProperty({ type: [RecentMatchDto] }) recentMatches!: RecentMatchDto[];
}

export class PairPageDto {
  @ApiProperty({ type: [PlayerRefDto] }) players!: PlayerRefDto[];
  @ApiProperty({ type: [Number], description: 'De ratings van beide spelers' }) ratings!: number[];
  @ApiProperty({ type: TallyDto }) career!: TallyDto;
  @ApiProperty({ type: [SeasonTallyDto] }) seasons!: SeasonTallyDto[];
  @ApiProperty({ type: [ClubTallyDto] }) opponentClubs!: ClubTallyDto[];
  @ApiProperty({ type: [RecentMatchDto] }) recentMatches!: RecentMatchDto[];
}

/** For the own club's secretary and the federation: full names and the publication flag. */
export class ClubRatingEntryDto {
  @ApiProperty({ format: 'uuid' }) memberId!: string;
  @ApiProperty() fullName!: string;
  @ApiProperty() doNotPublish!: boolean;
  @ApiProperty({ type: Number, nullable: true }) rating!: number | null;
  @ApiProperty() provisional!: boolean;
  @ApiProperty() sets!: number;
}

export class RatingJobDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['RUNNING', 'DONE', 'FAILED'] }) status!: 'RUNNING' | 'DONE' | 'FAILED';
  @ApiProperty({ description: 'Wedstrijden berekend' }) done!: number;
  @ApiProperty({ description: 'Wedstrijden in totaal' }) total!: number;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) finishedAt!: string | null;
}

export function mapRatingJob(job: { id: string; status: RatingJobDto['status']; done: number; total: number; error: string | null; createdAt: Date; finishedAt: Date | null }): RatingJobDto {
  return { id: job.id, status: job.status, done: job.done, total: job.total, error: job.error, createdAt: job.createdAt.toISOString(), finishedAt: job.finishedAt?.toISOString() ?? null };
}
