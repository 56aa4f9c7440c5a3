import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../common/errors';
import type { CompetitionSettings } from '../domain/settings';
import { MatchDataService } from '../matches/match-data.service';
import type { MatchRow } from '../matches/match-row';
import { PrismaService } from '../prisma/prisma.service';
import type { TableViewDto } from './match-night.dto';
import { mapTableView } from './night-views';
import { normalizeTableCode } from './table-code';
import { TableAccessKind, TableThrottle } from './table-throttle';

/** 404 for every code that does not open a table now: unknown, revoked, expired, or of an archived match. */
export class TableCodeInvalidError extends AppError {
  constructor() {
    super(404, 'TABLE_CODE_INVALID', 'Deze tafelcode werkt niet: hij is onbekend, ingetrokken of verlopen. Vraag de secretaris van de thuisploeg of de wedstrijdleider om de code van uw tafel.');
  }
}

export interface TableAccess {
  matchId: string;
  tableNumber: number;
  match: MatchRow;
  settings: CompetitionSettings;
}

/**
 * A table code opens exactly one table of one match, and nothing else: it is not a session,
 * it only ever reaches the /api/table/{code} endpoints, and every answer is built from the
 * code's own match and table number.
 */
@Injectable()
export class TableService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly data: MatchDataService,
    @Inject(TableThrottle) private readonly throttle: TableThrottle,
  ) {}

  /** The table a code opens, after the rate limits; 404 TABLE_CODE_INVALID (counted against the client) otherwise. */
  async resolve(rawCode: string, client: string, kind: TableAccessKind): Promise<TableAccess> {
    this.throttle.admitClient(client);
    const code = normalizeTableCode(rawCode);
    if (!code) return this.invalid(client);
    this.throttle.admitCode(code, kind);
    const now = new Date();
    const row = await this.prisma.tableCode.findUnique({
      where: { code },
      select: { matchId: true, tableNumber: true, revokedAt: true, expiresAt: true, match: { select: { archivedAt: true } } },
    });
    if (!row || row.revokedAt !== null || row.expiresAt <= now || row.match.archivedAt !== null) return this.invalid(client);
    const full = await this.data.load(row.matchId);
    if (!full.nightEndsAt || full.nightEndsAt <= now) return this.invalid(client);
    return { matchId: row.matchId, tableNumber: row.tableNumber, match: full, settings: await this.data.settings(full.division.seasonId) };
  }

  async view(rawCode: string, client: string): Promise<TableViewDto> {
    const access = await this.resolve(rawCode, client, 'read');
    return mapTableView(access.match, access.settings, access.tableNumber, new Date());
  }

  private invalid(client: string): never {
    this.throttle.fail(client);
    throw new TableCodeInvalidError();
  }
}
