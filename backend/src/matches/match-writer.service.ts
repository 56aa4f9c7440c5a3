import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.types';
import { AppError, ConflictError, ErrorDetail, IdempotencyKeyReusedError, NotFoundError, RuleViolationError, ValidationError } from '../common/errors';
import { phaseOf } from '../domain/match';
import { applyMatchCommand, CommandUser, MatchCommand, MatchEvent, Problem, RELOAD_COMMANDS } from '../domain/match/match-command';
import type { CompetitionSettings } from '../domain/settings';
import { Prisma } from '../generated/prisma/client';
import { LiveEvents } from '../live/live-events';
import { ConsequencesService } from './consequences.service';
import { PrismaService } from '../prisma/prisma.service';
import { mapMatchDetail, MatchDetailDto } from './match.dto';
import { auditDifference } from './audit-difference';
import { KeyedQueue } from './keyed-queue';
import { MatchDataService } from './match-data.service';
import { MatchRow, MemberRow, playerLabels } from './match-row';
import { matchStateOf, oneStatement, rowAfter, storeStateChanges, type StoredChanges } from './match.repository';
import { type Fingerprint, fingerprintOf, LOCKED_SETTING, loadMatchRow, sameFingerprint } from './match-load';
import { assertSameRow, checkKeptRows, MatchRowCache, ownAfter } from './match-row-cache';
import { pooledQueries } from '../prisma/pooled-queries';
import { isDatabaseUnavailable } from '../prisma/database-outage';

export type Tx = Prisma.TransactionClient;

/** 409 for a write based on an older version; details[0].current is the match as it is now. */
export class StaleVersionError extends ConflictError {
  constructor(current: MatchDetailDto) {
    const message = 'Iemand anders heeft deze wedstrijd intussen gewijzigd. Bekijk de nieuwste versie en sla uw wijziging opnieuw op.';
    const detail: ErrorDetail & { current: MatchDetailDto } = { field: 'version', code: 'STALE_VERSION', message, current };
    super(message, 'STALE_VERSION', [detail]);
  }
}

class StaleLock extends Error {}

export interface ApplyOptions {
  /** The signed-in user, when there is one (a table code has none). */
  user?: AuthUser;
  /** Who, for the command log: a user id, or "table:<n>" for a table code. */
  actor: string;
  /** A retry with the same key answers the stored response and changes nothing. */
  idempotencyKey?: string;
  /** The version the client saw (409 STALE_VERSION when it is no longer current). */
  version?: number;
  reason?: string | null;
  /** Audit action, e.g. "match.table.sign". */
  action: string;
  /**
   * Keep the answer in the command log for a retry (default). A caller that answers in its own
   * shape from the row (the table) passes false: a retry's answer is then read afresh, and a
   * busy match night stores some 20 kB less per set.
   */
  storeResponse?: boolean;
}

/** A command's problems as the one error envelope: the first problem's message and code, every problem in details. */
export function problemError(problems: readonly Problem[]): AppError {
  const [first] = problems;
  const details: ErrorDetail[] = problems.map((p) => ({ ...(p.field ? { field: p.field } : {}), ...(p.detailCode ? { code: p.detailCode } : {}), message: p.message }));
  const message = first.summary ?? first.message;
  if (first.kind === 'INVALID') return new ValidationError(message, details, first.code);
  if (first.kind === 'RULE') return new RuleViolationError(message, first.code, details);
  return new ConflictError(message, first.code, details);
}

/**
 * The command as the log keeps it: players by member id only, not by the readable labels
 * (family names) the rules' messages use; a line-up's players are in its own rows.
 */
/** The reason a command carries (a supervisor's or the federation's), kept with what it withdraws. */
function reasonOf(command: MatchCommand): string | null {
  const reason = (command as { reason?: unknown }).reason;
  return typeof reason === 'string' && reason.trim() !== '' ? reason : null;
}

