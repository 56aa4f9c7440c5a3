/**
 * Substitutions (RULES.md "The match", Regel 13, 14): from set 3 on, at most 6 per team
 * per match, every substitute from the line-up's reserve list; two substitutes never form
 * a pair; a substitute may be substituted again while the limit is not reached; a player
 * who left does not come back. A violation gives the opponent 8–0 for every set of the
 * pair concerned from the violating set on. A substitute who is on neither the pairs nor the
 * reserves of the line-up is a Regel 4 case instead (Regel 5C last sentence, Regel 13): the
 * team loses the match and competition points are deducted; it costs no sets by itself.
 */
import { CompetitionSettings } from '../settings';
import { Lineup, PlayerId } from './lineup';
import { pairForfeits, SetForfeit } from './match-result';
import { positions } from './rotation';
import { Side } from './side';

export interface Substitution {
  /** The first set the incoming player plays. */
  setNumber: number;
  pairNumber: number;
  outPlayerId: PlayerId;
  inPlayerId: PlayerId;
}

export type SubstitutionCheck =
  | { substitution: Substitution; legal: true }
  | {
      substitution: Substitution;
      legal: false;
      /** Every reason (Dutch), the Regel 4 one included. */
      reasons: string[];
      /** The incoming player is not on the line-up at all (pairs or reserves): a Regel 4 case. */
      notOnLineup: boolean;
      /** A Regel 13/14 violation: the pair loses its sets from this one on (8–0 to the opponent). */
      setsLost: boolean;
    };

/** The words every Regel 4 (not on the line-up) reason carries: how a stored violation is known to be a Regel 4 case. */
export const REGEL4_MARK = 'Regel 5C en 13 verwijzen naar Regel 4';

/** A stored violation that made the match a Regel 4 case (RULES.md: once seen it stays seen). */
export function isRegel4Violation(violation: string | null | undefined): boolean {
  return violation?.includes(REGEL4_MARK) ?? false;
}

/** One reason a substitution is not allowed; `regel4` when it is the line-up case of Regel 5C/13. */
interface Violation {
  message: string;
  regel4?: true;
}

export type SubstitutionSettings = Pick<
  CompetitionSettings,
  'pairsPerTeam' | 'maxSubstitutions' | 'substitutionsFromSet'
>;

/** Who plays where at a moment of the match, as the substitutions so far left it. */
interface PlayState {
  pairs: Map<number, PlayerId[]>;
  substitutes: Set<PlayerId>;
  left: Set<PlayerId>;
}

function initialState(lineup: Lineup): PlayState {
  return {
    pairs: new Map(lineup.pairs.map((pair) => [pair.pairNumber, [...pair.players]])),
    substitutes: new Set(),
    left: new Set(),
  };
}

function pairOf(state: PlayState, player: PlayerId): number | undefined {
  return [...state.pairs].find(([, players]) => players.includes(player))?.[0];
}

function violations(
  sub: Substitution,
  count: number,
  state: PlayState,
  lineup: Lineup,
  settings: SubstitutionSettings,
): Violation[] {
  const where = `Set ${sub.setNumber}, koppel ${sub.pairNumber}`;
  const players = state.pairs.get(sub.pairNumber);
  if (!positions(settings.pairsPerTeam).includes(sub.setNumber)) {
    return [{ message: `${where}: set ${sub.setNumber} bestaat niet, een wedstrijd heeft ${settings.pairsPerTeam} sets.` }];
  }
  if (players === undefined) return [{ message: `${where}: koppel ${sub.pairNumber} staat niet op de spelerslijst.` }];

  const reasons: Violation[] = [];
  const push = (message: string) => reasons.push({ message });
  if (sub.setNumber < settings.substitutionsFromSet) {
    push(`${where}: wisselen mag pas vanaf set ${settings.substitutionsFromSet} (Regel 13).`);
  }
  if (count > settings.maxSubstitutions) {
    push(
      `${where}: dit is wissel ${count}; per wedstrijd zijn er hoogstens ${settings.maxSubstitutions} toegestaan (Regel 13).`,
    );
  }
  if (!players.includes(sub.outPlayerId)) {
    push(`${where}: speler ${sub.outPlayerId} speelt op dat moment niet in koppel ${sub.pairNumber}.`);
  }
  const playingIn = pairOf(state, sub.inPlayerId);
  if (state.left.has(sub.inPlayerId)) {
    push(`${where}: speler ${sub.inPlayerId} is eerder uitgevallen en mag niet meer meedoen (Regel 14).`);
  } else if (playingIn !== undefined) {
    push(`${where}: speler ${sub.inPlayerId} speelt al in koppel ${playingIn}.`);
  } else if (!lineup.reserves.includes(sub.inPlayerId)) {
    // Not in a pair, never left, not a reserve: not on the line-up at all.
    reasons.push({
      message:
        `${where}: speler ${sub.inPlayerId} staat niet op de spelerslijst (niet bij de koppels en niet bij de reserves); ` +
        `${REGEL4_MARK}: het team verliest de wedstrijd en krijgt puntaftrek.`,
      regel4: true,
    });
  }
  const partner = players.find((player) => player !== sub.outPlayerId);
  if (players.includes(sub.outPlayerId) && partner !== undefined && state.substitutes.has(partner)) {
    push(
      `${where}: spelers ${sub.inPlayerId} en ${partner} zijn allebei invallers en mogen geen koppel vormen (Regel 14).`,
    );
  }
  return reasons;
}

