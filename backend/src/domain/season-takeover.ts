/**
 * Preparing a season (issue 23 item 11): the divisions and teams of the previous season are
 * taken over as they stood at its end, so the administrator only changes what changed
 * (promotion, relegation, a team that stops). Archived divisions and teams stay behind, and so
 * does the team of an archived club, named with the reason.
 */
export interface SourceTeam {
  name: string;
  clubId: string;
  clubName: string;
  archived: boolean;
  clubArchived: boolean;
}

export interface SourceDivision {
  name: string;
  level: number;
  archived: boolean;
  teams: readonly SourceTeam[];
}

export interface TakeOverPlan {
  divisions: { name: string; level: number; teams: { name: string; clubId: string }[] }[];
  /** Dutch, one line per team that is not taken over. */
  skipped: string[];
}

export function planTakeOver(divisions: readonly SourceDivision[]): TakeOverPlan {
  const skipped: string[] = [];
  const plan = divisions
    .filter((d) => !d.archived)
    .sort((a, b) => a.level - b.level || a.name.localeCompare(b.name, 'nl'))
    .map((d) => ({
      name: d.name,
      level: d.level,
      teams: d.teams
        .filter((t) => !t.archived)
        .filter((t) => {
          if (t.clubArchived) skipped.push(`${t.name} (${d.name}): de vereniging ${t.clubName} is gearchiveerd.`);
          return !t.clubArchived;
        })
        .map((t) => ({ name: t.name, clubId: t.clubId })),
    }));
  return { divisions: plan, skipped };
}
