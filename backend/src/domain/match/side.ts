/** The two teams of a match. */
export type Side = 'HOME' | 'AWAY';

export const SIDES: readonly Side[] = Object.freeze(['HOME', 'AWAY']);

export function opponentOf(side: Side): Side {
  return side === 'HOME' ? 'AWAY' : 'HOME';
}

export function isSide(value: unknown): value is Side {
  return SIDES.includes(value as Side);
}
