/**
 * The name a club's next team in a season gets by default: the club's name and the next
 * number after the teams it already has ("Kaiman 1" → "Kaiman 2"; none yet → "Kaiman 1").
 */
export function nextTeamNames(clubs: { id: string; name: string }[], teamNames: string[]): Record<string, string> {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return Object.fromEntries(
    clubs.map((club) => {
      const numbered = new RegExp(`^${escape(club.name)} (\\d+)$`, 'i');
      const highest = Math.max(0, ...teamNames.map((name) => Number(numbered.exec(name.trim())?.[1] ?? 0)));
      return [club.id, `${club.name} ${highest + 1}`];
    }),
  );
}
