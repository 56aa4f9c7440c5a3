import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsObject, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { IncludeArchivedQueryDto, IsIsoDateString, isoDate, todayIso } from '../common/dto';
import { SEASON_STATUSES, seasonStatus, SeasonStatus } from '../domain/season-status';
import { CANCELLED_MATCH_POINTS, CancelledMatchPoints, CompetitionSettings, DEFAULT_SETTINGS } from '../domain/settings';
import { IsOptionalNotNull, IsPlainText, Trimmed } from '../common/validators';

const count = (max = 100) => [IsOptionalNotNull(), IsInt(), Min(0), Max(max)];
const cents = () => [IsOptionalNotNull(), IsInt(), Min(0), Max(10_000_000)];
function apply(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => decorators.forEach((d) => d(target, key));
}

const D = DEFAULT_SETTINGS;

/** An IBAN as printed on a fine statement: country, check digits, then 11–30 letters and digits, single spaces allowed. */
const IBAN = /^[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}$/;

/** Every (setting) of RULES.md; omitted fields keep the TSBN default (domain/settings.ts). */
export class SettingsInputDto implements Partial<CompetitionSettings> {
  @ApiPropertyOptional({ default: D.memberListDeadlineDays }) @apply(...count(365)) memberListDeadlineDays?: number;
  @ApiPropertyOptional({ default: D.transferFreezeDays }) @apply(...count(365)) transferFreezeDays?: number;
  @ApiPropertyOptional({ default: D.registrationLeadWorkingDays }) @apply(...count(60)) registrationLeadWorkingDays?: number;
  @ApiPropertyOptional({ default: D.ineligiblePlayerDeduction }) @apply(...count()) ineligiblePlayerDeduction?: number;
  @ApiPropertyOptional({ default: D.pairsPerTeam }) @IsOptionalNotNull() @IsInt() @Min(2) @Max(12) pairsPerTeam?: number;
  @ApiPropertyOptional({ default: D.gamesPerSet }) @IsOptionalNotNull() @IsInt() @Min(1) @Max(12) gamesPerSet?: number;
  @ApiPropertyOptional({ default: D.minimumPairsToStart }) @IsOptionalNotNull() @IsInt() @Min(1) @Max(12) minimumPairsToStart?: number;
  @ApiPropertyOptional({ default: D.missingSetPoints }) @apply(...count()) missingSetPoints?: number;
  @ApiPropertyOptional({ default: D.maxSubstitutions }) @apply(...count(24)) maxSubstitutions?: number;
  @ApiPropertyOptional({ default: D.substitutionsFromSet }) @IsOptionalNotNull() @IsInt() @Min(1) @Max(12) substitutionsFromSet?: number;
  @ApiPropertyOptional({ default: D.noScreenDeduction }) @apply(...count()) noScreenDeduction?: number;
  @ApiPropertyOptional({ default: D.pointsWin }) @apply(...count(10)) pointsWin?: number;
  @ApiPropertyOptional({ default: D.pointsDraw }) @apply(...count(10)) pointsDraw?: number;
  @ApiPropertyOptional({ default: D.pointsLoss }) @apply(...count(10)) pointsLoss?: number;
  @ApiPropertyOptional({
    enum: CANCELLED_MATCH_POINTS,
    enumName: 'CancelledMatchPoints',
    default: D.cancelledMatchPoints,
    description: 'Regel 8: FROM_AVERAGES = de gemiddelde score beslist de afgelaste wedstrijd (winst, gelijk of verlies); NONE = geen competitiepunten, telt alleen in punten voor en tegen',
  })
  @IsOptionalNotNull()
  @IsIn(CANCELLED_MATCH_POINTS)
  cancelledMatchPoints?: CancelledMatchPoints;
  @ApiPropertyOptional({ default: D.lineupMissingFineCents }) @apply(...cents()) lineupMissingFineCents?: number;
  @ApiPropertyOptional({ default: D.lineupMissingRepeatFineCents }) @apply(...cents()) lineupMissingRepeatFineCents?: number;
  @ApiPropertyOptional({ default: D.forfeitFineCents }) @apply(...cents()) forfeitFineCents?: number;
  @ApiPropertyOptional({ default: D.negligenceFineCents }) @apply(...cents()) negligenceFineCents?: number;
  @ApiPropertyOptional({ default: D.incompleteFineCents }) @apply(...cents()) incompleteFineCents?: number;
  @ApiPropertyOptional({ default: D.incompleteEveryNth }) @IsOptionalNotNull() @IsInt() @Min(1) @Max(100) incompleteEveryNth?: number;
  @ApiPropertyOptional({ default: D.fineDueDays }) @apply(...count(365)) fineDueDays?: number;
  @ApiPropertyOptional({ default: D.paymentAccountName }) @IsOptionalNotNull() @IsString() @MinLength(2) @MaxLength(200) @IsPlainText() paymentAccountName?: string;
  @ApiPropertyOptional({ default: D.paymentIban })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(64)
  @Matches(IBAN, { message: 'Vul een IBAN in zoals NL91 ABNA 0417 1643 00: landcode, twee cijfers en dan letters en cijfers (spaties mogen).' })
  paymentIban?: string;
  @ApiPropertyOptional({
    default: D.liveScores,
    description: 'Tussenstanden op de openbare livepagina’s tijdens de speelavond; uit: scores pas zodra een wedstrijd is bevestigd (sommige evenementen verbieden lopende scores)',
  })
  @IsOptionalNotNull()
  @IsBoolean()
  liveScores?: boolean;
  @ApiPropertyOptional({ default: D.correctionWindowMinutes, description: 'Correctietijd in minuten: zo lang na de laatste handtekening wordt een aan tafel gespeelde wedstrijd definitief' })
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(1440)
  correctionWindowMinutes?: number;
  @ApiPropertyOptional({ default: D.paperConfirmHours, description: 'Uren die de uitploeg heeft om een ondertekend papieren formulier te bevestigen; daarna wordt het vanzelf definitief' })
  @IsOptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(720)
  paperConfirmHours?: number;
  @ApiPropertyOptional({ default: D.memberRemovalConfirmPercent, description: 'Een ingelezen moederlijst die meer dan dit percentage van de lijst afvoert, vraagt een tweede bevestiging met het aantal' })
  @apply(...count(100))
  memberRemovalConfirmPercent?: number;
  @ApiPropertyOptional({ default: D.memberListRestoreDays, description: 'Dagen waarin de vereniging en de bond de moederlijst kunnen terugzetten naar vóór een upload' })
  @apply(...count(365))
  memberListRestoreDays?: number;
  @ApiPropertyOptional({ default: D.memberReaddDays, description: 'Een lid dat binnen zoveel dagen na het afvoeren weer op de lijst van dezelfde vereniging komt, houdt de oorspronkelijke inschrijfdatum' })
  @apply(...count(365))
  memberReaddDays?: number;
}

