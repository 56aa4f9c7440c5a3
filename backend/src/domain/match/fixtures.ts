/**
 * The fixture list of a division: a round robin by the circle method, single (everyone
 * meets everyone once) or double (the second half mirrors the first with home and away
 * swapped). With an odd number of teams one team sits out every round (a bye, no match).
 */
import { compareDates, formatDutchDate, IsoDate, isIsoDate } from '../dates';

export interface Fixture {
  round: number;
  date: IsoDate;
  homeTeamId: string;
  awayTeamId: string;
}

export interface ScheduleRequest {
  teamIds: readonly string[];
  /** One date per round, in order; dates beyond the number of rounds are not used. */
  dates: readonly IsoDate[];
  /** true: double round robin (home and away), false: single. */
  double: boolean;
}

/** A schedule that cannot be made from the input; the message (Dutch) says why. */
export class ScheduleError extends Error {
  override name = 'ScheduleError';
}

/**
 * The canonical circle schedule starts at this round. Every team but the fixed one then has
 * at most one break (two home or two away matches in a row) per half, none of them in the
 * first two or last two rounds, so the mirrored second half never makes three in a row at
 * the turn. Only with 4 teams is that impossible (see fixtures.spec.ts).
 */
const FIRST_CIRCLE_ROUND = 2;

/** Number of rounds: n − 1 for an even n, n for an odd n (one bye per round); twice that for a double round robin. */
export function roundsNeeded(teamCount: number, double: boolean): number {
  const single = teamCount % 2 === 0 ? teamCount - 1 : teamCount;
  return double ? 2 * single : single;
}

/** "Voor 5 teams in een dubbele competitie zijn 10 speeldata nodig; er zijn er 3 opgegeven." */
export function datesNeededMessage(teamCount: number, double: boolean, given: number): string {
  return (
    `Voor ${teamCount} teams in een ${double ? 'dubbele' : 'enkele'} competitie zijn ${roundsNeeded(teamCount, double)} speeldata nodig; ` +
    `er ${given === 1 ? 'is er 1' : `zijn er ${given}`} opgegeven.`
  );
}

/**
 * Round r (0-based) of the circle method over `slots` (even) positions, as [home, away]
 * slot pairs. The last slot is fixed and alternates home and away by round; slots r + i
 * and r − i (mod slots − 1) meet, the home side alternating with i, which keeps every
 * other slot at most two home or two away matches in a row.
 */
function circleRound(r: number, slots: number): [number, number][] {
  const m = slots - 1;
  const pairs: [number, number][] = [r % 2 === 0 ? [r, m] : [m, r]];
  for (let i = 1; i < slots / 2; i++) {
    const a = (r + i) % m;
    const b = (r - i + m) % m;
    pairs.push(i % 2 === 1 ? [a, b] : [b, a]);
  }
  return pairs;
}

function validate({ teamIds, dates, double }: ScheduleRequest): void {
  if (teamIds.length < 2) throw new ScheduleError('Een competitie heeft minstens 2 teams nodig.');
  const duplicate = teamIds.find((id, i) => teamIds.indexOf(id) !== i);
  if (duplicate !== undefined) throw new ScheduleError(`Team ${duplicate} staat meer dan één keer in de lijst.`);
  if (dates.length < roundsNeeded(teamIds.length, double)) throw new ScheduleError(datesNeededMessage(teamIds.length, double, dates.length));
  const invalid = dates.find((date) => !isIsoDate(date));
  if (invalid !== undefined) throw new ScheduleError(`Geen geldige datum: ${invalid}.`);
  const unordered = dates.findIndex((date, i) => i > 0 && compareDates(dates[i - 1], date) >= 0);
  if (unordered > 0) {
    throw new ScheduleError(
      `De speeldata moeten oplopen, elke ronde op een eigen dag: ` +
        `${formatDutchDate(dates[unordered])} volgt op ${formatDutchDate(dates[unordered - 1])}.`,
    );
  }
}

/**
 * Every match of the division, round by round. Each team plays at most once per round;
 * single: every two teams meet once; double: twice, the second half being the first with
 * home and away swapped. Throws a ScheduleError (Dutch) for fewer than 2 teams, a team
 * listed twice, or too few, invalid or unordered dates.
 */
export function generateSchedule(request: ScheduleRequest): Fixture[] {
  validate(request);
  const { teamIds, dates, double } = request;
  const slots = teamIds.length + (teamIds.length % 2); // an odd count gets an empty slot: the bye
  const half = slots - 1;
  const firstHalf = Array.from({ length: half }, (_, k) =>
    circleRound((k + FIRST_CIRCLE_ROUND) % half, slots).filter(
      ([home, away]) => home < teamIds.length && away < teamIds.length,
    ),
  );
  const rounds = double
    ? [...firstHalf, ...firstHalf.map((round) => round.map(([home, away]) => [away, home]))]
    : firstHalf;
  return rounds.flatMap((round, i) =>
    round.map(([home, away]) => ({
      round: i + 1,
      date: dates[i],
      homeTeamId: teamIds[home],
      awayTeamId: teamIds[away],
    })),
  );
}

/** The team that sits out each round (odd number of teams); none for an even number. */
export function byes(fixtures: readonly Fixture[], teamIds: readonly string[]): { round: number; teamId: string }[] {
  const rounds = [...new Set(fixtures.map((f) => f.round))].sort((a, b) => a - b);
  return rounds.flatMap((round) => {
    const playing = new Set(fixtures.filter((f) => f.round === round).flatMap((f) => [f.homeTeamId, f.awayTeamId]));
    return teamIds.filter((id) => !playing.has(id)).map((teamId) => ({ round, teamId }));
  });
}
