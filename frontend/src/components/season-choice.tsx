// The season a dashboard page shows, chosen in the URL (?seizoen=<id>; default: the current
// season), and the status of a season in Dutch. A plain GET form: no JavaScript needed.
// Server-side only (it takes the page's API client); never used by the public pages.
import type { Api, Schemas } from '@/lib/api-core';
import { buttonClass } from './ui/button';
import { Badge } from './ui/badge';

export type SeasonStatus = Schemas['SeasonStatus'];
export type SeasonSummary = Schemas['SeasonSummaryDto'];

/** SeasonDto.status in Dutch (backend/src/domain/season-status.ts decides it). */
export const SEASON_STATUS_LABELS: Record<SeasonStatus, string> = {
  PREPARING: 'In voorbereiding',
  RUNNING: 'Lopend',
  CLOSED: 'Afgesloten',
};

/** The status in the URL of the seasons list (?status=lopend), Dutch like the other URL words. */
export const SEASON_STATUS_SLUGS: Record<SeasonStatus, string> = {
  PREPARING: 'voorbereiding',
  RUNNING: 'lopend',
  CLOSED: 'afgesloten',
};

const TONES = { PREPARING: 'info', RUNNING: 'good', CLOSED: 'neutral' } as const;

export function SeasonStatusBadge({ status }: { status: SeasonStatus }) {
  return <Badge tone={TONES[status]}>{SEASON_STATUS_LABELS[status]}</Badge>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The seasons to choose from (newest first, archived ones included) and the chosen one:
 * `seizoen` from the URL when it is a season; otherwise the season of `divisionId` (a link
 * to one division of another season); otherwise the current season (GET /api/seasons/current).
 */
export async function chooseSeason(api: Api, wanted: { seizoen?: string; divisionId?: string } = {}) {
  const [{ data: seasons = [] }, { data: current }, division] = await Promise.all([
    api.GET('/api/seasons', { params: { query: { includeArchived: true } } }),
    api.GET('/api/seasons/current'),
    !wanted.seizoen && wanted.divisionId && UUID.test(wanted.divisionId) ? api.GET('/api/divisions/{id}', { params: { path: { id: wanted.divisionId } } }) : undefined,
  ]);
  const byId = (id: string | undefined) => seasons.find((s) => s.id === id);
  const season = byId(wanted.seizoen) ?? byId(division?.data?.seasonId) ?? byId(current?.id) ?? seasons[0];
  return { seasons, season, currentId: current?.id };
}

/**
 * "Seizoen [2027/2028 — in voorbereiding ▾] [Tonen]". `keep` are other URL values the page
 * keeps when the season changes (a club filter, say); values of one season (a division) are not kept.
 */
export function SeasonChoice({ seasons, seasonId, keep = {} }: { seasons: SeasonSummary[]; seasonId?: string; keep?: Record<string, string | undefined> }) {
  if (seasons.length < 2) return null;
  return (
    <form method="get" aria-label="Seizoen kiezen" className="mb-4 flex flex-wrap items-end gap-2">
      {Object.entries(keep).map(([name, value]) => value && <input key={name} type="hidden" name={name} value={value} />)}
      <label className="block min-w-0 max-w-full flex-1 text-sm font-medium text-stone-700 sm:flex-none">
        Seizoen
        <select name="seizoen" defaultValue={seasonId} className="mt-1 block min-h-10 w-full max-w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base sm:w-auto sm:text-sm">
          {seasons.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} — {SEASON_STATUS_LABELS[s.status].toLowerCase()}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass('secondary')}>
        Tonen
      </button>
    </form>
  );
}
