/**
 * Substitutions (RULES.md "The match", Regel 13, 14): from set 3 on, at most 6 per team
 * per match, every substitute from the line-up's reserve list; two substitutes never form
 * a pair; a substitute may be substituted again while the limit is not reached; a player
 * who left does not come back. A violation gives the opponent 8–0 for every set of the
 * pair concerned from the violating set on.
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
  { substitution: Substitution; legal: true } | { substitution: Substitution; legal: false; reasons: string[] };

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
): string[] {
  const where = `Set ${sub.setNumber}, koppel ${sub.pairNumber}`;
  const players = state.pairs.get(sub.pairNumber);
  if (!positions(settings.pairsPerTeam).includes(sub.setNumber)) {
    return [`${where}: set ${sub.setNumber} bestaat niet, een wedstrijd heeft ${settings.pairsPerTeam} sets.`];
  }
  if (players === undefined) return [`${where}: koppel ${sub.pairNumber} staat niet op de spelerslijst.`];

  const reasons: string[] = [];
  if (sub.setNumber < settings.substitutionsFromSet) {
    reasons.push(`${where}: wisselen mag pas vanaf set ${settings.substitutionsFromSet} (Regel 13).`);
  }
  if (count > settings.maxSubstitutions) {
    reasons.push(
      `${where}: dit is wissel ${count}; per wedstrijd zijn er hoogstens ${settings.maxSubstitutions} toegestaan (Regel 13).`,
    );
  }
  if (!players.includes(sub.outPlayerId)) {
    reasons.push(`${where}: speler ${sub.outPlayerId} speelt op dat moment niet in koppel ${sub.pairNumber}.`);
  }
  const playingIn = pairOf(state, sub.inPlayerId);
  if (state.left.has(sub.inPlayerId)) {
    reasons.push(`${where}: speler ${sub.inPlayerId} is eerder uitgevallen en mag niet meer meedoen (Regel 14).`);
  } else if (playingIn !== undefined) {
    reasons.push(`${where}: speler ${sub.inPlayerId} speelt al in koppel ${playingIn}.`);
  } else if (!lineup.reserves.includes(sub.inPlayerId)) {
    reasons.push(`${where}: speler ${sub.inPlayerId} staat niet op de reservelijst (Regel 13).`);
  }
  const partner = players.find((player) => player !== sub.outPlayerId);
  if (players.includes(sub.outPlayerId) && partner !== undefined && state.substitutes.has(partner)) {
    reasons.push(
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
    const reasons = violations(substitution, i + 1, state, lineup, settings);
    apply(state, substitution);
    return reasons.length === 0 ? { substitution, legal: true } : { substitution, legal: false, reasons };
  });
}

/**
 * Regel 14: for every pair with a violating substitution, every set from the first
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
  for (const { substitution, legal } of checks) {
    const { pairNumber, setNumber } = substitution;
    if (legal || !positions(settings.pairsPerTeam).includes(pairNumber)) continue;
    firstViolation.set(pairNumber, Math.min(setNumber, firstViolation.get(pairNumber) ?? setNumber));
  }
  return [...firstViolation]
    .flatMap(([pairNumber, fromSet]) => pairForfeits(side, pairNumber, fromSet, 'SUBSTITUTION_VIOLATION', settings))
    .sort((a, b) => a.setNumber - b.setNumber || a.tableNumber - b.tableNumber);
}