function commandPayload(command: MatchCommand): unknown {
  switch (command.kind) {
    case 'SET_LINEUP':
      return { kind: command.kind, by: command.by, side: command.side, reason: command.reason ?? null };
    case 'SUBSTITUTE': {
      const { outPlayerId: _out, inPlayerId: _in, ...substitution } = command.substitution;
      return { ...command, substitution };
    }
    case 'REMOVE_PLAYER': {
      const { playerId: _player, ...rest } = command;
      return rest;
    }
    default:
      return command;
  }
}

/** Throws the first problems as the error envelope (for builders that check before they store). */
export function assertNoProblems(problems: readonly Problem[]): void {
  if (problems.length) throw problemError(problems);
}

/** The user as a paper command names them. */
export function commandUser(user: AuthUser): CommandUser {
  return { userId: user.id, role: user.role };
}

/**
 * A command that needs the match (and the database) to be built: it runs inside the
 * transaction, after the lock, with the one row loaded; it may store rows the core does not
 * keep (a line-up's players with their eligibility) and name members the match does not
 * know yet (so the rules' messages name them). It may throw the error envelope's errors.
 * `after` runs once the core applied the command and its changes are stored, in the same
 * transaction: what follows from it outside the match row (the moved match's mails, a
 * record's deductions, fines and Regel 11 occurrences).
 */
export type CommandBuilder = (tx: Tx, match: MatchRow, settings: CompetitionSettings) => Promise<MatchCommand | BuiltCommand>;

export interface BuiltCommand {
  command: MatchCommand;
  members?: readonly MemberRow[];
  /** The rows the builder stored itself (a line-up's players), applied to the match row in memory: the writer answers without reading the match again. */
  patch?: (row: MatchRow) => MatchRow;
  after?: (tx: Tx, match: MatchRow) => Promise<void>;
}

/** A compact, JSON-friendly picture of a match for the audit log's before and after. */
export function auditSnapshot(match: MatchRow) {
  return {
    status: match.status,
    resultState: match.resultState,
    phase: phaseOf(match),
    disputeComment: match.disputeComment,
    date: match.date,
    homeTeamId: match.homeTeamId,
    awayTeamId: match.awayTeamId,
    homePoints: match.homePoints,
    awayPoints: match.awayPoints,
    homeIneligible: match.homeIneligible,
    awayIneligible: match.awayIneligible,
    forfeitingTeamId: match.forfeitingTeamId,
    statusReason: match.statusReason,
    // A correction's moment and who made it: the logboek says "corrigeerde" (describeMatchEntry).
    correctedAt: match.correctedAt,
    correctedByRole: match.correctedByRole,
    version: match.version,
    sets: match.sets.map((s) => ({
      set: s.setNumber,
      table: s.tableNumber,
      score: `${s.homePoints}-${s.awayPoints}`,
      source: s.source,
      // The seat's signature, refusal and decision: the logboek names the seat of a signature and tells a correction of a signed seat from a decision.
      ...(s.signedBySide ? { signed: s.signedBySide } : {}),
      ...(s.refusedBySide ? { refused: s.refusedBySide } : {}),
      ...(s.decidedAt ? { decided: s.decidedAt } : {}),
      ...(s.games.length ? { games: s.games.map((g) => `${g.winner}:${g.kind}:${g.points}${g.penaltyRule ? `:R${g.penaltyRule}` : ''}`) } : {}),
    })),
    lineups: match.lineups.map((l) => ({
      teamId: l.teamId,
      composedBeforeMatch: l.composedBeforeMatch,
      players: l.players.map((p) => ({ memberId: p.memberId, pair: p.pairNumber, fromSet: p.fromSet, eligible: p.eligible })),
    })),
    substitutions: match.substitutions.map((s) => ({ teamId: s.teamId, set: s.setNumber, pair: s.pairNumber, out: s.outMemberId, in: s.inMemberId, violation: s.violation })),
    deductions: match.deductions.map((d) => ({ teamId: d.teamId, points: d.points, rule: d.rule })),
    supervisorActions: match.supervisorActions.map((a) => ({ kind: a.kind, set: a.setNumber, table: a.tableNumber, member: a.memberId, fromGame: a.fromGame, games: a.gameNumbers, reason: a.reason })),
  };
}

