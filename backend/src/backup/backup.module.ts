import { Module } from '@nestjs/common';
import { RemindersModule } from '../reminders/reminders.module';
import { BackupScheduler } from './backup-scheduler';
import { BackupController } from './backup.controller';
import { BackupService } from './backup.service';

@Module({
  imports: [RemindersModule],
  controllers: [BackupController],
  providers: [BackupService, BackupScheduler],
  exports: [BackupService],
})
export class BackupModule {}
