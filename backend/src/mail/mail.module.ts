import { Global, Module } from '@nestjs/common';
import { MailCatcher } from './mail-catcher';
import { MailController } from './mail.controller';
import { MailLogService } from './mail-log.service';
import { MailService } from './mail.service';
import { MailTransport } from './mail-transport';

/** Global: any feature can send mail (MailService.send). */
@Global()
@Module({
  controllers: [MailController],
  providers: [MailService, MailTransport, MailCatcher, MailLogService],
  exports: [MailService],
})
export class MailModule {}
