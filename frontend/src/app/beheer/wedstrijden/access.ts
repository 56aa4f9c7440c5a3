// The administrator's match pages: the match, or "not found".
import { notFound } from 'next/navigation';
import { loadMatch } from '@/components/matches/screens';

export async function adminMatch(id: string) {
  const match = await loadMatch(id);
  if (!match) notFound();
  return match;
}

/** The team chosen in the address, or the home team. */
export function teamOf(match: { homeTeam: { id: string }; awayTeam: { id: string } }, team: string | undefined): string {
  return team === match.awayTeam.id ? match.awayTeam.id : match.homeTeam.id;
}
