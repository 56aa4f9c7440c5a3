/**
 * The line-up (spelerslijst) of one team for one match (RULES.md "The match": line-up and
 * late arrivals; Regel 5, 7, 13): numbered pairs, each with the set it started playing,
 * and the reserves.
 */
import { CompetitionSettings } from '../settings';
import { dutchList } from './labels';
import { positions } from './rotation';

export type PlayerId = string;

export interface LineupPair {
  pairNumber: number;
  players: readonly [PlayerId, PlayerId];
  /** The first set this pair played: 1 = from the start, later = a latecomer (Regel 5B/5C). */
  fromSet?: number;
  /** Who recorded that this pair came late, when the supervisor or the federation did: only they change it again (RULES.md). */
  lateRecordedBy?: 'SUPERVISOR' | 'ADMIN' | null;
}

export interface Lineup {
  pairs: readonly LineupPair[];
  reserves: readonly PlayerId[];
}

export type LineupSettings = Pick<CompetitionSettings, 'pairsPerTeam' | 'minimumPairsToStart' | 'maxSubstitutions'>;

/** Regel 5C: a team that started one pair short may bring its last pair in after set 1. */
export const ONE_PAIR_SHORT_FROM_SET = 2;
/** Regel 5B: any other team that started incomplete may bring latecomers in after set 2. */
export const LATECOMERS_FROM_SET = 3;

export function fromSetOf(pair: { fromSet?: number }): number {
  return pair.fromSet ?? 1;
}

/**
 * The first set a latecomer may play, given how many pairs started (Regel 5B, 5C).
 * Regel 5C ("begun with 5 pairs") is read as "begun one pair short", so it follows the
 * pairs-per-team setting. With the TSBN defaults a team needs 5 pairs to start (Regel 7),
 * so it is always 5C that applies; 5B only matters when the board lowers the minimum.
 */
export function earliestLatecomerSet(
  startingPairs: number,
  settings: Pick<CompetitionSettings, 'pairsPerTeam'>,
): number {
  return startingPairs === settings.pairsPerTeam - 1 ? ONE_PAIR_SHORT_FROM_SET : LATECOMERS_FROM_SET;
}

function pairNumberErrors(pairs: readonly LineupPair[], pairsPerTeam: number): string[] {
  const seen = new Set<number>();
  return pairs.flatMap(({ pairNumber }) => {
    if (!positions(pairsPerTeam).includes(pairNumber)) {
      return [`Koppel ${pairNumber} bestaat niet: de koppels zijn genummerd 1 t/m ${pairsPerTeam}.`];
    }
    if (seen.has(pairNumber)) return [`Koppel ${pairNumber} staat meer dan één keer op de spelerslijst.`];
    seen.add(pairNumber);
    return [];
  });
}

function pairPlayerErrors(pairs: readonly LineupPair[]): string[] {
  return pairs
    .filter(({ players }) => players.length !== 2 || !players[0] || !players[1] || players[0] === players[1])
    .map(({ pairNumber }) => `Koppel ${pairNumber} moet uit twee verschillende spelers bestaan.`);
}

function duplicatePlayerErrors(pairs: readonly LineupPair[], reserves: readonly PlayerId[]): string[] {
  const places = new Map<PlayerId, string[]>();
  const note = (player: PlayerId, place: string) => places.set(player, [...(places.get(player) ?? []), place]);
  pairs.forEach(({ pairNumber, players }) =>
    new Set(players).forEach((player) => note(player, `koppel ${pairNumber}`)),
  );
  reserves.forEach((player) => note(player, 'de reservelijst'));
  return [...places]
    .filter(([player, where]) => player && where.length > 1)
    .map(
      ([player, where]) => `Speler ${player} staat meer dan één keer op de spelerslijst (${dutchList(where, 'en')}).`,
    );
}

function reserveErrors(reserves: readonly PlayerId[], settings: LineupSettings): string[] {
  return reserves.length > settings.maxSubstitutions
    ? [
        `Er staan ${reserves.length} reserves op de spelerslijst; ` +
          `er zijn er hoogstens ${settings.maxSubstitutions} toegestaan (Regel 13).`,
      ]
    : [];
}

function presenceErrors(pairs: readonly LineupPair[], settings: LineupSettings): string[] {
  const sets = settings.pairsPerTeam;
  const badFromSet = pairs
    .filter((pair) => !positions(sets).includes(fromSetOf(pair)))
    .map(
      (pair) =>
        `Koppel ${pair.pairNumber}: instappen in set ${fromSetOf(pair)} kan niet, een wedstrijd heeft ${sets} sets.`,
    );
  if (badFromSet.length > 0) return badFromSet;

  const starting = new Set(
    pairs
      .filter((pair) => fromSetOf(pair) === 1 && positions(sets).includes(pair.pairNumber))
      .map((pair) => pair.pairNumber),
  ).size;
  if (starting < settings.minimumPairsToStart) {
    return [
      `Bij aanvang ${starting === 1 ? 'is 1 koppel' : `zijn ${starting} koppels`} aanwezig; ` +
        `er zijn er minstens ${settings.minimumPairsToStart} nodig om te beginnen (Regel 7).`,
    ];
  }
  const earliest = earliestLatecomerSet(starting, settings);
  const rule = earliest === ONE_PAIR_SHORT_FROM_SET ? '5C' : '5B';
  return pairs
    .filter((pair) => fromSetOf(pair) > 1 && fromSetOf(pair) < earliest)
    .map(
      (pair) =>
        `Koppel ${pair.pairNumber} mag niet in set ${fromSetOf(pair)} instappen: een team dat met ${starting} ` +
        `koppels begon, mag laatkomers pas vanaf set ${earliest} inzetten (Regel ${rule}).`,
    );
}

/**
 * Every reason (Dutch) why the line-up cannot stand; empty when it can. Checks pair numbers
 * (1 … pairs per team, each once), two different players per pair, no player twice, at most
 * `maxSubstitutions` reserves (Regel 13 names one number, 6, for both), enough pairs to
 * start (Regel 7) and when latecomers may come in (Regel 5B, 5C).
 */
export function validateLineupShape({ pairs, reserves, settings }: Lineup & { settings: LineupSettings }): string[] {
  return [
    ...pairNumberErrors(pairs, settings.pairsPerTeam),
    ...pairPlayerErrors(pairs),
    ...duplicatePlayerErrors(pairs, reserves),
    ...reserveErrors(reserves, settings),
    ...presenceErrors(pairs, settings),
  ];
}
