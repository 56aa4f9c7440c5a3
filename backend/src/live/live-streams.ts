/**
 * Server-Sent Events for the live pages. One subscription to the in-process bus fans out to
 * every open stream of a topic (a match, or a division's round: a match night). Bursts are
 * coalesced: the events of one window of COALESCE_MS, the same window for every topic, become
 * one message per stream, so six tables signing at once make one message; the matches that
 * changed in a window are computed at its end in one read, so a match's message and its
 * round's share that computation. The message carries the version of the topic's live answer
 * (the ETag of GET …/live), and with `?answer=1` the answer itself: computed once per change
 * in this process (LiveService's cache), encoded at most twice (with and without the answer),
 * and written to every stream of the topic, so 300 spectators cost one computation. A page
 * re-reads only a version it does not show; an app that asked for the answer reads nothing,
 * and its `ready` carries the current answer, so it is up to date when it (re)connects. A topic's messages are written
 * in order (one computation may take longer than the next). A comment line every HEARTBEAT_MS keeps
 * proxies (the dashboard's rewrite proxy cuts a connection idle for 30 s) and browsers from
 * closing a quiet stream, and finds the dead ones. The number of streams is capped in total
 * and per client address over every API process: each open stream is a row of `live_streams`
 * (its process, client and topic), admitted under its client's advisory lock when the counts allow it;
 * its process refreshes the rows' heartbeat every HEARTBEAT_MS, and rows not refreshed for
 * STALE_AFTER_S (a process that died) are not counted. Beyond the caps the client gets 429
 * and falls back to reloading. When the bus (LiveEvents) lost its connection and got it back,
 * every open stream gets a change message (kind RESYNC) with its answer read again from the
 * stored state. Every API process computes the answers of its own streams' topics: the bus
 * carries ids only.
 */
import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { RetryLaterError } from '../common/errors';
import { PrismaService } from '../prisma/prisma.service';
import { LiveEvent, LiveEvents } from './live-events';
import { LiveAnswer, LiveService, matchTopic, QUIET_KINDS, roundTopic } from './live.service';

export const HEARTBEAT_MS = 15_000;
export const COALESCE_MS = 250;
/** A browser reconnects after this long when a stream breaks (the SSE `retry:` field). */
const RETRY_MS = 5_000;
/**
 * A stream with this much still unsent is behind (a slow phone): it gets no new message until
 * it has caught up, and then only the newest (each carries the newest version, or answer,
 * so nothing is lost but the steps between): a slow reader falls back to fewer messages, as it read less
 * often when it had to read. The text of a message is one Buffer shared by every stream it is
 * written to, so a waiting stream holds no copy of its own.
 */
const BEHIND_BYTES = 256 * 1024;
/** A stream whose client read nothing for this much is closed (a spectator's phone went to sleep). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** … or that stayed behind this long. */
const BEHIND_MAX_MS = 2 * HEARTBEAT_MS;
/** A stream row whose heartbeat is older than this is not counted (its process stopped). */
export const STALE_AFTER_S = 60;
/** … and deleted when older than this. */
const DELETE_AFTER_S = 600;
/** The advisory lock (pg_advisory_xact_lock, with the client's hash as its second key) under which a stream is counted and admitted. */
const ADMIT_LOCK = 220_004;


export interface StreamLimits {
  total: number;
  /** Per client address: a venue's Wi-Fi puts many phones behind one address. */
  perClient: number;
}

interface Stream {
  id: string;
  raw: ServerResponse;
  client: string;
  topic: string;
  /** The client asked for the whole answer in each message (`?answer=1`); otherwise only its version (a page re-reads itself when the version is new). */
  withAnswer: boolean;
  /** Behind since (ms), and the newest message it is owed once it has caught up. */
  behind?: { since: number; owed: Buffer };
}

/**
 * What a stream's `change` message carries: which matches changed and how, and (when it could
 * be read) the topic's live answer and its version, as GET …/live answers them.
 */
