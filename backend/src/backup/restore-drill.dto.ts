import { ApiProperty } from '@nestjs/swagger';
import type { RestoreDrillView } from './restore-drill.service';

const DRILL_STATUSES = ['SUCCEEDED', 'FAILED'] as const;

/** The last restore drill (issue 45 item 5): the newest backup restored into a scratch database, compared with its file, dropped. */
export class RestoreDrillDto {
  @ApiProperty({ enum: DRILL_STATUSES, enumName: 'RestoreDrillStatus', description: 'SUCCEEDED: elke tabel gelijk aan de back-up; FAILED: zie error' })
  status: (typeof DRILL_STATUSES)[number];
  @ApiProperty({ format: 'date-time' }) startedAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) finishedAt: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Het geteste back-upbestand' }) file: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Tabellen gelijk aan de back-up (aantal rijen en controlesom)' }) tablesChecked: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Rijen in die tabellen' }) rowsChecked: number | null;
  @ApiProperty({ nullable: true, type: String, description: 'Waarom de hersteltest mislukte' }) error: string | null;
}

export function toRestoreDrillDto(drill: RestoreDrillView | null): RestoreDrillDto | null {
  return (
    drill && {
      status: drill.status,
      startedAt: drill.startedAt.toISOString(),
      finishedAt: drill.finishedAt?.toISOString() ?? null,
      file: drill.file,
      tablesChecked: drill.tablesChecked,
      rowsChecked: drill.rowsChecked,
      error: drill.error,
    }
  );
}
