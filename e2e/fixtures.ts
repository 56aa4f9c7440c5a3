// What several browser tests share about the demo data: the match summary's shape as the
// public API gives it, the demo secretaries' addresses, and the phone's viewport.

export interface Team {
  id: string;
  name: string;
  clubName: string;
}

/** A match as GET /api/divisions/{id}/matches lists it (MatchSummaryDto, the fields the tests read). */
export interface Fixture {
  id: string;
  divisionId: string;
  round: number;
  date: string;
  status: string;
  resultState: string;
  homeTeam: Team;
  awayTeam: Team;
}

/** A 390 px phone. */
export const PHONE = { width: 390, height: 844 };

export const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** The demo secretary of a team's club (the seed's address for it). */
export const secretaryOf = (team: Pick<Team, 'clubName'>) => `secretaris@${slug(team.clubName)}.nl`;
