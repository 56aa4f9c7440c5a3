import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsUUID, Max, Min } from 'class-validator';
import { IsIsoDateString, isoDate, queryBoolean } from '../common/dto';
import { CANCELLED_MATCH_POINTS, CancelledMatchPoints, DEFAULT_SETTINGS } from '../domain/settings';
import type { PointsSettings, StandingsRow, TieBreaker } from '../domain/standings/standings';
import { IsOptionalNotNull } from '../common/validators';

const TIE_BREAKERS: TieBreaker[] = ['HEAD_TO_HEAD', 'DIFFERENCE', 'PLAYOFF'];

export class StandingsQueryDto {
  @ApiPropertyOptional({ description: 'De stand na deze speelronde', minimum: 1 })
  @IsOptionalNotNull()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  round?: number;

  @ApiPropertyOptional({
    description: 'Voorlopige stand: tel ook de wedstrijden mee die nu gespeeld worden, met hun ondertekende sets tot nu toe (niet als de seizoensinstelling liveScores uit staat)',
  })
  @IsOptionalNotNull()
  @Transform(queryBoolean)
  @IsBoolean()
  provisional?: boolean;
}

export class DeductionDetailDto {
  @ApiProperty() points: number;
  @ApiProperty({ example: '4' }) rule: string;
  @ApiProperty({ example: 'Niet-speelgerechtigde speler opgesteld' }) reason: string;
}

export class StandingsRowDto {
  @ApiProperty() position: number;
  @ApiProperty({ description: 'Gelijk op alles: de positie wordt gedeeld tot een beslissingswedstrijd is gespeeld' }) shared: boolean;
  @ApiProperty({ format: 'uuid' }) teamId: string;
  @ApiProperty() teamName: string;
  @ApiProperty({ format: 'uuid' }) clubId: string;
  @ApiProperty() clubName: string;
  @ApiProperty() played: number;
  @ApiProperty() won: number;
  @ApiProperty() drawn: number;
  @ApiProperty() lost: number;
  @ApiProperty() pointsFor: number;
  @ApiProperty() pointsAgainst: number;
  @ApiProperty() pointsDifference: number;
  @ApiProperty() competitionPoints: number;
  @ApiProperty({ description: 'Totaal aantal afgetrokken competitiepunten' }) deductions: number;
  @ApiProperty() total: number;
  @ApiProperty({ enum: TIE_BREAKERS, nullable: true, type: String, description: 'Wat de plaats binnen een gelijke groep bepaalde; null = de punten alleen' })
  decidedBy: TieBreaker | null;
  @ApiProperty({ type: [DeductionDetailDto] }) deductionDetails: DeductionDetailDto[];
  @ApiProperty({ description: 'Voorlopig: deze regel telt een wedstrijd mee die nog gespeeld wordt (alleen in de voorlopige stand)' }) provisional: boolean;
  @ApiProperty({ description: 'Gedeelde plaats aan het einde van de competitie (zie final): een beslissingswedstrijd is nodig' }) playoffNeeded: boolean;
  @ApiProperty({
    nullable: true,
    type: String,
    description: "Korte uitleg van de beslissing, in het Nederlands: 'Onderling resultaat', 'Saldo', 'Beslissingswedstrijd gewonnen/verloren', 'Beslissingswedstrijd nodig', of 'Gelijk' bij een gedeelde plaats vóór het einde",
  })
  note: string | null;
}

/** The season settings the standings were computed with (Regel 8, 40), for the legend. */
export class StandingsSettingsDto implements PointsSettings {
  @ApiProperty({ example: DEFAULT_SETTINGS.pointsWin, description: 'Competitiepunten voor winst (Regel 40)' }) pointsWin: number;
  @ApiProperty({ example: DEFAULT_SETTINGS.pointsDraw, description: 'Competitiepunten voor gelijkspel' }) pointsDraw: number;
  @ApiProperty({ example: DEFAULT_SETTINGS.pointsLoss, description: 'Competitiepunten voor verlies' }) pointsLoss: number;
  @ApiProperty({
    enum: CANCELLED_MATCH_POINTS,
    enumName: 'CancelledMatchPoints',
    description: 'Regel 8: FROM_AVERAGES = een afgelaste wedstrijd telt als gespeeld met de gemiddelde score als uitslag; NONE = alleen in punten voor en tegen',
  })
  cancelledMatchPoints: CancelledMatchPoints;
}