/** 409 when a retry's key was used for another match. */
function sameMatch(matchId: string, commandMatchId: string): void {
  if (commandMatchId !== matchId) {
    throw new IdempotencyKeyReusedError('een andere wedstrijd');
  }
}

/** The table write's answer when the command must go the full way (applyWithRow). */
const FULL_PATH = Symbol('full path');

/** The lock statement's row: the command a retry stored under its key, if any. */
type LockRow = { commandMatchId: string | null; commandKind: string | null; commandPayload: string | null };

/** A plain table write, decided on the match as loaded or kept (MatchWriterService.tableWrite). */
interface TableWrite {
  before: MatchRow;
  after: MatchRow;
  settings: CompetitionSettings;
  events: readonly MatchEvent[];
  stored: StoredChanges;
  /** The changes, the command log and the audit entry: one statement. */
  logged: Prisma.Sql;
}

/** Thrown by NO_MODELS: the change needs Prisma's models (substitutions, the supervisor's actions). */
class FullPathNeeded extends Error {}

/** The transaction client of a path without Prisma: the core's changes of a table write never reach a model. */
const NO_MODELS = new Proxy({} as Tx, {
  get: () => {
    throw new FullPathNeeded();
  },
});

/**
 * Every change on match day goes through here: one transaction that first locks the
 * match row (a conditional `UPDATE … WHERE version = $v` when the client sent a version,
 * so two saves of the same version can never both win), applies the change, brings the
 * credited seats and totals up to date, and audits before and after.
 */
@Injectable()
export class MatchWriterService {
  private readonly queue = new KeyedQueue();
  /** The rows this process's table writes left, for the next table write on the match (match-row-cache.ts). */
  private readonly kept = new MatchRowCache();

  constructor(
    private readonly prisma: PrismaService,
    private readonly data: MatchDataService,
    private readonly audit: AuditService,
    private readonly consequences: ConsequencesService,
    private readonly live: LiveEvents,
  ) {}

  /**
   * One command through the match-day core (domain/match/match-command.ts): in one
   * transaction, answer a retry from the command log (same idempotency key), lock the
   * match, load it once, apply the command, store only what changed, log the command,
   * audit before and after, and bring Regel 4 and the fines into effect when the result
   * locks; after the commit, tell the live pages. Problems become the error envelope.
   */
  async apply(matchId: string, given: MatchCommand | CommandBuilder, options: ApplyOptions): Promise<MatchDetailDto> {
    return (await this.applyWithRow(matchId, given, options)).answer;
  }

