/**
 * npm run bench:reference [-- --codes 100000 --requests 3000 --clients 20 --pg postgres://…]
 *
 * Classifier search (GET /api/Document/getProductsClassifier) over 100,000 DEMO classifier codes
 * (services/reference/classifier/demo.ts: generated, every name ends in "(demo)"), served by the real
 * server (buildApp) on 127.0.0.1 to 20 concurrent keep-alive clients running in a worker thread.
 * The request mix: code prefixes, Russian words, Uzbek Latin and Uzbek Cyrillic words, two-word
 * queries, an empty query; pages 1–3 of 20 or 50 rows. Prints p50/p95/p99 per database (PGlite
 * always; PostgreSQL with --pg or TEST_DATABASE_URL, in a throwaway schema). Budget: p95 ≤ 20 ms
 * (marked OVER in the table; the command does not fail on timings).
 * "cold" counts the requests whose query had not been asked before in the run.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance as nodePerformance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Db, openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedDemoOrganizations } from '../../src/server/db/seeds/organizations';
import { DEMO_PASSWORD, seedDemoUsers } from '../../src/server/db/seeds/users';
import { createProgress } from '../../src/server/services/catalogue/import/progress';
import { demoMxik, uzLatinToCyrillic } from '../../src/server/services/reference/classifier/demo';
import { loadMxik } from '../../src/server/services/reference/classifier/store';
import type { MxikItem } from '../../src/server/services/reference/classifier/types';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i].startsWith('--')) args.set(process.argv[i].slice(2), process.argv[i + 1] ?? '');
}
const CODES = Number(args.get('codes') ?? 100_000);
const REQUESTS = Number(args.get('requests') ?? 3000);
const WARMUP = Math.min(300, Math.floor(REQUESTS / 10));
const CLIENTS = Number(args.get('clients') ?? 20);
const PG_URL = args.get('pg') || process.env.TEST_DATABASE_URL || null;
const P95_BUDGET_MS = 20;
const OP = '/api/Document/getProductsClassifier';

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Words a person types: the beginning (4–9 letters) of a word of the generated names. */
function vocabulary(items: MxikItem[], pick: (n: number) => number) {
  const ru = new Set<string>();
  const uz = new Set<string>();
  for (const item of items.slice(0, 5000)) {
    for (const w of (item.nameRu ?? '').split(/[\s,()]+/)) if (/^[а-яё]{5,}$/i.test(w)) ru.add(w);
    for (const w of (item.nameUzLatn ?? '').split(/[\s,()]+/)) if (/^[a-z']{5,}$/i.test(w)) uz.add(w);
  }
  const cut = (w: string) => w.slice(0, 4 + pick(6));
  return { ru: [...ru], uz: [...uz], cut };
}

function requestPaths(items: MxikItem[], count: number) {
  const rand = rng(11);
  const pick = (n: number) => Math.floor(rand() * n);
  const one = <T>(list: T[]) => list[pick(list.length)];
  const words = vocabulary(items, pick);
  const kinds: Array<() => string> = [
    () => one(items).code.slice(0, 3 + pick(9)),
    () => words.cut(one(words.ru)),
    () => words.cut(one(words.uz)),
    () => uzLatinToCyrillic(words.cut(one(words.uz))),
    () => `${words.cut(one(words.ru))} ${words.cut(one(words.ru))}`,
    () => `${one(words.uz)} ${one(items).code.slice(0, 3)}`,
    () => one(items).code,
    () => '',
  ];
  return Array.from({ length: count }, () => {
    const search = one(kinds)();
    const page = rand() < 0.75 ? 1 : 2 + pick(2);
    const size = rand() < 0.7 ? 20 : 50;
    return `${OP}?search=${encodeURIComponent(search)}&page=${page}&size=${size}`;
  });
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function runLoad(port: number, token: string, paths: string[]) {
  return new Promise<{ latencies: number[]; totals: number[]; wallMs: number }>((resolve, reject) => {
    const worker = new Worker(new URL('./referenceLoad.mjs', import.meta.url), {
      workerData: { port, paths, clients: CLIENTS, token },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

interface Result {
  db: string;
  codes: number;
  loadSeconds: number;
  indexMs: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  rps: number;
  coldCount: number;
  coldP95: number;
  emptyShare: number;
  /** Main-thread busy time per request: what the server spent, whatever else the machine ran. */
  serverMsPerRequest: number;
  /** The machine's 1-minute load average at the end (2 cores: above 2, others were waiting too). */
  load: number;
}

async function benchOne(
  label: string,
  db: Db,
  data: ReturnType<typeof demoMxik>,
  dispose: () => Promise<void>,
) {
  try {
    await migrate(db);
    await seedDemoOrganizations(db);
    await seedDemoUsers(db);
    process.stdout.write(`\n[${label}] load ${data.items.length} demo codes\n`);
    const started = performance.now();
    await loadMxik(db, data.items, data.groups, {
      source: 'demo',
      onProgress: createProgress(process.stdout, `[${label}] load`),
    });
    const loadSeconds = (performance.now() - started) / 1000;
    const config = {
      ...loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0', DEMO: 'on' }, 'bench'),
      webRoot: null,
    };
    const app = await buildApp(config, { db: { ...db, close: async () => {} }, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/Auth/Login',
        payload: { phone: '998901000001', password: DEMO_PASSWORD },
      });
      const token = login.json().data.accessToken as string;
      // The first search builds the in-process index of this data set version.
      const indexStarted = performance.now();
      const first = await app.inject({
        method: 'GET',
        url: `${OP}?search=demo&size=1`,
        headers: { authorization: `Bearer ${token}` },
      });
      const indexMs = performance.now() - indexStarted;
      if (first.json().totalCount !== data.items.length)
        throw new Error(`index holds ${first.json().totalCount} codes`);
      const all = requestPaths(data.items, WARMUP + REQUESTS);
      await runLoad(port, token, all.slice(0, WARMUP));
      const measured = all.slice(WARMUP);
      process.stdout.write(`[${label}] ${measured.length} requests, ${CLIENTS} concurrent clients\n`);
      const elu = nodePerformance.eventLoopUtilization();
      const { latencies, totals, wallMs } = await runLoad(port, token, measured);
      // The server's own work: busy time of its event loop (the load generator runs in a worker).
      const serverMsPerRequest = nodePerformance.eventLoopUtilization(elu).active / measured.length;
      const query = (p: string) => p.replace(/&page=\d+&size=\d+$/, '');
      const seen = new Set(all.slice(0, WARMUP).map(query));
      const cold: number[] = [];
      measured.forEach((p, i) => {
        if (!seen.has(query(p))) cold.push(latencies[i]);
        seen.add(query(p));
      });
      const sorted = [...latencies].sort((a, b) => a - b);
      cold.sort((a, b) => a - b);
      return {
        db: label,
        codes: data.items.length,
        loadSeconds,
        indexMs,
        requests: measured.length,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted[sorted.length - 1],
        rps: (measured.length / wallMs) * 1000,
        coldCount: cold.length,
        coldP95: percentile(cold, 95),
        emptyShare: totals.filter((t) => t === 0).length / totals.length,
        serverMsPerRequest,
        load: os.loadavg()[0],
      } satisfies Result;
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
  }
}

function printTable(results: Result[]) {
  const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '—');
  const header = [
    'database',
    'codes',
    'load s',
    'index ms',
    'requests',
    'clients',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'req/s',
    'server ms/req',
    'cold n',
    'cold p95 ms',
    'no hits',
    'loadavg',
    'budget',
  ];
  const lines = results.map((r) => [
    r.db,
    String(r.codes),
    f(r.loadSeconds),
    f(r.indexMs, 0),
    String(r.requests),
    String(CLIENTS),
    f(r.p50),
    f(r.p95),
    f(r.p99),
    f(r.max),
    f(r.rps, 0),
    f(r.serverMsPerRequest, 2),
    String(r.coldCount),
    f(r.coldP95),
    `${Math.round(r.emptyShare * 100)} %`,
    f(r.load, 1),
    r.p95 <= P95_BUDGET_MS ? 'ok' : 'OVER',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  process.stdout.write(
    `\n${row(header)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |\n${lines.map(row).join('\n')}\n`,
  );
  process.stdout.write(
    `budget: p95 ≤ ${P95_BUDGET_MS} ms; demo-generated codes (labelled demo); cpus ${os.cpus().length}, node ${process.version}\n`,
  );
}

async function main() {
  const data = demoMxik(CODES);
  process.stdout.write(`generated ${data.items.length} demo classifier codes\n`);
  const results: Result[] = [];
  const pglite = await openDatabase({ databaseUrl: null, dataDir: null });
  results.push(await benchOne('PGlite', pglite, data, () => pglite.close()));
  if (PG_URL) {
    const schema = `bench_${randomBytes(5).toString('hex')}`;
    const pg = await openDatabase({ databaseUrl: PG_URL, dataDir: null, schema });
    results.push(
      await benchOne('PostgreSQL', pg, data, async () => {
        await pg.query(`drop schema if exists ${schema} cascade`).catch(() => {});
        await pg.close();
      }),
    );
  }
  printTable(results);
  // A table, never a failure on timings (README "Benchmarks"): OVER in the table says it.
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`bench:reference failed: ${(err as Error).stack ?? err}\n`);
    process.exit(1);
  },
);
