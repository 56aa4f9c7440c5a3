import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsUUID } from 'class-validator';
import { IsOptionalNotNull } from '../common/validators';
import { LOG_KINDS, type LogKind } from '../domain/federation-log';

export class FederationLogQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Alleen wat deze vereniging betreft' }) @IsOptionalNotNull() @IsUUID() clubId?: string;
  @ApiPropertyOptional({ enum: LOG_KINDS, description: 'Alleen deze soort' }) @IsOptionalNotNull() @IsIn(LOG_KINDS) kind?: LogKind;
  @ApiPropertyOptional({ format: 'date-time', description: 'Alleen wat vóór dit moment gebeurde (de volgende bladzijde: het moment van de laatste regel)' })
  @IsOptionalNotNull()
  @IsISO8601({ strict: true })
  before?: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'Met before: de regel van dat moment waarna verder wordt gelezen (nextId van de vorige bladzijde)' })
  @IsOptionalNotNull()
  @IsUUID()
  beforeId?: string;
}

export class FederationLogEntryDto {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ enum: LOG_KINDS }) kind: LogKind;
  @ApiProperty({ description: 'De soort wijziging, als code (bijv. memberList.import)' }) action: string;
  @ApiProperty({ description: 'Wie, wat, voor welke vereniging en waarom, in één zin' }) sentence: string;
  @ApiProperty({ nullable: true, type: String }) actorName: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) clubId: string | null;
  @ApiProperty({ nullable: true, type: String }) clubName: string | null;
}

export class FederationLogKindDto {
  @ApiProperty({ enum: LOG_KINDS }) kind: LogKind;
  @ApiProperty() label: string;
}

export class FederationLogDto {
  @ApiProperty({ type: [FederationLogEntryDto], description: 'Nieuwste eerst, hoogstens 100' }) entries: FederationLogEntryDto[];
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'Voor de volgende bladzijde (before=…); null: er is niets ouder' }) next: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'Voor de volgende bladzijde (beforeId=…), met next' }) nextId: string | null;
  @ApiProperty({ type: [FederationLogKindDto] }) kinds: FederationLogKindDto[];
}
