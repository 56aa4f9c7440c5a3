/**
 * The simulated people of a match night: a phone at every table that enters and signs its
 * six sets, and spectators that hold a live stream open and take the live picture from each
 * `change` message, which carries it (read again only when a message comes without it).
 *
 * Latency of a signature to a spectator: from the moment the table sends its signature to
 * - the `change` message naming that match at a spectator that follows it (the first message
 *   that arrives after the signature was answered: the API publishes after its commit, before
 *   it answers, and coalesces messages for 250 ms), and
 * - the moment the spectator has a live picture that shows the seat as signed: the pushed
 *   one (that same message), or a read of GET …/live when a message came without it.
 * All clocks are this process's performance.now().
 *
 * Each match's table phones share one client address (the venue's Wi-Fi: the API's
 * per-client limit must allow a whole club room), each spectator has its own; they reach
 * the API as X-Forwarded-For from loopback, which the API believes by its documented
 * default (TRUSTED_PROXIES=loopback), as it does for the dashboard's proxy.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { enterBody, paths, parseChange, signBody, signedSeatsOf, type Side } from './endpoints';
import { sleep } from '../stats';
import { request, type RequestOptions, stream } from './http';
import type { SeededMatch } from './seed';

export type Endpoint = 'view' | 'enter' | 'sign' | 'matchLive' | 'roundLive' | 'connect';

export class Stats {
  readonly latencies: Record<Endpoint, number[]> = { view: [], enter: [], sign: [], matchLive: [], roundLive: [], connect: [] };
  /** When each timed request was sent (performance.now()), in the order of `latencies`. */
  readonly sentAt: Record<Endpoint, number[]> = { view: [], enter: [], sign: [], matchLive: [], roundLive: [], connect: [] };
  /** Characters of the successful answers, per endpoint. */
  readonly chars: Record<Endpoint, number> = { view: 0, enter: 0, sign: 0, matchLive: 0, roundLive: 0, connect: 0 };
  /** The answers' bytes as they came over the wire (gzipped where the API gzipped them). */
  readonly wireBytes: Record<Endpoint, number> = { view: 0, enter: 0, sign: 0, matchLive: 0, roundLive: 0, connect: 0 };
  /** "endpoint status" (or "endpoint network") → count. */
  readonly errors = new Map<string, number>();
  readonly signToEvent: number[] = [];
  readonly signToPage: number[] = [];
  /** A spectator read the live picture while its previous read was still running: the read ran again afterwards. */
  rereads = 0;
  /** Reads of the live picture by spectators after a message (GET …/live): none while the messages carry it. */
  viewerReads = 0;
  /** Messages with a live picture the spectators got (`ready` and `change`), and their characters. */
  pushedMessages = 0;
  pushedChars = 0;
  /** The distinct change messages the spectators got, per kind of topic (a match, a round): the API's computations are counted against them. */
  readonly changes = { match: new Set<string>(), round: new Set<string>() };

  error(endpoint: Endpoint, what: string | number, detail?: string): void {
    const key = `${endpoint} ${what}`;
    const first = !this.errors.has(key);
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
    if (first && detail) console.log(`[bench]   first ${key}: ${detail.slice(0, 300)}`);
  }

  get errorCount(): number {
    return [...this.errors.values()].reduce((a, b) => a + b, 0);
  }
}

interface SignRecord {
  key: string;
  matchId: string;
  sentAt: number;
  answeredAt: number | null;
  ok: boolean;
}

/** Every signature sent, per match, for the spectators to find. */
export class Signatures {
  readonly byMatch = new Map<string, SignRecord[]>();

  start(matchId: string, setNumber: number, tableNumber: number): SignRecord {
    const record: SignRecord = { key: `${matchId}/${setNumber}/${tableNumber}`, matchId, sentAt: performance.now(), answeredAt: null, ok: false };
    const list = this.byMatch.get(matchId) ?? [];
    list.push(record);
    this.byMatch.set(matchId, list);
    return record;
  }

  of(matchId: string): SignRecord[] {
    return this.byMatch.get(matchId) ?? [];
  }
}

export interface Pacing {
  /** Think time between two actions at a table, ms (uniform). */
  thinkMinMs: number;
  thinkMaxMs: number;
  /** Tables start within this many ms (uniform). */
  rampMs: number;
  /** Chance that a phone reloads the table page before entering a set. */
  reloadChance: number;
  /**
   * Every request on a new connection (the warm-up): with a cluster (--processes N) the
   * primary hands each connection to the next worker, so every worker serves some.
   */
  freshConnections?: boolean;
}

const between = (min: number, max: number) => min + Math.random() * (max - min);

