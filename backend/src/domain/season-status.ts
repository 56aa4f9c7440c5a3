import type { IsoDate } from './dates';

/**
 * Where a season stands, for the administrators' screens:
 * - PREPARING (in voorbereiding): today is before `startsOn`. Divisions, teams and fixtures
 *   can be prepared; the public site does not show it as long as another season runs.
 * - RUNNING (lopend): from `startsOn` up to and including `endsOn`, not archived. The
 *   administrative season starts on `startsOn` (member lists are due by then, Regel 1), not on
 *   the first match day (`competitionStartsOn`): the weeks between are part of the season.
 *   This is the same window in which `SeasonsService.currentId` calls a season "running".
 * - CLOSED (afgesloten): archived (`archivedAt` set, at any date), or `endsOn` has passed.
 *
 * Days, not instants: `today` is the calendar date in the Netherlands.
 */
export const SEASON_STATUSES = ['PREPARING', 'RUNNING', 'CLOSED'] as const;
export type SeasonStatus = (typeof SEASON_STATUSES)[number];

export interface SeasonDates {
  startsOn: IsoDate;
  endsOn: IsoDate;
  archived: boolean;
}

export function seasonStatus(season: SeasonDates, today: IsoDate): SeasonStatus {
  if (season.archived || today > season.endsOn) return 'CLOSED';
  if (today < season.startsOn) return 'PREPARING';
  return 'RUNNING';
}
