import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { drillFacts } from '../backup/restore-drill.service';
import { LiveService } from '../live/live.service';
import { LiveStreams } from '../live/live-streams';
import { MatchWriterService } from '../matches/match-writer.service';
import { PrismaService } from '../prisma/prisma.service';
import { JOBS_SCHEMA } from '../reminders/reminder-scheduler';

/**
 * Prometheus metrics (prom-client), one registry per application: requests by route and status
 * with their latency, the database pool, live streams, the job queue, backups and mails. What
 * lives in PostgreSQL is read when scraped (every API process reports the same queue and
 * backups; requests, pool and streams are its own).
 */
@Injectable()
export class MetricsService implements OnModuleInit {
  readonly registry = new Registry();
  private readonly requests = new Counter({ name: 'tsbn_http_requests_total', help: 'HTTP-verzoeken, per route en status', labelNames: ['method', 'route', 'status'] as const, registers: [this.registry] });
  private readonly latency = new Histogram({
    name: 'tsbn_http_request_duration_seconds',
    help: 'Duur van HTTP-verzoeken in seconden, per route en status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly prisma: PrismaService,
    private readonly moduleRef: ModuleRef,
  ) {
    collectDefaultMetrics({ register: this.registry, prefix: 'tsbn_' });
    const pool = () => this.prisma.pool;
    new Gauge({
      name: 'tsbn_db_pool_connections',
      help: 'Verbindingen van de databasepool van dit proces (in_use: bezig met een query, idle: vrij)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const p = pool();
        if (!p) return;
        this.set({ state: 'in_use' }, p.totalCount - p.idleCount);
        this.set({ state: 'idle' }, p.idleCount);
      },
    });
    new Gauge({
      name: 'tsbn_db_pool_waiting',
      help: 'Verzoeken die op een vrije databaseverbinding wachten',
      registers: [this.registry],
      collect() {
        this.set(pool()?.waitingCount ?? 0);
      },
    });
    // Parts of other modules (LiveStreams is not exported by LiveModule): looked up once the app is built, null before.
    const partOf = <T>(type: new (...args: never[]) => T) => (): T | null => {
      try {
        return this.moduleRef.get(type, { strict: false });
      } catch {
        return null;
      }
    };
    const streams = partOf(LiveStreams);
    const live = partOf(LiveService);
    const writer = partOf(MatchWriterService);
    // Counted by the live parts of this process, per kind (a match, or a division's round).
    const perKind = (name: string, help: string, read: () => { match: number; round: number } | undefined) =>
      new Counter({
        name,
        help,
        labelNames: ['kind'] as const,
        registers: [this.registry],
        collect() {
          const counts = read();
          if (!counts) return;
          this.reset();
          this.inc({ kind: 'match' }, counts.match);
          this.inc({ kind: 'round' }, counts.round);
        },
      });
    perKind(
      'tsbn_live_computations_total',
      'Hoe vaak dit proces een live-antwoord berekende (een wedstrijd of een speelronde): één keer per wijziging, hoeveel kijkers er ook zijn',
      () => live()?.computations,
    );
    perKind(
      'tsbn_live_messages_total',
      'Live-berichten (change) die dit proces stuurde, één per wedstrijd of speelronde hoeveel kijkers er ook zijn: tegenover tsbn_live_computations_total',
      () => streams()?.messages,
    );
    new Counter({
      name: 'tsbn_table_write_reads_total',
      help: 'Hoe een tafelinvoer van dit proces zijn wedstrijd las: kept (de rij die de vorige tafelinvoer achterliet, de wedstrijd onveranderd) of loaded (opnieuw geladen)',
      labelNames: ['read'] as const,
      registers: [this.registry],
      collect() {
        const counts = writer()?.keptRows();
        if (!counts) return;
        this.reset();
        this.inc({ read: 'kept' }, counts.used);
        this.inc({ read: 'loaded' }, counts.loaded);
      },
    });
    // Several API processes behind one address (API_PROCESSES): which one answered this scrape.
    new Gauge({
      name: 'tsbn_process_info',
      help: 'Het API-proces dat deze meting gaf (pid): bij meerdere API-processen komt elke meting van één ervan',
      labelNames: ['pid'] as const,
      registers: [this.registry],
    }).set({ pid: String(process.pid) }, 1);
    new Gauge({
      name: 'tsbn_live_streams_open',
      help: 'Open live-verbindingen (Server-Sent Events) van dit proces',
      registers: [this.registry],
      collect() {
        this.set(streams()?.openStreams ?? 0);
      },
    });
  }

