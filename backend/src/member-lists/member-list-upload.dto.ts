import { ApiProperty } from '@nestjs/swagger';
import type { KeptReason } from '../domain/member-list-undo';

const KEPT_REASONS: readonly KeptReason[] = ['TRANSFERRED', 'RECORD_CHANGED_SINCE'];

/** What putting the list back would do (or did): counts only, never names. */
export class RestoreCountsDto {
  @ApiProperty({ description: 'Leden die terugkomen (of hun oorspronkelijke inschrijfdatum terugkrijgen)' }) back: number;
  @ApiProperty({ description: 'Leden die de upload toevoegde en die weer worden afgevoerd' }) off: number;
  @ApiProperty({ description: 'Leden van wie namen of geboortedatum teruggaan naar vóór de upload' }) records: number;
  @ApiProperty({ description: 'Leden die blijven zoals een latere wijziging ze maakte (overgeschreven, gegevens sindsdien gewijzigd)' }) kept: number;
}

export class KeptMemberDto {
  @ApiProperty() memberNumber: string;
  @ApiProperty({ enum: KEPT_REASONS, description: 'TRANSFERRED: staat nu op de lijst van een andere vereniging; RECORD_CHANGED_SINCE: gegevens sindsdien gewijzigd' })
  reason: KeptReason;
}

export class MemberListUploadDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() fileName: string;
  @ApiProperty({ format: 'date-time' }) uploadedAt: string;
  @ApiProperty({ nullable: true, type: String, description: 'Wie het bestand inlas' }) uploadedBy: string | null;
  @ApiProperty({ description: 'Ingelezen door de bond: alleen de bond zet deze upload terug' }) byFederation: boolean;
  @ApiProperty() added: number;
  @ApiProperty() changed: number;
  @ApiProperty() removed: number;
  @ApiProperty({ format: 'date', description: 'Tot en met deze dag terug te zetten (memberListRestoreDays)' }) restorableUntil: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) restoredAt: string | null;
  @ApiProperty({ nullable: true, type: String }) restoredBy: string | null;
  @ApiProperty({ description: 'De aanvrager kan deze upload nu terugzetten' }) canRestore: boolean;
  @ApiProperty({ type: RestoreCountsDto, nullable: true, description: 'Wat terugzetten nu zou doen; null als het niet (meer) kan' }) wouldRestore: RestoreCountsDto | null;
}

export class MemberListUploadsDto {
  @ApiProperty({ description: 'Seizoensinstelling memberListRestoreDays' }) restoreDays: number;
  @ApiProperty({ type: [MemberListUploadDto], description: 'Uploads die nog terug te zetten zijn of kort geleden teruggezet, nieuwste eerst' }) uploads: MemberListUploadDto[];
}

export class MemberListRestoreResultDto extends RestoreCountsDto {
  @ApiProperty({ format: 'uuid' }) uploadId: string;
  @ApiProperty({ type: [KeptMemberDto] }) keptMembers: KeptMemberDto[];
  @ApiProperty({ description: 'Leden op de lijst na het terugzetten' }) memberCount: number;
}
