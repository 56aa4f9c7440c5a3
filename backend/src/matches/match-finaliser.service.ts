import { Injectable, Logger } from '@nestjs/common';
import { AppError } from '../common/errors';
import { PrismaService } from '../prisma/prisma.service';
import { MatchWriterService } from './match-writer.service';

/** How many matches one run finalises at most (a busy match night has 90; the next run takes the rest). */
const BATCH = 500;

/**
 * Final by rule (RULES.md "Finality and authority at the match"): every match whose moment
 * came (the end of the correction window, the paper form's hours) becomes final through
 * the one writer (FINALISE: command log, audit, Regel 4 and the fines, the live event).
 * The scheduled job (pg-boss, reminders/reminder-scheduler.ts) calls it every minute and at
 * start, so a match due while the API was down is finalised when it is back; and at each
 * match's own moment, through a job the minute run plans for the moments coming soon
 * (`comingSoon`), so "wordt definitief om 05:06" is final at 05:06, not at the next minute's
 * run a minute or two later (issue 47). Never twice:
 * the match row is locked, the core refuses a final match, and the idempotency key is per match.
 */
@Injectable()
export class MatchFinaliserService {
  private readonly logger = new Logger('Definitief');

  constructor(
    private readonly prisma: PrismaService,
    private readonly writer: MatchWriterService,
  ) {}

  /** Finalises the matches due at `now`; answers the ids that became final in this run. */
  async finaliseDue(now: Date = new Date()): Promise<string[]> {
    const due = await this.prisma.match.findMany({
      where: { resultState: 'ENTERED', finalDueAt: { lte: now } },
      select: { id: true },
      orderBy: { finalDueAt: 'asc' },
      take: BATCH,
    });
    const finalised: string[] = [];
    for (const { id } of due) {
      try {
        await this.writer.apply(id, { kind: 'FINALISE' }, { actor: 'system:finalise', action: 'match.finalise', idempotencyKey: `finalise:${id}`, storeResponse: false });
        finalised.push(id);
      } catch (error) {
        // Final meanwhile, or changed so that it is not complete any more: nothing to do.
        if (error instanceof AppError) continue;
        this.logger.error(`Wedstrijd ${id} niet definitief gemaakt: ${error instanceof Error ? error.message : error}`);
      }
    }
    if (finalised.length) this.logger.log(`${finalised.length} wedstrijd(en) definitief.`);
    return finalised;
  }

  /** The matches that become final after `now` and within `horizonMs`, with their moment, soonest first. */
  async comingSoon(horizonMs: number, now: Date = new Date()): Promise<{ id: string; finalDueAt: Date }[]> {
    const rows = await this.prisma.match.findMany({
      where: { resultState: 'ENTERED', finalDueAt: { gt: now, lte: new Date(now.getTime() + horizonMs) } },
      select: { id: true, finalDueAt: true },
      orderBy: { finalDueAt: 'asc' },
      take: BATCH,
    });
    return rows.flatMap((r) => (r.finalDueAt ? [{ id: r.id, finalDueAt: r.finalDueAt }] : []));
  }
}