export class CreateSeasonDto {
  @ApiProperty({ example: '2026/2027' }) @Trimmed() @IsString() @MinLength(2) @MaxLength(100) @IsPlainText() name: string;
  @ApiProperty({ example: '2026-09-01', format: 'date' }) @IsIsoDateString() startsOn: string;
  @ApiProperty({ example: '2026-09-19', format: 'date' }) @IsIsoDateString() competitionStartsOn: string;
  @ApiProperty({ example: '2027-05-31', format: 'date' }) @IsIsoDateString() endsOn: string;
  @ApiPropertyOptional({ type: SettingsInputDto })
  @IsOptionalNotNull()
  @IsObject()
  @ValidateNested()
  @Type(() => SettingsInputDto)
  settings?: SettingsInputDto;
}

/** A field sent as null is refused (400), not passed on: only an omitted field keeps its value. */
export class UpdateSeasonDto extends PartialType(CreateSeasonDto, { skipNullProperties: false }) {}

export class SettingsDto implements CompetitionSettings {
  @ApiProperty() memberListDeadlineDays: number;
  @ApiProperty() transferFreezeDays: number;
  @ApiProperty() registrationLeadWorkingDays: number;
  @ApiProperty() ineligiblePlayerDeduction: number;
  @ApiProperty() pairsPerTeam: number;
  @ApiProperty() gamesPerSet: number;
  @ApiProperty() minimumPairsToStart: number;
  @ApiProperty() missingSetPoints: number;
  @ApiProperty() maxSubstitutions: number;
  @ApiProperty() substitutionsFromSet: number;
  @ApiProperty() noScreenDeduction: number;
  @ApiProperty() pointsWin: number;
  @ApiProperty() pointsDraw: number;
  @ApiProperty() pointsLoss: number;
  @ApiProperty({ enum: CANCELLED_MATCH_POINTS, enumName: 'CancelledMatchPoints' }) cancelledMatchPoints: CancelledMatchPoints;
  @ApiProperty() lineupMissingFineCents: number;
  @ApiProperty() lineupMissingRepeatFineCents: number;
  @ApiProperty() forfeitFineCents: number;
  @ApiProperty() negligenceFineCents: number;
  @ApiProperty() incompleteFineCents: number;
  @ApiProperty() incompleteEveryNth: number;
  @ApiProperty() fineDueDays: number;
  @ApiProperty() paymentAccountName: string;
  @ApiProperty() paymentIban: string;
  @ApiProperty({ description: 'Tussenstanden op de openbare livepagina’s tijdens de speelavond' }) liveScores: boolean;
  @ApiProperty({ description: 'Correctietijd in minuten na een volledige wedstrijd aan tafel' }) correctionWindowMinutes: number;
  @ApiProperty({ description: 'Uren voor de bevestiging van een papieren formulier' }) paperConfirmHours: number;
  @ApiProperty({ description: 'Meer dan dit percentage van de moederlijst afvoeren vraagt een tweede bevestiging' }) memberRemovalConfirmPercent: number;
  @ApiProperty({ description: 'Dagen waarin een moederlijst terug te zetten is naar vóór een upload' }) memberListRestoreDays: number;
  @ApiProperty({ description: 'Binnen zoveel dagen weer op de lijst: de oorspronkelijke inschrijfdatum blijft' }) memberReaddDays: number;
}

