/**
 * Player ratings for changing pairs (RULES.md "Ratings and statistics"). Every played seat
 * of a final match is a game between two teams of two players, rated with openskill
 * (Weng-Lin, Plackett-Luce) from the set points, in a fixed order. The rating is a pure
 * function of the final results in that order: a correction is a recomputation from scratch.
 *
 * The update of one seat is openskill's rate() with Plackett-Luce, `score`, `margin`, `tau`
 * and `limitSigma`, written out for exactly two teams (rateSeat): openskill 5's rate() builds
 * its options and sorts with ramda on every call (~140 µs, 1.9 s for a season of 13,680
 * seats); the same formulas for two teams take about a microsecond. ratings.spec.ts checks
 * rateSeat against openskill's rate() on random seats.
 *
 * What a player sees is not μ/σ but a percentage: the chance that the player, partnering an
 * equal player, wins a set against a pair of two average players (μ = RATING_SETTINGS.mu).
 * A newcomer starts below average (a handicap that shrinks with σ as sets are played), and
 * with `limitSigma` σ never grows, so a won set never lowers the shown rating (μ of the
 * winners only rises, the handicap only shrinks).
 */
import { compareMatches, compareSeats, isPlay, PlayMatch } from './play';

export interface RatingSettings {
  /** The average player's μ (openskill's default) and a newcomer's uncertainty σ. */
  mu: number;
  sigma: number;
  /** Performance spread per set (twice openskill's default: a set of four games is largely luck) and the uncertainty added before each set (openskill's default). */
  beta: number;
  tau: number;
  /**
   * openskill's margin: set points beyond this difference would move ratings more (factor
   * 1 + ln(1 + difference − margin)). 0 turns it off, the default: in a simulation (48
   * players, known strengths, 30–100 sets each) the factor made ratings noisier without
   * ranking the players better; the set points then decide win, draw or loss.
   */
  margin: number;
  /** The newcomer's handicap in μ, shrinking to 0 as σ falls from `sigma` to `settledSigma`. */
  newcomerHandicap: number;
  settledSigma: number;
  /**
   * Below this number of rated sets the rating is *voorlopig*. 18 = three full match
   * evenings (6 sets each): a third of a season's matches is behind the player.
   */
  provisionalSets: number;
}

export const RATING_SETTINGS: Readonly<RatingSettings> = Object.freeze({
  mu: 25,
  // openskill's 25/3 let 30 sets of pure luck spread players from 17 % to 79 % (p10–p90) in
  // the simulation; 4 keeps that to 32–60 % and ranks real strength as well or better.
  sigma: 4,
  beta: 25 / 3,
  tau: 25 / 300,
  margin: 0,
  newcomerHandicap: 1,
  settledSigma: 1.5,
  provisionalSets: 18,
});

export interface PlayerRating {
  mu: number;
  sigma: number;
  /** Rated sets. */
  sets: number;
}

/** A player's rating after one match (for the history chart). */
export interface RatingPoint extends PlayerRating {
  memberId: string;
  matchId: string;
  date: string;
  /** The match's place in the rated order (1, 2, …; continues from the start state). */
  seq: number;
}

export interface RatingRun {
  ratings: Map<string, PlayerRating>;
  history: RatingPoint[];
  /** The matches rated, in order, with their place. */
  order: { matchId: string; seq: number }[];
}

export interface Rating {
  mu: number;
  sigma: number;
}

/** openskill's KAPPA: the smallest factor σ² may shrink by in one game. */
const KAPPA = 1e-4;

/**
 * One seat: two teams of two, `score` their set points. openskill 5's rate(teams,
 * { score, margin, beta, tau, limitSigma: true }) with the Plackett-Luce model, for two teams:
 * τ is added to every σ first; ranks follow the scores (equal scores: a shared rank);
 * μ moves by the margin factor 1 + ln(1 + max(0, |difference| − margin)); σ never grows.
 */
