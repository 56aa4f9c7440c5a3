/**
 * The audit entry of a match command keeps what the command changed, not two pictures of the
 * whole match (issue 22: some 12 kB per table write): of the snapshot's fields those that
 * differ, and of its sets only those that were added, removed or changed (the logboek shows
 * exactly these: match-history.tsx compares before and after field by field and set by set).
 */
type Snapshot = Record<string, unknown> & { sets?: { set: number; table: number }[] };

/**
 * Whether two values write the same JSON, compared part by part instead of written out twice
 * (every table write compares its match's 36 sets: a third of the time). As JSON: a property
 * whose value is undefined counts as absent, undefined in a list as null, a Date (or anything
 * with toJSON) as what toJSON gives; only the order of an object's keys does not matter.
 */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isPlain(a) || !isPlain(b)) return JSON.stringify(a) === JSON.stringify(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i] ?? null, b[i] ?? null)) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let keys = 0;
  for (const key of Object.keys(x)) {
    if (x[key] === undefined) continue;
    keys++;
    if (!same(x[key], y[key])) return false;
  }
  for (const key of Object.keys(y)) if (y[key] !== undefined) keys--;
  return keys === 0;
}

/** An object or list JSON writes by its parts (not null, a Date or anything else with toJSON). */
const isPlain = (value: unknown): value is object => typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON !== 'function';

export function auditDifference(before: Snapshot, after: Snapshot): { before: Snapshot; after: Snapshot } {
  const was: Snapshot = {};
  const now: Snapshot = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'sets' || same(before[key], after[key])) continue;
    if (key in before) was[key] = before[key];
    if (key in after) now[key] = after[key];
  }
  const seat = (s: { set: number; table: number }) => `${s.set}-${s.table}`;
  const beforeSets = new Map((before.sets ?? []).map((s) => [seat(s), s]));
  const afterSets = new Map((after.sets ?? []).map((s) => [seat(s), s]));
  const changed = [...new Set([...beforeSets.keys(), ...afterSets.keys()])].filter((k) => !same(beforeSets.get(k), afterSets.get(k)));
  if (changed.length) {
    was.sets = changed.flatMap((k) => (beforeSets.has(k) ? [beforeSets.get(k)!] : []));
    now.sets = changed.flatMap((k) => (afterSets.has(k) ? [afterSets.get(k)!] : []));
  }
  return { before: was, after: now };
}