export class SeasonSummaryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ format: 'date' }) startsOn: string;
  @ApiProperty({ format: 'date' }) competitionStartsOn: string;
  @ApiProperty({ format: 'date' }) endsOn: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) archivedAt: string | null;
  @ApiProperty({
    enum: SEASON_STATUSES,
    enumName: 'SeasonStatus',
    description:
      'PREPARING (in voorbereiding): vóór startsOn; RUNNING (lopend): van startsOn tot en met endsOn; CLOSED (afgesloten): gearchiveerd of na endsOn. Datum in Nederland.',
  })
  status: SeasonStatus;
}

export class SeasonDto extends SeasonSummaryDto {
  @ApiProperty({ type: SettingsDto }) settings: SettingsDto;
}

interface SeasonRow {
  id: string;
  name: string;
  startsOn: Date;
  competitionStartsOn: Date;
  endsOn: Date;
  archivedAt: Date | null;
}

export function mapSeasonSummary(season: SeasonRow, today = todayIso()): SeasonSummaryDto {
  const startsOn = isoDate(season.startsOn);
  const endsOn = isoDate(season.endsOn);
  return {
    id: season.id,
    name: season.name,
    startsOn,
    competitionStartsOn: isoDate(season.competitionStartsOn),
    endsOn,
    archivedAt: season.archivedAt?.toISOString() ?? null,
    status: seasonStatus({ startsOn, endsOn, archived: season.archivedAt !== null }, today),
  };
}

export function mapSettings(settings: Partial<CompetitionSettings> | null | undefined): SettingsDto {
  const result = { ...DEFAULT_SETTINGS } as SettingsDto;
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof CompetitionSettings)[]) {
    const value = settings?.[key];
    if (value !== undefined && value !== null) (result as unknown as Record<string, unknown>)[key] = value;
  }
  return result;
}

export function mapSeason(season: SeasonRow & { settings: Partial<CompetitionSettings> | null }): SeasonDto {
  return { ...mapSeasonSummary(season), settings: mapSettings(season.settings) };
}

/** GET /api/seasons: `includeArchived` and `status`; any other query parameter is refused. */
export class SeasonListQueryDto extends IncludeArchivedQueryDto {
  @ApiPropertyOptional({
    enum: SEASON_STATUSES,
    enumName: 'SeasonStatus',
    description: 'Alleen seizoenen met deze status; met CLOSED ook de gearchiveerde (includeArchived doet dan niet ter zake)',
  })
  @IsOptionalNotNull()
  @IsIn(SEASON_STATUSES, { message: `Onbekende seizoensstatus: kies ${SEASON_STATUSES.join(', ')}.` })
  status?: SeasonStatus;
}
