/**
 * The consequences of what was recorded on match day, as pure functions over plain data:
 * which seats are credited 8–0 (Regel 5B/5C/12A missing and late pairs, Regel 14
 * substitution violations), who was fielded (for Regel 4), and who won a stored match.
 * Player ids here are whatever the caller uses; the services pass readable labels so
 * the domain's messages name the players.
 */
import {
  absentPairForfeits,
  checkSubstitutions,
  creditSets,
  CreditedSet,
  fieldedOffLineup,
  fromSetOf,
  Lineup,
  MatchWinner,
  PartialLoss,
  PlayerId,
  PlayerRemoval,
  removalLosses,
  seatKey,
  Side,
  SIDES,
  Substitution,
  SubstitutionCheck,
  violationSets,
} from '.';
import type { CompetitionSettings } from '../settings';
import { matchWinner, type OutcomeFacts } from './winner';

export interface TeamFacts {
  /** Null while the team has recorded no line-up: then nothing is credited against it. */
  lineup: Lineup | null;
  /** In the order they happened (set, then recording order). */
  substitutions: readonly Substitution[];
  /** Regel 38: players the supervisor removed from this team's pairs. */
  removals?: readonly PlayerRemoval[];
}

export type CreditSettings = Pick<
  CompetitionSettings,
  'pairsPerTeam' | 'missingSetPoints' | 'maxSubstitutions' | 'substitutionsFromSet' | 'gamesPerSet'
>;

export interface MatchCredits {
  /** Every seat scored by the rules instead of by play, in table-plan order. */
  credited: CreditedSet[];
  /** The substitution checks per side, in the order given. */
  checks: Record<Side, SubstitutionCheck[]>;
  /** Regel 38: seats where a removed player's pair played the first games and lost the rest. */
  partial: PartialLoss[];
}

export const NO_LINEUP_REASON = 'Er is nog geen spelerslijst vastgelegd voor dit team.';

function checksFor(team: TeamFacts, settings: CreditSettings): SubstitutionCheck[] {
  if (team.lineup === null) {
    return team.substitutions.map((substitution) => ({ substitution, legal: false, reasons: [NO_LINEUP_REASON], notOnLineup: false, setsLost: false }));
  }
  return checkSubstitutions({ lineup: team.lineup, substitutions: team.substitutions, settings });
}

/**
 * The credited seats of a match: for a team with a line-up, every set an absent or late
 * pair did not play (Regel 12A, 5B, 5C); for every pair with an illegal substitution,
 * every set from that one on (Regel 14); for a player the supervisor removed, every
 * following set of his pair (Regel 38, see removalLosses; a substitute not on the line-up is Regel 4, see
 * offLineupSides, and costs no sets). Both sides at one seat: 8–8 (see creditSets).
 */
export function matchCredits(teams: Record<Side, TeamFacts>, settings: CreditSettings): MatchCredits {
  const checks = { HOME: checksFor(teams.HOME, settings), AWAY: checksFor(teams.AWAY, settings) };
  const removals = SIDES.map((side) => removalLosses(teams[side].removals ?? [], teams[side].substitutions, settings));
  const forfeits = SIDES.flatMap((side, i) => {
    const lineup = teams[side].lineup;
    if (!lineup) return [];
    return [...absentPairForfeits(side, lineup.pairs, settings), ...violationSets({ checks: checks[side], side, settings }), ...removals[i].forfeits];
  });
  const credited = creditSets(forfeits, settings);
  // A seat the rules score as a whole (an absent opponent, say) is not completed game by game.
  const whole = new Set(credited.map((c) => seatKey(c.setNumber, c.tableNumber)));
  const partial = removals.flatMap((r) => r.partial).filter((p) => !whole.has(seatKey(p.setNumber, p.tableNumber)));
  return { credited, checks, partial };
}

/** The sides that brought in a substitute who is not on their line-up (Regel 5C, 13 → Regel 4). */
export function offLineupSides(checks: Record<Side, readonly SubstitutionCheck[]>): Side[] {
  return SIDES.filter((side) => fieldedOffLineup(checks[side]));
}

/** Everyone who played for the team: the players of its pairs and every substitute brought in (Regel 4). */
export function fieldedPlayers(team: TeamFacts): PlayerId[] {
  const inPairs = team.lineup?.pairs.flatMap((pair) => [...pair.players]) ?? [];
  return [...new Set([...inPairs, ...team.substitutions.map((s) => s.inPlayerId)])];
}

/** Regel 11: the team did not have all its pairs at the table from set 1 on. */
export function incompleteFromStart(lineup: Lineup, settings: Pick<CompetitionSettings, 'pairsPerTeam'>): boolean {
  return lineup.pairs.filter((pair) => fromSetOf(pair) === 1).length < settings.pairsPerTeam;
}

export type StoredResult = OutcomeFacts & { resultState: 'NONE' | 'ENTERED' | 'CONFIRMED' };

/**
 * Who won, once the result is confirmed: the one decision of domain/match/winner.ts, which the
 * standings count too (Regel 4, 7, 8; nobody for Regel 6, both lose, or Regel 8 with
 * cancelledMatchPoints NONE).
 */
export function storedWinner(match: StoredResult, settings: Pick<CompetitionSettings, 'cancelledMatchPoints'>): MatchWinner | null {
  return matchWinner(match, settings);
}