  // Read from PostgreSQL before each scrape (refresh), the same in every API process.
  private readonly queueScraped = new Gauge({ name: 'tsbn_job_queue_scraped', help: 'Of de takenwachtrij gelezen kon worden (1) of niet (0: pg-boss nog niet gestart)', registers: [this.registry] });
  private readonly queueDepth = new Gauge({ name: 'tsbn_job_queue_depth', help: 'Wachtende taken per wachtrij (pg-boss)', labelNames: ['queue'] as const, registers: [this.registry] });
  private readonly queueAge = new Gauge({ name: 'tsbn_job_oldest_waiting_seconds', help: 'Hoe lang de oudste wachtende taak al wacht, per wachtrij', labelNames: ['queue'] as const, registers: [this.registry] });
  private readonly backupSuccess = new Gauge({ name: 'tsbn_backup_last_success_timestamp_seconds', help: 'Wanneer de laatste goede back-up klaar was (Unix-tijd; 0: nog nooit)', registers: [this.registry] });
  private readonly backupSize = new Gauge({ name: 'tsbn_backup_last_success_size_bytes', help: 'Grootte van de laatste goede back-up', registers: [this.registry] });
  private readonly backupFailure = new Gauge({ name: 'tsbn_backup_last_failure_timestamp_seconds', help: 'Wanneer de laatste back-up mislukte (0: nooit)', registers: [this.registry] });
  // Issue 45: a failure is said at once (not only by the age of the last good one), a hanging backup by its age.
  private readonly backupFailing = new Gauge({ name: 'tsbn_backup_last_attempt_failed', help: 'Of de laatste back-uppoging mislukte (1) of lukte (0)', registers: [this.registry] });
  private readonly backupRunning = new Gauge({ name: 'tsbn_backup_running_seconds', help: 'Hoe lang de back-up die nu loopt al bezig is (0: er loopt er geen)', registers: [this.registry] });
  // Issue 45 item 3: the copy off the server (restic).
  private readonly offsiteSuccess = new Gauge({ name: 'tsbn_backup_offsite_last_success_timestamp_seconds', help: 'Wanneer de laatste kopie buiten de server gemaakt is (Unix-tijd; 0: nog nooit of niet ingesteld)', registers: [this.registry] });
  private readonly offsiteFailing = new Gauge({ name: 'tsbn_backup_offsite_last_failed', help: 'Of de kopie buiten de server van de laatste goede back-up mislukte (1) of niet (0)', registers: [this.registry] });
  // Issue 45 item 5: the weekly restore drill.
  private readonly drillSuccess = new Gauge({ name: 'tsbn_restore_drill_last_success_timestamp_seconds', help: 'Wanneer de laatste geslaagde hersteltest klaar was (Unix-tijd; 0: nog nooit)', registers: [this.registry] });
  private readonly drillFailed = new Gauge({ name: 'tsbn_restore_drill_last_failed', help: 'Of de laatste hersteltest mislukte (1) of slaagde (0; ook 0 als er nog geen was)', registers: [this.registry] });
  private readonly mailsPending = new Gauge({
    name: 'tsbn_mails_pending',
    help: 'Mails die nog niet verstuurd zijn (PENDING) of opnieuw geprobeerd worden (FAILED)',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });

  private async refresh(): Promise<void> {
    const [facts, success, failure, running, mails, offsite, drills] = await Promise.all([
      this.queueFacts(),
      this.prisma.backupRun.findFirst({ where: { status: 'SUCCEEDED' }, orderBy: { startedAt: 'desc' } }),
      this.prisma.backupRun.findFirst({ where: { status: 'FAILED' }, orderBy: { startedAt: 'desc' } }),
      this.prisma.backupRun.findFirst({ where: { status: 'RUNNING' }, orderBy: { startedAt: 'asc' } }),
      this.prisma.outgoingMail.groupBy({ by: ['status'], where: { status: { in: ['PENDING', 'FAILED'] } }, _count: { _all: true } }),
      this.prisma.backupRun.findFirst({ where: { offsiteAt: { not: null } }, orderBy: { offsiteAt: 'desc' }, select: { offsiteAt: true } }),
      drillFacts(this.prisma),
    ]);
    this.queueDepth.reset();
    this.queueAge.reset();
    for (const row of facts ?? []) {
      this.queueDepth.set({ queue: row.name }, row.depth);
      this.queueAge.set({ queue: row.name }, row.oldestSeconds);
    }
    this.queueScraped.set(facts ? 1 : 0);
    this.backupSuccess.set(success?.finishedAt ? success.finishedAt.getTime() / 1000 : 0);
    this.backupSize.set(success?.sizeBytes ? Number(success.sizeBytes) : 0);
    this.backupFailure.set(failure?.finishedAt ? failure.finishedAt.getTime() / 1000 : 0);
    this.backupFailing.set(failure && (!success || failure.startedAt > success.startedAt) ? 1 : 0);
    this.backupRunning.set(running ? Math.max(0, (Date.now() - running.startedAt.getTime()) / 1000) : 0);
    this.offsiteSuccess.set(offsite?.offsiteAt ? offsite.offsiteAt.getTime() / 1000 : 0);
    this.offsiteFailing.set(success?.offsiteError ? 1 : 0);
    this.drillSuccess.set(drills.lastSuccessAt ? drills.lastSuccessAt.getTime() / 1000 : 0);
    this.drillFailed.set(drills.last?.status === 'FAILED' ? 1 : 0);
    this.mailsPending.set({ status: 'PENDING' }, 0);
    this.mailsPending.set({ status: 'FAILED' }, 0);
    for (const row of mails) this.mailsPending.set({ status: row.status }, row._count._all);
  }

  /** Counts every answer: Fastify's onResponse, with the route's pattern (never the raw URL). */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const route = request.routeOptions?.url ?? 'onbekend';
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      this.requests.inc(labels);
      this.latency.observe(labels, reply.elapsedTime / 1000);
      done();
    });
  }

  private async queueFacts(): Promise<{ name: string; depth: number; oldestSeconds: number }[] | null> {
    try {
      const rows = await this.prisma.$queryRawUnsafe<{ name: string; depth: number; oldest: number | null }[]>(
        `SELECT name, count(*)::int AS depth, extract(epoch FROM now() - min(created_on))::float8 AS oldest
           FROM ${JOBS_SCHEMA}.job WHERE state IN ('created', 'retry') AND start_after <= now() GROUP BY name ORDER BY name`,
      );
      return rows.map((r) => ({ name: r.name, depth: r.depth, oldestSeconds: Math.max(0, r.oldest ?? 0) }));
    } catch {
      return null; // no pgboss schema yet (jobs off)
    }
  }

  async metrics(): Promise<string> {
    await this.refresh();
    return this.registry.metrics();
  }
}
