import { ApiProperty } from '@nestjs/swagger';
import { mailKindName } from '../domain/mail-kinds';

const MAIL_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;

export class OutgoingMailDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() to: string;
  @ApiProperty() subject: string;
  @ApiProperty() text: string;
  @ApiProperty({ description: "Waarvoor de mail is: 'password-reset', 'invitation', 'email-change', 'reminder.…'" }) kind: string;
  @ApiProperty({ description: 'Waarvoor de mail is, in het Nederlands (bijv. "Wedstrijd verplaatst")' }) kindName: string;
  @ApiProperty({ enum: MAIL_STATUSES, enumName: 'MailStatus', description: 'PENDING: nog niet verstuurd; SENT: afgeleverd bij de mailserver; FAILED: niet afgeleverd (zie error)' })
  status: (typeof MAIL_STATUSES)[number];
  @ApiProperty({ nullable: true, type: String }) error: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) sentAt: string | null;
}

export class CaughtMailDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() from: string;
  @ApiProperty() to: string;
  @ApiProperty() subject: string;
  @ApiProperty() text: string;
  @ApiProperty({ nullable: true, type: String }) html: string | null;
  @ApiProperty({ format: 'date-time' }) receivedAt: string;
}

export class MailSettingsDto {
  @ApiProperty({ enum: ['SMTP', 'CATCHER'], description: 'SMTP: naar de ingestelde mailserver; CATCHER: naar de lokale mail catcher (niets gaat echt de deur uit)' })
  delivery: 'SMTP' | 'CATCHER';
  @ApiProperty({ nullable: true, type: String, description: 'SMTP_HOST:SMTP_PORT, of null' }) smtpServer: string | null;
  @ApiProperty({ description: 'Afzender (MAIL_FROM)' }) from: string;
  @ApiProperty({ description: 'Adres van het dashboard in links (PUBLIC_URL)' }) publicUrl: string;
}

export function mapOutgoingMail(row: { id: string; to: string; subject: string; text: string; kind: string; status: OutgoingMailDto['status']; error: string | null; createdAt: Date; sentAt: Date | null }): OutgoingMailDto {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    kind: row.kind,
    kindName: mailKindName(row.kind),
    status: row.status,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export function mapCaughtMail(row: { id: string; from: string; to: string; subject: string; text: string; html: string | null; receivedAt: Date }): CaughtMailDto {
  return { id: row.id, from: row.from, to: row.to, subject: row.subject, text: row.text, html: row.html, receivedAt: row.receivedAt.toISOString() };
}
