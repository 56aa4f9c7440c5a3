/**
 * A real SMTP server for the API tests (smtp-server on a random port): every mail the API
 * sends arrives here, parsed (mailparser), so tests assert on what a recipient gets.
 */
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** RCPT TO addresses of the envelope. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | null;
}

export interface Inbox {
  port: number;
  mails: ReceivedMail[];
  /** Waits until a mail to this address arrives whose subject matches (default: any), and returns the latest such. */
  waitFor: (to: string, subject?: RegExp, timeoutMs?: number) => Promise<ReceivedMail>;
  /** Mails to this address so far. */
  to: (address: string) => ReceivedMail[];
  /** Make the server refuse every mail (550) until set back. */
  refuse: (on: boolean) => void;
  close: () => Promise<void>;
}

export async function startInbox(): Promise<Inbox> {
  const mails: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (_address, _session, callback) => (refusing ? callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })) : callback()),
    onData: (stream, session, callback) => {
      simpleParser(stream).then(
        (parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const to = (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    port,
    mails,
    to,
    refuse: (on) => {
      refusing = on;
    },
    waitFor: async (address, subject = /.*/, timeoutMs = 10_000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = to(address).filter((m) => subject.test(m.subject));
        if (found.length) return found[found.length - 1];
        if (Date.now() > until) throw new Error(`Geen mail aan ${address} (${subject}) binnen ${timeoutMs} ms; wel: ${mails.map((m) => `${m.to} "${m.subject}"`).join('; ') || 'niets'}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Points the API at this inbox; call before startApp() (the transport reads the settings once). */
export function useInbox(inbox: Inbox): void {
  process.env.SMTP_HOST = '127.0.0.1';
  process.env.SMTP_PORT = String(inbox.port);
  process.env.SMTP_SECURE = 'false';
  process.env.PUBLIC_URL = 'http://dashboard.test';
  delete process.env.MAIL_CATCHER;
}

/** The first link in a mail's text that starts with this dashboard path. */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const match = mail.text.match(new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\S*`));
  if (!match) throw new Error(`Geen link naar ${path} in: ${mail.text}`);
  return new URL(match[0]);
}
