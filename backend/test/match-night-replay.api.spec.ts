/**
 * Issue 16: a venue with bad internet. Every request of a match night is sent again — twice,
 * in shuffled order, as outboxes on phones that lost their answers would — and the stored
 * result does not change. And the same night delivered by devices whose queues interleave in
 * any order (each device keeps its own order, as its outbox does; each request possibly sent
 * twice) ends with the same stored result: idempotency keys kept by the server, conflicts
 * decided by the server (a set signed differently on two devices is one dispute).
 */
import { todayIso } from '../src/common/dto';
import { TableThrottle } from '../src/match-night/table-throttle';
import { type Agent, createMatchDay, loginAs, openMatchNight, resetDatabase, seatGames, startApp, TestContext } from './helpers';

type Who = 'table' | 'supervisor' | 'home' | 'away';
interface NightRequest {
  id: string;
  /** The device that sends it: its outbox keeps its own order. */
  device: string;
  who: Who;
  method: 'PUT' | 'POST';
  path: (night: Night) => string;
  body: Record<string, unknown>;
  /** Sent only after these were delivered (the supervisor decides once he sees the dispute). */
  after?: string[];
}
interface Night {
  matchId: string;
  code: Record<number, string>;
  agents: Record<Exclude<Who, 'table'>, Agent>;
}

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function shuffle<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const DISPUTED_SEAT = { setNumber: 2, tableNumber: 3 };
const WRONG = { totals: { home: 8, away: 0 } };

/**
 * The night's requests: per seat one of three ways the table worked (online: entry then
 * signature; offline: entry and signature in one; an entry changed before it was signed
 * offline), one seat signed differently on two phones (a dispute) and the supervisor's
 * decision on it, then both clubs' confirmation.
 */
function nightRequests(night: string): NightRequest[] {
  const requests: NightRequest[] = [];
  const table = (t: number, what = '') => (n: Night) => `/api/table/${n.code[t]}${what}`;
  for (let setNumber = 1; setNumber <= 6; setNumber++) {
    for (let tableNumber = 1; tableNumber <= 6; tableNumber++) {
      const seat = `s${setNumber}t${tableNumber}`;
      const device = `table-${tableNumber}`;
      const games = seatGames(setNumber, tableNumber);
      const put = (id: string, body: Record<string, unknown>, dev = device) =>
        requests.push({ id, device: dev, who: 'table', method: 'PUT', path: table(tableNumber, `/sets/${setNumber}`), body: { ...body, idempotencyKey: `${id}-${night}` } });
      if (setNumber === DISPUTED_SEAT.setNumber && tableNumber === DISPUTED_SEAT.tableNumber) {
        put(`${seat}-phone-a`, { enteredBy: 'HOME', games, signedBy: 'AWAY' });
        put(`${seat}-phone-b`, { enteredBy: 'HOME', totals: { home: 6, away: 2 }, signedBy: 'AWAY' }, `${device}-second-phone`);
        requests.push({
          id: `${seat}-decision`,
          device: 'supervisor',
          who: 'supervisor',
          method: 'POST',
          path: (n) => `/api/matches/${n.matchId}/sets/${setNumber}/tables/${tableNumber}/decision`,
          body: { totals: { home: 6, away: 2 }, reason: 'Beide koppels gehoord: het scorebriefje zegt 6–2.', idempotencyKey: `${seat}-decision-${night}` },
          after: [`${seat}-phone-a`, `${seat}-phone-b`],
        });
        continue;
      }
      const way = (setNumber + tableNumber) % 3;
      if (way === 0) {
        put(`${seat}-enter`, { enteredBy: 'HOME', games });
        requests.push({ id: `${seat}-sign`, device, who: 'table', method: 'POST', path: table(tableNumber, `/sets/${setNumber}/sign`), body: { side: 'AWAY', idempotencyKey: `${seat}-sign-${night}` } });
      } else if (way === 1) {
        put(`${seat}-signed`, { enteredBy: 'AWAY', games, signedBy: 'HOME' });
      } else {
        put(`${seat}-first`, { enteredBy: 'HOME', ...WRONG });
        put(`${seat}-changed`, { enteredBy: 'HOME', games, signedBy: 'AWAY' });
      }
    }
  }
  const seats = requests.map((r) => r.id);
  for (const side of ['home', 'away'] as const) {
    requests.push({ id: `confirm-${side}`, device: side, who: side, method: 'POST', path: (n) => `/api/matches/${n.matchId}/confirm-night`, body: { idempotencyKey: `confirm-${side}-${night}` }, after: seats });
  }
  return requests;
}

jest.setTimeout(180_000);

