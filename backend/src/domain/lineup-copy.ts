/**
 * "Opstelling van vorige wedstrijd overnemen": the team's line-up of its previous match as a
 * draft for the next one (nothing is stored: the secretary checks it and saves). Members who
 * may not play the new match (Regel 3B, 4; one member, one match a day) are left out, each
 * with the reason, so the secretary sees who is missing and why.
 */

/** A player of the previous line-up: in a numbered pair or a reserve (pairNumber null). */
export interface PreviousLineupPlayer {
  memberId: string;
  /** As the secretary knows them (full name). */
  name: string;
  pairNumber: number | null;
}

/** Why a member may not be fielded on the new match's date; absent from the map: may play. */
export type Refusals = ReadonlyMap<string, readonly string[]>;

export interface LineupCopyLimits {
  pairsPerTeam: number;
  maxReserves: number;
}

export interface CopiedPair {
  pairNumber: number;
  /** The two seats in the order of the previous line-up; null where a player was left out. */
  memberIds: [string | null, string | null];
}

export interface LeftOutPlayer {
  memberId: string;
  name: string;
  /** Where they sat in the previous line-up (null: reserve). */
  pairNumber: number | null;
  /** Dutch, for the secretary: "Zwart (koppel 2): geschorst … (Regel 4)". */
  reason: string;
}

export interface CopiedLineup {
  pairs: CopiedPair[];
  reserves: string[];
  leftOut: LeftOutPlayer[];
}

const sentence = (reasons: readonly string[]) => reasons.join('; ').replace(/\.?$/, '.');

/** The draft: the pairs 1 … pairsPerTeam and up to maxReserves reserves, without the members who may not play. */
export function copyLineup(previous: readonly PreviousLineupPlayer[], refusals: Refusals, limits: LineupCopyLimits): CopiedLineup {
  const leftOut: LeftOutPlayer[] = [];
  const keep = (p: PreviousLineupPlayer, tooMany?: string): boolean => {
    const why = refusals.get(p.memberId);
    if (why?.length || tooMany) {
      leftOut.push({ memberId: p.memberId, name: p.name, pairNumber: p.pairNumber, reason: why?.length ? sentence(why) : tooMany! });
      return false;
    }
    return true;
  };

  const pairs: CopiedPair[] = [];
  const numbers = [...new Set(previous.flatMap((p) => (p.pairNumber === null ? [] : [p.pairNumber])))].sort((a, b) => a - b);
  for (const pairNumber of numbers) {
    const seats = previous.filter((p) => p.pairNumber === pairNumber).slice(0, 2);
    const beyond = pairNumber > limits.pairsPerTeam ? `Koppel ${pairNumber} bestaat niet in deze wedstrijd (${limits.pairsPerTeam} koppels per team).` : undefined;
    const ids = seats.map((p) => (keep(p, beyond) ? p.memberId : null));
    if (beyond || ids.every((id) => id === null)) continue;
    pairs.push({ pairNumber, memberIds: [ids[0] ?? null, ids[1] ?? null] });
  }

  const reserves: string[] = [];
  for (const p of previous.filter((x) => x.pairNumber === null)) {
    const full = reserves.length >= limits.maxReserves ? `Er zijn al ${limits.maxReserves} reserves, het maximum (Regel 13).` : undefined;
    if (keep(p, full)) reserves.push(p.memberId);
  }
  return { pairs, reserves, leftOut };
}
