import { serverApi } from '@/lib/api-server';

/** The current season and its divisions (highest first), or null when there is no season. */
export async function currentSeason() {
  const api = await serverApi();
  const { data: season } = await api.GET('/api/seasons/current');
  if (!season) return null;
  const { data: divisions = [] } = await api.GET('/api/seasons/{seasonId}/divisions', { params: { path: { seasonId: season.id } } });
  return { api, season, divisions };
}
