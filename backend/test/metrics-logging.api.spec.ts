/**
 * Issue 25: every answer carries its request id (X-Request-Id), the error envelope too
 * (`error.requestId`, the "foutcode"), and log lines written while a request is handled are
 * JSON with that id.
 */
import { Writable } from 'node:stream';
import request from 'supertest';
import { createApp } from '../src/app.factory';
import { JsonLogger, requestContext } from '../src/metrics/request-logging';
import { expectError, startApp, type TestContext } from './helpers';

function memoryLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  return { lines, stream };
}

describe('request ids and JSON logs (issue 25)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startApp();
  });
  afterAll(() => ctx.close());

  test('every answer has an X-Request-Id; the error envelope repeats it as requestId', async () => {
    const ok = await ctx.http().get('/api/health/live').expect(200);
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f]{12}$/);
    const refused = await ctx.http().get('/api/users').expect(401);
    expectError(refused.body, 401, 'UNAUTHENTICATED');
    expect(refused.body.error.requestId).toBe(refused.headers['x-request-id']);
    const other = await ctx.http().get('/api/users').expect(401);
    expect(other.body.error.requestId).not.toBe(refused.body.error.requestId);
    const invalid = await ctx.http().post('/api/auth/login').send({ email: 'geen-adres', onbekend: 1 }).expect(400);
    expect(invalid.body.error.requestId).toBe(invalid.headers['x-request-id']);
  });

  test("the dashboard's own request id is kept when it looks like one; anything else gets a new one", async () => {
    const kept = await ctx.http().get('/api/health/live').set('X-Request-Id', 'dash-4f2a9c').expect(200);
    expect(kept.headers['x-request-id']).toBe('dash-4f2a9c');
    const replaced = await ctx.http().get('/api/health/live').set('X-Request-Id', 'x"; DROP').expect(200);
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f]{12}$/);
  });

  test('a log line written while a request is handled is one JSON object with its request id', async () => {
    const log = memoryLog();
    const logger = new JsonLogger(['error', 'warn', 'log'], log.stream);
    const app = await createApp({ logger: false });
    app.getHttpAdapter().getInstance().get('/api/test-logregel', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5)); // across an await, too
      logger.warn('Iets om te melden', 'Test');
      return { ok: true };
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    try {
      const res = await request(app.getHttpServer()).get('/api/test-logregel').expect(200);
      const line = log.lines.find((l) => l.msg === 'Iets om te melden');
      expect(line).toMatchObject({ level: 40, context: 'Test', requestId: res.headers['x-request-id'], service: 'tsbn-api' });
      expect(typeof line!.time).toBe('string');
    } finally {
      await app.close();
    }
    // outside a request: no request id; levels not asked for are not written
    logger.log('Buiten een verzoek', 'Test');
    (new JsonLogger(['error'], log.stream)).warn('niet gevraagd');
    expect(log.lines.find((l) => l.msg === 'Buiten een verzoek')).not.toHaveProperty('requestId');
    expect(log.lines.find((l) => l.msg === 'niet gevraagd')).toBeUndefined();
    requestContext.run({ requestId: 'handmatig1' }, () => logger.error(new Error('kapot'), 'Test'));
    expect(log.lines.find((l) => l.msg === 'kapot')).toMatchObject({ level: 50, requestId: 'handmatig1' });
  });
});