export interface ChangeMessage {
  matchIds: string[];
  kinds: string[];
  at: string;
  version?: string;
  /** The live answer (LiveMatchDto or LiveRoundDto), as its JSON text is spliced in. */
  live?: unknown;
}

/**
 * The refusal per cap (LiveStreams.admit): one address (a club room's Wi-Fi, say) at its own cap
 * is told so, as the others still get streams; the cap on all streams says the match is busy.
 */
const STREAMS_FULL: Record<'client' | 'total', (limits: StreamLimits) => string> = {
  client: ({ perClient }) => `Vanaf dit netwerk staan al ${perClient} live-verbindingen open. Sluit live-pagina's die niet meer bekeken worden; deze pagina ververst zichzelf elke 30 seconden.`,
  total: () => 'Er kijken nu te veel mensen live mee. De pagina ververst zichzelf elke 30 seconden.',
};

/**
 * One SSE message, its data a JSON object (`fields`) with the answer's version added, and its
 * JSON text when `withAnswer`; encoded once for all the streams that asked for the same.
 */
function message(event: string, fields: object, answer: LiveAnswer | null, withAnswer: boolean): Buffer {
  const head = JSON.stringify(fields);
  const extra = answer ? `"version":${JSON.stringify(answer.version)}${withAnswer ? `,"live":${answer.json}` : ''}` : '';
  const data = extra ? `${head.length > 2 ? `${head.slice(0, -1)},` : '{'}${extra}}` : head;
  return Buffer.from(`event: ${event}\ndata: ${data}\n\n`);
}

@Injectable()
export class LiveStreams implements OnModuleInit, OnModuleDestroy {
  limits: StreamLimits = { total: 1_000, perClient: 100 };
  private readonly topics = new Map<string, Set<Stream>>();
  private readonly perClient = new Map<string, number>();
  /** The events of the current window, per topic, and the timer that ends it. */
  private readonly pending = new Map<string, LiveEvent[]>();
  private window?: NodeJS.Timeout;
  /** Per topic, the last message being computed or written: the next one waits for it. */
  private readonly sending = new Map<string, Promise<void>>();
  private count = 0;
  /** Change messages this process sent, one per topic whatever the number of its streams (the metrics report it). */
  readonly messages = { match: 0, round: 0 };
  private heartbeat?: NodeJS.Timeout;
  private unsubscribe: (() => void)[] = [];

