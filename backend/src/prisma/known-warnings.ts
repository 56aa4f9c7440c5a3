/**
 * One warning the logs do not need: `pg` 8 deprecates a second query on a client that is still
 * busy, and Prisma's own query interpreter does exactly that inside a transaction (a nested
 * create or include runs its sub-queries together on the transaction's client; the trace ends in
 * @prisma/adapter-pg's PgTransaction.performIO). Nothing in our code can change it; the queries are
 * queued by pg and run correctly. Left alone it fills a CI log (40 times per run). Every other
 * warning passes as before.
 */
const PRISMA_QUEUED_QUERY = 'Calling client.query() when the client is already executing a query';
const INSTALLED = Symbol.for('tsbn.knownWarnings');

export function silenceKnownWarnings(): void {
  const target = process as NodeJS.Process & { [INSTALLED]?: boolean };
  if (target[INSTALLED]) return;
  target[INSTALLED] = true;
  const emitWarning = process.emitWarning.bind(process) as (...args: unknown[]) => void;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (text.startsWith(PRISMA_QUEUED_QUERY)) return;
    emitWarning(warning, ...rest);
  }) as typeof process.emitWarning;
}
