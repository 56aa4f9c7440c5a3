import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { MatchesModule } from '../matches/matches.module';
import { Clock } from './clock';
import { PreferencesService } from './preferences.service';
import { ReminderScheduler } from './reminder-scheduler';
import { RemindersController } from './reminders.controller';
import { RemindersService } from './reminders.service';
import { TodoService } from './todo.service';

/** Reminders (pg-boss schedule, Notification rows, mails), preferences and the to-do list (issue 17). */
@Module({
  imports: [MailModule, MatchesModule],
  controllers: [RemindersController],
  providers: [Clock, RemindersService, ReminderScheduler, PreferencesService, TodoService],
  exports: [Clock, RemindersService],
})
export class RemindersModule {}
