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

interface UpcomingFixture {
  id: string;
  date: string;
  status: string;
  resultState: string;
  homeTeam: { id: string };
  awayTeam: { id: string };
}

/**
 * A match of the current season still to come that can be played today: scheduled, no
 * result, and neither team already has a match today (on a demo match day the move would be
 * refused with DATE_TAKEN). Matches are listed division by division (Hoofdklasse first);
 * `pick` counts from the start (0, 1, …) or from the end (-1 = the last), so test files that
 * pick differently get different matches; `accept` narrows the choice (e.g. to certain clubs).
 */
export async function upcomingMatchForToday<T extends UpcomingFixture>(admin: ApiCall, pick: number, minimum = 5, accept: (match: T) => boolean = () => true): Promise<T> {
  const today = todayInAmsterdam();
  const season = await admin<{ id: string }>('GET', '/api/seasons/current');
  const divisions = await admin<{ id: string; name: string; level?: number }[]>('GET', `/api/seasons/${season.id}/divisions`);
  const matches: T[] = [];
  for (const division of divisions) {
    const { rounds } = await admin<{ rounds: { matches: T[] }[] }>('GET', `/api/divisions/${division.id}/matches`);
    matches.push(...rounds.flatMap((r) => r.matches));
  }
  const busyToday = new Set(matches.filter((m) => m.date === today).flatMap((m) => [m.homeTeam.id, m.awayTeam.id]));
  const upcoming = matches.filter((m) => m.status === 'SCHEDULED' && m.resultState === 'NONE' && m.date > today && !busyToday.has(m.homeTeam.id) && !busyToday.has(m.awayTeam.id) && accept(m));
  if (upcoming.length >= minimum) return upcoming.at(pick)!;
  // Every team already plays today (a demo match day, and the other test files' matches): share
  // a match of today that is still open, as the files did before this helper existed.
  const open = matches.filter((m) => m.status === 'SCHEDULED' && m.resultState === 'NONE' && m.date === today && accept(m));
  if (open.length === 0) throw new Error('De demo-seed heeft geen wedstrijd die vandaag gespeeld kan worden.');
  return open.at(pick % open.length)!;
}
