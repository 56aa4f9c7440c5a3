import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Client, type Notification } from 'pg';
import { databaseOutage, isDatabaseUnavailable } from '../prisma/database-outage';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

/** Something a spectator's live page should show: a set entered, signed or decided, a match confirmed. */
export interface LiveEvent {
  matchId: string;
  divisionId: string;
  round: number;
  /** e.g. SET_SIGNED, SET_DECIDED, MATCH_CONFIRMED (the core's event kinds). */
  kind: string;
  at: Date;
}

/** The PostgreSQL channel every API process LISTENs on. */
export const LIVE_CHANNEL = 'tsbn_live';
const EVENTS_PER_NOTIFY = 30;
/** The listening connection's application_name (pg_stat_activity). */
export const LISTENER_NAME = 'tsbn-live';

/** What goes over NOTIFY: ids, kind, round, time and the sending process; never scores. */
interface WireEvent {
  m: string;
  d: string;
  r: number;
  k: string;
  t: string;
}
interface WireMessage {
  /** The sending process (its LiveEvents.origin): a process skips its own messages. */
  o: string;
  e: WireEvent[];
}

/** Reconnecting after a lost LISTEN connection: 0.5 s, doubling, at most 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(30_000, 500 * 2 ** Math.min(attempt, 10));
}

/**
 * The bus between the match writer (after its transaction commits) and the live pages'
 * Server-Sent Events, across API processes:
 *
 * - `emit` gives the event to this process's subscribers at once, and sends it (ids, kind,
 *   round, time; no scores) with `pg_notify` to the others; the events of one tick (one
 *   command's) go in one notification. The writer emits after its commit, so nothing is
 *   sent from inside a scoring transaction.
 * - One dedicated `pg` connection per process LISTENs and hands the other processes' events
 *   to the local subscribers (its own are skipped: they were delivered at once).
 * - When that connection is lost it reconnects with a backoff, and then tells `onResync`
 *   listeners that events may have been missed: the live streams ask every viewer to re-read
 *   the stored state.
 */
@Injectable()
export class LiveEvents implements OnModuleInit, OnModuleDestroy {
  /** This process's id in the notifications. */
  readonly origin = randomUUID();
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly logger = new Logger('LiveEvents');
  private outbox: LiveEvent[] = [];
  private listener?: Client;
  private reconnectTimer?: NodeJS.Timeout;
  private attempt = 0;
  private stopped = false;
  /** A connection was lost (or never made): the next one must tell the streams to re-read. */
  private hadLoss = false;

  constructor(private readonly prisma: PrismaService) {}

  async onModuleInit(): Promise<void> {
    await this.connect();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Whether this process hears the others now (for the tests and health). */
  get listening(): boolean {
    return this.listener !== undefined;
  }

  emit(event: LiveEvent): void {
    this.emitter.emit('event', event);
    this.emitter.emit('local', event);
    if (this.outbox.push(event) === 1) queueMicrotask(() => this.publish());
  }

  /** Calls the listener for every event (of every process) until the returned function is called. */
  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  /**
   * Calls the listener for the events of this process only (the writes it committed): work that
   * follows a change and must be done once across all API processes (the process that made the
   * change does it).
   */
  subscribeLocal(listener: (event: LiveEvent) => void): () => void {
    this.emitter.on('local', listener);
    return () => this.emitter.off('local', listener);
  }

  /** Calls the listener after a lost connection to the bus came back: events may have been missed. */
  onResync(listener: () => void): () => void {
    this.emitter.on('resync', listener);
    return () => this.emitter.off('resync', listener);
  }

  private publish(): void {
    const events = this.outbox;
    this.outbox = [];
    // A NOTIFY payload must stay under 8000 bytes: at most EVENTS_PER_NOTIFY (~150 bytes each)
    // per message, all sent by one statement, so they arrive in this order.
    const payloads: string[] = [];
    for (let i = 0; i < events.length; i += EVENTS_PER_NOTIFY) {
      const message: WireMessage = {
        o: this.origin,
        e: events.slice(i, i + EVENTS_PER_NOTIFY).map((e) => ({ m: e.matchId, d: e.divisionId, r: e.round, k: e.kind, t: e.at.toISOString() })),
      };
      payloads.push(JSON.stringify(message));
    }
    // Off the writer's path: a lost notification costs the other processes' viewers one
    // change message (their next change or a reconnect brings them up to date).
    this.prisma.direct
      .$executeRaw(Prisma.sql`SELECT pg_notify(${LIVE_CHANNEL}, x.payload) FROM unnest(${payloads}::text[]) WITH ORDINALITY AS x(payload, n) ORDER BY x.n`)
      .catch((error: unknown) => this.problem(error));
  }

  private receive(notification: Notification): void {
    if (notification.channel !== LIVE_CHANNEL || !notification.payload) return;
    let message: WireMessage;
    try {
      message = JSON.parse(notification.payload) as WireMessage;
    } catch {
      return;
    }
    if (message.o === this.origin || !Array.isArray(message.e)) return;
    for (const e of message.e) {
      this.emitter.emit('event', { matchId: e.m, divisionId: e.d, round: e.r, kind: e.k, at: new Date(e.t) } satisfies LiveEvent);
    }
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: process.env.DATABASE_URL, keepAlive: true, application_name: LISTENER_NAME });
    let lost = false;
    // A connection that was cut is only reconnected (quietly: the database may well be up);
    // one that cannot be made is reported (an outage is logged once, by databaseOutage).
    const onLost = (error?: unknown, report = false) => {
      if (lost) return;
      lost = true;
      this.hadLoss = true;
      if (report && error) this.problem(error);
      if (this.listener === client) this.listener = undefined;
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (n) => this.receive(n));
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      onLost(error, true);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    this.attempt = 0;
    if (this.hadLoss) this.emitter.emit('resync');
    this.hadLoss = false;
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = reconnectDelayMs(this.attempt++);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  /** A lost database is the outage log's (one line per outage); anything else is ours. */
  private problem(error: unknown): void {
    if (this.stopped) return;
    if (isDatabaseUnavailable(error)) databaseOutage.failed(error);
    else this.logger.warn(`Live-bus: ${error instanceof Error ? error.message : String(error)}`);
  }
}
