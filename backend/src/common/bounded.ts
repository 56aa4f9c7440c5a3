/**
 * The in-process caches' bound (kept rows, table codes, statement names, live answers,
 * standings, start instants): before `key` goes in, the oldest entry goes when the collection
 * is full and `key` is not in it yet. A Map or Set keeps its insertion order, so the first key
 * is the one put in longest ago (delete and put again to count as new).
 */
export function makeRoomFor<K>(collection: Map<K, unknown> | Set<K>, key: K, max: number): void {
  if (collection.size < max || collection.has(key)) return;
  const oldest = collection.keys().next();
  if (!oldest.done) collection.delete(oldest.value);
}