  /**
   * As apply, and also the match row as the transaction left it (null for a replayed retry),
   * so a caller that answers in another shape (the table's view) needs no second load.
   */
  async applyWithRow(matchId: string, given: MatchCommand | CommandBuilder, options: ApplyOptions): Promise<{ readonly answer: MatchDetailDto; row: MatchRow | null; settings: CompetitionSettings | null }> {
    let events: MatchEvent[] = [];
    let live: { divisionId: string; round: number } | null = null;
    let answer: MatchDetailDto | null;
    let row: MatchRow | null = null;
    let usedSettings: CompetitionSettings | null = null;
    try {
      // One transaction per match at a time in this process: the others wait here, not in the pool.
      answer = await this.queue.run(matchId, () => this.prisma.$transaction(
        async (tx) => {
          // A retry of a versioned command is answered before the lock (its version is no longer current).
          if (options.version !== undefined) {
            const replayed = await this.replay(tx, matchId, options.idempotencyKey);
            if (replayed) return replayed;
          }
          // Without a version: the lock and the retry's stored command in one statement.
          let again: MatchDetailDto | null;
          if (options.version === undefined) {
            again = await this.lockAndReplay(tx, matchId, options.idempotencyKey);
          } else {
            await this.lockVersion(tx, matchId, options.version);
            again = await this.replay(tx, matchId, options.idempotencyKey);
          }
          if (again) return again;
          const before = await this.data.load(matchId, tx);
          const settings = this.data.settingsOf(before);
          const built = typeof given === 'function' ? await given(tx, before, settings) : given;
          const { command, members = [], patch, after: follow } = 'command' in built ? built : { command: built };
          const now = new Date();
          const state = matchStateOf(before, members);
          const reason = reasonOf(command);
          const extras = { now, members, patch, reason };
          let result = applyMatchCommand(state, command, settings, now);
          if (result.problems.length) throw problemError(result.problems);
          if (result.needsEligibility) {
            // The command makes the match final (or changes who played in it): Regel 4 needs every
            // player's eligibility on the match date (read-only facts). The core decides again, with them.
            const eligible = await this.consequences.eligibilityOf(tx, rowAfter(before, result.state, before.version, extras), settings);
            const labels = playerLabels(before, members);
            result = applyMatchCommand({ ...state, eligibility: new Map([...eligible].map(([memberId, ok]) => [labels.get(memberId) ?? memberId, ok])) }, command, settings, now);
            if (result.problems.length) throw problemError(result.problems);
          }
          const { changed, statements } = await storeStateChanges(tx, before, result.state, { versionCounted: options.version !== undefined, now, reason });
          // The fixture or a record brings rows the state does not carry (teams, moves,
          // deductions, fines): read those back. Everything else is the row in memory.
          const reload = RELOAD_COMMANDS.includes(command.kind) || follow !== undefined;
          // What follows reads the stored match: its changes go first, as one statement. Otherwise
          // (every table write) they go with the command log and the audit entry, at the end.
          const storeNow = reload || Boolean(result.consequences);
          if (storeNow && statements.length) await tx.$executeRaw(oneStatement(statements));
          if (follow) await follow(tx, rowAfter(before, result.state, before.version + 1, extras));
          let after =
            reload
              ? await this.data.load(matchId, tx)
              : rowAfter(before, result.state, before.version + (changed && options.version === undefined ? 1 : 0), extras);
          // The match became final (domain/match becomeFinal: both confirmations, the end of the
          // correction window, the paper form's hours, the supervisor's decision), or who played
          // changed in a final match: the core's answer for Regel 4 and the fines is stored here.
          if (result.consequences) {
            await this.consequences.store(tx, after, result.consequences, options.user?.id ?? result.state.awaySignedById ?? result.state.homeSignedById ?? null);
            // The deductions, fines and flags just stored: the answer shows them.
            after = await this.data.load(matchId, tx);
          }
          // Mapped only when kept for a retry; otherwise from the row, if the caller asks for it.
          const response = options.storeResponse === false ? null : mapMatchDetail(after, settings);
          await tx.$executeRaw(this.logged(storeNow ? [] : statements, { matchId, command, options, before, after, response, now }));
          events = result.events;
          live = { divisionId: before.divisionId, round: before.round };
          row = after;
          usedSettings = settings;
          return response;
        },
        { timeout: 20_000 },
      ));
    } catch (error) {
      if (error instanceof StaleLock) throw new StaleVersionError(await this.data.detail(matchId, options.user));
      throw error;
    }
    if (live) this.emit(matchId, live, events);
    const done = { row, settings: usedSettings };
    return {
      ...done,
      // The table answers in its own shape from the row: the match's detail is mapped only when asked for.
      get answer(): MatchDetailDto {
        answer ??= mapMatchDetail(done.row!, done.settings!);
        return answer;
      },
    };
  }

