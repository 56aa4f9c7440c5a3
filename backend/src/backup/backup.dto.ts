import { ApiProperty } from '@nestjs/swagger';
import type { BackupRunView } from './backup.service';
import { RestoreDrillDto } from './restore-drill.dto';

export class BackupRunDto {
  @ApiProperty({ format: 'date-time' }) startedAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) finishedAt: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Bestandsnaam van de back-up' }) file: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Map op de server' }) directory: string | null;
  @ApiProperty({ nullable: true, type: Number }) sizeBytes: number | null;
  @ApiProperty({ nullable: true, type: String, description: 'Waarom het mislukte' }) error: string | null;
  @ApiProperty({ description: 'Soort: "schedule" (elke nacht), "manual" (npm run backup), "before-upgrade" (vóór een upgrade), "before-restore" (vóór het vervangen van de database) of "after-night" (na de laatste uitslag van een speelavond)' })
  trigger: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Wanneer de kopie buiten de server (restic) gemaakt is' }) offsiteAt: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Waarom de kopie buiten de server mislukte (de back-up zelf is goed)' }) offsiteError: string | null;
}

export class BackupStatusDto {
  @ApiProperty({ type: BackupRunDto, nullable: true }) lastSuccess: BackupRunDto | null;
  @ApiProperty({ type: BackupRunDto, nullable: true, description: 'Een mislukte poging na de laatste goede back-up' }) lastFailure: BackupRunDto | null;
  @ApiProperty() running: boolean;
  @ApiProperty({ type: RestoreDrillDto, nullable: true, description: 'De laatste hersteltest (elke week: de nieuwste back-up op proef teruggezet en vergeleken); null: nog nooit' }) lastDrill: RestoreDrillDto | null;
}

export function toBackupRunDto(run: BackupRunView | null): BackupRunDto | null {
  return run && { ...run, startedAt: run.startedAt.toISOString(), finishedAt: run.finishedAt?.toISOString() ?? null, offsiteAt: run.offsiteAt?.toISOString() ?? null };
}
