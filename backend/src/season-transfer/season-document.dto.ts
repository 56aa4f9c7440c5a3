/**
 * The season document (import and export), described for the OpenAPI contract. The
 * import is validated as a whole by parseSeasonDocument, not by class-validator, so
 * every problem in the file is listed at once with its path (matches[12].home).
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SettingsInputDto } from '../seasons/season.dto';

const pair = { type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 2, maxItems: 2 } as const;
const SIDES = ['home', 'away'];

export class DocumentSeasonDto {
  @ApiProperty({ example: '2019/2020' }) name: string;
  @ApiProperty({ format: 'date', example: '2019-09-01' }) startsOn: string;
  @ApiProperty({ format: 'date', example: '2019-09-21' }) competitionStartsOn: string;
  @ApiProperty({ format: 'date', example: '2020-05-31' }) endsOn: string;
  @ApiPropertyOptional({ type: SettingsInputDto, description: 'Weggelaten instellingen krijgen de TSBN-standaard' }) settings?: SettingsInputDto;
}

export class DocumentTeamDto {
  @ApiProperty({ example: 'Kaiman 1' }) name: string;
  @ApiProperty({ example: 'Kaiman', description: 'Vereniging op naam; wordt aangemaakt als ze nog niet bestaat' }) club: string;
  @ApiPropertyOptional({ description: 'Teruggetrokken team (gearchiveerd): geen regel in de stand' }) withdrawn?: boolean;
}

export class DocumentDivisionDto {
  @ApiProperty({ example: 'Hoofdklasse' }) name: string;
  @ApiPropertyOptional({ example: 1, description: '1 = hoogste klasse' }) level?: number;
  @ApiProperty({ type: [DocumentTeamDto] }) teams: DocumentTeamDto[];
}

export class DocumentMatchDto {
  @ApiProperty({ example: 'Hoofdklasse' }) division: string;
  @ApiProperty({ example: 1 }) round: number;
  @ApiProperty({ format: 'date' }) date: string;
  @ApiPropertyOptional({ example: '20:00' }) startTime?: string;
  @ApiProperty({ example: 'Kaiman 1' }) home: string;
  @ApiProperty({ example: 'Paramaribo Boys 1' }) away: string;
  @ApiProperty({ enum: ['SCHEDULED', 'PLAYED', 'FORFEIT', 'NOT_PLAYED', 'CANCELLED'] }) status: string;
  @ApiPropertyOptional({
    type: 'array',
    items: pair,
    description: 'Setstanden [thuis, uit] in setvolgorde, binnen een set tafel 1 t/m 6 (36 stuks bij 6 koppels)',
  })
  sets?: [number, number][];
  @ApiPropertyOptional({ ...pair, description: 'Alleen de totalen [thuis, uit], voor historie zonder sets' }) score?: [number, number];
  @ApiPropertyOptional({ enum: [...SIDES, 'both'], description: "Bij FORFEIT: het team dat reglementair verliest; 'both': beide teams onvolledig (elk Regel 7, geen punten)" })
  forfeitedBy?: 'home' | 'away' | 'both';
  @ApiPropertyOptional({
    enum: ['TOO_FEW_PAIRS', 'LATE_CANCELLATION', 'OTHER'],
    description: 'Bij FORFEIT: de oorzaak (TOO_FEW_PAIRS en LATE_CANCELLATION: Regel 7; OTHER: Regel 9A); zonder: onbekend',
  })
  forfeitCause?: 'TOO_FEW_PAIRS' | 'LATE_CANCELLATION' | 'OTHER';
  @ApiPropertyOptional({ type: 'array', items: { type: 'string', enum: SIDES }, description: 'Regel 4: kant(en) met een niet-speelgerechtigde speler' })
  ineligible?: ('home' | 'away')[];
  @ApiPropertyOptional({ type: 'array', items: { type: 'string', enum: SIDES }, description: 'Regel 11 (alleen PLAYED): kant(en) die met minder koppels dan nodig begonnen (onvolledig)' })
  incomplete?: ('home' | 'away')[];
  @ApiPropertyOptional({ type: 'array', items: { type: 'string', enum: SIDES }, description: 'Regel 11 (alleen PLAYED): kant(en) waarvan het hele team te laat aanwezig was' })
  late?: ('home' | 'away')[];
}

export class DocumentDeductionDto {
  @ApiPropertyOptional({ description: 'Alleen nodig als de teamnaam in meer poules voorkomt' }) division?: string;
  @ApiProperty() team: string;
  @ApiProperty({ example: 3 }) points: number;
  @ApiProperty({ example: '6' }) rule: string;
  @ApiProperty({ example: 'Gespeeld zonder tafelscherm' }) reason: string;
  @ApiPropertyOptional({ description: 'Telt vanaf deze ronde (de wedstrijd van het team in die ronde); zonder ronde vanaf het begin' }) round?: number;
}

export class DocumentPlayoffDto {
  @ApiProperty() division: string;
  @ApiProperty() winner: string;
  @ApiProperty() loser: string;
  @ApiProperty({ format: 'date' }) date: string;
}

export class SeasonDocumentDto {
  @ApiPropertyOptional({ example: 1, description: 'Versie van het formaat' }) version?: number;
  @ApiProperty({ type: DocumentSeasonDto }) season: DocumentSeasonDto;
  @ApiProperty({ type: [DocumentDivisionDto] }) divisions: DocumentDivisionDto[];
  @ApiPropertyOptional({ type: [DocumentMatchDto] }) matches?: DocumentMatchDto[];
  @ApiPropertyOptional({ type: [DocumentDeductionDto] }) deductions?: DocumentDeductionDto[];
  @ApiPropertyOptional({ type: [DocumentPlayoffDto] }) playoffs?: DocumentPlayoffDto[];
}

export class SeasonImportResultDto {
  @ApiProperty({ format: 'uuid' }) seasonId: string;
  @ApiProperty() seasonName: string;
  @ApiProperty() divisions: number;
  @ApiProperty() teams: number;
  @ApiProperty() matches: number;
  @ApiProperty() sets: number;
  @ApiProperty() deductions: number;
  @ApiProperty() playoffs: number;
  @ApiProperty({ type: [String], description: 'Verenigingen die nog niet bestonden en zijn aangemaakt' }) clubsCreated: string[];
  @ApiProperty({ description: 'Boetevoorstellen uit de wedstrijden van het bestand (Regel 6, 7, 9A, 11); de bondsbeheerder bevestigt ze' }) fineProposals: number;
  @ApiProperty({ description: 'Keren onvolledig of te laat aanwezig (Regel 11)' }) regel11Occurrences: number;
}

/** The match a consequence of the import belongs to, as the file names it. */
export class ImportMatchRefDto {
  @ApiProperty() division: string;
  @ApiProperty() round: number;
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty() home: string;
  @ApiProperty() away: string;
}