  /**
   * A table write (enter, sign, refuse) on a connection of its own from the pool, without
   * Prisma's engine: the transaction's start, the lock of the match row (with a retry's stored
   * command), the match's fingerprint, and the load only when the match is not as this process's
   * last table write left it (match-row-cache.ts); then the changes with the command log and the
   * audit entry in one statement, and the COMMIT. A command that needs more than that (it makes
   * the match final: Regel 4 and the fines; or what it changes must be read back) is rolled back
   * untouched and goes the full way (applyWithRow), which decides it again under its own lock.
   * The row is null for a retry answered from the log.
   */
  async applyAtTable(matchId: string, build: (match: MatchRow) => MatchCommand, options: ApplyOptions & { storeResponse: false }): Promise<{ row: MatchRow | null; settings: CompetitionSettings | null }> {
    const fast = await this.queue.run(matchId, () => this.atTable(matchId, build, options));
    if (fast !== FULL_PATH) return fast;
    const { row, settings } = await this.applyWithRow(matchId, (_tx, match) => Promise.resolve(build(match)), options);
    return { row, settings };
  }

  private async atTable(matchId: string, build: (match: MatchRow) => MatchCommand, options: ApplyOptions): Promise<{ row: MatchRow | null; settings: CompetitionSettings | null } | typeof FULL_PATH> {
    const client = await this.prisma.pool.connect();
    let open = false;
    let lost: Error | undefined;
    try {
      const db = pooledQueries(client, this.prisma.statementName);
      // The transaction's statements are planned once per connection (a generic plan): they look
      // up by key, and a plan made for each call's values cost more than running it.
      open = true;
      await client.query('BEGIN; SET LOCAL plan_cache_mode = force_generic_plan');
      // The lock, with the command a retry stored under its key; it tells the sets' and games'
      // triggers that this transaction changes them only with the match row (LOCKED_SETTING).
      const lock = await db.$queryRaw<LockRow[]>(Prisma.sql`
        SELECT set_config('${Prisma.raw(LOCKED_SETTING)}', 'on', true) AS locked, c."matchId"::text AS "commandMatchId", c.kind AS "commandKind", c.payload::text AS "commandPayload"
          FROM matches m LEFT JOIN match_commands c ON c."idempotencyKey" = ${options.idempotencyKey ?? null}::text
         WHERE m.id = ${matchId}::uuid FOR UPDATE OF m`);
      // The fingerprint in a statement of its own, after the lock: it sees what a write that held
      // the lock before committed. The kept row when the match is as it was kept, else the load
      // (after the fingerprint: a change in between makes the next fingerprint differ, never the
      // other way round).
      const read = lock.length ? await fingerprintOf(db, matchId) : null;
      if (!read) throw new NotFoundError('Wedstrijd');
      const kept = this.kept.get(matchId);
      const usable = kept !== null && sameFingerprint(kept.fingerprint, read.fingerprint);
      if (usable && checkKeptRows()) assertSameRow(kept.row, (await loadMatchRow(db, matchId))!);
      const loaded = usable ? kept.row : await loadMatchRow(db, matchId);
      if (!loaded) throw new NotFoundError('Wedstrijd');
      this.kept.count(usable);
      // Contended only when a kept row was there and stale: a first write here (nothing kept) is
      // no sign that another process writes the match.
      this.kept.found(matchId, usable || kept === null);
      const { fingerprint, transaction } = read;
      const [{ commandMatchId, commandKind, commandPayload: stored }] = lock;
      if (commandMatchId !== null) {
        // A retry: applied before, its answer is the match as it is now. A table's outbox drops
        // what was answered 2xx, so the key must have carried this very command: the same key
        // with another set, score or side is refused, never swallowed.
        sameMatch(matchId, commandMatchId);
        const retried = build(loaded);
        if (retried.kind !== commandKind || !isDeepStrictEqual(JSON.parse(stored ?? 'null'), JSON.parse(JSON.stringify(commandPayload(retried))))) {
          throw new IdempotencyKeyReusedError('een andere invoer aan deze tafel');
        }
        await client.query('COMMIT');
        open = false;
        this.kept.keep(matchId, { fingerprint, row: loaded });
        return { row: loaded, settings: this.data.settingsOf(loaded) };
      }
      const write = await this.tableWrite(loaded, build, options);
      if (write === FULL_PATH) {
        await client.query('ROLLBACK');
        open = false;
        return FULL_PATH;
      }
      // The changes with the command log and the audit entry, then the COMMIT.
      this.kept.forget(matchId);
      await db.$executeRaw(write.logged);
      await client.query('COMMIT');
      open = false;
      return this.written(matchId, write, fingerprint, transaction);
    } catch (error) {
      // A connection that failed (gone, cut, refused) is not used again.
      if (isDatabaseUnavailable(error)) lost = error as Error;
      else if (open) await client.query('ROLLBACK').catch((e: Error) => (lost = e));
      // The core's state changed substitutions or the supervisor's actions: the full way stores them.
      if (error instanceof FullPathNeeded && !lost) return FULL_PATH;
      throw error;
    } finally {
      // A connection that failed mid-transaction is not given back to the pool.
      client.release(lost);
    }
  }

