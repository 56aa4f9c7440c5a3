import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.types';
import { isoDate } from '../common/dto';
import { drillFacts } from '../backup/restore-drill.service';
import { todoItems, type BackupFact, type DrillFact, type RemarkFact } from '../domain/todo';
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
    const remarks = user.role === 'SECRETARY' ? [] : await this.openRemarks();
    return { role: user.role, items: todoItems(facts, { role: user.role, clubId: user.clubId, userId: user.id }, now, FEDERATION_ZONE, backup, drill, remarks).map(mapTodoItem) };
  }

  /** The team leaders' remarks nobody marked handled yet, of matches not archived (issue 47). */
  private async openRemarks(): Promise<RemarkFact[]> {
    const team = { select: { id: true, name: true, club: { select: { id: true, name: true } } } } as const;
    const rows = await this.prisma.matchRemark.findMany({
      where: { handledAt: null, match: { archivedAt: null } },
      include: { match: { select: { id: true, date: true, homeTeam: team, awayTeam: team } } },
      orderBy: { createdAt: 'asc' },
    });
    const clubs = new Map(rows.flatMap((r) => [r.match.homeTeam.club, r.match.awayTeam.club]).map((c) => [c.id, c]));
    const side = (t: { id: string; name: string; club: { id: string; name: string } }) => ({ teamId: t.id, teamName: t.name, club: t.club });
    return rows.map((r) => ({
      id: r.id,
      match: { id: r.match.id, date: isoDate(r.match.date), home: side(r.match.homeTeam), away: side(r.match.awayTeam) },
      club: r.clubId ? (clubs.get(r.clubId) ?? null) : null,
      authorId: r.authorId,
      text: r.text,
      createdAt: r.createdAt,
    }));
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
