/**
 * RULES.md "Finality and authority at the match": the authority table (domain/match/authority.ts)
 * walked through the HTTP API, cell by cell: every actor by its real way in (a club's
 * secretary, a table code, a supervisor, an administrator), every act at the endpoint that
 * performs it, every phase on a match brought there through the API. The expected answer is
 * read from AUTHORITY_TABLE, never written here: ALLOWED → 2xx without a reason; REASON →
 * 400 (reason) without one and 2xx with one, marked "Gecorrigeerd" with that reason where the
 * table says correction; REFUSED → the table's code. An actor without any route to an act is
 * refused by the route's guard (401 for a table, which has only its code; 403 WRONG_ROLE for
 * a role the route does not admit): those cells say "refused at the route".
 *
 * The endpoints (the one route per act):
 * - LINEUP: PUT /matches/{id}/lineups/{team} (a change to who sits in pair 6, so it touches set 1).
 * - RESERVES: the same route, the away team's last reserve dropped or added again (fixed when set 1 starts).
 * - SUBSTITUTE, WITHDRAW_SUBSTITUTION: POST / DELETE /matches/{id}/substitutions, in set 3.
 * - WITHDRAW_SUPERVISOR_RECORD: DELETE of a substitution the supervisor recorded (the one such
 *   record a club can reach too).
 * - LATE_PAIR: POST /matches/{id}/late-pairs (away pair 6 from set 3, and back).
 * - VOID_OR_REMOVE: POST /matches/{id}/supervisor-actions, VOID_WRONG_TABLE (on the final match REMOVE_PLAYER from game 1:
 *   a void there would leave a seat without a score, which RULES.md refuses).
 * - ENTER_SCORE, SIGN_OR_REFUSE: the table at PUT /table/{code}/sets/{n} and POST …/sign (these
 *   keep what they do: the phase is the set's). A signed-in actor has no table code, and its one
 *   route to a table's set is the console's decision (POST /matches/{id}/sets/{n}/tables/{t}/decision):
 *   with a score to enter, without one to sign. A club is not admitted there. (The paper form,
 *   PUT /matches/{id}/sets/{n}, is another way a club writes a set, also on a match night over a
 *   table's unsigned entry: reported to the match core's owner, not walked here.)
 * - DECIDE_REFUSAL and CHANGE_SIGNED_SCORE: that same decision, with a score.
 *
 * The seat acts at the decision (ENTER_SCORE, SIGN_OR_REFUSE, DECIDE_REFUSAL, CHANGE_SIGNED_SCORE)
 * take the seat's phase, not the whole set's: each table enters and signs its own part of the set.
 * A seat nobody entered is BEFORE_SET (a score is ENTER_SCORE, none DECIDE_REFUSAL); an entry
 * nobody refused or signed is DURING_SET (a score is ENTER_SCORE, none SIGN_OR_REFUSE); a refused
 * seat is DURING_SET DECIDE_REFUSAL; a signed (or decided) seat is AFTER_SIGNATURE
 * CHANGE_SIGNED_SCORE; a seat of a final match is FINAL CHANGE_SIGNED_SCORE. Such a cell is walked
 * at a seat in its phase (a refused one for DECIDE_REFUSAL × DURING_SET, an entered one for the
 * other acts during the set). Where that makes its request another cell's (a score on a signed
 * seat is CHANGE_SIGNED_SCORE whatever the act is called), the cell is explained: it asserts the
 * answer of the cell it equals. A correction marks the match "Gecorrigeerd" only when the score
 * changed.
 *
 * The data: one match per phase (in set terms: no set started; every set started, none all
 * signed; every set signed; final), built once, with the substitutions the withdrawals need
 * recorded before the sets were played; an allowed act is aimed at a set (or seat) that no later
 * cell needs in that phase, and every cell first checks (from the console) that its set, or for a
 * seat act its seat, is in the phase the cell names. The seat acts before the set get a second
 * match with no set started.
 */
import request from 'supertest';
import { todayIso } from '../src/common/dto';
import { type Act, ACTS, type Actor, ACTORS, authority, type AuthorityAnswer, type AuthorityPhase, AUTHORITY_PHASES } from '../src/domain/match/authority';
import { type Agent, createMatchDay, expectError, lineupBody, loginAs, resetDatabase, startApp, TestContext } from './helpers';

