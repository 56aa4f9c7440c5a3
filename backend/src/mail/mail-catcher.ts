import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { simpleParser, type AddressObject } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { PrismaService } from '../prisma/prisma.service';
import { mailConfig } from './mail-config';

/** A mail larger than this is refused by the catcher (ours are a few kB). */
const MAX_SIZE = 5 * 1024 * 1024;

/** "Naam <a@b.nl>, c@d.nl" from mailparser's address objects. */
function addresses(value: AddressObject | AddressObject[] | undefined): string {
  return ([] as AddressObject[])
    .concat(value ?? [])
    .map((a) => a.text)
    .join(', ');
}

/**
 * The local mail catcher: a small SMTP server on the loopback that keeps every mail it
 * receives in caught_mails instead of passing it on, so `npm start` works without a mail
 * server and administrators read what would have been sent at /beheer/e-mail.
 * Runs inside the API when MAIL_CATCHER=on (npm start sets it when SMTP_HOST is empty).
 */
@Injectable()
export class MailCatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('MailCatcher');
  private server?: SMTPServer;
  private boundPort?: number;

  constructor(private readonly prisma: PrismaService) {}

  /** The port it listens on, while it runs. */
  port(): number | undefined {
    return this.boundPort;
  }

  /** On MAIL_CATCHER_PORT, or the next free port when it is taken (another `npm start`). */
  async onApplicationBootstrap(): Promise<void> {
    const { catcher } = mailConfig();
    if (!catcher.enabled) return;
    for (let port = catcher.port; ; port++) {
      try {
        return await this.start(catcher.host, port);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0 || port >= catcher.port + 20) throw error;
      }
    }
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.boundPort = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async start(host: string, port: number): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: MAX_SIZE,
      banner: 'TSBN mail catcher',
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed) =>
            this.prisma.caughtMail.create({
              data: {
                from: addresses(parsed.from),
                to: addresses(parsed.to),
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: typeof parsed.html === 'string' ? parsed.html : null,
              },
            }),
          )
          .then(() => callback(), (error: Error) => {
            this.logger.error(`Mail niet opgeslagen: ${error.message}`);
            callback(error);
          });
      },
    });
    server.on('error', (error) => this.logger.error(`Mail catcher: ${error.message}`));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, host, () => {
        server.server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.boundPort = (server.server.address() as AddressInfo).port;
    this.logger.log(`Mail catcher luistert op ${host}:${this.boundPort}; verzonden mail staat in Beheer → E-mail`);
  }
}
