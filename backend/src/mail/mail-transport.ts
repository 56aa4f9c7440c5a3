import { Injectable } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { MailCatcher } from './mail-catcher';
import { mailConfig, type MailConfig } from './mail-config';

export interface Envelope {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Nodemailer over SMTP: the configured server, or else the local catcher (its actual port
 * when it runs in this process). Settings are read once, when the API starts.
 */
@Injectable()
export class MailTransport {
  private readonly config: MailConfig = mailConfig();
  private transporter?: Transporter;

  constructor(private readonly catcher: MailCatcher) {}

  async deliver(mail: Envelope): Promise<void> {
    await this.get().sendMail({ from: this.config.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  }

  close(): void {
    this.transporter?.close();
  }

  private get(): Transporter {
    if (!this.transporter) {
      const target = this.config.smtp ?? { host: this.config.catcher.host, port: this.catcher.port() ?? this.config.catcher.port, secure: false };
      this.transporter = nodemailer.createTransport({
        ...target,
        // The catcher speaks plain SMTP on the loopback; a real server gets STARTTLS when it offers it.
        ...(this.config.smtp ? {} : { ignoreTLS: true }),
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      });
    }
    return this.transporter;
  }
}