describe('match night replay: every request twice and shuffled, the stored result is identical', () => {
  let ctx: TestContext;
  let supervisor: Agent;
  let clock = Date.now();

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    supervisor = (await loginAs(ctx, 'SUPERVISOR')).agent;
    // The table's rate limits (30 writes a minute per code) are tested elsewhere; here a minute passes per request.
    (ctx.app.get(TableThrottle).options as { now: () => number }).now = () => (clock += 61_000);
  });
  afterAll(() => ctx.close());

  async function openNight(round: number): Promise<Night> {
    const day = await createMatchDay(ctx.prisma, { date: todayIso(), round });
    const { codes: code, home, away } = await openMatchNight(ctx, day);
    return { matchId: day.match.id, code, agents: { supervisor, home, away } };
  }

  async function send(night: Night, r: NightRequest) {
    const agent = r.who === 'table' ? ctx.http() : night.agents[r.who];
    const path = r.path(night);
    const call = r.method === 'PUT' ? agent.put(path) : agent.post(path);
    return call.send(r.body);
  }

  /** What the league keeps of the night: per seat its score, games, who entered and signed, disputes and decisions; the totals and the lock. */
  async function storedResult(matchId: string) {
    const match = await ctx.prisma.match.findUniqueOrThrow({
      where: { id: matchId },
      select: { status: true, resultState: true, homePoints: true, awayPoints: true, homeSignedAt: true, awaySignedAt: true, sets: { orderBy: [{ setNumber: 'asc' }, { tableNumber: 'asc' }], include: { games: { orderBy: { gameNumber: 'asc' }, select: { gameNumber: true, winner: true, kind: true, points: true, penaltyRule: true } } } } },
    });
    const sets = match.sets.map((s) => {
      const kept: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(s)) {
        if (key === 'id' || key === 'matchId' || key.endsWith('ById')) continue;
        kept[key] = key.endsWith('At') ? value !== null : value; // when: differs per run; whether: must not
      }
      return kept;
    });
    return { status: match.status, resultState: match.resultState, homePoints: match.homePoints, awayPoints: match.awayPoints, homeConfirmed: match.homeSignedAt !== null, awayConfirmed: match.awaySignedAt !== null, sets };
  }
  const commandCount = (matchId: string) => ctx.prisma.matchCommandRecord.count({ where: { matchId } });

  let reference: Awaited<ReturnType<typeof storedResult>>;

  it('plays the night in order: every seat signed or decided, one dispute decided, both clubs confirmed (locked)', async () => {
    const night = await openNight(1);
    const requests = nightRequests('in-order');
    for (const r of requests) {
      const res = await send(night, r);
      if (r.id.endsWith('-phone-b')) {
        // Signed differently on the second phone: a dispute, not an overwrite and not lost.
        expect(res.status).toBe(200);
        const seat = res.body.sets.find((s: { setNumber: number }) => s.setNumber === DISPUTED_SEAT.setNumber);
        expect(seat.state).toBe('DISPUTED');
        expect(seat.refusalComment).toMatch(/6–2/);
      } else expect([r.id, res.status]).toEqual([r.id, 200]);
    }
    reference = await storedResult(night.matchId);
    expect(reference.resultState).toBe('CONFIRMED');
    expect(reference.sets).toHaveLength(36);
    const decided = reference.sets.filter((s) => s.decidedAt);
    expect(decided).toEqual([expect.objectContaining({ ...DISPUTED_SEAT, homePoints: 6, awayPoints: 2, refusedAt: false })]);

    // Every request again, twice, shuffled: answered from the command log, nothing changes.
    const commands = await commandCount(night.matchId);
    const next = random(16);
    for (const r of shuffle([...requests, ...requests], next)) {
      const res = await send(night, r);
      expect([r.id, res.status]).toEqual([r.id, 200]);
    }
    expect(await storedResult(night.matchId)).toEqual(reference);
    expect(await commandCount(night.matchId)).toBe(commands);
  });

  it.each([7, 42, 2026])('delivers the same night from devices interleaved at random (seed %i), each request sent twice: the same stored result', async (seed) => {
    const night = await openNight(seed);
    const next = random(seed);
    // Each device's outbox in its own order, every request twice (the answer of the first was lost).
    const queues = new Map<string, NightRequest[]>();
    for (const r of nightRequests(`seed-${seed}`)) queues.set(r.device, [...(queues.get(r.device) ?? []), r, r]);
    const delivered = new Set<string>();
    let rounds = 0;
    while ([...queues.values()].some((q) => q.length) && rounds++ < 5000) {
      const ready = [...queues.entries()].filter(([, q]) => q.length && (q[0].after ?? []).every((id) => delivered.has(id)));
      if (!ready.length) {
        // Only the confirmations wait: for every seat to be delivered (they are, by now) — or a bug.
        throw new Error(`Nothing can be sent: ${[...queues.values()].flat().map((r) => r.id).join(', ')}`);
      }
      const [device, queue] = ready[Math.floor(next() * ready.length)];
      const r = queue[0];
      const res = await send(night, r);
      // 2xx: delivered. A 4xx is the server's answer too (the outbox shows it as not sent): the
      // unsigned first entry reaching a set already signed, a phone's set after the decision.
      expect([r.id, res.status < 500]).toEqual([r.id, true]);
      if (res.status === 422 && r.id.startsWith('confirm-')) continue; // not yet complete: the secretary tries again
      delivered.add(r.id);
      queues.set(device, queue.slice(1));
    }
    expect(await storedResult(night.matchId)).toEqual(reference);
  });
});
