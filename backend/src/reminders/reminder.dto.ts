import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsIn } from 'class-validator';
import { REMINDER_KIND_LABELS, REMINDER_KIND_ROLES, REMINDER_KINDS, type ReminderKind } from '../domain/reminders';
import { TODO_KINDS, type TodoItem, type TodoKind } from '../domain/todo';
import type { Role } from '../generated/prisma/enums';

// ─────────────────────────── preferences ───────────────────────────

export class UpdateNotificationPreferencesDto {
  @ApiProperty({ description: 'Eén weekoverzicht (maandag 08:00) in plaats van een mail per herinnering' }) @IsBoolean() weeklyDigest: boolean;
  @ApiProperty({ enum: REMINDER_KINDS, enumName: 'ReminderKind', isArray: true, description: 'Soorten herinneringen die u niet wilt krijgen' })
  @IsArray()
  @ArrayMaxSize(REMINDER_KINDS.length)
  @ArrayUnique()
  @IsIn(REMINDER_KINDS, { each: true })
  notificationsOff: ReminderKind[];
}

export class ReminderKindDto {
  @ApiProperty({ enum: REMINDER_KINDS, enumName: 'ReminderKind' }) kind: ReminderKind;
  @ApiProperty({ description: 'Wat de herinnering is, in het Nederlands' }) label: string;
  @ApiProperty({ description: 'Of u deze soort krijgt' }) enabled: boolean;
}

export class SentNotificationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: REMINDER_KINDS, enumName: 'ReminderKind' }) kind: string;
  @ApiProperty() subject: string;
  @ApiProperty() text: string;
  @ApiProperty({ nullable: true, type: String, description: 'Pad in het dashboard waar het gedaan wordt' }) link: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Als eigen mail verstuurd' }) mailedAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Opgenomen in een weekoverzicht' }) digestedAt: string | null;
}

export class NotificationPreferencesDto {
  @ApiProperty() weeklyDigest: boolean;
  @ApiProperty({ type: [ReminderKindDto], description: 'De soorten herinneringen die bij uw rol horen' }) kinds: ReminderKindDto[];
  @ApiProperty({ type: [SentNotificationDto], description: 'Uw laatste herinneringen, nieuwste eerst' }) recent: SentNotificationDto[];
}

export function mapPreferences(
  user: { role: Role; weeklyDigest: boolean; notificationsOff: string[] },
  recent: { id: string; kind: string; subject: string; text: string; link: string | null; createdAt: Date; mailedAt: Date | null; digestedAt: Date | null }[],
): NotificationPreferencesDto {
  return {
    weeklyDigest: user.weeklyDigest,
    kinds: REMINDER_KINDS.filter((kind) => REMINDER_KIND_ROLES[kind].includes(user.role)).map((kind) => ({ kind, label: REMINDER_KIND_LABELS[kind], enabled: !user.notificationsOff.includes(kind) })),
    recent: recent.map((n) => ({
      id: n.id,
      kind: n.kind,
      subject: n.subject,
      text: n.text,
      link: n.link,
      createdAt: n.createdAt.toISOString(),
      mailedAt: n.mailedAt?.toISOString() ?? null,
      digestedAt: n.digestedAt?.toISOString() ?? null,
    })),
  };
}

// ─────────────────────────── to-do ───────────────────────────

export class TodoItemDto {
  @ApiProperty({ enum: TODO_KINDS, enumName: 'TodoKind' }) kind: TodoKind;
  @ApiProperty() title: string;
  @ApiProperty() detail: string;
  @ApiProperty({ description: 'Pad in het dashboard waar het gedaan wordt' }) link: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) clubId: string | null;
  @ApiProperty({ nullable: true, type: String }) clubName: string | null;
  @ApiProperty({ format: 'date', nullable: true, type: String, description: 'De termijn, wedstrijddag of vervaldatum' }) date: string | null;
  @ApiProperty({ description: 'Al te laat: termijn verstreken, over de betalingstermijn, betwist' }) urgent: boolean;
  @ApiProperty({ description: 'Ter informatie: hier hoeft deze gebruiker niets te doen (een boetevoorstel wacht op de bond)' }) info: boolean;
}

export class TodoDto {
  @ApiProperty({ enum: ['ADMIN', 'SECRETARY', 'SUPERVISOR'], enumName: 'Role' }) role: Role;
  @ApiProperty({ type: [TodoItemDto], description: 'Wat te laat is eerst' }) items: TodoItemDto[];
}

export function mapTodoItem(item: TodoItem): TodoItemDto {
  return { kind: item.kind, title: item.title, detail: item.detail, link: item.link, clubId: item.club?.id ?? null, clubName: item.club?.name ?? null, date: item.date, urgent: item.urgent, info: item.info ?? false };
}