  /**
   * The command on the match as it is (`before`), when it is a plain table write: its changes,
   * the command log and the audit entry as one statement, and the row it leaves. FULL_PATH when
   * the command needs more (it makes the match final: Regel 4 and the fines; what it changes must
   * be read back; it changes substitutions or the supervisor's actions). Problems throw.
   */
  private async tableWrite(before: MatchRow, build: (match: MatchRow) => MatchCommand, options: ApplyOptions): Promise<TableWrite | typeof FULL_PATH> {
    const settings = this.data.settingsOf(before);
    const command = build(before);
    const now = new Date();
    const result = applyMatchCommand(matchStateOf(before, []), command, settings, now);
    if (result.problems.length) throw problemError(result.problems);
    if (result.needsEligibility || result.consequences || RELOAD_COMMANDS.includes(command.kind)) return FULL_PATH;
    const reason = reasonOf(command);
    const stored = await storeStateChanges(NO_MODELS, before, result.state, { versionCounted: false, now, reason }).catch((error: unknown): typeof FULL_PATH => {
      if (error instanceof FullPathNeeded) return FULL_PATH;
      throw error;
    });
    if (stored === FULL_PATH) return FULL_PATH;
    const after = rowAfter(before, result.state, before.version + (stored.changed ? 1 : 0), { now, stored, reason });
    const logged = this.logged(stored.statements, { matchId: before.id, command, options, before, after, response: null, now });
    return { before, after, settings, events: result.events, stored, logged };
  }

  /** After a table write's commit: the row kept for the next write (with the fingerprint its transaction gave the match), the live pages told. */
  private written(matchId: string, write: TableWrite, fingerprint: Fingerprint, transaction: string): { row: MatchRow; settings: CompetitionSettings } {
    this.kept.keep(matchId, { fingerprint: { own: ownAfter(fingerprint.own, write.stored, transaction), ref: fingerprint.ref }, row: write.after });
    this.emit(matchId, write.before, write.events);
    return { row: write.after, settings: write.settings };
  }

  /**
   * The match as this process's last table write on it left it, while it still is: its
   * fingerprint, read now (one small statement), is the one kept with it. A table page read then
   * needs no load (the load was 2.5 ms of the database's time per read). Null when nothing is
   * kept, when another process writes the match too (MatchRowCache.isContended: the fingerprint
   * would differ as often as not) or when the match changed since: the caller loads it. A write
   * that commits meanwhile may or may not be seen, as with a load. The caller counts the read
   * (countKeptRead) once it answers from the row.
   */
  async keptIfCurrent(matchId: string): Promise<MatchRow | null> {
    const kept = this.kept.get(matchId);
    if (!kept || this.kept.isContended(matchId)) return null;
    const read = await fingerprintOf(this.prisma.direct, matchId);
    if (!read || !sameFingerprint(read.fingerprint, kept.fingerprint)) return null;
    // MATCH_ROW_CACHE_CHECK (the test suite): the kept row is the match as a load gives it.
    if (checkKeptRows()) assertSameRow(kept.row, (await loadMatchRow(this.prisma.direct, matchId))!);
    return kept.row;
  }

  /** A table page read answered from a kept row (keptRows().reads). */
  countKeptRead(): void {
    this.kept.counts.reads++;
  }

