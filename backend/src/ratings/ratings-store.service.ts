import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { matchKey, PlayMatch } from '../domain/ratings/play';
import { PlayerRating, rateMatches, RatingPoint } from '../domain/ratings/ratings';
import { NotFoundError } from '../common/errors';
import { LiveEvents } from '../live/live-events';
import { PrismaService } from '../prisma/prisma.service';
import { dateFingerprints, earliestChange, loadPlayMatches } from './ratings-data';

type Tx = Parameters<Parameters<PrismaService['$transaction']>[0]>[0];

/** One lock for every writer of the rating tables, in every API process. */
const RATING_LOCK = 240_024;
/** Matches per progress step of a recomputation. */
const CHUNK = 200;

export interface RatingJobView {
  id: string;
  status: 'RUNNING' | 'DONE' | 'FAILED';
  total: number;
  done: number;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/**
 * Keeps the stored ratings (player_ratings, rating_points, rating_state) equal to
 * rateMatches(all final matches). Two ways in:
 * - `refresh()`: compares a fingerprint per match date of the final matches with the one
 *   stored at the last rating; from the earliest date that differs (a match made final, a
 *   correction, a result no longer final) it rewinds: the ratings as they were before that
 *   date (rating_points) are the start, and every final match from that date on is rated
 *   again. A match made final tonight re-rates tonight's matches only (the order among
 *   equal-time matches is by id, so tonight's may come in any order); a correction of an old
 *   match re-rates everything after it, as if it had been right from the start.
 *   Every read of ratings calls it, so ratings are right whatever made a match final.
 * - the one hook: the match writer's after-commit event (LiveEvents, also sent when a match
 *   becomes final by rule) calls `refresh()` at once.
 * Writers take one advisory lock, so API processes never rate at the same time.
 */
@Injectable()
export class RatingsStoreService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Ratings');
  private unsubscribe?: () => void;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly prisma: PrismaService,
    private readonly live: LiveEvents,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.live.subscribe((event) => {
      // A result made final or corrected, or who played changed (after final only as a correction).
      if (/CONFIRM|FINAL|CORRECT|FACTS_CHANGED/.test(event.kind)) this.refreshSoon();
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  /** Refreshes in the background (after a match became final); errors are logged, a read refreshes again. */
  private refreshSoon(): void {
    void this.refresh().catch((error: unknown) => this.logger.error(`Ratings bijwerken mislukt: ${String(error)}`));
  }

  /** Brings the stored ratings up to date; concurrent callers in this process share one run. */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.refreshOnce()
      .then(async () => {
        while (this.again) {
          this.again = false;
          await this.refreshOnce();
        }
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async state(db: Pick<PrismaService, 'ratingState'>) {
    return (await db.ratingState.findUnique({ where: { id: 1 } })) ?? { lastKey: '', lastSeq: 0, fingerprint: '' };
  }

  private static parse(fingerprint: string): Record<string, string> {
    return fingerprint.startsWith('{') ? (JSON.parse(fingerprint) as Record<string, string>) : {};
  }

  private async refreshOnce(): Promise<void> {
    const state = await this.state(this.prisma);
    const fingerprints = await dateFingerprints(this.prisma);
    const from = earliestChange(RatingsStoreService.parse(state.fingerprint), fingerprints);
    if (from === null) return;
    await this.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${RATING_LOCK})`;
        const now = await this.state(tx);
        if (now.fingerprint !== state.fingerprint) {
          // Another process rated meanwhile: start again from what it stored.
          const current = await dateFingerprints(tx);
          const since = earliestChange(RatingsStoreService.parse(now.fingerprint), current);
          if (since !== null) await this.rewind(tx, since, current, now.lastSeq);
          return;
        }
        await this.rewind(tx, from, fingerprints, now.lastSeq);
      },
      { timeout: 120_000 },
    );
  }

  /**
   * Rates every final match from `from` (a date) on again, starting from the ratings before
   * that date. Points are numbered in the rated order (date first), so the points from the
   * date on are those after the place before it: one scan finds them, the rest goes by the
   * (memberId, seq) key.
   */
  private async rewind(tx: Tx, from: string, fingerprints: Record<string, string>, lastSeq: number): Promise<void> {
    const matches = await loadPlayMatches(tx, { fromDate: from });
    const players = [...new Set(matches.flatMap((m) => m.seats.flatMap((s) => [...s.homePlayers, ...s.awayPlayers])))];
    const later = await tx.$queryRaw<{ memberId: string; seq: number }[]>`
      SELECT "memberId", min(seq)::int AS seq FROM rating_points WHERE "date" >= ${from}::date GROUP BY "memberId"`;
    const startSeq = later.length ? Math.min(...later.map((r) => r.seq)) - 1 : lastSeq;
    const laterIds = later.map((r) => r.memberId);
    const members = [...new Set([...laterIds, ...players])];
    const before = await tx.$queryRaw<{ memberId: string; mu: number; sigma: number; sets: number }[]>`
      SELECT DISTINCT ON ("memberId") "memberId", mu, sigma, sets FROM rating_points
      WHERE "memberId" = ANY(${members}::uuid[]) AND seq <= ${startSeq} ORDER BY "memberId", seq DESC`;
    const run = rateMatches(matches, new Map(before.map((r) => [r.memberId, { mu: r.mu, sigma: r.sigma, sets: r.sets }])), startSeq);
    if (laterIds.length) await tx.$executeRaw`DELETE FROM rating_points WHERE "memberId" = ANY(${laterIds}::uuid[]) AND seq > ${startSeq}`;
    const gone = members.filter((id) => !run.ratings.has(id));
    if (gone.length) await tx.$executeRaw`DELETE FROM player_ratings WHERE "memberId" = ANY(${gone}::uuid[])`;
    await this.store(tx, run.ratings, run.history, members);
    await this.saveState(tx, matches, startSeq + run.order.length, fingerprints);
  }

  /**
   * Rates every final match from scratch and replaces the stored ratings. `progress` is told
   * how many matches are rated of how many (the administrator's job).
   */
  async recompute(progress?: (done: number, total: number) => Promise<void>): Promise<void> {
    // First the fingerprints, then the matches: a match made final in between is rated again at the next refresh.
    const fingerprints = await dateFingerprints(this.prisma);
    const matches = await loadPlayMatches(this.prisma, { all: true });
    const sorted = [...matches].sort((a, b) => (matchKey(a) < matchKey(b) ? -1 : 1));
    let ratings = new Map<string, PlayerRating>();
    const history: RatingPoint[] = [];
    let seq = 0;
    for (let i = 0; i < sorted.length; i += CHUNK) {
      const run = rateMatches(sorted.slice(i, i + CHUNK), ratings, seq);
      ratings = run.ratings;
      history.push(...run.history);
      seq += run.order.length;
      await progress?.(Math.min(i + CHUNK, sorted.length), sorted.length);
    }
    await this.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${RATING_LOCK})`;
        await tx.$executeRaw`DELETE FROM rating_points`;
        await tx.$executeRaw`DELETE FROM player_ratings`;
        await this.store(tx, ratings, history, [...ratings.keys()]);
        await this.saveState(tx, sorted, seq, fingerprints);
      },
      { timeout: 120_000 },
    );
  }

  private async store(tx: Tx, ratings: ReadonlyMap<string, PlayerRating>, history: readonly RatingPoint[], memberIds: readonly string[]): Promise<void> {
    const ids = memberIds.filter((id) => ratings.has(id));
    if (ids.length) {
      await tx.$executeRaw`
        INSERT INTO player_ratings ("memberId", mu, sigma, sets, "updatedAt")
        SELECT * , now() FROM unnest(${ids}::uuid[], ${ids.map((id) => ratings.get(id)!.mu)}::float8[], ${ids.map((id) => ratings.get(id)!.sigma)}::float8[], ${ids.map((id) => ratings.get(id)!.sets)}::int[])
        ON CONFLICT ("memberId") DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, sets = excluded.sets, "updatedAt" = now()`;
    }
    for (let i = 0; i < history.length; i += 20_000) {
      const part = history.slice(i, i + 20_000);
      await tx.$executeRaw`
        INSERT INTO rating_points ("memberId", seq, "matchId", "date", mu, sigma, sets)
        SELECT * FROM unnest(${part.map((p) => p.memberId)}::uuid[], ${part.map((p) => p.seq)}::int[], ${part.map((p) => p.matchId)}::uuid[],
          ${part.map((p) => p.date)}::date[], ${part.map((p) => p.mu)}::float8[], ${part.map((p) => p.sigma)}::float8[], ${part.map((p) => p.sets)}::int[])`;
    }
  }

  private async saveState(tx: Tx, rated: readonly PlayMatch[], lastSeq: number, fingerprints: Record<string, string>): Promise<void> {
    const lastKey = rated.reduce((max, m) => (matchKey(m) > max ? matchKey(m) : max), '');
    const fingerprint = JSON.stringify(fingerprints);
    await tx.ratingState.upsert({ where: { id: 1 }, create: { id: 1, lastKey, lastSeq, fingerprint }, update: { lastKey, lastSeq, fingerprint } });
  }

  /** Starts a recomputation as a job (state in PostgreSQL: any API process answers its progress). */
  async startJob(requestedById: string): Promise<RatingJobView> {
    const job = await this.prisma.ratingJob.create({ data: { requestedById } });
    void this.recompute(async (done, total) => {
      await this.prisma.ratingJob.update({ where: { id: job.id }, data: { done, total } });
    })
      .then(() => this.prisma.ratingJob.update({ where: { id: job.id }, data: { status: 'DONE', finishedAt: new Date() } }))
      .catch(async (error: unknown) => {
        this.logger.error(`Herberekening mislukt: ${String(error)}`);
        await this.prisma.ratingJob.update({ where: { id: job.id }, data: { status: 'FAILED', error: 'De herberekening is mislukt; probeer het opnieuw.', finishedAt: new Date() } }).catch(() => undefined);
      });
    return job;
  }

  async job(id: string): Promise<RatingJobView> {
    const job = await this.prisma.ratingJob.findUnique({ where: { id } });
    if (!job) throw new NotFoundError('Herberekening');
    return job;
  }
}
