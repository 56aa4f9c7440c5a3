import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { mailConfig } from './mail-config';
import { CaughtMailDto, mapCaughtMail, mapOutgoingMail, MailSettingsDto, OutgoingMailDto } from './mail.dto';

/** How many of the latest mails the lists show. */
export const MAIL_LIST_SIZE = 200;

/** What administrators read at /beheer/e-mail: the settings, the outgoing log, the catcher's mail. */
@Injectable()
export class MailLogService {
  constructor(private readonly prisma: PrismaService) {}

  settings(): MailSettingsDto {
    const config = mailConfig();
    return {
      delivery: config.smtp ? 'SMTP' : 'CATCHER',
      smtpServer: config.smtp ? `${config.smtp.host}:${config.smtp.port}` : null,
      from: config.from,
      publicUrl: config.publicUrl,
    };
  }

  async outgoing(): Promise<OutgoingMailDto[]> {
    const rows = await this.prisma.outgoingMail.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: MAIL_LIST_SIZE });
    return rows.map(mapOutgoingMail);
  }

  async caught(): Promise<CaughtMailDto[]> {
    const rows = await this.prisma.caughtMail.findMany({ orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }], take: MAIL_LIST_SIZE });
    return rows.map(mapCaughtMail);
  }
}
