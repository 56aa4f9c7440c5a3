import { Inject, Injectable } from '@nestjs/common';
import { AppError, NotFoundError } from '../common/errors';
import type { MatchCommand } from '../domain/match/match-command';
import { MatchDataService } from '../matches/match-data.service';
import { MatchWriterService } from '../matches/match-writer.service';
import { Prisma } from '../generated/prisma/client';
import type { TableEntryInputDto, TableRefuseInputDto, TableSignInputDto, TableViewDto } from './match-night.dto';
import { mapTableView } from './night-views';
import { normalizeTableCode } from './table-code';
import { TableAccessKind, TableThrottle } from './table-throttle';
import { makeRoomFor } from '../common/bounded';

/** 404 for every code that does not open a table now: unknown, revoked, expired, or of an archived match. */
export class TableCodeInvalidError extends AppError {
  constructor() {
    super(404, 'TABLE_CODE_INVALID', 'Deze tafelcode werkt niet: hij is onbekend, ingetrokken of verlopen. Vraag de secretaris van de thuisploeg of de wedstrijdleider om de code van uw tafel.');
  }
}

/** The match's night is open: not archived, and its codes not past the night's end. */
function nightOpen(match: { archivedAt: Date | null; nightEndsAt: Date | null }, now: Date): boolean {
  return match.archivedAt === null && match.nightEndsAt !== null && match.nightEndsAt > now;
}

const at = (ms: number | null) => (ms === null ? null : new Date(ms));

/** The code's table and what decides whether it still opens it (times as epoch milliseconds), as JSON text. */
function codeLookup(code: string): Prisma.Sql {
  const ms = (column: string) => Prisma.raw(`(extract(epoch FROM ${column} AT TIME ZONE 'UTC') * 1000)::bigint`);
  return Prisma.sql`
    SELECT json_build_object('matchId', tc."matchId", 'tableNumber', tc."tableNumber", 'revokedAt', ${ms('tc."revokedAt"')}, 'expiresAt', ${ms('tc."expiresAt"')},
                             'archivedAt', ${ms('m."archivedAt"')}, 'nightEndsAt', ${ms('m."nightEndsAt"')})::text
      FROM table_codes tc JOIN matches m ON m.id = tc."matchId" WHERE tc.code = ${code}`;
}

/** The codes a process keeps with their table (TableService.remember): a night's 180 many times over. */
const KNOWN_CODES_MAX = 5000;

export interface TableAccess {
  matchId: string;
  tableNumber: number;
}

/**
 * A table code opens exactly one table of one match, and nothing else: it is not a session,
 * it only ever reaches the /api/table/{code} endpoints, and every answer is built from the
 * code's own match and table number.
 */
@Injectable()
export class TableService {
  constructor(
    private readonly data: MatchDataService,
    private readonly writer: MatchWriterService,
    @Inject(TableThrottle) private readonly throttle: TableThrottle,
  ) {}

  /** The codes this process has seen open a table, with that table (a code never changes its match or table). */
  private readonly tables = new Map<string, TableAccess>();

  /** The table a code opens, after the rate limits; 404 TABLE_CODE_INVALID otherwise (an unknown code counts against the client). */
  async resolve(rawCode: string, client: string, kind: TableAccessKind): Promise<TableAccess> {
    const code = normalizeTableCode(rawCode);
    // One statement: the client's wait and request count, the code's (when well-formed), and the code's table.
    const found = await this.throttle.admit(client, code, kind, code ? codeLookup(code) : undefined);
    const access = code ? this.opened(found, kind) : null;
    if (!code || !access) return this.invalid(client);
    this.remember(code, access);
    return access;
  }

  /**
   * The table a code's lookup found, when the code opens it now; null for a code that is not
   * there (a guess); 404 for one that once opened a table (revoked or expired), or (a read)
   * whose match is archived or whose night is over.
   */
  private opened(found: unknown, kind: TableAccessKind): TableAccess | null {
    if (typeof found !== 'string') return null;
    const row = JSON.parse(found) as { matchId: string; tableNumber: number; revokedAt: number | null; expiresAt: number; archivedAt: number | null; nightEndsAt: number | null };
    const now = Date.now();
    // A code that once opened a table (now revoked or expired) is no guess: it answers the same
    // 404 but does not count towards the client's wait, so a phone left open after a revoke or
    // at the end of the evening cannot make the whole club room (one address) wait.
    if (row.revokedAt !== null || row.expiresAt <= now) throw new TableCodeInvalidError();
    // A write checks the match (archived, the night over) on the row the writer loads anyway, under its lock.
    if (kind === 'read' && !nightOpen({ archivedAt: at(row.archivedAt), nightEndsAt: at(row.nightEndsAt) }, new Date(now))) throw new TableCodeInvalidError();
    // Only the match and the table: a write loads the match once, inside its transaction.
    return { matchId: row.matchId, tableNumber: row.tableNumber };
  }

