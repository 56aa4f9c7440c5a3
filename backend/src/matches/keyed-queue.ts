/**
 * One piece of work per key at a time in this process; the others wait here, in memory.
 * The match writer queues its transactions per match: the six tables of one match writing at
 * the same moment would otherwise each take a database connection and then wait for the
 * match row's lock while holding it, so one busy match could empty the pool for every other
 * match (and a write elsewhere be refused with 503). Across processes the row lock still
 * decides; this only keeps the waiting out of the pool.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(() => work());
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with work queued or running (for tests and metrics). */
  get size(): number {
    return this.tails.size;
  }
}