  constructor(
    private readonly events: LiveEvents,
    private readonly prisma: PrismaService,
    private readonly live: LiveService,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = [
      this.events.subscribe((event) => {
        if (QUIET_KINDS.has(event.kind)) return;
        this.queue(matchTopic(event.matchId), event);
        this.queue(roundTopic(event.divisionId, event.round), event);
      }),
      this.events.onResync(() => this.resync()),
    ];
    this.heartbeat = setInterval(() => this.ping(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Ends every stream, so the server can close (Ctrl-C, the tests' app.close()), and drops this process's rows. */
  async onModuleDestroy(): Promise<void> {
    for (const off of this.unsubscribe) off();
    clearInterval(this.heartbeat);
    clearTimeout(this.window);
    for (const streams of this.topics.values()) for (const stream of streams) stream.raw.end();
    this.topics.clear();
    await this.prisma.$executeRaw`DELETE FROM live_streams WHERE "processId" = ${this.events.origin}`.catch(() => undefined);
  }

  /** Open streams (for the tests). */
  get openStreams(): number {
    return this.count;
  }

  /**
   * Takes over the reply and keeps it open as an event stream of `topic` (matchTopic,
   * roundTopic). Throws (before anything is written) when its match or division does not
   * exist (404), or when the caps are reached: counted over every API process.
   */
  async open(request: FastifyRequest, reply: FastifyReply, topic: string, withAnswer = false): Promise<void> {
    // The answer `ready` will carry (shared, usually already cached); 404 if there is none.
    await this.live.answer(topic);
    const client = request.ip;
    const id = randomUUID();
    const full = await this.admit(id, client, topic);
    if (full) throw new RetryLaterError(60, 'LIVE_STREAMS_FULL', STREAMS_FULL[full](this.limits));
    if (request.raw.destroyed || reply.raw.destroyed) {
      this.forget(id);
      return;
    }
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      // The security headers already set on the reply (helmet's, through Nest).
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform: the dashboard's proxy (Next.js) gzips what it may, and a gzip stream
      // holds events back until its buffer fills; the compression middleware skips a
      // response marked no-transform. X-Accel-Buffering: nginx in front does not buffer it.
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    raw.socket?.setNoDelay(true);
    raw.socket?.setTimeout(0);
    const stream: Stream = { id, raw, client, topic, withAnswer };
    this.add(stream);
    raw.on('close', () => this.remove(stream));
    this.write(stream, `retry: ${RETRY_MS}\n: live\n\n`);
    // After the messages already on their way to this topic, so the stream's answers only get newer.
    this.inOrder(topic, async () => {
      const answer = await this.live.answer(topic).catch(() => null);
      this.write(stream, message('ready', {}, answer, stream.withAnswer));
    });
  }

  /**
   * Counts the live streams of every process and, below the caps, registers this one (null);
   * otherwise names the cap that refused it (the client's own, or all streams'). The lock
   * is the client's own: one client's streams are counted exactly (its cap holds across
   * processes), while 300 viewers connecting at once no longer queue behind one lock, each
   * holding a database connection the table writes need. The total cap is a safety ceiling: at
   * worst the streams admitted at that very moment pass it together.
   */
  private admit(id: string, client: string, topic: string): Promise<keyof typeof STREAMS_FULL | null> {
    const { total, perClient } = this.limits;
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ADMIT_LOCK}::int, hashtext(${client}))`;
      const [counts] = await tx.$queryRaw<{ all: number; mine: number }[]>`
        SELECT count(*)::int AS "all", (count(*) FILTER (WHERE client = ${client}))::int AS mine
        FROM live_streams WHERE "heartbeatAt" > now() - make_interval(secs => ${STALE_AFTER_S}::int)`;
      if (counts.mine >= perClient) return 'client';
      if (counts.all >= total) return 'total';
      await tx.$executeRaw`INSERT INTO live_streams (id, "processId", client, topic) VALUES (${id}::uuid, ${this.events.origin}, ${client}, ${topic})`;
      return null;
    });
  }

  private forget(id: string): void {
    this.prisma.$executeRaw`DELETE FROM live_streams WHERE id = ${id}::uuid`.catch(() => undefined);
  }

  private add(stream: Stream): void {
    let streams = this.topics.get(stream.topic);
    if (!streams) this.topics.set(stream.topic, (streams = new Set()));
    streams.add(stream);
    this.count += 1;
    this.perClient.set(stream.client, (this.perClient.get(stream.client) ?? 0) + 1);
  }

  private remove(stream: Stream): void {
    const streams = this.topics.get(stream.topic);
    if (!streams?.delete(stream)) return;
    this.forget(stream.id);
    if (streams.size === 0) this.topics.delete(stream.topic);
    this.count -= 1;
    const left = (this.perClient.get(stream.client) ?? 1) - 1;
    if (left > 0) this.perClient.set(stream.client, left);
    else this.perClient.delete(stream.client);
  }

  private queue(topic: string, event: LiveEvent): void {
    if (!this.topics.has(topic)) return;
    const waiting = this.pending.get(topic);
    if (waiting) waiting.push(event);
    else this.pending.set(topic, [event]);
    this.window ??= setTimeout(() => this.flush(), COALESCE_MS).unref();
  }

  /**
   * Ends the window: the matches that changed in it are computed now, in one read, and every
   * topic that had events gets its message. One window for all topics: with a window per
   * topic, a round's message computed a match half-way through the match's own window, and
   * the match's message computed it again for the event that came in between.
   */
  private flush(): void {
    this.window = undefined;
    const pending = [...this.pending];
    this.pending.clear();
    this.live.refresh([...new Set(pending.flatMap(([, events]) => events.map((e) => e.matchId)))]);
    for (const [topic, events] of pending) {
      this.broadcast(topic, {
        matchIds: [...new Set(events.map((e) => e.matchId))],
        kinds: [...new Set(events.map((e) => e.kind))],
        at: new Date(Math.max(...events.map((e) => e.at.getTime()))).toISOString(),
      });
    }
  }

  /** The bus was away (changes may have been missed): every topic's answer is read again from the stored state. */
  private resync(): void {
    const at = new Date().toISOString();
    for (const topic of this.topics.keys()) this.broadcast(topic, { matchIds: [], kinds: ['RESYNC'], at });
  }

  /**
   * Computes the topic's answer once (LiveService: shared with the GETs) and writes one
   * `change` message with it to every stream of the topic. An answer that cannot be read
   * (the database away, the match archived) leaves the message without it: the page reads.
   */
  private broadcast(topic: string, change: Pick<ChangeMessage, 'matchIds' | 'kinds' | 'at'>): void {
    this.inOrder(topic, async () => {
      if (!this.topics.has(topic)) return;
      this.messages[topic.startsWith('match:') ? 'match' : 'round']++;
      const answer = await this.live.answer(topic).catch(() => null);
      // Encoded at most twice, whatever the number of streams: with the answer, and with its version only.
      const texts = new Map<boolean, Buffer>();
      const text = (withAnswer: boolean) => texts.get(withAnswer) ?? texts.set(withAnswer, message('change', change, answer, withAnswer)).get(withAnswer)!;
      for (const stream of this.topics.get(topic) ?? []) this.deliver(stream, text(stream.withAnswer));
    });
  }

  private inOrder(topic: string, send: () => Promise<void>): void {
    const next = (this.sending.get(topic) ?? Promise.resolve()).then(send).catch(() => undefined);
    this.sending.set(topic, next);
    void next.then(() => this.sending.get(topic) === next && this.sending.delete(topic));
  }

  private ping(): void {
    const now = Date.now();
    for (const streams of this.topics.values()) {
      for (const stream of streams) {
        if (stream.behind && now - stream.behind.since > BEHIND_MAX_MS) {
          stream.raw.destroy();
          this.remove(stream);
        } else this.write(stream, ': ping\n\n');
      }
    }
    // This process's streams are alive; the rows of processes that stopped go after a while.
    const origin = this.events.origin;
    const refresh = this.count > 0 ? this.prisma.$executeRaw`UPDATE live_streams SET "heartbeatAt" = now() WHERE "processId" = ${origin}` : Promise.resolve(0);
    refresh
      .then(() => this.prisma.$executeRaw`DELETE FROM live_streams WHERE "heartbeatAt" < now() - make_interval(secs => ${DELETE_AFTER_S}::int)`)
      .catch(() => undefined);
  }

  /** A change message: written now, or, to a stream that is behind, kept as the one it gets when it has caught up. */
  private deliver(stream: Stream, text: Buffer): void {
    if (stream.behind) {
      stream.behind.owed = text;
      return;
    }
    if (stream.raw.writableLength <= BEHIND_BYTES) return this.write(stream, text);
    stream.behind = { since: Date.now(), owed: text };
    stream.raw.once('drain', () => {
      const owed = stream.behind?.owed;
      stream.behind = undefined;
      if (owed) this.write(stream, owed);
    });
  }

  private write(stream: Stream, text: string | Buffer): void {
    if (stream.raw.destroyed) return this.remove(stream);
    if (stream.raw.writableLength > MAX_BUFFERED_BYTES) {
      stream.raw.destroy();
      return this.remove(stream);
    }
    stream.raw.write(text);
  }
}