/** The substitution as it happened at the table, legal or not; a record naming a player who was not there changes nothing. */
function apply(state: PlayState, sub: Substitution): void {
  const players = state.pairs.get(sub.pairNumber);
  const seat = players?.indexOf(sub.outPlayerId) ?? -1;
  if (players === undefined || seat < 0) return;
  players[seat] = sub.inPlayerId;
  state.left.add(sub.outPlayerId);
  state.substitutes.add(sub.inPlayerId);
}

/**
 * Checks a team's substitutions in the order they happened. Every recorded substitution
 * counts towards the limit and takes effect at the table, legal or not: the limit is on
 * substitutions made, and later checks must see who actually played.
 */
export function checkSubstitutions({
  lineup,
  substitutions,
  settings,
}: {
  lineup: Lineup;
  substitutions: readonly Substitution[];
  settings: SubstitutionSettings;
}): SubstitutionCheck[] {
  const state = initialState(lineup);
  return substitutions.map((substitution, i) => {
    const found = violations(substitution, i + 1, state, lineup, settings);
    apply(state, substitution);
    if (found.length === 0) return { substitution, legal: true };
    return {
      substitution,
      legal: false,
      reasons: found.map((v) => v.message),
      notOnLineup: found.some((v) => v.regel4),
      setsLost: found.some((v) => !v.regel4),
    };
  });
}

/**
 * Regel 4 via Regel 5C/13: the team brought in a player who is not on its line-up (pairs or
 * reserves). The team loses the match and ineligiblePlayerDeduction points are deducted
 * (applyIneligibility), as for an ineligible player; the game points stay as played.
 */
export function fieldedOffLineup(checks: readonly SubstitutionCheck[]): boolean {
  return checks.some((check) => !check.legal && check.notOnLineup);
}

/**
 * Regel 14: for every pair with a violating substitution (Regel 13/14; not the Regel 4 case), every set from the first
 * violating one on, at the table where that pair of `side` sat: the opponent gets 8–0 there
 * (pass the result to creditSets). Violations naming a pair that does not exist give none.
 */
export function violationSets({
  checks,
  side,
  settings,
}: {
  checks: readonly SubstitutionCheck[];
  side: Side;
  settings: Pick<CompetitionSettings, 'pairsPerTeam'>;
}): SetForfeit[] {
  const firstViolation = new Map<number, number>();
  for (const check of checks) {
    const { pairNumber, setNumber } = check.substitution;
    if (check.legal || !check.setsLost || !positions(settings.pairsPerTeam).includes(pairNumber)) continue;
    firstViolation.set(pairNumber, Math.min(setNumber, firstViolation.get(pairNumber) ?? setNumber));
  }
  return [...firstViolation]
    .flatMap(([pairNumber, fromSet]) => pairForfeits(side, pairNumber, fromSet, 'SUBSTITUTION_VIOLATION', settings))
    .sort((a, b) => a.setNumber - b.setNumber || a.tableNumber - b.tableNumber);
}
