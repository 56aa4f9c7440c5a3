import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.types';
import { drillFacts } from '../backup/restore-drill.service';
import { todoItems, type BackupFact, type DrillFact } from '../domain/todo';
import { PrismaService } from '../prisma/prisma.service';
import { Clock } from './clock';
import { loadFacts } from './reminder-facts';
import { mapTodoItem, TodoDto } from './reminder.dto';
import { FEDERATION_ZONE } from './zone';

@Injectable()
export class TodoService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
  ) {}

  /** A secretary's facts are loaded for their own club only; a secretary without a club has nothing to do. */
  async list(user: AuthUser): Promise<TodoDto> {
    if (user.role === 'SECRETARY' && !user.clubId) return { role: user.role, items: [] };
    const now = this.clock.now();
    const scope = user.role === 'SECRETARY' ? { clubId: user.clubId! } : { withScores: user.role === 'SUPERVISOR' };
    const facts = await loadFacts(this.prisma, now, FEDERATION_ZONE.today(now), scope);
    const backup = user.role === 'ADMIN' ? await this.backupFact() : null;
    const drill = user.role === 'ADMIN' ? await this.drillFact() : null;
    return { role: user.role, items: todoItems(facts, { role: user.role, clubId: user.clubId }, now, FEDERATION_ZONE, backup, drill).map(mapTodoItem) };
  }

  /** The backups' state for the warning (issue 25); null when none was ever attempted. */
  private async backupFact(): Promise<BackupFact | null> {
    const success = await this.prisma.backupRun.findFirst({ where: { status: 'SUCCEEDED' }, orderBy: { startedAt: 'desc' } });
    const failure = await this.prisma.backupRun.findFirst({
      where: { status: 'FAILED', ...(success ? { startedAt: { gt: success.startedAt } } : {}) },
      orderBy: { startedAt: 'desc' },
    });
    if (!success && !failure) return null;
    return { lastSuccessAt: success?.finishedAt ?? success?.startedAt ?? null, lastFailure: failure && { at: failure.finishedAt ?? failure.startedAt, error: failure.error } };
  }

  /** The last restore drill (issue 45 item 5); null when none ever ran. */
  private async drillFact(): Promise<DrillFact | null> {
    const { last, lastSuccessAt } = await drillFacts(this.prisma);
    return last && { last: { at: last.finishedAt ?? last.startedAt, failed: last.status === 'FAILED', error: last.error, file: last.file }, lastSuccessAt };
  }
}
