import { Module } from '@nestjs/common';
import { RemindersModule } from '../reminders/reminders.module';
import { BackupScheduler } from './backup-scheduler';
import { BackupController } from './backup.controller';
import { BackupService } from './backup.service';
import { NightBackup } from './night-backup';
import { DrillScheduler } from './drill-scheduler';
import { RestoreDrillService } from './restore-drill.service';

@Module({
  imports: [RemindersModule],
  controllers: [BackupController],
  providers: [BackupService, BackupScheduler, NightBackup, RestoreDrillService, DrillScheduler],
  exports: [BackupService],
})
export class BackupModule {}
