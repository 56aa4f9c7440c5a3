import { ApiProperty } from '@nestjs/swagger';
import { DEADLINE_STATUSES, type DeadlineStatus } from './member-list.dto';

export class MemberFieldsDto {
  @ApiProperty() memberNumber: string;
  @ApiProperty() familyName: string;
  @ApiProperty({ nullable: true, type: String }) namePrefix: string | null;
  @ApiProperty() givenNames: string;
  @ApiProperty({ format: 'date', nullable: true, type: String }) birthDate: string | null;
}

export class PreviewMemberDto extends MemberFieldsDto {
  @ApiProperty({ description: 'Rijnummer zoals het rekenblad het toont (kopregel = 1)' }) row: number;
  @ApiProperty({ description: 'De bond kent dit lidnummer al onder een andere naam' }) knownUnderOtherName: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'Alleen voor de bondsbeheerder: die andere naam' }) knownAs: string | null;
  @ApiProperty({
    format: 'date',
    nullable: true,
    type: String,
    description: 'Kort geleden van deze lijst afgevoerd en nu terug: het lid houdt deze oorspronkelijke inschrijfdatum (memberReaddDays)',
  })
  keepsRegistrationOn: string | null;
}

export class PreviewChangeDto {
  @ApiProperty() memberNumber: string;
  @ApiProperty() row: number;
  @ApiProperty({ type: [String], enum: ['familyName', 'namePrefix', 'givenNames', 'birthDate'] }) fields: string[];
  @ApiProperty({ type: MemberFieldsDto }) before: MemberFieldsDto;
  @ApiProperty({ type: MemberFieldsDto }) after: MemberFieldsDto;
}

export class PreviewRemovedDto extends MemberFieldsDto {
  @ApiProperty({ format: 'uuid' }) memberId: string;
  @ApiProperty({ description: 'Dit seizoen gespeelde wedstrijden: die blijven in de uitslagen staan' }) matchesPlayed: number;
}

export class ImportErrorDto {
  @ApiProperty() row: number;
  @ApiProperty({ nullable: true, type: String }) field: string | null;
  @ApiProperty() code: string;
  @ApiProperty({ example: 'Rij 6: lidnummer ontbreekt' }) message: string;
  @ApiProperty({ nullable: true, type: String }) memberNumber: string | null;
}

export class ImportWarningDto {
  @ApiProperty({ enum: ['UNKNOWN_COLUMN', 'DUPLICATE_COLUMN', 'MEMBER_KEPT', 'OTHER_SHEETS'], description: 'OTHER_SHEETS: de werkmap heeft meer tabbladen met gegevens; alleen het eerste is gelezen' }) code: string;
  @ApiProperty({ nullable: true, type: Number, description: 'Kolomwaarschuwing: de kolom (1 = eerste)' }) column: number | null;
  @ApiProperty({ nullable: true, type: String }) header: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Waarschuwing bij een rij (MEMBER_KEPT)' }) row: number | null;
  @ApiProperty({ nullable: true, type: String }) memberNumber: string | null;
  @ApiProperty() message: string;
}

export class MemberListPreviewDto {
  @ApiProperty({ description: 'Meesturen bij het bevestigen, samen met hetzelfde bestand' }) previewId: string;
  @ApiProperty() fileName: string;
  @ApiProperty({ enum: ['csv', 'xlsx'] }) format: 'csv' | 'xlsx';
  @ApiProperty({ nullable: true, type: String }) encoding: string | null;
  @ApiProperty({ nullable: true, type: String }) delimiter: string | null;
  @ApiProperty({ nullable: true, type: String }) sheetName: string | null;
  @ApiProperty({ description: 'Geen fouten: de lijst kan zo worden opgeslagen' }) ok: boolean;
  @ApiProperty() rowCount: number;
  @ApiProperty({ type: [PreviewMemberDto] }) added: PreviewMemberDto[];
  @ApiProperty({ type: [PreviewChangeDto] }) changed: PreviewChangeDto[];
  @ApiProperty({ type: [PreviewRemovedDto] }) removed: PreviewRemovedDto[];
  @ApiProperty() unchanged: number;
  @ApiProperty({ description: 'Leden nu op de lijst' }) listSize: number;
  @ApiProperty({
    description: 'Het bestand voert meer dan removalConfirmPercent % van de lijst af: bij het bevestigen moet confirmRemoved het aantal afgevoerde leden noemen',
  })
  removalNeedsConfirmation: boolean;
  @ApiProperty({ description: 'Seizoensinstelling memberRemovalConfirmPercent' }) removalConfirmPercent: number;
  @ApiProperty({ type: [ImportErrorDto] }) errors: ImportErrorDto[];
  @ApiProperty({ type: [ImportWarningDto] }) warnings: ImportWarningDto[];
}

export class MemberListImportResultDto {
  @ApiProperty() added: number;
  @ApiProperty() changed: number;
  @ApiProperty() removed: number;
  @ApiProperty() unchanged: number;
  @ApiProperty({ description: 'false: het bestand was gelijk aan de lijst, er is niets veranderd' }) listChanged: boolean;
  @ApiProperty({ enum: DEADLINE_STATUSES }) deadlineStatus: DeadlineStatus;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'De upload, om de lijst terug te zetten; null als er niets veranderde' }) uploadId: string | null;
  @ApiProperty({ format: 'date', nullable: true, type: String, description: 'Tot en met deze dag is de lijst terug te zetten naar vóór deze upload' })
  restorableUntil: string | null;
}
