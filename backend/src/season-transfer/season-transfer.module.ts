import { Module } from '@nestjs/common';
import { SeasonExportService } from './season-export.service';
import { SeasonImportService } from './season-import.service';
import { SeasonTransferController } from './season-transfer.controller';

@Module({ controllers: [SeasonTransferController], providers: [SeasonExportService, SeasonImportService] })
export class SeasonTransferModule {}