jest.setTimeout(120_000);

type Day = Awaited<ReturnType<typeof createMatchDay>>;
type Signer = 'CLUB' | 'SUPERVISOR' | 'ADMIN';

/** One match brought to one phase, with what its cells need. */
interface Walk {
  day: Day;
  url: string;
  /** Table code by table number. */
  code: Record<number, string>;
  /** Secretaries of the two clubs. */
  home: Agent;
  away: Agent;
  /** Substitutions the home club recorded, one for each actor that may withdraw one. */
  clubSubs: Record<Signer, string>;
  /** Substitutions the supervisor recorded, one for each actor that may withdraw one. */
  supervisorSubs: Record<Signer, string>;
  /** Whether home pair 6 currently has its reserve in it (the line-up cells toggle it). */
  swapped: boolean;
  /** The first set of away pair 6 (the late-pair cells toggle it between 1 and 3). */
  awayPair6From: number;
  /** How many reserves the away team has (the reserve cells toggle it between 6 and 5). */
  awayReserves: number;
}

type Res = request.Response;
/** A seat (set, table) a cell acts on. */
type Seat = readonly [number, number];

/** A 2xx answer (the failure shows the status and the error envelope). */
function expectSuccess(res: Res): void {
  const ok = res.status >= 200 && res.status < 300;
  expect({ status: res.status, error: res.body?.error }).toEqual({ status: ok ? res.status : 'a 2xx status', error: undefined });
}

const REASON_TEXT = (cell: string) => `Authority walk: ${cell}`;