  /** A code's table, kept once it opened it: a code never changes its match or table. Bounded (a night's codes many times over). */
  private remember(code: string, access: TableAccess): void {
    makeRoomFor(this.tables, code, KNOWN_CODES_MAX);
    this.tables.set(code, access);
  }

  /** The code as stored, and its table when this process has seen the code open it. */
  private knownTable(rawCode: string): { code: string | null; known: TableAccess | undefined } {
    const code = normalizeTableCode(rawCode);
    return { code, known: code ? this.tables.get(code) : undefined };
  }

  async view(rawCode: string, client: string): Promise<TableViewDto> {
    // A code this process has seen open its table: whether the row kept for its match is current
    // is read while the limits are checked (two statements at once instead of one after the
    // other, a round trip less). Nothing is answered before the limits and the code let it.
    const { known } = this.knownTable(rawCode);
    const early = known ? this.writer.keptIfCurrent(known.matchId) : undefined;
    early?.catch(() => undefined); // a refused read does not wait for it (its error, if any, comes below)
    const { matchId, tableNumber } = await this.resolve(rawCode, client, 'read');
    // The row this process's last table write on the match left, when the match is still so.
    const kept = await (early && known?.matchId === matchId ? early : this.writer.keptIfCurrent(matchId));
    if (kept) this.writer.countKeptRead();
    const match = kept ?? (await this.data.load(matchId));
    return mapTableView(match, this.data.settingsOf(match), tableNumber, new Date());
  }

  /**
   * A pair enters (or replaces) the unsigned score of a set at this table; with `signedBy` the
   * entry comes with the opposing pair's signature given on the device (offline, issue 16).
   */
  enter(rawCode: string, setNumber: number, body: TableEntryInputDto, client: string): Promise<TableViewDto> {
    return this.write(rawCode, client, body.idempotencyKey, 'match.table.enter', null, (tableNumber) => ({
      kind: 'TABLE_ENTER',
      setNumber,
      tableNumber,
      enteredBy: body.enteredBy,
      ...(body.signedBy !== undefined ? { signedBy: body.signedBy } : {}),
      ...(body.games !== undefined ? { games: body.games } : {}),
      ...(body.totals !== undefined ? { totals: { home: body.totals.home, away: body.totals.away } } : {}),
    }));
  }

  /** The opposing pair signs, after reviewing the set on the same device: irrevocable (Regel 15). */
  sign(rawCode: string, setNumber: number, body: TableSignInputDto, client: string): Promise<TableViewDto> {
    return this.write(rawCode, client, body.idempotencyKey, 'match.table.sign', null, (tableNumber) => ({ kind: 'TABLE_SIGN', setNumber, tableNumber, side: body.side }));
  }

  /** The opposing pair refuses to sign, with a comment: a dispute for the supervisor (Regel 35B). */
  refuse(rawCode: string, setNumber: number, body: TableRefuseInputDto, client: string): Promise<TableViewDto> {
    return this.write(rawCode, client, body.idempotencyKey, 'match.table.refuse', body.comment, (tableNumber) => ({
      kind: 'TABLE_REFUSE',
      setNumber,
      tableNumber,
      side: body.side,
      comment: body.comment,
    }));
  }

  /**
   * Every table write: the code decides the match and the table (never the request), the
   * core decides the rest (MatchWriterService.apply: locked result, signed set, own entry …).
   * The idempotency key is kept per table ("table-<n>:<key>"), so a retry replays only this
   * table's own command. The answer is the table as it is now.
   */
  private async write(
    rawCode: string,
    client: string,
    key: string | undefined,
    action: string,
    reason: string | null,
    command: (tableNumber: number) => MatchCommand,
  ): Promise<TableViewDto> {
    // The code's count and check first: a refused write locks and loads nothing.
    const { matchId, tableNumber } = await this.resolve(rawCode, client, 'write');
    const { row, settings } = await this.writer
      .applyAtTable(
        matchId,
        (match) => {
          if (!nightOpen(match, new Date())) throw new TableCodeInvalidError();
          return command(tableNumber);
        },
        { actor: `table:${tableNumber}`, idempotencyKey: key === undefined ? undefined : `table-${tableNumber}:${key}`, action, reason, storeResponse: false },
      )
      .catch((error: unknown) => {
        // An archived match (the writer finds no such match): the code opens nothing.
        throw error instanceof NotFoundError ? new TableCodeInvalidError() : error;
      });
    // The row the write left (a retry answered from the log has none: read it then).
    const match = row ?? (await this.data.load(matchId));
    return mapTableView(match, settings ?? this.data.settingsOf(match), tableNumber, new Date());
  }

  /** An unknown or malformed code: a guess, counted towards the client's wait. */
  private async invalid(client: string): Promise<never> {
    await this.throttle.fail(client);
    throw new TableCodeInvalidError();
  }
}
