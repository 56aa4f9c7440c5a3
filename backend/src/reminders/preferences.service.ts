import { Injectable } from '@nestjs/common';
import { REMINDER_KIND_ROLES } from '../domain/reminders';
import { PrismaService } from '../prisma/prisma.service';
import { mapPreferences, NotificationPreferencesDto, UpdateNotificationPreferencesDto } from './reminder.dto';

const RECENT = 20;

@Injectable()
export class PreferencesService {
  constructor(private readonly prisma: PrismaService) {}

  async get(userId: string): Promise<NotificationPreferencesDto> {
    const [user, recent] = await Promise.all([
      this.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { role: true, weeklyDigest: true, notificationsOff: true } }),
      this.prisma.notification.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], take: RECENT }),
    ]);
    return mapPreferences(user, recent);
  }

  async update(userId: string, body: UpdateNotificationPreferencesDto): Promise<NotificationPreferencesDto> {
    const user = await this.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { role: true } });
    // Kinds that cannot reach this role are simply not stored (the page never offers them).
    const off = body.notificationsOff.filter((kind) => REMINDER_KIND_ROLES[kind].includes(user.role)).sort();
    await this.prisma.user.update({ where: { id: userId }, data: { weeklyDigest: body.weeklyDigest, notificationsOff: off } });
    return this.get(userId);
  }
}
