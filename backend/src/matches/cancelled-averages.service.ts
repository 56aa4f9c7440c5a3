import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { formatDutchDate } from '../domain/dates';
import { isoDate } from '../common/dto';
import { Prisma } from '../generated/prisma/client';
import { LiveEvents } from '../live/live-events';
import { PrismaService } from '../prisma/prisma.service';
import { KeyedQueue } from './keyed-queue';
import { NotPlayedService } from './not-played.service';

/** The core's events after which a result another match averages (Regel 8) may differ. */
const RESULT_CHANGES = new Set(['MATCH_CONFIRMED', 'RESULT_CORRECTED', 'RECORDED_NOT_PLAYED', 'MATCH_REOPENED', 'MATCH_MOVED', 'SIDES_SWAPPED', 'FACTS_CHANGED', 'SET_DECIDED']);

/**
 * Regel 8 (RULES.md): a cancelled match is scored with each team's average over its matches
 * played before that date, so it follows those results when they change after the cancellation
 * was recorded. After a change this process committed (its own events: done once across API
 * processes), every cancelled match of the two teams is checked and, where an average moved,
 * scored anew (NotPlayedService.refreshAverages). Work after the commit: a failure is logged and
 * the next change of those results brings it up to date.
 */
@Injectable()
export class CancelledAveragesService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Regel8');
  private readonly queue = new KeyedQueue();
  private readonly running = new Set<Promise<unknown>>();
  private off?: () => void;

  constructor(
    private readonly events: LiveEvents,
    private readonly prisma: PrismaService,
    private readonly notPlayed: NotPlayedService,
  ) {}

  onModuleInit(): void {
    this.off = this.events.subscribeLocal((event) => {
      if (!RESULT_CHANGES.has(event.kind)) return;
      const work = this.queue.run(event.matchId, () => this.follow(event.matchId)).catch((error: unknown) => this.logger.error(`Gemiddelden (Regel 8) niet bijgewerkt na wedstrijd ${event.matchId}: ${String(error)}`));
      this.running.add(work);
      void work.finally(() => this.running.delete(work));
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.off?.();
    await Promise.all(this.running);
  }

  /** The cancelled matches of the changed match's teams, each scored anew when its averages moved. */
  async follow(matchId: string): Promise<void> {
    // One statement, usually finding nothing (the marker tells a statement count it is this background work).
    const cancelled = await this.prisma.$queryRaw<{ id: string }[]>(Prisma.sql`
      SELECT /* regel8-follow */ c.id::text AS id
        FROM matches m JOIN matches c ON c."homeTeamId" IN (m."homeTeamId", m."awayTeamId") OR c."awayTeamId" IN (m."homeTeamId", m."awayTeamId")
       WHERE m.id = ${matchId}::uuid AND c.id <> m.id AND c.status = 'CANCELLED' AND c."resultState" = 'CONFIRMED' AND c."archivedAt" IS NULL
       ORDER BY c.date`);
    if (!cancelled.length) return;
    const changed = await this.prisma.match.findUniqueOrThrow({ where: { id: matchId }, select: { date: true, homeTeam: { select: { name: true } }, awayTeam: { select: { name: true } } } });
    const because = `de uitslag van ${changed.homeTeam.name} – ${changed.awayTeam.name} (${formatDutchDate(isoDate(changed.date))}) veranderde`;
    for (const { id } of cancelled) await this.notPlayed.refreshAverages(id, because);
  }
}
