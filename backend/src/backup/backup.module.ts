import { Module } from '@nestjs/common';
import { RemindersModule } from '../reminders/reminders.module';
import { BackupScheduler } from './backup-scheduler';
import { BackupController } from './backup.controller';
import { BackupService } from './backup.service';
import { NightBackup } from './night-backup';

@Module({
  imports: [RemindersModule],
  controllers: [BackupController],
  providers: [BackupService, BackupScheduler, NightBackup],
  exports: [BackupService],
})
export class BackupModule {}
