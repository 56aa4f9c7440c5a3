import { Injectable, Logger } from '@nestjs/common';
import { dueReminders, digestMail, reminderMail, type ReminderMailContent } from '../domain/reminders';
import { publicLink } from '../mail/mail-config';
import { MailService } from '../mail/mail.service';
import { renderMail } from '../mail/mail-template';
import { PrismaService } from '../prisma/prisma.service';
import { Clock } from './clock';
import { loadFacts, loadRecipients } from './reminder-facts';
import { FEDERATION_ZONE } from './zone';

/** At most this many mails per transaction; the next scan takes the rest. */
const BATCH = 200;

export interface ScanResult {
  /** Reminders due now (also the ones stored before). */
  due: number;
  /** New Notification rows. */
  created: number;
  /** Mails sent for single reminders. */
  mailed: number;
}

/**
 * The reminder scan and the weekly summary. Both are safe to run at any moment, twice at
 * once, or again after a restart: a reminder is one Notification row per dedup key (INSERT …
 * ON CONFLICT DO NOTHING), and a row is mailed in the transaction that marks it mailed, taken
 * with FOR UPDATE SKIP LOCKED, so a second worker never takes the same row.
 */
@Injectable()
export class RemindersService {
  private readonly logger = new Logger('Herinneringen');

  constructor(
    private readonly prisma: PrismaService,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  /** Stores every reminder due now and mails the ones not yet mailed (weekly-summary users wait for Monday). */
  async scan(): Promise<ScanResult> {
    const now = this.clock.now();
    const [users, facts] = await Promise.all([loadRecipients(this.prisma), loadFacts(this.prisma, now, FEDERATION_ZONE.today(now))]);
    const due = dueReminders({ users, ...facts }, now, FEDERATION_ZONE);
    const { count } = due.length
      ? await this.prisma.notification.createMany({
          data: due.map((r) => ({ userId: r.userId, kind: r.kind, dedupKey: r.dedupKey, subject: r.subject, text: r.text, link: r.link, createdAt: now })),
          skipDuplicates: true,
        })
      : { count: 0 };
    const mailed = await this.mailPending();
    if (count || mailed) this.logger.log(`${count} nieuwe herinnering(en), ${mailed} mail(s) verstuurd.`);
    return { due: due.length, created: count, mailed };
  }

  /** One mail per stored reminder not mailed yet, for users who want them one by one. */
  async mailPending(): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await this.prisma.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<{ id: string }[]>`
          SELECT n.id FROM notifications n JOIN users u ON u.id = n."userId"
          WHERE n."mailedAt" IS NULL AND n."digestedAt" IS NULL
            AND u."archivedAt" IS NULL AND NOT u."weeklyDigest" AND NOT (n.kind = ANY(u."notificationsOff"))
          ORDER BY n."createdAt", n.id
          LIMIT ${BATCH}
          FOR UPDATE OF n SKIP LOCKED`;
        if (rows.length === 0) return 0;
        const notifications = await tx.notification.findMany({ where: { id: { in: rows.map((r) => r.id) } }, include: { user: { select: { email: true, name: true } } } });
        for (const n of notifications) {
          await this.mail.send({ to: n.user.email, kind: `reminder.${n.kind}`, ...this.render(n.user.name, reminderMail(n, publicLink)) }, tx);
        }
        await tx.notification.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { mailedAt: this.clock.now() } });
        return rows.length;
      });
      total += sent;
      if (sent < BATCH) return total;
    }
  }

  /** The weekly summary: one mail per weekly-summary user with every reminder not sent yet. */
  async sendDigests(): Promise<number> {
    const users = await this.prisma.user.findMany({ where: { weeklyDigest: true, archivedAt: null, notifications: { some: { mailedAt: null, digestedAt: null } } }, select: { id: true } });
    let sent = 0;
    for (const { id } of users) {
      sent += await this.prisma.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<{ id: string }[]>`
          SELECT n.id FROM notifications n JOIN users u ON u.id = n."userId"
          WHERE n."userId" = ${id}::uuid AND n."mailedAt" IS NULL AND n."digestedAt" IS NULL
            AND u."weeklyDigest" AND NOT (n.kind = ANY(u."notificationsOff"))
          FOR UPDATE OF n SKIP LOCKED`;
        if (rows.length === 0) return 0;
        const notifications = await tx.notification.findMany({ where: { id: { in: rows.map((r) => r.id) } }, include: { user: { select: { email: true, name: true } } } });
        const user = notifications[0].user;
        await this.mail.send({ to: user.email, kind: 'reminder.weekly-digest', ...this.render(user.name, digestMail(notifications, publicLink)) }, tx);
        await tx.notification.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { digestedAt: this.clock.now() } });
        return 1;
      });
    }
    if (sent) this.logger.log(`${sent} weekoverzicht(en) verstuurd.`);
    return sent;
  }

  private render(name: string, content: ReminderMailContent): { subject: string; text: string; html: string } {
    return { subject: content.subject, ...renderMail({ greeting: `Beste ${name},`, paragraphs: content.paragraphs, action: content.action, after: content.after }) };
  }
}
