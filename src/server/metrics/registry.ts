import client from 'prom-client';
import type { Db } from '../db/client';
import { type ReplicaOutcome, replicaOf } from '../db/replica';

/**
 * The server's metrics in the Prometheus exposition format (prom-client): one registry per app (tests
 * build several apps in one process). Requests by route and status with their latency, the database
 * pool, the job queue's depth and outcomes, and the process itself (CPU, memory, event loop lag).
 */
export interface Metrics {
  readonly registry: client.Registry;
  /** One answered request: the route's pattern (never the raw URL), method, status, seconds taken. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** One run of a job ended in this instance. */
  jobOutcome(type: string, outcome: JobOutcome): void;
  /** The exposition text and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
}

export type JobOutcome = 'done' | 'failed' | 'retried' | 'cancelled';

/** How often the event loop lag is sampled (ms). */
export const EVENT_LOOP_SAMPLE_MS = 100;

/** Seconds: from a cached list (a few ms) to a bulk signing answered late (the 30 s request limit). */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics(db: Db): Metrics {
  const registry = new client.Registry();
  // The event loop lag histogram samples the loop every EVENT_LOOP_SAMPLE_MS: prom-client's default of
  // 10 ms woke an idle server 100 times a second. A lag longer than the period is still measured whole.
  client.collectDefaultMetrics({
    register: registry,
    prefix: 'hujjat_',
    eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS,
  });

  // Requests are tallied in plain numbers and handed to prom-client only when scraped: its own
  // inc/observe hash the label set (and key buckets by number-as-text) on every request, a cost the
  // busiest routes (the catalogue's lists) paid per answer.
  const tally = new RequestTally();
  new client.Counter({
    name: 'hujjat_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const t of tally.routes.values()) {
        for (const [status, n] of t.statuses) this.inc({ route: t.route, method: t.method, status }, n);
      }
    },
  });
  registry.registerMetric(latencyHistogram(tally) as unknown as client.Metric);
  const jobRuns = new client.Counter({
    name: 'hujjat_job_runs_total',
    help: 'Job runs ended in this instance, by type and outcome (failed: no retry left or refused)',
    labelNames: ['type', 'outcome'] as const,
    registers: [registry],
  });
  new client.Gauge({
    name: 'hujjat_db_pool_connections',
    help: 'Database pool connections of this instance: total open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = db.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new client.Gauge({
    name: 'hujjat_jobs',
    help: 'Jobs in the shared queue (all instances) by type and state: queued and running are its depth, failed the ones that ran out of retries',
    labelNames: ['type', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      // A database that does not answer leaves these out; the scrape itself still succeeds.
      const r = await db
        .query<{ type: string; state: string; n: number }>(
          `select type, state, count(*)::int as n from jobs
            where state in ('queued', 'running', 'failed') group by type, state`,
        )
        .catch(() => ({ rows: [] }));
      for (const row of r.rows) this.set({ type: row.type, state: row.state }, row.n);
    },
  });
  new client.Gauge({
    name: 'hujjat_jobs_oldest_queued_seconds',
    help: 'Age of the oldest queued job (0 when none waits): a queue nobody works grows it',
    registers: [registry],
    async collect() {
      this.reset();
      const r = await db
        .query<{ s: number | null }>(
          `select extract(epoch from now() - min(created_at))::float8 as s from jobs where state = 'queued'`,
        )
        .catch(() => null);
      if (r) this.set(r.rows[0]?.s ?? 0);
    },
  });

  new client.Gauge({
    name: 'hujjat_operator_sync_lag_seconds',
    help: 'Exchange operators (issue 28): per provider, the longest time any bound company has gone without a pull that finished without error (since it was bound when it never had one)',
    labelNames: ['provider'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const r = await db
        .query<{ provider: string; s: number }>(
          `select b.provider, max(extract(epoch from now() - coalesce(
                    (select max(r.finished_at) from operator_runs r
                      where r.organization_id = b.organization_id and r.direction = 'pull'
                        and r.finished_at is not null and r.error_code is null),
                    b.bound_at)))::float8 as s
             from operator_bindings b group by b.provider`,
        )
        .catch(() => ({ rows: [] }));
      for (const row of r.rows) this.set({ provider: row.provider }, Math.max(0, row.s));
    },
  });
  replicaMetrics(db, registry);
  new client.Counter({
    name: 'hujjat_db_notifications_total',
    help: 'NOTIFY messages this instance received on its LISTEN connection, by channel (queued jobs, the event feed): flat while others write means LISTEN is not working (a pooler in transaction mode in its way)',
    labelNames: ['channel'] as const,
    registers: [registry],
    collect() {
      const stats = db.listenStats?.();
      if (!stats) return;
      this.reset();
      for (const [channel, n] of Object.entries(stats.notifications)) this.inc({ channel }, n);
    },
  });
  new client.Gauge({
    name: 'hujjat_db_listen_connected',
    help: '1 while this instance holds its LISTEN connection (DATABASE_DIRECT_URL or DATABASE_URL)',
    registers: [registry],
    collect() {
      const stats = db.listenStats?.();
      this.reset();
      if (stats) this.set(stats.connected ? 1 : 0);
    },
  });

  return {
    registry,
    observeRequest(route, method, status, seconds) {
      tally.observe(route, method, status, seconds);
    },
    jobOutcome(type, outcome) {
      jobRuns.inc({ type, outcome });
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/** The read replica's state, lag and where party reads were answered (db/replica.ts); none without one. */
function replicaMetrics(db: Db, registry: client.Registry) {
  new client.Counter({
    name: 'hujjat_replica_reads_total',
    help: 'Party reads (lists, counts, statistics, exports) by where they were answered: replica, or the primary because the replica was behind the party, lagging, down, or failed the read',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      const replica = replicaOf(db);
      if (!replica) return;
      this.reset();
      for (const [outcome, n] of Object.entries(replica.reads))
        this.inc({ outcome: outcome as ReplicaOutcome }, n);
    },
  });
  new client.Gauge({
    name: 'hujjat_replica_lag_seconds',
    help: 'How long ago the primary stood at the oldest WAL position the replica has not replayed (measured each second)',
    registers: [registry],
    collect() {
      const lag = replicaOf(db)?.status.lagSeconds;
      this.reset();
      if (lag !== null && lag !== undefined) this.set(lag);
    },
  });
  new client.Gauge({
    name: 'hujjat_replica_up',
    help: '1 while the read replica takes party reads, 0 while lagging past the bound or down',
    registers: [registry],
    collect() {
      const replica = replicaOf(db);
      this.reset();
      if (replica) this.set(replica.status.state === 'up' ? 1 : 0);
    },
  });
}

interface RouteTally {
  route: string;
  method: string;
  /** Answers by status code (as text, the label's value). */
  statuses: Map<string, number>;
  /** Observations per latency bucket (not cumulative; the last slot: above every bound). */
  buckets: number[];
  sum: number;
  count: number;
}

/** Requests by route and method: counts per status and the latency histogram's raw numbers. */
export class RequestTally {
  readonly routes = new Map<string, RouteTally>();

  observe(route: string, method: string, status: number, seconds: number) {
    const key = `${method} ${route}`;
    let t = this.routes.get(key);
    if (!t) {
      t = {
        route,
        method,
        statuses: new Map(),
        buckets: LATENCY_BUCKETS.map(() => 0).concat(0),
        sum: 0,
        count: 0,
      };
      this.routes.set(key, t);
    }
    const code = String(status);
    t.statuses.set(code, (t.statuses.get(code) ?? 0) + 1);
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]) i++;
    t.buckets[i] += 1;
    t.sum += seconds;
    t.count += 1;
  }
}

/**
 * hujjat_http_request_duration_seconds as prom-client's registry reads a metric (its `get()`): the
 * series a prom-client Histogram with the same buckets would give (_bucket cumulative with le, then
 * +Inf, _sum, _count), built from the tally when scraped.
 */
function latencyHistogram(tally: RequestTally) {
  const name = 'hujjat_http_request_duration_seconds';
  const help = 'Time from a request received to its answer sent, by route pattern and method';
  const get = async () => {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const t of tally.routes.values()) {
      const labels = { route: t.route, method: t.method };
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((le, i) => {
        cumulative += t.buckets[i];
        values.push({ labels: { le, ...labels }, value: cumulative, metricName: `${name}_bucket` });
      });
      values.push({ labels: { le: '+Inf', ...labels }, value: t.count, metricName: `${name}_bucket` });
      values.push({ labels, value: t.sum, metricName: `${name}_sum` });
      values.push({ labels, value: t.count, metricName: `${name}_count` });
    }
    return { name, help, type: 'histogram', values, aggregator: 'sum' };
  };
  return { name, help, type: 'histogram', aggregator: 'sum', get, reset() {} };
}