describe('the authority table walked through the API, every actor × act × phase', () => {
  let ctx: TestContext;
  let admin: Agent;
  let supervisor: Agent;
  const walks = {} as Record<AuthorityPhase, Walk>;
  /** A second match before any set started, for the acts that start a set. */
  let fresh: Walk;

  // --- building the matches ------------------------------------------------------------------

  const SET = 3; // substitutions from set 3 (Regel 13)
  /** Who substitutes for whom (pair, out, in: player indexes); each pair once, each reserve once (Regel 13, 14). */
  const SUBS = {
    clubFor: { CLUB: [1, 0, 12], SUPERVISOR: [2, 2, 13], ADMIN: [3, 4, 14] },
    supervisorFor: { CLUB: [5, 8, 16], SUPERVISOR: [2, 2, 13], ADMIN: [3, 4, 14] },
    /** The new substitutions the SUBSTITUTE cells record. */
    newBy: { CLUB: [4, 6, 15], SUPERVISOR: [4, 6, 15], ADMIN: [5, 8, 16] },
  } as const;
  /** The club's subs are the home team's; the supervisor's prerequisites for SUPERVISOR and ADMIN and the new subs of SUPERVISOR and ADMIN are the away team's. */
  const subBody = (day: Day, team: 'HOME' | 'AWAY', [pair, out, into]: readonly number[]) => {
    const players = team === 'HOME' ? day.homePlayers : day.awayPlayers;
    return { teamId: team === 'HOME' ? day.home.id : day.away.id, setNumber: SET, pairNumber: pair, outMemberId: players[out], inMemberId: players[into] };
  };
  const homeLineup = (day: Day, swapped: boolean) => {
    const body = lineupBody(day.homePlayers, { reserves: 6 });
    if (!swapped) return body;
    // Home pair 6 plays with reserve 18 instead of its second player (who becomes a reserve).
    body.pairs[5].memberIds = [day.homePlayers[10], day.homePlayers[17]];
    body.reserves = [...day.homePlayers.slice(12, 17), day.homePlayers[11]];
    return body;
  };

  const enter = (w: Walk, [setNumber, tableNumber]: Seat, totals = { home: 6, away: 2 }) =>
    ctx.http().put(`/api/table/${w.code[tableNumber]}/sets/${setNumber}`).send({ enteredBy: 'HOME', totals }).expect(200);
  const sign = (w: Walk, [setNumber, tableNumber]: Seat) => ctx.http().post(`/api/table/${w.code[tableNumber]}/sets/${setNumber}/sign`).send({ side: 'AWAY' }).expect(200);

  async function build(phase: AuthorityPhase, day: Day, withSubs = true): Promise<Walk> {
    const url = `/api/matches/${day.match.id}`;
    const home = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
    const away = (await loginAs(ctx, 'SECRETARY', day.awayClub.id)).agent;
    await home.put(`${url}/lineups/${day.home.id}`).send(homeLineup(day, false)).expect(200);
    await away.put(`${url}/lineups/${day.away.id}`).send(lineupBody(day.awayPlayers, { reserves: 6 })).expect(200);
    const clubSubs = {} as Record<Signer, string>;
    const supervisorSubs = {} as Record<Signer, string>;
    if (withSubs) {
      for (const who of ['CLUB', 'SUPERVISOR', 'ADMIN'] as const) {
        clubSubs[who] = (await home.post(`${url}/substitutions`).send(subBody(day, 'HOME', SUBS.clubFor[who])).expect(201)).body.id;
        const team = who === 'CLUB' ? 'HOME' : 'AWAY';
        const res = await supervisor.post(`${url}/substitutions`).query({ reason: 'Vooraf vastgelegd' }).send(subBody(day, team, SUBS.supervisorFor[who])).expect(201);
        supervisorSubs[who] = res.body.id;
      }
    }
    const night = await home.post(`${url}/night`).expect(200);
    const code: Record<number, string> = {};
    for (const t of night.body.tables) code[t.tableNumber] = t.code;
    const w: Walk = { day, url, code, home, away, clubSubs, supervisorSubs, swapped: false, awayPair6From: 1, awayReserves: 6 };
    if (phase === 'DURING_SET') {
      // Every set started at table 1; away pair 6 played set 1 (table 6); set 4 also entered at
      // tables 2 and 3, and two refusals, for the console's decisions.
      for (let s = 1; s <= 6; s++) await enter(w, [s, 1]);
      for (const seat of [[1, 6], [4, 2], [4, 3]] as const) await enter(w, seat);
      for (const s of [5, 6]) await ctx.http().post(`/api/table/${code[1]}/sets/${s}/refuse`).send({ side: 'AWAY', comment: 'Partij 3 klopt niet' }).expect(200);
    }
    if (phase === 'AFTER_SIGNATURE' || phase === 'FINAL') {
      for (let s = 1; s <= 6; s++) {
        for (let t = 1; t <= 6; t++) {
          await enter(w, [s, t]);
          await sign(w, [s, t]);
        }
      }
    }
    if (phase === 'FINAL') {
      await home.post(`${url}/confirm-night`).send({}).expect(200);
      expect((await away.post(`${url}/confirm-night`).send({}).expect(200)).body.resultState).toBe('CONFIRMED');
    }
    return w;
  }

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
    supervisor = (await loginAs(ctx, 'SUPERVISOR')).agent;
    // The rows one after another (the factories number members as they go), then the matches,
    // which are independent (their own clubs and members), side by side through the API.
    const days: Day[] = [];
    for (let round = 1; round <= AUTHORITY_PHASES.length + 1; round++) days.push(await createMatchDay(ctx.prisma, { date: todayIso(), round, playersPerClub: 18 }));
    const built = await Promise.all([...AUTHORITY_PHASES.map((phase, i) => build(phase, days[i])), build('BEFORE_SET', days[AUTHORITY_PHASES.length], false)]);
    AUTHORITY_PHASES.forEach((phase, i) => (walks[phase] = built[i]));
    fresh = built[AUTHORITY_PHASES.length];
  });

  afterAll(() => ctx.close());

  // --- the phase a cell is walked in ---------------------------------------------------------

  /** The phase of a set as the console shows it (RULES.md: a set starts with its first entry or signature at any table); for every cell but the seat acts at the decision, which check their seat. */
  async function phaseOfSet(w: Walk, setNumber: number, expected: AuthorityPhase): Promise<AuthorityPhase> {
    // Final or not is the match's; the sets' states are read only where they tell the phases apart.
    if (expected === 'FINAL' || expected === 'AFTER_SIGNATURE') {
      if ((await admin.get(w.url).expect(200)).body.resultState === 'CONFIRMED') return 'FINAL';
    }
    const board = (await admin.get(`${w.url}/console`).expect(200)).body as { tables: { sets: { setNumber: number; state: string }[] }[] };
    const states = board.tables.map((t) => t.sets.find((s) => s.setNumber === setNumber)!.state);
    if (states.every((s) => s === 'WAITING' || s === 'CREDITED')) return 'BEFORE_SET';
    return states.every((s) => s === 'SIGNED' || s === 'CREDITED') ? 'AFTER_SIGNATURE' : 'DURING_SET';
  }

  /** The acts a signed-in actor performs at a seat, through the console's decision (the header's seat rule). */
  const SEAT_ACTS: readonly Act[] = ['ENTER_SCORE', 'SIGN_OR_REFUSE', 'DECIDE_REFUSAL', 'CHANGE_SIGNED_SCORE'];
  type SeatState = 'WAITING' | 'ENTERED' | 'DISPUTED' | 'SIGNED';
  /** A seat-act cell's decision: a score (none to sign), at a seat in the cell's phase. */
  const requestOf = (act: Act, phase: AuthorityPhase): { score: boolean; state: SeatState } => ({
    score: act !== 'SIGN_OR_REFUSE',
    state: phase === 'BEFORE_SET' ? 'WAITING' : phase === 'DURING_SET' ? (act === 'DECIDE_REFUSAL' ? 'DISPUTED' : 'ENTERED') : 'SIGNED',
  });
  /** The header's seat rule: the act and phase a decision is, by its seat and whether it carries a score. */
  const seatRule = ({ score, state }: { score: boolean; state: SeatState }, final: boolean): readonly [Act, AuthorityPhase] =>
    final
      ? ['CHANGE_SIGNED_SCORE', 'FINAL']
      : state === 'WAITING'
        ? [score ? 'ENTER_SCORE' : 'DECIDE_REFUSAL', 'BEFORE_SET']
        : state === 'ENTERED'
          ? [score ? 'ENTER_SCORE' : 'SIGN_OR_REFUSE', 'DURING_SET']
          : state === 'DISPUTED'
            ? ['DECIDE_REFUSAL', 'DURING_SET']
            : ['CHANGE_SIGNED_SCORE', 'AFTER_SIGNATURE'];
  /**
   * The seat-act cells (of the supervisor and the administrator alike) whose decision is
   * necessarily another cell's: the cell it equals. Such a cell asserts that cell's answer.
   */
  const SAME_REQUEST: Partial<Record<string, readonly [Act, AuthorityPhase]>> = {
    // A score at a seat nobody entered is the table's entry: there is no signed score to change, nor a refusal to decide.
    'CHANGE_SIGNED_SCORE × BEFORE_SET': ['ENTER_SCORE', 'BEFORE_SET'],
    'DECIDE_REFUSAL × BEFORE_SET': ['ENTER_SCORE', 'BEFORE_SET'],
    // No score at a seat nobody entered: nothing to sign; the core takes it as deciding there (and then finds nothing entered).
    'SIGN_OR_REFUSE × BEFORE_SET': ['DECIDE_REFUSAL', 'BEFORE_SET'],
    // A score over an entry nobody refused or signed replaces the table's entry: no signed seat is "during" by the seat rule.
    'CHANGE_SIGNED_SCORE × DURING_SET': ['ENTER_SCORE', 'DURING_SET'],
    // Any decision at a signed seat (a score, or none: nothing left to sign or refuse) is a change of the signed score.
    'ENTER_SCORE × AFTER_SIGNATURE': ['CHANGE_SIGNED_SCORE', 'AFTER_SIGNATURE'],
    'SIGN_OR_REFUSE × AFTER_SIGNATURE': ['CHANGE_SIGNED_SCORE', 'AFTER_SIGNATURE'],
    'DECIDE_REFUSAL × AFTER_SIGNATURE': ['CHANGE_SIGNED_SCORE', 'AFTER_SIGNATURE'],
    // Any decision on a final match changes a signed score of it.
    'ENTER_SCORE × FINAL': ['CHANGE_SIGNED_SCORE', 'FINAL'],
    'SIGN_OR_REFUSE × FINAL': ['CHANGE_SIGNED_SCORE', 'FINAL'],
    'DECIDE_REFUSAL × FINAL': ['CHANGE_SIGNED_SCORE', 'FINAL'],
  };
  /** The seat-act cells walked at the decision (a signed-in actor's; a club is refused at the route first, a table has its own routes). */
  const atDecision = (actor: Actor, act: Act) => SEAT_ACTS.includes(act) && actor !== 'TABLE';
  const sameAs = (actor: Actor, act: Act, phase: AuthorityPhase) => (atDecision(actor, act) && actor !== 'CLUB' ? SAME_REQUEST[`${act} × ${phase}`] : undefined);

  // --- the acts ----------------------------------------------------------------------------

  /** The caller for an actor at a signed-in route: a table has only its code, so it comes without a session. */
  const callerOf = (actor: Actor, w: Walk): Agent | ReturnType<TestContext['http']> =>
    actor === 'CLUB' ? w.home : actor === 'SUPERVISOR' ? supervisor : actor === 'ADMIN' ? admin : ctx.http();
  const withReason = (reason: string | undefined) => (reason ? { reason } : {});
  const decision = (actor: Actor, w: Walk, [s, t]: Seat, reason: string | undefined, score: boolean) =>
    callerOf(actor, w)
      .post(`${w.url}/sets/${s}/tables/${t}/decision`)
      .send({ ...(score ? { totals: { home: 8, away: 0 } } : {}), ...withReason(reason) });

  /**
   * Per act: the set whose phase counts (and the seat, for acts at a table's set), the request,
   * what a success changes in the walk, and the route's refusal for an actor it does not admit.
   */
  interface Way {
    seat: (actor: Actor, phase: AuthorityPhase) => Seat;
    send: (actor: Actor, w: Walk, reason: string | undefined, seat: Seat) => Promise<Res>;
    done?: (w: Walk) => void;
    /** The route's guard for an actor with no route to the act: status, code, why. */
    noRoute?: Partial<Record<Actor, [number, string, string]>>;
  }
  const NO_SESSION: [number, string, string] = [401, 'UNAUTHENTICATED', 'a table code opens only /api/table/{code}/…, not this signed-in route'];
  const NOT_A_CLUB_ROUTE: [number, string, string] = [403, 'WRONG_ROLE', 'the route admits the supervisor and the administrator only'];

  /** Seats for the acts at a table's set, by phase and actor (see the header: each allowed act on a seat, and a set, no later cell needs in that phase; an actor not named takes the administrator's). */
  const SEATS: Partial<Record<Act, Partial<Record<AuthorityPhase, Partial<Record<Actor, Seat>>>>>> = {
    ENTER_SCORE: {
      BEFORE_SET: { TABLE: [1, 1], SUPERVISOR: [2, 2], ADMIN: [3, 1] },
      DURING_SET: { TABLE: [2, 2], SUPERVISOR: [4, 1], ADMIN: [4, 1] },
      AFTER_SIGNATURE: { TABLE: [1, 1], SUPERVISOR: [2, 3], ADMIN: [3, 2] },
      FINAL: { TABLE: [1, 1], SUPERVISOR: [2, 3], ADMIN: [3, 2] },
    },
    SIGN_OR_REFUSE: {
      BEFORE_SET: { TABLE: [2, 1], SUPERVISOR: [2, 3], ADMIN: [4, 1] },
      DURING_SET: { TABLE: [2, 1], SUPERVISOR: [4, 1], ADMIN: [4, 2] },
      AFTER_SIGNATURE: { TABLE: [1, 1], SUPERVISOR: [2, 4], ADMIN: [3, 3] },
      FINAL: { TABLE: [1, 1], SUPERVISOR: [2, 4], ADMIN: [3, 3] },
    },
    DECIDE_REFUSAL: {
      BEFORE_SET: { SUPERVISOR: [2, 4], ADMIN: [5, 1] },
      DURING_SET: { SUPERVISOR: [5, 1], ADMIN: [6, 1] },
      AFTER_SIGNATURE: { SUPERVISOR: [3, 1], ADMIN: [3, 4] },
      FINAL: { SUPERVISOR: [3, 1], ADMIN: [3, 4] },
    },
    CHANGE_SIGNED_SCORE: {
      BEFORE_SET: { SUPERVISOR: [2, 5], ADMIN: [6, 1] },
      DURING_SET: { SUPERVISOR: [4, 1], ADMIN: [4, 3] },
      AFTER_SIGNATURE: { SUPERVISOR: [2, 6], ADMIN: [3, 5] },
      FINAL: { SUPERVISOR: [2, 6], ADMIN: [3, 5] },
    },
    VOID_OR_REMOVE: {
      BEFORE_SET: { SUPERVISOR: [2, 5], ADMIN: [2, 4] },
      DURING_SET: { SUPERVISOR: [2, 5], ADMIN: [3, 5] },
      AFTER_SIGNATURE: { SUPERVISOR: [5, 2], ADMIN: [6, 2] },
      FINAL: { SUPERVISOR: [5, 2], ADMIN: [6, 2] },
    },
  };
  const seatOf = (act: Act) => (actor: Actor, phase: AuthorityPhase): Seat => SEATS[act]?.[phase]?.[actor] ?? SEATS[act]?.[phase]?.ADMIN ?? [1, 1];

  const WAYS: Record<Act, Way> = {
    LINEUP: {
      seat: () => [1, 1],
      send: (actor, w, reason) => callerOf(actor, w).put(`${w.url}/lineups/${w.day.home.id}`).send({ ...homeLineup(w.day, !w.swapped), ...withReason(reason) }),
      done: (w) => (w.swapped = !w.swapped),
      noRoute: { TABLE: NO_SESSION },
    },
    RESERVES: {
      seat: () => [1, 1],
      send: (actor, w, reason) => {
        const body = lineupBody(w.day.awayPlayers, { reserves: w.awayReserves === 6 ? 5 : 6, late: { 6: w.awayPair6From } });
        return (actor === 'CLUB' ? w.away : callerOf(actor, w)).put(`${w.url}/lineups/${w.day.away.id}`).send({ ...body, ...withReason(reason) });
      },
      done: (w) => (w.awayReserves = w.awayReserves === 6 ? 5 : 6),
      noRoute: { TABLE: NO_SESSION },
    },
    SUBSTITUTE: {
      seat: () => [SET, 1],
      send: (actor, w, reason) =>
        callerOf(actor, w)
          .post(`${w.url}/substitutions`)
          .query(withReason(reason))
          .send(subBody(w.day, actor === 'ADMIN' || actor === 'SUPERVISOR' ? 'AWAY' : 'HOME', SUBS.newBy[actor === 'TABLE' ? 'CLUB' : actor])),
      noRoute: { TABLE: NO_SESSION },
    },
    WITHDRAW_SUBSTITUTION: {
      seat: () => [SET, 1],
      send: (actor, w, reason) => callerOf(actor, w).delete(`${w.url}/substitutions/${w.clubSubs[actor === 'TABLE' ? 'CLUB' : actor]}`).query(withReason(reason)),
      noRoute: { TABLE: NO_SESSION },
    },
    ENTER_SCORE: {
      seat: seatOf('ENTER_SCORE'),
      send: (actor, w, reason, [s, t]) =>
        actor === 'TABLE' ? ctx.http().put(`/api/table/${w.code[t]}/sets/${s}`).send({ enteredBy: 'HOME', totals: { home: 8, away: 0 } }) : decision(actor, w, [s, t], reason, true),
      noRoute: { CLUB: [403, 'WRONG_ROLE', 'a club has no table code, and the console’s decision admits the supervisor and the administrator only'] },
    },
    SIGN_OR_REFUSE: {
      seat: seatOf('SIGN_OR_REFUSE'),
      send: (actor, w, reason, [s, t]) =>
        actor === 'TABLE' ? ctx.http().post(`/api/table/${w.code[t]}/sets/${s}/sign`).send({ side: 'AWAY' }) : decision(actor, w, [s, t], reason, false),
      noRoute: { CLUB: [403, 'WRONG_ROLE', 'a club has no table code, and the console’s decision admits the supervisor and the administrator only'] },
    },
    LATE_PAIR: {
      seat: () => [1, 6],
      send: (actor, w, reason) =>
        callerOf(actor, w)
          .post(`${w.url}/late-pairs`)
          .send({ teamId: w.day.away.id, pairNumber: 6, fromSet: w.awayPair6From === 1 ? 3 : 1, ...withReason(reason) }),
      done: (w) => (w.awayPair6From = w.awayPair6From === 1 ? 3 : 1),
      noRoute: { TABLE: NO_SESSION, CLUB: [403, 'WRONG_ROLE', 'the late-pairs route admits the supervisor and the administrator only'] },
    },
    DECIDE_REFUSAL: {
      seat: seatOf('DECIDE_REFUSAL'),
      send: (actor, w, reason, seat) => decision(actor, w, seat, reason, true),
      noRoute: { TABLE: NO_SESSION, CLUB: NOT_A_CLUB_ROUTE },
    },
    VOID_OR_REMOVE: {
      seat: seatOf('VOID_OR_REMOVE'),
      send: async (actor, w, reason, [s, t]) => {
        const { version } = (await admin.get(w.url).expect(200)).body;
        // A final match keeps a score for every seat (RULES.md, revised 2026-12-06): there a void is refused, so the act is a
        // removal from the set's first game (home pair 2's second player, who was not substituted), which credits the seat.
        const act = w === walks.FINAL ? { kind: 'REMOVE_PLAYER', memberId: w.day.homePlayers[3], gameNumber: 1 } : { kind: 'VOID_WRONG_TABLE', gameNumbers: [1] };
        return callerOf(actor, w)
          .post(`${w.url}/supervisor-actions`)
          .send({ version, ...act, setNumber: s, tableNumber: t, ...withReason(reason) });
      },
      noRoute: { TABLE: NO_SESSION, CLUB: NOT_A_CLUB_ROUTE },
    },
    CHANGE_SIGNED_SCORE: {
      seat: seatOf('CHANGE_SIGNED_SCORE'),
      send: (actor, w, reason, seat) => decision(actor, w, seat, reason, true),
      noRoute: { TABLE: NO_SESSION, CLUB: NOT_A_CLUB_ROUTE },
    },
    WITHDRAW_SUPERVISOR_RECORD: {
      seat: () => [SET, 1],
      send: (actor, w, reason) => callerOf(actor, w).delete(`${w.url}/substitutions/${w.supervisorSubs[actor === 'TABLE' ? 'CLUB' : actor]}`).query(withReason(reason)),
      noRoute: { TABLE: NO_SESSION },
    },
  };

  /** The walk a cell is on: the acts that start a set before any started get the second match. */
  const walkOf = (act: Act, phase: AuthorityPhase): Walk =>
    phase === 'BEFORE_SET' && SEAT_ACTS.includes(act) ? fresh : walks[phase];

  const cellName = (actor: Actor, act: Act, phase: AuthorityPhase) => `${actor} × ${act} × ${phase}`;

  const correctionOf = async (w: Walk) => (await ctx.http().get(w.url).expect(200)).body.correction as { reason: string } | null;
  const resultStateOf = async (w: Walk) => (await admin.get(w.url).expect(200)).body.resultState as string;
  const seatState = async (w: Walk, [s, t]: Seat) => {
    const board = (await admin.get(`${w.url}/console`).expect(200)).body as { tables: { tableNumber: number; sets: { setNumber: number; state: string; homePoints: number | null; awayPoints: number | null }[] }[] };
    const { state, homePoints, awayPoints } = board.tables.find((x) => x.tableNumber === t)!.sets.find((x) => x.setNumber === s)!;
    return { state, homePoints, awayPoints };
  };

  const cells = ACTORS.flatMap((actor) => ACTS.flatMap((act) => AUTHORITY_PHASES.map((phase) => ({ actor, act, phase }))));
  // Grouped by phase, then actor, then act: within a phase's match the cells run in this order.
  const ordered = AUTHORITY_PHASES.flatMap((phase) => cells.filter((c) => c.phase === phase));

  const answerText = (answer: AuthorityAnswer) =>
    answer.kind === 'REFUSED' ? `REFUSED ${answer.code}` : answer.kind === 'REASON' ? (answer.correction ? 'REASON (correction)' : 'REASON') : 'ALLOWED';
  const title = ({ actor, act, phase }: (typeof cells)[number]) => {
    const same = sameAs(actor, act, phase);
    if (same) return `${cellName(actor, act, phase)} = ${same[0]} × ${same[1]} (the same decision) → ${answerText(authority(actor, same[1], same[0]))}`;
    const route = WAYS[act].noRoute?.[actor];
    return `${cellName(actor, act, phase)} → ${answerText(authority(actor, phase, act))}${route ? ` (refused at the route: ${route[0]} ${route[1]})` : ''}`;
  };

  it('accounts for every cell: 4 actors × 11 acts × 4 phases = 176, each walked or explained as the same decision as another cell, none reported', () => {
    expect(new Set(cells.map((c) => cellName(c.actor, c.act, c.phase))).size).toBe(176);
    // The explained cells are exactly the seat-act cells whose decision the seat rule makes another cell's.
    for (const act of SEAT_ACTS) {
      for (const phase of AUTHORITY_PHASES) expect({ act, phase, is: seatRule(requestOf(act, phase), phase === 'FINAL') }).toEqual({ act, phase, is: SAME_REQUEST[`${act} × ${phase}`] ?? [act, phase] });
    }
    const explained = cells.filter((c) => sameAs(c.actor, c.act, c.phase)).length;
    expect({ walked: 176 - explained, explained }).toEqual({ walked: 156, explained: 20 });
  });

  it('a table code opens nothing but its table’s view, entry, signature and refusal', () => {
    expect(ctx.routes.filter((r) => r.includes('/api/table/')).sort()).toEqual(
      ['GET /api/table/:code', 'HEAD /api/table/:code', 'POST /api/table/:code/sets/:setNumber/refuse', 'POST /api/table/:code/sets/:setNumber/sign', 'PUT /api/table/:code/sets/:setNumber'].sort(),
    );
  });

  describe.each(AUTHORITY_PHASES)('%s', (phase) => {
    const these = ordered.filter((c) => c.phase === phase);
    it.each(these.map((c) => [title(c), c] as const))('%s', async (_name, { actor, act }) => {
      const w = walkOf(act, phase);
      const way = WAYS[act];
      const seat = way.seat(actor, phase);
      const request = requestOf(act, phase);
      if (atDecision(actor, act)) {
        const final = (await resultStateOf(w)) === 'CONFIRMED';
        expect({ seat, final, state: (await seatState(w, seat)).state }).toEqual({ seat, final: phase === 'FINAL', state: request.state });
      } else {
        expect({ set: seat[0], phase: await phaseOfSet(w, seat[0], phase) }).toEqual({ set: seat[0], phase });
      }
      const reason = REASON_TEXT(cellName(actor, act, phase));
      const [asAct, asPhase] = sameAs(actor, act, phase) ?? [act, phase];
      const answer = authority(actor, asPhase, asAct);
      const route = way.noRoute?.[actor];
      if (route) {
        const res = await way.send(actor, w, reason, seat);
        expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: route[0], code: route[1] });
        return;
      }
      if (answer.kind === 'REFUSED') {
        const res = await way.send(actor, w, reason, seat);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expectError(res.body, res.status, answer.code);
        return;
      }
      if (answer.kind === 'REASON') {
        const without = await way.send(actor, w, undefined, seat);
        expect({ status: without.status, code: without.body?.error?.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
        expect(without.body.error.details).toContainEqual(expect.objectContaining({ field: 'reason' }));
      }
      const res = await way.send(actor, w, answer.kind === 'REASON' ? reason : undefined, seat);
      if (atDecision(actor, act) && request.state === 'WAITING' && !request.score) {
        // The reason let through, a decision without a score at a seat nobody entered has nothing to sign or decide.
        expectError(res.body, 400, 'SET_NOT_ENTERED');
        expect(await seatState(w, seat)).toEqual({ state: 'WAITING', homePoints: null, awayPoints: null });
        return;
      }
      expectSuccess(res);
      way.done?.(w);
      // A decision's score is 8–0 over 6–2 (or over nothing): a change; without one nothing changes.
      const changed = !atDecision(actor, act) || request.score;
      if (atDecision(actor, act)) expect(await seatState(w, seat)).toMatchObject(changed ? { state: 'SIGNED', homePoints: 8, awayPoints: 0 } : { state: 'SIGNED' });
      if (answer.kind === 'REASON' && answer.correction) {
        const correction = await correctionOf(w);
        if (changed) expect(correction).toMatchObject({ reason });
        else expect(correction?.reason).not.toBe(reason);
      }
      if (phase === 'FINAL') expect(await resultStateOf(w)).toBe('CONFIRMED');
    });
  });
});