export class ImportFineDto {
  @ApiProperty({ type: ImportMatchRefDto }) match: ImportMatchRefDto;
  @ApiProperty() club: string;
  @ApiProperty() team: string;
  @ApiProperty({ example: '7' }) rule: string;
  @ApiProperty({ nullable: true, type: Number, description: 'null: het bestuur stelt het bedrag vast (Regel 6)' }) amountCents: number | null;
  @ApiProperty() reason: string;
  @ApiProperty({ nullable: true, type: String, description: 'De gedupeerde vereniging (Regel 9B); null: de bond' }) beneficiaryClub: string | null;
}

export class ImportOccurrenceDto {
  @ApiProperty({ type: ImportMatchRefDto }) match: ImportMatchRefDto;
  @ApiProperty() club: string;
  @ApiProperty() team: string;
  @ApiProperty({ enum: ['INCOMPLETE', 'LATE'], enumName: 'AppearanceKind' }) kind: 'INCOMPLETE' | 'LATE';
  @ApiProperty({ description: 'De hoeveelste keer dit seizoen voor de vereniging (alle teams)' }) occurrence: number;
}

/** What importing the file would create, before anything is stored. */
export class SeasonImportPreviewDto {
  @ApiProperty() seasonName: string;
  @ApiProperty() divisions: number;
  @ApiProperty() teams: number;
  @ApiProperty() matches: number;
  @ApiProperty() sets: number;
  @ApiProperty() deductions: number;
  @ApiProperty() playoffs: number;
  @ApiProperty({ type: [String], description: 'Verenigingen die nog niet bestaan en aangemaakt worden' }) clubsToCreate: string[];
  @ApiProperty({ type: [ImportFineDto], description: 'De boetevoorstellen die de import maakt (status voorgesteld)' }) fines: ImportFineDto[];
  @ApiProperty({ type: [ImportOccurrenceDto], description: 'Regel 11: elke keer onvolledig of te laat aanwezig' }) occurrences: ImportOccurrenceDto[];
}
