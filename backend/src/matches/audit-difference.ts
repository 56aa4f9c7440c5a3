/**
 * The audit entry of a match command keeps what the command changed, not two pictures of the
 * whole match (issue 22: some 12 kB per table write): of the snapshot's fields those that
 * differ, and of its sets only those that were added, removed or changed (the logboek shows
 * exactly these: match-history.tsx compares before and after field by field and set by set).
 */
type Snapshot = Record<string, unknown> & { sets?: { set: number; table: number }[] };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

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
