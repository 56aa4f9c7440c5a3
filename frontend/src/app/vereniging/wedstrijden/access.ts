// A secretary acts only for their own club's team(s) in a match (the API checks it too).
import { notFound } from 'next/navigation';
import { loadMatch } from '@/components/matches/screens';
import { requireRole } from '@/lib/api-server';

export async function secretaryMatch(id: string) {
  const { me, allowed } = await requireRole('SECRETARY');
  if (!allowed || !me.clubId) return { denied: 'Deze pagina is voor de secretaris van een vereniging.' } as const;
  const match = await loadMatch(id);
  if (!match) notFound();
  const ownTeams = [match.homeTeam, match.awayTeam].filter((t) => t.clubId === me.clubId);
  if (ownTeams.length === 0) return { denied: 'Deze wedstrijd is niet van uw vereniging.' } as const;
  return { match, ownTeams, isHome: match.homeTeam.clubId === me.clubId, isAway: match.awayTeam.clubId === me.clubId } as const;
}

/** The own team chosen in the address, or the first own team. */
export function chosenTeam(ownTeams: { id: string }[], team: string | undefined): string {
  return ownTeams.find((t) => t.id === team)?.id ?? ownTeams[0].id;
}
