import { KeyedQueue } from './keyed-queue';

/** A piece of work that finishes when told to. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('KeyedQueue', () => {
  it('runs the work of one key one after another, in the order it came', async () => {
    const queue = new KeyedQueue();
    const order: string[] = [];
    const first = gate();
    const a = queue.run('m1', async () => {
      order.push('a start');
      await first.opened;
      order.push('a end');
    });
    const b = queue.run('m1', async () => {
      order.push('b');
    });
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['a start']);
    first.open();
    await Promise.all([a, b]);
    expect(order).toEqual(['a start', 'a end', 'b']);
    expect(queue.size).toBe(0);
  });

  it('does not make another key wait', async () => {
    const queue = new KeyedQueue();
    const held = gate();
    const slow = queue.run('m1', () => held.opened);
    await expect(queue.run('m2', async () => 'klaar')).resolves.toBe('klaar');
    held.open();
    await slow;
  });

  it('passes a failure to its caller only; the next work of the key still runs', async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('m1', async () => {
      throw new Error('bezet');
    });
    const next = queue.run('m1', async () => 'daarna');
    await expect(failed).rejects.toThrow('bezet');
    await expect(next).resolves.toBe('daarna');
  });
});