/**
 * What the spectators' pages accept. Plain JSON by default: the clients share the server's
 * cores here, and unpacking 9,000 answers is a phone's work, not the server's (measured on 28
 * Nov: the API's CPU per write the same either way, the clients' own 1.9 ms more, and the
 * night's p99 worse only by that). BENCH_NIGHT_GZIP=on: gzip, as every browser asks (the API
 * gzips each live answer once per version; …Live_wireAvgKb then shows the bytes on the wire).
 */
const SPECTATOR_ENCODING = process.env.BENCH_NIGHT_GZIP === 'on' ? 'gzip, deflate' : 'identity';

/** One request, timed; 429 is retried after its Retry-After (at most twice), and every non-2xx counts as an error. */
async function timed(stats: Stats, endpoint: Endpoint, url: string, init: RequestOptions): Promise<unknown | null> {
  for (let attempt = 0; ; attempt++) {
    const start = performance.now();
    let status: number;
    let text: string;
    let retryAfter: string | undefined;
    let wire: number;
    try {
      const answer = await request(url, init);
      ({ status, text } = answer);
      retryAfter = answer.headers['retry-after'];
      wire = answer.wireBytes;
    } catch (error) {
      stats.error(endpoint, 'network', String(error));
      return null;
    }
    const elapsed = performance.now() - start;
    if (status >= 200 && status < 300) {
      stats.latencies[endpoint].push(elapsed);
      stats.sentAt[endpoint].push(start);
      stats.chars[endpoint] += text.length;
      stats.wireBytes[endpoint] += wire;
      return text ? JSON.parse(text) : null;
    }
    stats.error(endpoint, status, text);
    if (status !== 429 || attempt >= 2) return null;
    await sleep(Number(retryAfter ?? 1) * 1000);
  }
}

/** A table's phone: opens the table page, then for each set enters the four games and has the opposing pair sign. */
export async function tableClient(
  baseUrl: string,
  match: SeededMatch,
  table: { tableNumber: number; code: string },
  address: string,
  pacing: Pacing,
  stats: Stats,
  signatures: Signatures,
  sets = 6,
): Promise<void> {
  const fresh = pacing.freshConnections === true;
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': address };
  const view = () => timed(stats, 'view', baseUrl + paths.tableView(table.code), { headers: { 'x-forwarded-for': address }, fresh });
  const think = () => sleep(between(pacing.thinkMinMs, pacing.thinkMaxMs));
  await sleep(Math.random() * pacing.rampMs);
  await view();
  for (let setNumber = 1; setNumber <= sets; setNumber++) {
    await think();
    if (Math.random() < pacing.reloadChance) await view();
    // The pairs take turns entering: home in odd sets, away in even ones; the other pair signs.
    const enteredBy: Side = setNumber % 2 ? 'HOME' : 'AWAY';
    const entered = await timed(stats, 'enter', baseUrl + paths.tableSet(table.code, setNumber), {
      method: 'PUT',
      headers,
      fresh,
      body: JSON.stringify(enterBody(setNumber, table.tableNumber, enteredBy, randomUUID())),
    });
    if (entered === null) continue;
    await think();
    const record = signatures.start(match.id, setNumber, table.tableNumber);
    const signed = await timed(stats, 'sign', baseUrl + paths.tableSign(table.code, setNumber), {
      method: 'POST',
      headers,
      fresh,
      body: JSON.stringify(signBody(enteredBy === 'HOME' ? 'AWAY' : 'HOME', randomUUID())),
    });
    record.answeredAt = performance.now();
    record.ok = signed !== null;
  }
}

export type Follows = { kind: 'match'; matchId: string } | { kind: 'round'; divisionId: string; round: number; matchIds: string[] };

/**
 * A spectator: one live stream (a match, or a division's round).
 * - A page (the default, as frontend/public/live.js): its messages carry the answer's version;
 *   when the page does not show that version it reads the live picture again after 100–500 ms
 *   (a read asked for while one runs is done once more afterwards). The live pages read their
 *   page at ?v=<version>, rendered by the dashboard from the API's cached answer; the
 *   dashboard's rendering is not in these figures (the bench measures the pages apart).
 * - An app (BENCH_NIGHT_VIEWERS=apps, the stream's ?answer=1): `ready` and `change` carry the
 *   live picture, which it takes as it comes (no read).
 */
export class Spectator {
  /** Closes the stream (set once it is open). */
  private close: () => void = () => undefined;
  private readonly eventSeen = new Set<string>();
  private readonly pageSeen = new Set<string>();
  private reading = false;
  private timer?: NodeJS.Timeout;
  private again = false;
  /** The version of the live picture this page shows (a page's reads). */
  private shownVersion: string | null = null;
  /** The version the newest message announced: the page reads its address at ?v=<that version>. */
  private announced: string | null = null;
  private readonly followed: Set<string>;
  /** Resolves when the stream said `ready` (or failed). */
  readonly ready: Promise<void>;
  private markReady!: () => void;
  closed = false;