  /** How often this process's table writes used the row kept for their match, and how often they loaded it (match-row-cache.ts). */
  keptRows(): { used: number; loaded: number; reads: number } {
    return { ...this.kept.counts };
  }

  /** After the commit: the live pages hear of the change. */
  private emit(matchId: string, match: Pick<MatchRow, 'divisionId' | 'round'>, events: readonly MatchEvent[]): void {
    const at = new Date();
    for (const event of events) this.live.emit({ matchId, divisionId: match.divisionId, round: match.round, kind: event.kind, at });
  }

  /** The changes, the command for a retry and the audit entry for the history: one statement. */
  private logged(
    changes: readonly Prisma.Sql[],
    { matchId, command, options, before, after, response, now }: { matchId: string; command: MatchCommand; options: ApplyOptions; before: MatchRow; after: MatchRow; response: MatchDetailDto | null; now: Date },
  ): Prisma.Sql {
    const audit = this.audit.insertStatement(
      {
        userId: options.user?.id ?? null,
        action: options.action,
        entityType: 'Match',
        entityId: matchId,
        // What the command changed (not two pictures of the whole match).
        ...auditDifference(auditSnapshot({ ...before, version: options.version ?? before.version }), auditSnapshot(after)),
        reason: options.reason ?? null,
      },
      now,
    );
    const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
    const commandLog = Prisma.sql`
      INSERT INTO match_commands (id, "matchId", "idempotencyKey", kind, actor, payload, response, "createdAt")
      VALUES (${randomUUID()}::uuid, ${matchId}::uuid, ${options.idempotencyKey ?? null}, ${command.kind}, ${options.actor}, ${json(commandPayload(command))}::jsonb, ${json(response)}::jsonb, ${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
    return oneStatement([...changes, commandLog], audit);
  }

  /** The stored answer of a command already applied with this key; 409 when the key was used for another match. */
  private async replay(tx: Tx, matchId: string, key: string | undefined): Promise<MatchDetailDto | null> {
    if (!key) return null;
    const record = await tx.matchCommandRecord.findUnique({ where: { idempotencyKey: key }, select: { matchId: true, response: true } });
    return record ? this.replayOf(tx, matchId, record) : null;
  }

  /**
   * Locks the match row (a write without a version) and, in the same statement, finds the
   * command stored with this key: a retry is answered from it after the lock, as replay would.
   */
  private async lockAndReplay(tx: Tx, matchId: string, key: string | undefined): Promise<MatchDetailDto | null> {
    const rows = await tx.$queryRaw<{ commandMatchId: string | null; response: string | null }[]>`
      SELECT c."matchId"::text AS "commandMatchId", c.response::text AS response
        FROM matches m LEFT JOIN match_commands c ON c."idempotencyKey" = ${key ?? null}
       WHERE m.id = ${matchId}::uuid
         FOR UPDATE OF m`;
    if (rows.length === 0) throw new NotFoundError('Wedstrijd');
    const [{ commandMatchId, response }] = rows;
    if (commandMatchId === null) return null;
    return this.replayOf(tx, matchId, { matchId: commandMatchId, response: response === null ? null : (JSON.parse(response) as Prisma.JsonValue) });
  }

  private async replayOf(tx: Tx, matchId: string, record: { matchId: string; response: Prisma.JsonValue | null }): Promise<MatchDetailDto> {
    sameMatch(matchId, record.matchId);
    if (record.response !== null) return record.response as unknown as MatchDetailDto;
    // Applied without a stored answer (storeResponse: false): the match as it is now.
    const match = await this.data.load(matchId, tx);
    return mapMatchDetail(match, this.data.settingsOf(match));
  }

  /** The lock of a write based on a version: `UPDATE … WHERE version = $v` (StaleLock when it is no longer current). */
  private async lockVersion(tx: Tx, matchId: string, version: number): Promise<void> {
    const { count } = await tx.match.updateMany({ where: { id: matchId, version }, data: { version: { increment: 1 } } });
    if (count === 0) throw new StaleLock();
  }
}
