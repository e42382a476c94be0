// /metrics (Prometheus format): requests by route pattern and status with latency, the job queue's
// depth and outcomes, the database pool; served only behind METRICS_TOKEN on the public port or on
// METRICS_PORT. /api/health: ready only when the database answers and the queue runs.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { type Db, openDatabase } from '../../../src/server/db/client';
import { migrate } from '../../../src/server/db/migrate';
import { ApiError } from '../../../src/server/errors';
import { startMetricsServer } from '../../../src/server/metrics/server';
import { testConfig, withDatabases } from '../harness';
import { ownerOf, withJobApp } from '../jobs/jobApp';

const TOKEN = 'metrics-token-of-at-least-32-characters';
const metricsConfig = { metrics: { port: null, host: '127.0.0.1', token: TOKEN } };

/** The value of one series of the exposition text, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

withDatabases(
  'metrics behind a token',
  (ctx) => {
    const scrape = () =>
      ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

    it('refuses a scrape without the token or with another one', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const wrong = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN.replace('m', 'n')}` },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).not.toContain('hujjat_');
    });

    it('counts requests by route pattern, method and status, with a latency histogram', async () => {
      const before = sample((await scrape()).body, 'hujjat_http_requests_total', {
        route: '/api/health',
        status: '200',
      });
      for (let i = 0; i < 3; i++) await ctx.app.inject({ method: 'GET', url: '/api/health' });
      await ctx.app.inject({
        method: 'GET',
        url: `/api/Job/get?id=${'0'.repeat(8)}-0000-0000-0000-000000000000`,
      });
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing/12345' });
      const res = await scrape();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
      const text = res.body;
      const after = sample(text, 'hujjat_http_requests_total', { route: '/api/health', status: '200' });
      expect(after).toBe((before ?? 0) + 3);
      // The route's pattern, never the URL: ids and query strings are not labels.
      expect(sample(text, 'hujjat_http_requests_total', { route: '/api/Job/get', status: '401' })).toBe(1);
      expect(sample(text, 'hujjat_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
      expect(text).not.toContain('12345');
      expect(text).not.toContain('000000000000');
      expect(
        sample(text, 'hujjat_http_request_duration_seconds_count', { route: '/api/health', method: 'GET' }),
      ).toBeGreaterThanOrEqual(3);
      expect(
        sample(text, 'hujjat_http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' }),
      ).toBeGreaterThanOrEqual(3);
      expect(text).toContain('hujjat_process_resident_memory_bytes');
    });

    it('reports the database pool on PostgreSQL', async () => {
      const text = (await scrape()).body;
      if (ctx.kind === 'postgresql') {
        expect(sample(text, 'hujjat_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'hujjat_db_pool_connections', { state: 'waiting' })).toBe(0);
      } else {
        expect(sample(text, 'hujjat_db_pool_connections', { state: 'total' })).toBeUndefined();
      }
    });

    it('says ready while the database answers and the queue runs', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', checks: { database: 'up', queue: 'up' } });
    });
  },
  { config: metricsConfig },
);

withDatabases('metrics without a token', (ctx) => {
  it('are not on the public port at all', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('hujjat_');
  });

  it('are served on METRICS_PORT, and nothing else is', async () => {
    const server = await startMetricsServer(ctx.app.metrics, '127.0.0.1', 0);
    try {
      const res = await fetch(server.url);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('hujjat_http_requests_total');
      expect((await fetch(server.url.replace('/metrics', '/api/health'))).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

let jobApp: {
  metrics: { jobOutcome: (type: string, outcome: 'done' | 'failed' | 'retried' | 'cancelled') => void };
};
withJobApp(
  'metrics of the job queue',
  (queue) => {
    queue.define<object>({ type: 'test.metricsDone', run: async () => null });
    queue.define<object>({
      type: 'test.metricsRefused',
      run: async () => {
        throw new ApiError(400, 'NOTHING_TO_DO', 'bulk:job.notFound');
      },
    });
  },
  (ctx) => {
    beforeAll(() => {
      jobApp = ctx.app;
    });
    const scrape = async () => (await ctx.app.metrics.render()).body;
    const enqueue = async (type: string) => {
      const owner = await ownerOf(ctx.db, '302000001');
      await ctx.db.transaction((tx) => ctx.app.jobs.enqueue(tx, type, {}, { owner }));
    };

    it('shows the queue depth, then the outcomes and the failed jobs', async () => {
      await enqueue('test.metricsDone');
      await enqueue('test.metricsDone');
      await enqueue('test.metricsRefused');
      let text = await scrape();
      expect(sample(text, 'hujjat_jobs', { type: 'test.metricsDone', state: 'queued' })).toBe(2);
      expect(sample(text, 'hujjat_jobs', { type: 'test.metricsRefused', state: 'queued' })).toBe(1);
      expect(sample(text, 'hujjat_jobs_oldest_queued_seconds')).toBeGreaterThanOrEqual(0);

      await ctx.app.jobs.runPending();
      text = await scrape();
      expect(sample(text, 'hujjat_jobs', { type: 'test.metricsDone', state: 'queued' })).toBeUndefined();
      expect(sample(text, 'hujjat_jobs', { type: 'test.metricsRefused', state: 'failed' })).toBe(1);
      expect(sample(text, 'hujjat_job_runs_total', { type: 'test.metricsDone', outcome: 'done' })).toBe(2);
      expect(sample(text, 'hujjat_job_runs_total', { type: 'test.metricsRefused', outcome: 'failed' })).toBe(
        1,
      );
      expect(sample(text, 'hujjat_jobs_oldest_queued_seconds')).toBe(0);
    });
  },
  { onOutcome: (type, outcome) => jobApp.metrics.jobOutcome(type, outcome) },
);

describe('health when something is down', () => {
  let down = false;
  let app: FastifyInstance;
  beforeAll(async () => {
    const real = await openDatabase({ databaseUrl: null, dataDir: null });
    await migrate(real);
    const db: Db = {
      ...real,
      query: (sql, params, options) =>
        down && sql === 'select 1'
          ? Promise.reject(new Error('connection lost'))
          : real.query(sql, params, options),
    };
    app = await buildApp(testConfig(), { db, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 503 while the database does not answer, and while the queue is stopped', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    down = true;
    let res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', checks: { database: 'down', queue: 'up' } });
    down = false;
    await app.jobs.stop();
    res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', checks: { database: 'up', queue: 'down' } });
  });
});

describe('metrics configuration', () => {
  it('reads METRICS_PORT, METRICS_HOST and METRICS_TOKEN, refusing a bad port and a short token', () => {
    expect(loadConfig({}, '0').metrics).toEqual({ port: null, host: '127.0.0.1', token: null });
    expect(
      loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.2', METRICS_TOKEN: TOKEN }, '0').metrics,
    ).toEqual({
      port: 9464,
      host: '10.0.0.2',
      token: TOKEN,
    });
    expect(() => loadConfig({ METRICS_PORT: 'ninety' }, '0')).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_PORT: '0' }, '0')).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' }, '0')).toThrow(/at least 32/);
  });
});