  constructor(
    private readonly baseUrl: string,
    private readonly follows: Follows,
    private readonly address: string,
    private readonly stats: Stats,
    private readonly signatures: Signatures,
    private readonly withAnswer = false,
  ) {
    this.followed = new Set(follows.kind === 'match' ? [follows.matchId] : follows.matchIds);
    this.ready = new Promise((resolve) => (this.markReady = resolve));
  }

  /** Opens the stream and reads it until stop(). */
  async run(): Promise<void> {
    const url = this.baseUrl + (this.follows.kind === 'match' ? paths.matchEvents(this.follows.matchId, this.withAnswer) : paths.roundEvents(this.follows.divisionId, this.follows.round, this.withAnswer));
    const start = performance.now();
    let buffer = '';
    const onText = (text: string) => {
      buffer += text;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        if (event === 'ready') {
          this.stats.latencies.connect.push(performance.now() - start);
          this.markReady();
        }
        this.onMessage(event, data.join('\n'));
      }
    };
    try {
      const opened = stream(url, { accept: 'text/event-stream', 'x-forwarded-for': this.address }, onText);
      this.close = opened.stop;
      if (this.closed) opened.stop();
      const { status, text } = await opened.done;
      if (status !== 200) this.stats.error('connect', status, text);
      else if (!this.closed) this.stats.error('connect', 'closed by the API');
    } catch (error) {
      if (!this.closed) this.stats.error('connect', 'network', String(error));
    } finally {
      this.markReady();
    }
  }

  stop(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.close();
  }

  /** Signatures of the followed matches that this spectator's page never showed. */
  missed(): number {
    let missed = 0;
    for (const matchId of this.followed) for (const s of this.signatures.of(matchId)) if (s.ok && !this.pageSeen.has(s.key)) missed++;
    return missed;
  }

  private onMessage(event: string, data: string): void {
    const change = parseChange(event, data);
    if (!change) return;
    const now = performance.now();
    if (change.live !== null) {
      this.stats.pushedMessages++;
      this.stats.pushedChars += data.length;
    }
    this.announced = change.version;
    if (event === 'ready') {
      if (change.live !== null) this.show(change.live, now);
      else if (change.version !== this.shownVersion) this.soon();
      return;
    }
    const topic = this.follows.kind === 'match' ? `match:${this.follows.matchId}` : `round:${this.follows.divisionId}:${this.follows.round}`;
    this.stats.changes[this.follows.kind].add(`${topic} ${change.at} ${change.kinds.join()} ${change.matchIds.join()} ${change.version}`);
    const named = change.matchIds.filter((id) => this.followed.has(id));
    for (const matchId of named) {
      for (const s of this.signatures.of(matchId)) {
        if (s.ok && s.answeredAt !== null && s.answeredAt <= now && !this.eventSeen.has(s.key)) {
          this.eventSeen.add(s.key);
          this.stats.signToEvent.push(now - s.sentAt);
        }
      }
    }
    // The message carries the live picture: what the page shows now, without a read.
    if (change.live !== null) this.show(change.live, now);
    // A page reads itself again only when it does not show the message's version yet.
    else if ((named.length || change.kinds.includes('RESYNC')) && (change.version === null || change.version !== this.shownVersion)) this.soon();
  }

  /** The spectator's page shows this live picture from `now` on. */
  private show(dto: unknown, now: number): void {
    const shown = signedSeatsOf(dto);
    for (const matchId of this.followed) {
      for (const s of this.signatures.of(matchId)) {
        if (!this.pageSeen.has(s.key) && shown.has(s.key)) {
          this.pageSeen.add(s.key);
          this.stats.signToPage.push(now - s.sentAt);
        }
      }
    }
  }

  /** As frontend/public/live.js: many spectators get the same message, so each waits 100–500 ms before it reads. */
  private soon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.read();
    }, 100 + Math.floor(Math.random() * 400));
  }

  private async read(): Promise<void> {
    if (this.reading) {
      this.again = true;
      this.stats.rereads++;
      return;
    }
    this.reading = true;
    try {
      do {
        this.again = false;
        const endpoint = this.follows.kind === 'match' ? 'matchLive' : 'roundLive';
        const url = this.baseUrl + (this.follows.kind === 'match' ? paths.matchLive(this.follows.matchId, this.announced) : paths.roundLive(this.follows.divisionId, this.follows.round, this.announced));
        this.stats.viewerReads++;
        const dto = await timed(this.stats, endpoint, url, { headers: { 'x-forwarded-for': this.address, 'accept-encoding': SPECTATOR_ENCODING } });
        if (dto === null || this.closed) continue;
        this.shownVersion = (dto as { version?: string }).version ?? null;
        this.show(dto, performance.now());
      } while (this.again && !this.closed);
    } finally {
      this.reading = false;
    }
  }
}
