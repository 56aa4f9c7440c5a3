import { isDatabaseUnavailable } from './database-outage';

/** A Node socket error as node-postgres passes it on. */
function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: 'connect' });
}

/** A PostgreSQL error as node-postgres reports it (SQLSTATE in `code`). */
function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

describe('isDatabaseUnavailable', () => {
  test.each<[string, unknown, boolean]>([
    // the database is gone: 503
    ['connection refused (nothing listens on the port)', socketError('ECONNREFUSED'), true],
    ['connection reset', socketError('ECONNRESET'), true],
    ['host not found', socketError('ENOTFOUND'), true],
    ['server stopped by its administrator (57P01)', pgError('57P01', 'terminating connection due to administrator command'), true],
    ['server starting up (57P03)', pgError('57P03', 'the database system is starting up'), true],
    ['connection exception class 08', pgError('08006', 'connection failure'), true],
    ['too many connections (53300)', pgError('53300', 'sorry, too many clients already'), true],
    ['connection cut mid-query (node-postgres, no code)', new Error('Connection terminated unexpectedly'), true],
    ['no free connection in time (pg-pool)', new Error('timeout exceeded when trying to connect'), true],
    ['driver adapter: database not reachable', { name: 'DriverAdapterError', cause: { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 } }, true],
    ['driver adapter: connection closed', { name: 'DriverAdapterError', cause: { kind: 'ConnectionClosed' } }, true],
    ['driver adapter: postgres 57P01', { name: 'DriverAdapterError', cause: { kind: 'postgres', code: '57P01', message: 'terminating connection' } }, true],
    ["Prisma P1001 can't reach database server", { name: 'PrismaClientKnownRequestError', code: 'P1001', message: "Can't reach database server at 127.0.0.1:5432" }, true],
    ['Prisma P1017 server closed the connection', { code: 'P1017', message: 'Server has closed the connection.' }, true],
    ['Prisma P2024 pool timeout', { code: 'P2024', message: 'Timed out fetching a new connection from the connection pool.' }, true],
    ['Prisma error carrying the adapter error in meta', { code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'DatabaseNotReachable' } } } }, true],
    ['wrapped in a cause', new Error('query failed', { cause: socketError('ECONNREFUSED') }), true],
    // a fault of the request or of our code: not an outage
    ['unique constraint (P2002)', { code: 'P2002', meta: { target: ['name'] } }, false],
    ['record not found (P2025)', { code: 'P2025' }, false],
    ['driver adapter: unique violation', { name: 'DriverAdapterError', cause: { kind: 'UniqueConstraintViolation' } }, false],
    ['driver adapter: other postgres error (undefined table)', { cause: { kind: 'postgres', code: '42P01', message: 'relation does not exist' } }, false],
    ['postgres syntax error', pgError('42601', 'syntax error at or near "SELEC"'), false],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')"), false],
    ['nothing', undefined, false],
    ['a string', 'ECONNREFUSED', false],
  ])('%s → %s', (_, error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });
});
