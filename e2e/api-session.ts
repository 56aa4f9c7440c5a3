// Calls to the API as a demo user, for what a browser test needs to set up (not what it tests).
import { BASE_URL, DEMO_PASSWORD } from './browser';

export type ApiCall = <T = unknown>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => Promise<T>;

/** Logs in `email` through the API and returns a caller that sends its session cookie; a refused call throws with the API's message. */
export async function apiSession(email: string): Promise<ApiCall> {
  const login = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`Inloggen als ${email}: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return async <T>(method: string, path: string, body?: unknown) => {
    const res = await fetch(`${BASE_URL}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

/** Today in the federation's time zone ("YYYY-MM-DD"): result entry opens on the match day. */
export function todayInAmsterdam(): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' }).format(new Date());
}

/**
 * Brings a demo match still to come forward to today, late in the evening (so a line-up
 * saved now is composed before the start): result entry opens on the match day, and the
 * demo season's next rounds lie ahead.
 */
export async function moveToToday(admin: ApiCall, match: { id: string; date: string }): Promise<void> {
  const today = todayInAmsterdam();
  if (match.date <= today) return;
  await admin('POST', `/api/matches/${match.id}/move`, { date: today, startTime: '23:30', reason: 'E2E-test: de wedstrijd wordt vandaag gespeeld' });
}

/**
 * A match of its own for a browser test, played today (late in the evening): a division of
 * its own in the current season with a second team of each of the two clubs, scheduled on
 * today. New teams never already play today, so the demo calendar and the other test files'
 * matches cannot refuse it (DATE_TAKEN); the clubs' member lists and secretaries are the
 * demo's. The label names the division ("E2E <label>") and the teams.
 */
export async function matchOfItsOwnToday<T>(admin: ApiCall, label: string, clubNames: readonly [string, string]): Promise<T> {
  const season = await admin<{ id: string; startsOn: string }>('GET', '/api/seasons/current');
  const clubs = await admin<{ id: string; name: string }[]>('GET', '/api/clubs');
  const code = Math.random().toString(36).slice(2, 6);
  const tag = `${label} ${code}`;
  const division = await admin<{ id: string }>('POST', '/api/divisions', { seasonId: season.id, name: `E2E ${tag}`, level: 9 });
  for (const [c, name] of clubNames.entries()) {
    const club = clubs.find((x) => x.name === name);
    if (!club) throw new Error(`De demo heeft geen vereniging ${name}.`);
    const team = await admin<{ id: string }>('POST', '/api/teams', { divisionId: division.id, clubId: club.id, name: `${name} (${tag})` });
    // Twelve players of the match's own on the club's member list, registered at the season's
    // start (Regel 3B): a member plays one match a day, and on a demo match day the demo's own
    // players may already be on today's line-ups (of the demo match or another test file's).
    const players: string[] = [];
    for (let i = 1; i <= 12; i++) {
      const entry = await admin<{ memberId: string }>('POST', `/api/seasons/${season.id}/clubs/${club.id}/member-list/entries`, {
        memberNumber: `E2E-${code}-${c + 1}-${i}`.toUpperCase(),
        familyName: `${FAMILY_NAMES[(i - 1) % FAMILY_NAMES.length]}`,
        givenNames: `Test ${label} ${i}`,
        registeredOn: season.startsOn,
        registeredOnReason: 'Speler van een browsertest, ingeschreven bij de start van het seizoen',
      });
      players.push(entry.memberId);
    }
    ownPlayers.set(team.id, players);
  }
  await admin('POST', `/api/divisions/${division.id}/schedule`, { dates: [todayInAmsterdam()], double: false, startTime: '23:30' });
  // One match; the schedule decides which club plays at home.
  const { rounds } = await admin<{ rounds: { matches: T[] }[] }>('GET', `/api/divisions/${division.id}/matches`);
  return rounds[0].matches[0];
}

/** The players matchOfItsOwnToday put on the member list for each of its teams (this test file's). */
const ownPlayers = new Map<string, string[]>();
const FAMILY_NAMES = ['Sewdien', 'Ramdin', 'Doelwijt', 'Karsters', 'Pinas', 'Wong', 'Sabajo', 'Mungra', 'Nijman', 'Abrahams', 'Renfurm', 'Moesai'];

/**
 * Pairs 1–6 from the first twelve eligible players of the member list (for a match of its own:
 * its own twelve), and the given reserves, through the API (set-up, not under test).
 */
export async function composeLineup(secretary: ApiCall, matchId: string, teamId: string, reserves: string[] = []): Promise<void> {
  const lineup = await secretary<{ candidates: { memberId: string; eligible: boolean; playsElsewhere: string | null }[] }>('GET', `/api/matches/${matchId}/lineups/${teamId}`);
  const own = ownPlayers.get(teamId);
  const ids = lineup.candidates.filter((c) => c.eligible && !c.playsElsewhere && !reserves.includes(c.memberId) && (!own || own.includes(c.memberId))).map((c) => c.memberId);
  const pairs = [1, 2, 3, 4, 5, 6].map((pairNumber) => ({ pairNumber, memberIds: [ids[2 * pairNumber - 2], ids[2 * pairNumber - 1]] }));
  await secretary('PUT', `/api/matches/${matchId}/lineups/${teamId}`, { pairs, reserves });
}
