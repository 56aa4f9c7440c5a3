/**
 * MailService — every mail the system sends goes through here.
 *
 *   send({ to, subject, text, html?, kind }, tx?): Promise<{ id: string }>
 *
 * Records an OutgoingMail row (status PENDING; inside `tx` when given, so the mail exists
 * only if the transaction commits) and delivers it over SMTP in the background: the row
 * becomes SENT, or FAILED with the error. Delivery never throws into the caller's request.
 * `kind` names what the mail is for ('password-reset', 'invitation', 'reminder.…'): the
 * administrators' log groups by it. Text is the Dutch plain-text body; `html` optional
 * (see mail-template.ts for both from one source).
 *
 * Links that carry a secret (`?token=…`: reset, invitation, address change) are kept out of
 * the database: the row holds a copy with the token replaced (what administrators see in the
 * log), the mail itself is delivered from memory with the link intact. Such a mail that this
 * process could not deliver (it stopped first) is marked FAILED; the person asks for a new link.
 */
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { MailTransport } from './mail-transport';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for, e.g. 'password-reset', 'invitation', 'email-change', 'reminder.line-up'. */
  kind: string;
}

/** What replaces a token in the stored copy of a mail. */
export const REDACTED_TOKEN = 'VERBORGEN';
const TOKEN_IN_LINK = /([?&](?:amp;)?token=)[^&"'<>\s]+/g;

/** The mail as stored and shown to administrators: every link token replaced. */
export function redactTokens(text: string): string {
  return text.replace(TOKEN_IN_LINK, `$1${REDACTED_TOKEN}`);
}

/** After a send inside a transaction the row is invisible until commit: try to claim it at these moments (ms). */
const CLAIM_RETRIES_MS = [0, 50, 200, 1_000, 3_000, 10_000, 30_000];
/** Rows left PENDING (an API that stopped mid-way) are picked up by a sweep this often and this old. */
const SWEEP_EVERY_MS = 60_000;
const SWEEP_AFTER_MS = 60_000;

@Injectable()
export class MailService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly running = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** The unredacted text and HTML of mails with a token, by row id, until they are delivered. */
  private readonly secrets = new Map<string, { text: string; html: string | null }>();
  private sweepTimer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly prisma: PrismaService,
    private readonly transport: MailTransport,
  ) {}

  /** Records the mail and delivers it in the background (after `tx` commits, when given). */
  async send(mail: MailMessage, tx?: Prisma.TransactionClient): Promise<{ id: string }> {
    const db = tx ?? this.prisma;
    const html = mail.html ?? null;
    const stored = { text: redactTokens(mail.text), html: html === null ? null : redactTokens(html) };
    const row = await db.outgoingMail.create({
      data: { to: mail.to.trim(), subject: mail.subject, ...stored, kind: mail.kind },
      select: { id: true },
    });
    if (stored.text !== mail.text || stored.html !== html) this.secrets.set(row.id, { text: mail.text, html });
    this.deliverSoon(row.id, tx ? CLAIM_RETRIES_MS : [0]);
    return row;
  }

  /**
   * Resolves when the deliveries under way have finished (tests, shutdown). A mail sent in a
   * transaction that has not committed yet is not under way until its row can be claimed.
   */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  onApplicationBootstrap(): void {
    this.sweepTimer = setInterval(() => this.sweep(), SWEEP_EVERY_MS);
    this.sweepTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweepTimer);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.running]);
    this.transport.close();
  }

  /** Claims the row (once committed) and delivers it; gives up silently if the row never appears (rolled back). */
  private deliverSoon(id: string, delays: number[]): void {
    if (this.stopped) return;
    if (!delays.length) {
      this.secrets.delete(id); // never committed
      return;
    }
    const [delay, ...rest] = delays;
    const attempt = () =>
      this.track(
        this.claim(id).then((claimed) => {
          if (claimed) return this.deliver(id);
          this.deliverSoon(id, rest);
        }),
      );
    if (delay === 0) return attempt();
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      attempt();
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  private track(work: Promise<void>): void {
    const done = work.catch((error) => this.logger.error(`Bezorgen mislukt: ${error instanceof Error ? error.message : error}`));
    this.running.add(done);
    void done.finally(() => this.running.delete(done));
  }

  /** One delivery per row: the first to move attempts from 0 to 1 sends it. */
  private async claim(id: string): Promise<boolean> {
    const { count } = await this.prisma.outgoingMail.updateMany({ where: { id, status: 'PENDING', attempts: 0 }, data: { attempts: { increment: 1 } } });
    return count === 1;
  }

  private async deliver(id: string): Promise<void> {
    const mail = await this.prisma.outgoingMail.findUniqueOrThrow({ where: { id } });
    const secret = this.secrets.get(id);
    this.secrets.delete(id);
    try {
      if (!secret && hasRedactedToken(mail)) {
        throw new Error('De link in deze mail is niet bewaard (de API stopte vóór het versturen); vraag een nieuwe aan.');
      }
      await this.transport.deliver({ to: mail.to, subject: mail.subject, text: secret?.text ?? mail.text, html: (secret ? secret.html : mail.html) ?? undefined });
      await this.prisma.outgoingMail.update({ where: { id }, data: { status: 'SENT', sentAt: new Date(), error: null } });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      this.logger.warn(`Mail ${id} (${mail.kind}) aan ${mail.to} niet bezorgd: ${message}`);
      await this.prisma.outgoingMail.update({ where: { id }, data: { status: 'FAILED', error: message } });
    }
  }

  /** Rows still PENDING a minute after they were made (the API stopped before sending them). */
  private sweep(): void {
    if (this.stopped) return;
    this.track(
      this.prisma.outgoingMail
        .findMany({ where: { status: 'PENDING', attempts: 0, createdAt: { lt: new Date(Date.now() - SWEEP_AFTER_MS) } }, select: { id: true }, take: 100 })
        .then((rows) => {
          for (const row of rows) this.deliverSoon(row.id, [0]);
        }),
    );
  }
}

function hasRedactedToken(mail: { text: string; html: string | null }): boolean {
  const marker = new RegExp(`[?&](?:amp;)?token=${REDACTED_TOKEN}`);
  return marker.test(mail.text) || (mail.html !== null && marker.test(mail.html));
}
