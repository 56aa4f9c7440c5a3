import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors';
import { todayIso } from '../common/dto';
import { computeStandings, isFinal, positionsByRound } from '../domain/standings/standings';
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

  /** The standings of a division (Regel 40, 41), optionally after round `round`. */
  async standings(divisionId: string, round?: number): Promise<StandingsDto> {
    const entry = await this.entry(divisionId);
    // The season's end passes without a change in the data: it is part of the view's key.
    const seasonEnded = todayIso() > entry.data.seasonEndsOn;
    return view(entry, `standings:${round ?? ''}:${seasonEnded}`, () => {
      const { data } = entry;
      const input = { ...data.input, upToRound: round, seasonEnded };
      const rows = computeStandings(input);
      return {
        divisionId,
        asOf: data.asOf?.toISOString() ?? null,
        round: round ?? null,
        rounds: data.rounds,
        final: isFinal(input),
        settings: mapStandingsSettings(data.settings),
        rows: rows.map((row) => mapStandingsRow(row, data.clubIds.get(row.teamId)!)),
      };
    });
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
