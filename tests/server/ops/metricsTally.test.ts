// The request series are tallied in plain numbers and built when scraped (metrics/registry.ts): they
// must read exactly as prom-client's own Counter and Histogram would for the same requests.
import client from 'prom-client';
import { expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/client';
import { createMetrics, LATENCY_BUCKETS } from '../../../src/server/metrics/registry';

const db = { query: async () => ({ rows: [], rowCount: 0 }) } as unknown as Db;

/** The lines of the exposition text that belong to the request series, sorted. */
const requestLines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('hujjat_http_'))
    .sort();

it('tallies requests into the series a prom-client Counter and Histogram give', async () => {
  const registry = new client.Registry();
  const counter = new client.Counter({
    name: 'hujjat_http_requests_total',
    help: 'x',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const histogram = new client.Histogram({
    name: 'hujjat_http_request_duration_seconds',
    help: 'x',
    labelNames: ['route', 'method'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const metrics = createMetrics(db);
  // Every bound itself (le is inclusive), values between and beyond them, several routes and statuses.
  const seconds = [0, ...LATENCY_BUCKETS, ...LATENCY_BUCKETS.map((b) => b * 1.5), 31, 0.0001];
  const requests = seconds.flatMap((s, i) => [
    ['/api/Lgota/WithoutVatProducts', 'GET', 200 + (i % 3) * 100, s] as const,
    ['unmatched', i % 2 ? 'POST' : 'GET', 404, s] as const,
  ]);
  for (const [route, method, status, s] of requests) {
    metrics.observeRequest(route, method, status, s);
    counter.inc({ route, method, status: String(status) });
    histogram.observe({ route, method }, s);
  }
  const ours = requestLines((await metrics.render()).body);
  expect(ours.length).toBeGreaterThanOrEqual(50);
  expect(ours).toEqual(requestLines(await registry.metrics()));
  // Scraped again without new requests: the same numbers (a scrape does not add to them).
  expect(requestLines((await metrics.render()).body)).toEqual(ours);
});
