/**
 * Issue 25: /api/metrics (Prometheus, prom-client). Only from an address of TRUSTED_PROXIES
 * (default loopback) or with `Authorization: Bearer <METRICS_TOKEN>`; a stranger, also one whose
 * request the dashboard's proxy forwards (X-Forwarded-For), is refused. Its figures move with
 * what happens: requests per route and status, backups, mails waiting.
 */
import PgBoss from 'pg-boss';
import { JOBS_SCHEMA } from '../src/reminders/reminder-scheduler';
import { expectError, resetDatabase, startApp, type TestContext } from './helpers';

/** The samples of Prometheus' text format (name, labels, value). */
function parsePrometheusTextFormat(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`Geen Prometheus-regel: ${line}`);
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
      return { name: m[1], labels, value: Number(m[3]) };
    });
}

const TOKEN = 'metrics-test-token-0123456789';

function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const sample = parsePrometheusTextFormat(text).find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return sample ? sample.value : 0;
}

describe('/api/metrics (issue 25)', () => {
  let ctx: TestContext;
  const saved = { token: process.env.METRICS_TOKEN, proxies: process.env.TRUSTED_PROXIES };

  beforeAll(async () => {
    process.env.METRICS_TOKEN = TOKEN;
    delete process.env.TRUSTED_PROXIES; // the default: loopback
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
  });
  afterAll(async () => {
    await ctx.close();
    for (const [key, env] of [['token', 'METRICS_TOKEN'], ['proxies', 'TRUSTED_PROXIES']] as const) {
      if (saved[key] === undefined) delete process.env[env];
      else process.env[env] = saved[key];
    }
  });

  const scrape = async () => (await ctx.http().get('/api/metrics').expect(200)).text;

  test('a stranger is refused, also through the dashboard proxy; the token lets anyone in', async () => {
    const stranger = await ctx.http().get('/api/metrics').set('X-Forwarded-For', '203.0.113.7').expect(403);
    expectError(stranger.body, 403, 'METRICS_FORBIDDEN');
    await ctx.http().get('/api/metrics').set('X-Forwarded-For', '203.0.113.7').set('Authorization', 'Bearer verkeerd').expect(403);
    await ctx.http().get('/api/metrics').set('X-Forwarded-For', '203.0.113.7').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    const local = await ctx.http().get('/api/metrics').expect(200);
    expect(local.headers['content-type']).toContain('text/plain');
    expect(local.text).toContain('# TYPE tsbn_http_requests_total counter');
  });

  test('with TRUSTED_PROXIES=none only the token works', async () => {
    process.env.TRUSTED_PROXIES = 'none';
    const other = await startApp();
    try {
      await other.http().get('/api/metrics').expect(403);
      await other.http().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    } finally {
      await other.close();
      delete process.env.TRUSTED_PROXIES;
    }
  });

  test('requests are counted per route pattern and status, with their latency', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) await ctx.http().get('/api/health/live').expect(200);
    await ctx.http().get('/api/seasons/00000000-0000-4000-8000-000000000000').expect((res) => expect([401, 404]).toContain(res.status));
    const after = await scrape();
    const live = { method: 'GET', route: '/api/health/live', status: '200' };
    expect(value(after, 'tsbn_http_requests_total', live) - value(before, 'tsbn_http_requests_total', live)).toBe(3);
    expect(value(after, 'tsbn_http_request_duration_seconds_count', live) - value(before, 'tsbn_http_request_duration_seconds_count', live)).toBe(3);
    // the pattern, never the id
    expect(after).toMatch(/tsbn_http_requests_total\{method="GET",route="\/api\/seasons\/:id",status="40[14]"\}/);
    expect(after).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(value(after, 'tsbn_db_pool_connections', { state: 'idle' }) + value(after, 'tsbn_db_pool_connections', { state: 'in_use' })).toBeGreaterThan(0);
    expect(after).toContain('tsbn_db_pool_waiting 0');
    expect(after).toContain('tsbn_live_streams_open 0');
  });

  test('backups and mails waiting move with the database', async () => {
    const before = await scrape();
    expect(value(before, 'tsbn_backup_last_success_timestamp_seconds')).toBe(0);
    const finishedAt = new Date('2026-11-26T03:00:05Z');
    await ctx.prisma.backupRun.create({ data: { status: 'SUCCEEDED', trigger: 'schedule', startedAt: new Date('2026-11-26T03:00:00Z'), finishedAt, file: 'x.gz', sizeBytes: 12345 } });
    await ctx.prisma.outgoingMail.createMany({
      data: [
        { to: 'a@example.nl', subject: 'A', text: 'a', kind: 'TEST' },
        { to: 'b@example.nl', subject: 'B', text: 'b', kind: 'TEST' },
        { to: 'c@example.nl', subject: 'C', text: 'c', kind: 'TEST', status: 'SENT', sentAt: new Date() },
      ],
    });
    const after = await scrape();
    expect(value(after, 'tsbn_backup_last_success_timestamp_seconds')).toBe(finishedAt.getTime() / 1000);
    expect(value(after, 'tsbn_backup_last_success_size_bytes')).toBe(12345);
    expect(value(after, 'tsbn_mails_pending', { status: 'PENDING' }) - value(before, 'tsbn_mails_pending', { status: 'PENDING' })).toBe(2);
  });

  test('the job queue: depth and the age of the oldest waiting job per queue', async () => {
    const boss = new PgBoss({ connectionString: process.env.DATABASE_URL, schema: JOBS_SCHEMA, max: 1, supervise: false, schedule: false });
    boss.on('error', () => undefined);
    await boss.start();
    try {
      const queue = `metrics-test-${process.pid}`;
      await boss.createQueue(queue);
      await boss.send(queue, { n: 1 });
      await boss.send(queue, { n: 2 });
      await boss.send(queue, { n: 3 }, { startAfter: 3600 }); // not yet waiting: later
      const text = await scrape();
      expect(value(text, 'tsbn_job_queue_scraped')).toBe(1);
      expect(value(text, 'tsbn_job_queue_depth', { queue })).toBe(2);
      expect(value(text, 'tsbn_job_oldest_waiting_seconds', { queue })).toBeGreaterThanOrEqual(0);
      await ctx.prisma.$executeRawUnsafe(`UPDATE ${JOBS_SCHEMA}.job SET created_on = now() - interval '90 seconds' WHERE name = $1 AND data->>'n' = '1'`, queue);
      expect(value(await scrape(), 'tsbn_job_oldest_waiting_seconds', { queue })).toBeGreaterThanOrEqual(90);
      await ctx.prisma.$executeRawUnsafe(`DELETE FROM ${JOBS_SCHEMA}.job WHERE name = $1`, queue);
      await boss.deleteQueue(queue);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });
});