export function rateSeat(teams: readonly [readonly Rating[], readonly Rating[]], score: readonly [number, number], settings: RatingSettings = RATING_SETTINGS): [Rating[], Rating[]] {
  const tauSq = settings.tau * settings.tau;
  const betaSq = settings.beta * settings.beta;
  const processed = teams.map((team) => team.map((p) => ({ mu: p.mu, sigma: Math.sqrt(p.sigma * p.sigma + tauSq) })));
  const teamMu = processed.map((team) => team.reduce((s, p) => s + p.mu, 0));
  const teamSigSq = processed.map((team) => team.reduce((s, p) => s + p.sigma * p.sigma, 0));
  // rank 0 wins; a draw shares rank 0
  const rank = score[0] === score[1] ? [0, 0] : score[0] > score[1] ? [0, 1] : [1, 0];
  const c = Math.sqrt(teamSigSq[0] + betaSq + teamSigSq[1] + betaSq);
  const exp = teamMu.map((mu) => Math.exp(mu / c));
  const sumQ = [0, 1].map((q) => [0, 1].reduce((s, i) => (rank[i] >= rank[q] ? s + exp[i] : s), 0));
  // openskill's a[q]: how many teams share team q's rank
  const shared = rank[0] === rank[1] ? 2 : 1;
  const difference = Math.abs(score[0] - score[1]);
  const factor = settings.margin ? 1 + Math.log1p(Math.max(0, difference - settings.margin)) : 1;
  const result = [0, 1].map((i) => {
    let omega = 0;
    let delta = 0;
    for (let q = 0; q < 2; q++) {
      if (rank[q] > rank[i]) continue;
      const quotient = exp[i] / sumQ[q];
      omega += (i === q ? 1 - quotient : -quotient) / shared;
      delta += (quotient * (1 - quotient)) / shared;
    }
    const gamma = Math.sqrt(teamSigSq[i]) / c;
    const iOmega = omega * (teamSigSq[i] / c);
    const iDelta = delta * (teamSigSq[i] / (c * c)) * gamma;
    return processed[i].map((p, k) => {
      const sigmaSq = p.sigma * p.sigma;
      const mu = p.mu + (sigmaSq / teamSigSq[i]) * iOmega;
      const sigma = p.sigma * Math.sqrt(Math.max(1 - (sigmaSq / teamSigSq[i]) * iDelta, KAPPA));
      return { mu: p.mu + factor * (mu - p.mu), sigma: Math.min(sigma, teams[i][k].sigma) };
    });
  });
  return [result[0], result[1]];
}

/**
 * Rates `matches` (any order; sorted here) starting from `start` (the ratings before the
 * first of them: empty for a recomputation from scratch) and `startSeq` (the place of the
 * last match already rated). Seats that are not play change nothing.
 */
export function rateMatches(
  matches: readonly PlayMatch[],
  start: ReadonlyMap<string, PlayerRating> = new Map(),
  startSeq = 0,
  settings: RatingSettings = RATING_SETTINGS,
): RatingRun {
  const ratings = new Map<string, PlayerRating>();
  for (const [id, r] of start) ratings.set(id, { ...r });
  const history: RatingPoint[] = [];
  const order: RatingRun['order'] = [];
  const fresh = (): PlayerRating => ({ mu: settings.mu, sigma: settings.sigma, sets: 0 });
  let seq = startSeq;
  for (const match of [...matches].sort(compareMatches)) {
    const seats = match.seats.filter(isPlay).sort(compareSeats);
    if (seats.length === 0) continue;
    seq += 1;
    order.push({ matchId: match.id, seq });
    const touched = new Set<string>();
    for (const seat of seats) {
      const players = [...seat.homePlayers, ...seat.awayPlayers];
      const current = players.map((id) => ratings.get(id) ?? fresh());
      const [home, away] = rateSeat([[current[0], current[1]], [current[2], current[3]]], [seat.homePoints, seat.awayPoints], settings);
      const next = [...home, ...away];
      players.forEach((id, i) => {
        ratings.set(id, { mu: next[i].mu, sigma: next[i].sigma, sets: current[i].sets + 1 });
        touched.add(id);
      });
    }
    for (const memberId of [...touched].sort()) {
      const r = ratings.get(memberId)!;
      history.push({ memberId, matchId: match.id, date: match.date, seq, ...r });
    }
  }
  return { ratings, history, order };
}

/** The newcomer's handicap left at uncertainty σ (σ only falls, so this only shrinks). */
function handicap(sigma: number, settings: RatingSettings): number {
  const span = settings.sigma - settings.settledSigma;
  const share = span <= 0 ? 0 : Math.min(1, Math.max(0, (sigma - settings.settledSigma) / span));
  return settings.newcomerHandicap * share;
}

/** The standard normal distribution function (Abramowitz–Stegun 7.1.26 for erf; error < 1.5e-7). */
function phi(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * The shown rating, in percent with one decimal: the chance that two players of this
 * strength win a set against two average players. openskill's own win chance for two teams
 * of two is Φ((μA − μB) / √(2β² + Σσ²)); the shown rating leaves the σ's out of the
 * denominator (so a smaller σ never pulls the figure towards 50 %) and takes the newcomer's
 * handicap off μ instead: Φ(√2 · (μ − handicap(σ) − μ₀) / β).
 */
export function displayRating(r: Pick<PlayerRating, 'mu' | 'sigma'>, settings: RatingSettings = RATING_SETTINGS): number {
  const strength = r.mu - handicap(r.sigma, settings) - settings.mu;
  return Math.round(phi((Math.SQRT2 * strength) / settings.beta) * 1000) / 10;
}

/** The rating a player without rated sets would be shown. */
export function newcomerRating(settings: RatingSettings = RATING_SETTINGS): number {
  return displayRating({ mu: settings.mu, sigma: settings.sigma }, settings);
}

export function isProvisional(sets: number, settings: RatingSettings = RATING_SETTINGS): boolean {
  return sets < settings.provisionalSets;
}