export class StandingsDto {
  @ApiProperty({ format: 'uuid' }) divisionId: string;
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'Tijdstip van de laatste wijziging in wat de stand van deze poule bepaalt (bevestigde uitslagen, aftrek, beslissingswedstrijden); null zolang er nog niets telt',
  })
  asOf: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'De stand na deze ronde; null = alle bevestigde uitslagen' }) round: number | null;
  @ApiProperty({ type: [Number], description: 'Rondes met ten minste één bevestigde uitslag' }) rounds: number[];
  @ApiProperty({
    description: 'Elke wedstrijd is beslist of het seizoen is voorbij (Regel 41: "aan het einde"): pas dan vraagt een gedeelde plaats om een beslissingswedstrijd',
  })
  final: boolean;
  @ApiProperty({ type: StandingsSettingsDto }) settings: StandingsSettingsDto;
  @ApiProperty({
    description: "Voorlopige stand: telt wedstrijden mee die nog gespeeld worden (hun ondertekende sets tot nu toe); false = alleen bevestigde uitslagen (de officiële stand)",
  })
  provisional: boolean;
  @ApiProperty({ description: 'Zoveel wedstrijden tellen voorlopig mee (0 in de officiële stand)' }) provisionalMatches: number;
  @ApiProperty({ type: [StandingsRowDto] }) rows: StandingsRowDto[];
}

export function mapStandingsSettings(settings: PointsSettings): StandingsSettingsDto {
  const { pointsWin, pointsDraw, pointsLoss, cancelledMatchPoints } = settings;
  return { pointsWin, pointsDraw, pointsLoss, cancelledMatchPoints };
}

export class TeamPositionsDto {
  @ApiProperty({ format: 'uuid' }) teamId: string;
  @ApiProperty() teamName: string;
  @ApiProperty({ format: 'uuid' }) clubId: string;
  @ApiProperty() clubName: string;
  @ApiProperty({ type: [Number], description: 'Positie na elke ronde van `rounds`, in dezelfde volgorde' }) positions: number[];
}

export class PositionsDto {
  @ApiProperty({ format: 'uuid' }) divisionId: string;
  @ApiProperty({ type: [Number] }) rounds: number[];
  @ApiProperty({ description: 'Aantal teams: de laagste mogelijke positie' }) teamCount: number;
  @ApiProperty({ type: [TeamPositionsDto] }) teams: TeamPositionsDto[];
}

export class CreatePlayoffDto {
  @ApiProperty({ format: 'uuid' }) @IsUUID() winnerTeamId: string;
  @ApiProperty({ format: 'uuid' }) @IsUUID() loserTeamId: string;
  @ApiProperty({ example: '2027-05-29', format: 'date' }) @IsIsoDateString() date: string;
}

export class PlayoffDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) divisionId: string;
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty({ format: 'uuid' }) winnerTeamId: string;
  @ApiProperty() winnerTeamName: string;
  @ApiProperty({ format: 'uuid' }) loserTeamId: string;
  @ApiProperty() loserTeamName: string;
}

export function mapStandingsRow(row: StandingsRow, clubId: string, provisional = false): StandingsRowDto {
  return {
    position: row.position,
    shared: row.shared,
    teamId: row.teamId,
    teamName: row.teamName,
    clubId,
    clubName: row.clubName,
    played: row.played,
    won: row.won,
    drawn: row.drawn,
    lost: row.lost,
    pointsFor: row.pointsFor,
    pointsAgainst: row.pointsAgainst,
    pointsDifference: row.pointsDifference,
    competitionPoints: row.competitionPoints,
    deductions: row.deductions,
    total: row.total,
    decidedBy: row.decidedBy,
    deductionDetails: row.deductionDetails.map(({ points, rule, reason }) => ({ points, rule, reason })),
    playoffNeeded: row.playoffNeeded,
    note: row.note,
    provisional,
  };
}

interface PlayoffRow {
  id: string;
  divisionId: string;
  date: Date;
  winnerTeamId: string;
  loserTeamId: string;
  winnerTeam: { name: string };
  loserTeam: { name: string };
}

export function mapPlayoff(playoff: PlayoffRow): PlayoffDto {
  return {
    id: playoff.id,
    divisionId: playoff.divisionId,
    date: isoDate(playoff.date),
    winnerTeamId: playoff.winnerTeamId,
    winnerTeamName: playoff.winnerTeam.name,
    loserTeamId: playoff.loserTeamId,
    loserTeamName: playoff.loserTeam.name,
  };
}
