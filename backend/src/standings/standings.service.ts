import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors';
import { todayIso } from '../common/dto';
import { provisionalScore } from '../domain/live/live-match';
import { DEFAULT_SETTINGS } from '../domain/settings';
import { computeStandings, isFinal, positionsByRound, StandingsMatch } from '../domain/standings/standings';
import { PrismaService } from '../prisma/prisma.service';
import { CacheEntry, readFingerprint, StandingsCache, view } from './standings-cache';
import { DivisionStandingsData, standingsSelect, toStandingsData } from './standings-data';
import { mapStandingsRow, mapStandingsSettings, PositionsDto, StandingsDto } from './standings.dto';

@Injectable()
export class StandingsService {
  private readonly cache = new StandingsCache();

  constructor(private readonly prisma: PrismaService) {}

  /** Everything the division's standings are computed from, as of now; 404 for an unknown division. */
  async data(divisionId: string): Promise<DivisionStandingsData> {
    return (await this.entry(divisionId)).data;
  }

  /**
   * The standings of a division (Regel 40, 41), optionally after round `round`. Official:
   * confirmed results only. Provisional: also the matches being played now, with their public
   * (signed, decided or credited) sets so far; not while the season hides live scores.
   */
  async standings(divisionId: string, round?: number, provisional = false): Promise<StandingsDto> {
    const entry = await this.entry(divisionId);
    // The season's end passes without a change in the data: it is part of the view's key.
    const seasonEnded = todayIso() > entry.data.seasonEndsOn;
    const official = () => view(entry, `standings:${round ?? ''}:${seasonEnded}`, () => this.compute(entry.data, entry.data.input.matches, round, seasonEnded));
    if (!provisional) return official();
    // Not cached: signing a set changes it without changing the fingerprint's rows.
    const live = await this.matchesInProgress(entry.data);
    if (live.size === 0) return { ...official(), provisional: true };
    const matches = entry.data.input.matches.map((m) => live.get(m.id) ?? m);
    return this.compute(entry.data, matches, round, seasonEnded, true);
  }

  private compute(data: DivisionStandingsData, matches: readonly StandingsMatch[], round: number | undefined, seasonEnded: boolean, provisional = false): StandingsDto {
    const input = { ...data.input, matches, upToRound: round, seasonEnded };
    const counted = matches.filter((m) => m.provisional && (round === undefined || m.round <= round));
    const inProgress = new Set(counted.flatMap((m) => [m.homeTeamId, m.awayTeamId]));
    return {
      divisionId: data.divisionId,
      asOf: data.asOf?.toISOString() ?? null,
      round: round ?? null,
      rounds: data.rounds,
      final: isFinal(input),
      settings: mapStandingsSettings(data.settings),
      provisional,
      provisionalMatches: counted.length,
      rows: computeStandings(input).map((row) => mapStandingsRow(row, data.clubIds.get(row.teamId)!, inProgress.has(row.teamId))),
    };
  }

  /** The division's matches being played now, as the provisional standings count them (none while liveScores is off). */
  private async matchesInProgress(data: DivisionStandingsData): Promise<Map<string, StandingsMatch>> {
    const [settings, rows] = await Promise.all([
      this.prisma.seasonSettings.findUnique({ where: { seasonId: data.seasonId }, select: { liveScores: true } }),
      this.prisma.match.findMany({
        where: { divisionId: data.divisionId, archivedAt: null, resultState: { not: 'CONFIRMED' }, status: { in: ['SCHEDULED', 'PLAYED'] }, sets: { some: {} } },
        select: {
          id: true,
          status: true,
          resultState: true,
          homeSignedAt: true,
          sets: { select: { setNumber: true, tableNumber: true, homePoints: true, awayPoints: true, source: true, enteredBySide: true, signedBySide: true, decidedAt: true, refusedAt: true } },
        },
      }),
    ]);
    if (!(settings?.liveScores ?? DEFAULT_SETTINGS.liveScores)) return new Map();
    const byId = new Map(data.input.matches.map((m) => [m.id, m]));
    const live = new Map<string, StandingsMatch>();
    for (const row of rows) {
      const fixture = byId.get(row.id);
      const score = provisionalScore({ status: row.status, resultState: row.resultState, homeSigned: row.homeSignedAt !== null, sets: row.sets });
      if (fixture && score) live.set(row.id, { ...fixture, status: 'PLAYED', ...score, provisional: true });
    }
    return live;
  }

  /** Each team's position after every round with a confirmed result, for the chart. */
  async positions(divisionId: string): Promise<PositionsDto> {
    const entry = await this.entry(divisionId);
    return view(entry, 'positions', () => {
      const { data } = entry;
      const byRound = positionsByRound(data.input, data.rounds);
      // In the order of the current standings.
      const order = computeStandings(data.input).map((row) => row.teamId);
      const teams = [...data.input.teams].sort((a, b) => order.indexOf(a.teamId) - order.indexOf(b.teamId));
      return {
        divisionId,
        rounds: data.rounds,
        teamCount: data.input.teams.length,
        teams: teams.map((team) => ({
          teamId: team.teamId,
          teamName: team.teamName,
          clubId: data.clubIds.get(team.teamId)!,
          clubName: team.clubName,
          positions: byRound.map((r) => r.positions[team.teamId]),
        })),
      };
    });
  }

  /** After a change made here (a play-off): the next request checks the data afresh. */
  changed(divisionId: string): void {
    this.cache.forget(divisionId);
  }

  /** One small query for the fingerprint; the full read only when the division's data changed. */
  private async entry(divisionId: string): Promise<CacheEntry> {
    const fingerprint = await this.cache.fingerprint(divisionId, () => readFingerprint(this.prisma, divisionId));
    if (fingerprint === null) throw new NotFoundError('Poule');
    return this.cache.get(divisionId, fingerprint, async () => {
      const source = await this.prisma.division.findUnique({ where: { id: divisionId }, select: standingsSelect });
      if (!source) throw new NotFoundError('Poule');
      return toStandingsData(source);
    });
  }
}
