/**
 * Random match nights through the API (issue 46, part 2; the pure core's evenings are in
 * backend/src/domain/match/match-invariants.spec.ts): the tables, the supervisor, the clubs,
 * the federation and the clock send a few hundred commands, and after each one the match as
 * the API shows it keeps what RULES.md says must always hold:
 * 1. a refused command changes nothing;
 * 3. every change to a signed seat is a correction (the public page's correction changes with it);
 * 6. a final match has a score for every seat of the table plan.
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { todayIso } from '../src/common/dto';
import { awayPairAt } from '../src/domain/match/rotation';
import { TableThrottle } from '../src/match-night/table-throttle';
import { MatchFinaliserService } from '../src/matches/match-finaliser.service';
import { type Agent, createMatchDay, openMatchNight, startAppWithOfficials, TestContext } from './helpers';

type Side = 'HOME' | 'AWAY';
type Command =
  | { kind: 'enter'; setNumber: number; tableNumber: number; enteredBy: Side; totals?: { home: number; away: number }; signedBy?: Side }
  | { kind: 'sign' | 'refuse'; setNumber: number; tableNumber: number; side: Side }
  | { kind: 'play set'; setNumber: number }
  | { kind: 'decide'; by: 'supervisor' | 'admin'; setNumber: number; tableNumber: number; totals?: { home: number; away: number } }
  | { kind: 'remove player'; setNumber: number; tableNumber: number; side: Side; gameNumber: number }
  | { kind: 'void games'; setNumber: number; tableNumber: number; gameNumbers: number[] }
  | { kind: 'withdraw'; which: number }
  | { kind: 'substitute'; side: Side; setNumber: number; pairNumber: number }
  | { kind: 'confirm night'; side: Side }
  | { kind: 'not played' | 'reopen' | 'not played and reopen' | 'finalise' | 'decide disputes' };

const side = fc.constantFrom<Side>('HOME', 'AWAY');
const setNumber = fc.integer({ min: 1, max: 6 });
const tableNumber = fc.oneof({ weight: 2, arbitrary: fc.integer({ min: 1, max: 2 }) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 6 }) });
const totals = fc.constantFrom([8, 0], [6, 2], [4, 4], [2, 6], [6, 5], [15, 6], [7, 0]).map(([home, away]) => ({ home, away }));
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('enter' as const), setNumber, tableNumber, enteredBy: side, totals, signedBy: fc.option(side, { nil: undefined, freq: 3 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('sign' as const, 'refuse' as const), setNumber, tableNumber, side }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('play set' as const), setNumber }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('decide' as const), by: fc.constantFrom('supervisor' as const, 'admin' as const), setNumber, tableNumber, totals: fc.option(totals, { nil: undefined }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove player' as const), setNumber, tableNumber, side, gameNumber: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void games' as const), setNumber, tableNumber, gameNumbers: fc.subarray([1, 2, 3, 4], { minLength: 1 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), which: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('substitute' as const), side, setNumber: fc.integer({ min: 2, max: 6 }), pairNumber: fc.integer({ min: 1, max: 6 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('confirm night' as const), side }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('not played and reopen' as const, 'finalise' as const, 'finalise' as const) }) },
);

interface ShownSeat {
  setNumber: number;
  tableNumber: number;
  source: string | null;
  homePoints: number | null;
  awayPoints: number | null;
  games: unknown[];
  signedAt: string | null;
  refusedAt: string | null;
  decidedAt: string | null;
}
interface ShownMatch {
  status: string;
  resultState: string;
  version: number;
  sets: ShownSeat[];
  correction: { correctedAt: string } | null;
}

const SIX_TWO = [
  { winner: 'HOME', kind: 'WON' },
  { winner: 'HOME', kind: 'WON' },
  { winner: 'AWAY', kind: 'WON' },
  { winner: 'HOME', kind: 'WON' },
];
const NIGHTS = [1, 2, 3];
const COMMANDS_PER_NIGHT = 100;

describe('random match nights through the API keep invariants 1, 3 and 6 (RULES.md "Finality and authority at the match")', () => {
  let ctx: TestContext;
  let admin: Agent;
  let supervisor: Agent;

  beforeAll(async () => {
    ({ ctx, admin, supervisor } = await startAppWithOfficials());
    // The tables send far more than a phone would in a minute: each request counts in a window of its own.
    let clock = Date.now();
    (ctx.app.get(TableThrottle).options as { now: () => number }).now = () => (clock += 61_000);
  });

  afterAll(() => ctx.close());

  it.each(NIGHTS)('night %i: every command answered keeps them', async (night) => {
    const day = await createMatchDay(ctx.prisma, { date: todayIso(), round: night });
    const { codes, home, away } = await openMatchNight(ctx, day);
    const url = `/api/matches/${day.match.id}`;
    const club = { HOME: home, AWAY: away };
    const players = { HOME: day.homePlayers, AWAY: day.awayPlayers };
    const teamIds = { HOME: day.home.id, AWAY: day.away.id };
    const show = async (): Promise<ShownMatch> => (await admin.get(url).expect(200)).body;
    const table = (n: number) => `/api/table/${codes[n]}/sets`;

    /** One command as the actor sends it; the API's status (or null when there was nothing to send). */
    const send = async (c: Command, before: ShownMatch): Promise<number | null> => {
      const reason = 'Beide partijen gehoord';
      switch (c.kind) {
        case 'enter':
          return (await ctx.http().put(`${table(c.tableNumber)}/${c.setNumber}`).send({ enteredBy: c.enteredBy, ...(c.totals ? { totals: c.totals } : { games: SIX_TWO }), ...(c.signedBy ? { signedBy: c.signedBy } : {}) })).status;
        case 'sign':
          return (await ctx.http().post(`${table(c.tableNumber)}/${c.setNumber}/sign`).send({ side: c.side })).status;
        case 'refuse':
          return (await ctx.http().post(`${table(c.tableNumber)}/${c.setNumber}/refuse`).send({ side: c.side, comment: 'Partij 3 was een kap' })).status;
        case 'decide':
          return (await (c.by === 'admin' ? admin : supervisor).post(`${url}/sets/${c.setNumber}/tables/${c.tableNumber}/decision`).send({ reason, ...(c.totals ? { totals: c.totals } : {}) })).status;
        case 'remove player': {
          const pair = c.side === 'HOME' ? c.tableNumber : awayPairAt(c.setNumber, c.tableNumber);
          const body = { kind: 'REMOVE_PLAYER', setNumber: c.setNumber, tableNumber: c.tableNumber, memberId: players[c.side][2 * pair - 2], gameNumber: c.gameNumber, reason, version: before.version };
          return (await supervisor.post(`${url}/supervisor-actions`).send(body)).status;
        }
        case 'void games':
          return (await supervisor.post(`${url}/supervisor-actions`).send({ kind: 'VOID_WRONG_TABLE', setNumber: c.setNumber, tableNumber: c.tableNumber, gameNumbers: c.gameNumbers, reason, version: before.version })).status;
        case 'withdraw': {
          const actions: { id: string }[] = (await supervisor.get(`${url}/supervisor-actions`).expect(200)).body;
          if (!actions.length) return null;
          return (await supervisor.post(`${url}/supervisor-actions/${actions[c.which % actions.length].id}/withdraw`).send({ reason: 'Toch niet zo gegaan', version: before.version })).status;
        }
        case 'substitute': {
          const body = { teamId: teamIds[c.side], setNumber: c.setNumber, pairNumber: c.pairNumber, outMemberId: players[c.side][2 * c.pairNumber - 2], inMemberId: players[c.side][12] };
          return (await club[c.side].post(`${url}/substitutions`).send(body)).status;
        }
        case 'confirm night':
          return (await club[c.side].post(`${url}/confirm-night`).send({})).status;
        case 'not played':
          return (await admin.post(`${url}/not-played`).send({ kind: 'NO_TABLE_SCREEN', reason: 'Geen tafelscherm', version: before.version })).status;
        case 'reopen':
          return (await admin.post(`${url}/reopen`).send({ reason: 'Toch gespeeld', version: before.version })).status;
        case 'finalise': {
          // The clock: the window ran out (its moment is a stored fact; moved instead of waited for), and the job runs.
          const moved = await ctx.prisma.match.updateMany({ where: { id: day.match.id, resultState: 'ENTERED', finalDueAt: { not: null } }, data: { finalDueAt: new Date(Date.now() - 60_000) } });
          if (!moved.count) return null;
          await ctx.app.get(MatchFinaliserService).finaliseDue();
          return 200;
        }
        case 'decide disputes': {
          // The supervisor keeps the entered score of every set still disputed (one decision per seat).
          const disputed = before.sets.filter((s) => s.refusedAt);
          for (const s of disputed) await supervisor.post(`${url}/sets/${s.setNumber}/tables/${s.tableNumber}/decision`).send({ reason: 'Ingevoerde stand blijft' }).expect(200);
          return disputed.length ? 200 : null;
        }
        case 'play set':
        case 'not played and reopen':
          throw new Error('sent as single commands');
      }
    };

    const broken: string[] = [];
    const check = (c: Command, status: number | null, before: ShownMatch, after: ShownMatch) => {
      const what = `${JSON.stringify(c)} → ${status}`;
      // 1. A refused command changes nothing.
      if (status !== null && status >= 400 && !isDeepStrictEqual(after, before)) broken.push(`1. refused, yet the match changed: ${what}`);
      // 3. Every change to a signed seat is a correction.
      const scoreOf = (s: ShownSeat | undefined) => s && [s.source, s.homePoints, s.awayPoints, s.games];
      const signed = before.sets.filter((s) => (s.source === 'GAMES' || s.source === 'TOTALS') && (s.signedAt || s.decidedAt));
      const changed = signed.filter((s) => !isDeepStrictEqual(scoreOf(s), scoreOf(after.sets.find((x) => x.setNumber === s.setNumber && x.tableNumber === s.tableNumber))));
      if (changed.length && after.correction?.correctedAt === before.correction?.correctedAt) broken.push(`3. set ${changed[0].setNumber} tafel ${changed[0].tableNumber} (signed) changed without a correction: ${what}`);
      // 6. A final match has a score for every seat.
      if (after.resultState === 'CONFIRMED' && after.status === 'PLAYED' && after.sets.some((s) => s.homePoints === null)) broken.push(`6. final with a seat without a score: ${what}`);
    };

    const expand = (c: Command): Command[] => {
      if (c.kind === 'not played and reopen') return [{ kind: 'not played' }, { kind: 'reopen' }];
      // Game by game (6–2), so that a set with a removed player (Regel 38) can be entered too.
      if (c.kind === 'play set') return [1, 2, 3, 4, 5, 6].map((t) => ({ kind: 'enter', setNumber: c.setNumber, tableNumber: t, enteredBy: 'HOME', signedBy: 'AWAY' }));
      return [c];
    };
    const random = fc.sample(command, { numRuns: COMMANDS_PER_NIGHT, seed: 46 + night }).flatMap(expand);
    // Late in the night every table sends its sets (signed on the phone), the supervisor decides what is disputed and the clock runs out; then more commands on the final match.
    const finish: Command[] = [...[1, 2, 3, 4, 5, 6].flatMap((setNumber) => expand({ kind: 'play set', setNumber })), { kind: 'decide disputes' }, { kind: 'finalise' }];
    const commands = [...random.slice(0, -30), ...finish, ...random.slice(-30)];
    let before = await show();
    for (const c of commands) {
      const status = await send(c, before);
      const after = await show();
      check(c, status, before, after);
      before = after;
    }
    expect(broken).toEqual([]);
  }, 180_000);
});
