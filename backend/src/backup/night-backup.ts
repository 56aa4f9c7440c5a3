import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { LiveEvents, type LiveEvent } from '../live/live-events';
import { PrismaService } from '../prisma/prisma.service';
import { BackupScheduler } from './backup-scheduler';

/**
 * A match night is off the server the same night (issue 45 item 4): when a match becomes final
 * (the writer's MATCH_CONFIRMED, heard by every API process over the live bus) and it was the last
 * match of its date still open, a backup and its copy are queued (BackupScheduler, coalesced to
 * one per half hour). Matches of the date that nobody started (no table code, no result) do not
 * hold the night back.
 */
@Injectable()
export class NightBackup implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Back-up');
  private unsubscribe?: () => void;

  constructor(
    private readonly prisma: PrismaService,
    private readonly live: LiveEvents,
    private readonly scheduler: BackupScheduler,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.live.subscribe((event) => {
      if (event.kind === 'MATCH_CONFIRMED') void this.afterFinal(event).catch((error: unknown) => this.logger.error(`Back-up na de speelavond niet aangevraagd: ${String(error)}`));
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  /** Whether the match's date has no started match left that is not final; if so, the backup is asked for. */
  async afterFinal(event: Pick<LiveEvent, 'matchId'>): Promise<boolean> {
    // Only a process that runs the planner asks (every process hears the event).
    if (!this.scheduler.running) return false;
    const [row] = await this.prisma.$queryRaw<{ open: bigint }[]>`
      SELECT count(*) AS open
        FROM matches m
       WHERE m.date = (SELECT date FROM matches WHERE id = ${event.matchId}::uuid)
         AND m."archivedAt" IS NULL
         AND m."finalAt" IS NULL
         AND (m.status <> 'SCHEDULED' OR EXISTS (SELECT 1 FROM table_codes t WHERE t."matchId" = m.id) OR EXISTS (SELECT 1 FROM match_sets s WHERE s."matchId" = m.id))`;
    if (Number(row?.open ?? 1) > 0) return false;
    await this.scheduler.requestAfterNight();
    return true;
  }
}
