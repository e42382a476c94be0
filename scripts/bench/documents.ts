/**
 * npm run bench:documents [-- --pglite 100000 --pg-documents 1000000 --organizations 1000 --clients 50
 *                            --requests 6000 --runs 100 --pg postgres://…
 *                            --warmup 6000 --keep-schema --reuse-schema <name> --kinds 0,4,5]
 *
 * 1. Seeds the bench set (scripts/bench/documentsSeed.ts: 1,000 organisations, a realistic mix of kinds,
 *    statuses, dates and counterparties) on PGlite (100,000 documents) and on PostgreSQL (1,000,000;
 *    TEST_DATABASE_URL or --pg, in a schema of its own dropped afterwards).
 * 2. Starts the real server (buildApp) and has 50 concurrent keep-alive clients (a worker thread), each
 *    signed in for one of 25 organisations, open lists with filters and searches: p50/p95/p99 and
 *    requests per second, per database and per kind of request.
 * 3. Times `DocumentSignAction/run` on the server (Fastify's reply.elapsedTime: verify + transition,
 *    no network): invoices sent and accepted with demo keys, the CMS timestamped beforehand as the
 *    browser does.
 * Budgets (DESIGN §8): list p95 ≤ 50 ms at 1,000,000 documents on PostgreSQL with 50 clients; run p95 ≤ 30 ms.
 * Prints tables; never fails on timings.
 *
 * To iterate on the PostgreSQL set without seeding it again (~110 s for 1,000,000): `--keep-schema`
 * keeps the seeded schema and prints its name; `--reuse-schema <name>` benches an existing one
 * (pending migrations are applied, seeding is skipped; the schema is kept). `--pglite 0` skips PGlite.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { startEmulator } from '../../src/emulator';
import { buildApp } from '../../src/server/app';
import { hashPassword } from '../../src/server/auth/passwords';
import { type Db, openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seeds';
import { DEMO_PASSWORD, DEMO_USERS } from '../../src/server/db/seeds/users';
import { type ListCache, listCacheOf } from '../../src/server/services/documents/listCache';
import { generateDemoPki } from '../demo-pki/index';
import { demoKeySigner } from './demoKeySigner';
import { BENCH_TIN_BASE, benchTin, seedBenchDocuments } from './documentsSeed';
import { localSigningConfig } from './localSigningConfig';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i].startsWith('--')) args.set(process.argv[i].slice(2), process.argv[i + 1] ?? '');
}
const PGLITE_DOCS = Number(args.get('pglite') ?? 100_000);
const PG_DOCS = Number(args.get('pg-documents') ?? 1_000_000);
const ORGS = Number(args.get('organizations') ?? 1000);
const CLIENTS = Number(args.get('clients') ?? 50);
const REQUESTS = Number(args.get('requests') ?? 6000);
const RUNS = Number(args.get('runs') ?? 100);
/**
 * Requests before the measured ones (drawn apart from them): a server runs for days, and the load's
 * first seconds measure V8 compiling the hot paths and PostgreSQL filling its caches — with 400 the
 * lists measured 682 requests/s, p95 133 ms; with 3,000, 862 and 100; with 6,000, 923 and 92 (13:47).
 */
const WARMUP = Number(args.get('warmup') ?? 6000);
const SIGNED_IN_ORGS = 25;
const PG_URL = args.get('pg') || process.env.TEST_DATABASE_URL || null;
const KEEP_SCHEMA = args.has('keep-schema');
const REUSE_SCHEMA = args.get('reuse-schema') || null;
if (REUSE_SCHEMA && !/^bench_docs_[a-z0-9_]+$/.test(REUSE_SCHEMA))
  throw new Error(`not a bench schema: ${REUSE_SCHEMA}`);
const LIST_BUDGET_MS = 50;
const RUN_BUDGET_MS = 30;
const BENCH_PASSWORD = 'Bench#2026x';

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

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const ms = (value: number) => value.toFixed(1).padStart(7);

interface RequestKind {
  name: string;
  path: (random: () => number, tin: string) => string;
}

/** What an accountant's screen asks for, in rough proportion. */
const ALL_KINDS: RequestKind[] = [
  { name: 'incoming, first page', path: () => '/api/Document/getList?DocDirection=incoming' },
  { name: 'waiting for me', path: () => '/api/Document/getList?DocDirection=incoming&Status=2' },
  {
    name: 'outgoing, a quarter',
    path: () => '/api/Document/getList?DocDirection=outgoing&DateFrom=2025-07-01&DateTo=2025-09-30',
  },
  {
    name: 'outgoing waybills, page 3 of 36',
    path: () => '/api/Document/getList?DocDirection=outgoing&DocType=waybill&Page=3&Size=36',
  },
  {
    name: 'search counterparty name',
    path: (random) =>
      `/api/Document/getList?SearchKeyword=${encodeURIComponent(`company ${Math.floor(random() * ORGS)}`)}`,
  },
  {
    name: 'search number',
    path: (random) => `/api/Document/getList?DocNumber=B-${Math.floor(random() * 900) + 100}`,
  },
  {
    name: 'counterparty, incoming',
    path: (random, tin) =>
      `/api/Document/getList?DocDirection=incoming&CounterAgentId=${Number(tin) - 1 - Math.floor(random() * 30)}`,
  },
  { name: 'menu counts', path: () => '/api/Document/getCounts' },
];
/** `--kinds 0,4`: only those kinds of request (their positions above), to take the mix apart. */
const KINDS = args.get('kinds')
  ? ALL_KINDS.filter((_, i) => (args.get('kinds') ?? '').split(',').map(Number).includes(i))
  : ALL_KINDS;

async function login(app: FastifyInstance, phone: string, password: string): Promise<string> {
  for (;;) {
    const res = await app.inject({ method: 'POST', url: '/api/Auth/Login', payload: { phone, password } });
    if (res.statusCode === 200) return res.json().data.accessToken;
    if (res.statusCode !== 429) throw new Error(`login ${phone}: ${res.statusCode} ${res.body}`);
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers['retry-after'] ?? 5)));
  }
}

async function benchUsers(db: Db): Promise<string[]> {
  const hash = await hashPassword(BENCH_PASSWORD);
  const phones: string[] = [];
  for (let i = 0; i < SIGNED_IN_ORGS; i++) {
    const tin = benchTin(Math.floor((i * ORGS) / SIGNED_IN_ORGS));
    const phone = `99899${String(i).padStart(7, '0')}`;
    const { rows } = await db.query<{ id: string }>(
      `insert into users (phone, full_name, password_hash, is_demo, registered_identity, password_changed_at)
       values ($1, $2, $3, true, $4, now()) on conflict (phone) do update set password_hash = excluded.password_hash returning id`,
      [phone, `Bench accountant ${i} (bench)`, hash, tin],
    );
    await db.query(
      `insert into memberships (user_id, organization_id, role) select $1, id, 'owner' from organizations where tin = $2
       on conflict do nothing`,
      [rows[0].id, tin],
    );
    phones.push(phone);
  }
  return phones;
}

/**
 * BENCH_CPU_PROFILE=<file>: a CPU profile of the server's thread over the measured list load only
 * (not start-up or seeding), for `node --cpu-prof`-style reading.
 */
async function startProfile() {
  const file = process.env.BENCH_CPU_PROFILE;
  if (!file) return null;
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`  CPU profile of the list load: ${file}`);
    },
  };
}

/** CPU seconds a process (or one of its threads) has used so far, from /proc (Linux; else null). */
function cpuSeconds(pid: number, tid?: number): number | null {
  try {
    const file = tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`;
    const fields = fs.readFileSync(file, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in ticks of 1/100 s
  } catch {
    return null;
  }
}

/** The PostgreSQL backends of the server's pool (every connection held at once). */
async function poolBackends(db: Db): Promise<number[]> {
  if (db.kind !== 'postgresql') return [];
  const answers = await Promise.all(
    Array.from({ length: 32 }, () =>
      db.query<{ pid: number }>('select pg_backend_pid() as pid, pg_sleep(0.05)'),
    ),
  );
  return [...new Set(answers.map((r) => r.rows[0].pid))];
}

/** Where the CPU of the measured list load went: ms per request. */
function cpuMeter(backends: number[]) {
  const read = () => ({
    main: cpuSeconds(process.pid, process.pid),
    all: cpuSeconds(process.pid),
    db: backends.reduce<number | null>((sum, pid) => {
      const s = cpuSeconds(pid);
      return sum === null || s === null ? null : sum + s;
    }, 0),
  });
  const start = read();
  return (requests: number) => {
    const end = read();
    const per = (a: number | null, b: number | null) =>
      a === null || b === null ? null : ((b - a) * 1000) / requests;
    const main = per(start.main, end.main);
    const all = per(start.all, end.all);
    return {
      main,
      others: main === null || all === null ? null : all - main,
      db: backends.length ? per(start.db, end.db) : null,
    };
  };
}

async function listLoad(
  port: number,
  tokens: Array<{ tin: string; token: string }>,
  backends: number[],
  cache: ListCache | undefined,
) {
  const requestsOf = (seed: number, count: number) => {
    const random = rng(seed);
    return Array.from({ length: count }, (_, i) => {
      const kind = KINDS[i % KINDS.length];
      const who = tokens[Math.floor(random() * tokens.length)];
      return { kind: kind.name, path: kind.path(random, who.tin), token: who.token };
    });
  };
  const requests = requestsOf(42, REQUESTS);
  // Warm-up, not counted (WARMUP): requests of each kind drawn apart from the measured ones, so that a
  // search is not answered from memory only because the warm-up asked it first.
  await runWorker(port, requestsOf(7, WARMUP));
  const meter = cpuMeter(backends);
  const profile = await startProfile();
  const [hitsBefore, missesBefore] = [cache?.hits ?? 0, cache?.misses ?? 0];
  const { latencies, wallMs } = await runWorker(port, requests);
  const cpu = meter(requests.length);
  const remembered = cache ? { hits: cache.hits - hitsBefore, misses: cache.misses - missesBefore } : null;
  await profile?.stop();
  const all = [...latencies].sort((a, b) => a - b);
  const byKind = new Map<string, number[]>();
  requests.forEach((r, i) => {
    byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), latencies[i]]);
  });
  return { all, wallMs, byKind, cpu, remembered };
}

function runWorker(
  port: number,
  requests: Array<{ path: string; token: string }>,
): Promise<{ latencies: number[]; wallMs: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./documentsLoad.mjs', import.meta.url), {
      workerData: { port, requests, clients: CLIENTS },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** Sends and accepts `RUNS` invoices between demo organisations 1 and 2; answers run's server times. */
async function runTimes(app: FastifyInstance, dataDir: string, timings: Map<string, number[]>) {
  const sign = await demoKeySigner(dataDir);
  const invoice = JSON.parse(
    fs.readFileSync(path.resolve('schemas/documents/invoice/fixtures/valid/01-standard.json'), 'utf8'),
  );
  const seller = await login(app, DEMO_USERS[0].phone, DEMO_PASSWORD);
  const buyer = await login(app, DEMO_USERS[1].phone, DEMO_PASSWORD);
  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const step = async (token: string, keyId: string, id: string, action: string, label: string) => {
    const model = (
      await call(token, 'GET', `/api/DocumentSignAction/getModelSign?documentId=${id}&action=${action}`)
    ).data;
    const cms = await sign(keyId, new Uint8Array(Buffer.from(model.toSign, 'base64')));
    const stamped = (await call(token, 'POST', '/api/Eimzo/getTimeStamp', { pkcs7: cms })).pkcs7b64;
    timings.set('current', []);
    await call(token, 'POST', '/api/DocumentSignAction/run', { documentId: id, action, signature: stamped });
    timings.set(label, [...(timings.get(label) ?? []), ...(timings.get('current') ?? [])]);
  };
  for (let i = 0; i < RUNS; i++) {
    const content = {
      ...invoice,
      FacturaId: '',
      FacturaDoc: { ...invoice.FacturaDoc, FacturaNo: `RUN-${i}` },
      SellerTin: DEMO_USERS[0].organizationTin,
      BuyerTin: DEMO_USERS[1].organizationTin,
      ProductList: { ...invoice.ProductList, Tin: DEMO_USERS[0].organizationTin },
    };
    const id = (await call(seller, 'POST', '/api/Document/add?kind=invoice', content)).data.id;
    await step(seller, `org-${DEMO_USERS[0].organizationTin}`, id, 'send', 'send (sign the national JSON)');
    await step(buyer, `org-${DEMO_USERS[1].organizationTin}`, id, 'accept', 'accept (co-sign and join)');
  }
}

async function schemaSeeded(schema: string): Promise<boolean> {
  if (!PG_URL) return false;
  const probe = await openDatabase({ databaseUrl: PG_URL, dataDir: null });
  try {
    const { rows } = await probe.query<{ found: boolean }>(
      `select exists (select 1 from information_schema.tables where table_schema = $1 and table_name = 'document_parties') as found`,
      [schema],
    );
    return rows[0]?.found === true;
  } finally {
    await probe.close();
  }
}

async function benchOne(kind: 'pglite' | 'postgresql', documents: number) {
  const reuse = kind === 'postgresql' && REUSE_SCHEMA !== null && (await schemaSeeded(REUSE_SCHEMA));
  const keep = kind === 'postgresql' && (KEEP_SCHEMA || reuse);
  const schema = reuse && REUSE_SCHEMA ? REUSE_SCHEMA : `bench_docs_${randomBytes(4).toString('hex')}`;
  const dir = kind === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-bench-docs-')) : null;
  const db = await openDatabase({
    databaseUrl: kind === 'pglite' ? null : PG_URL,
    dataDir: dir,
    schema: kind === 'pglite' ? undefined : schema,
  });
  const pkiDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-bench-pki-'));
  await generateDemoPki(pkiDir);
  const emulator = await startEmulator({ dataDir: pkiDir, wsPort: 0, httpPort: 0 });
  try {
    await migrate(db);
    const seedStart = performance.now();
    if (reuse) console.log(`  ${kind}: reusing the seeded schema ${schema}`);
    else {
      await seedDemo(db);
      let last = 0;
      await seedBenchDocuments(db, {
        documents,
        organizations: ORGS,
        onProgress: (done) => {
          if (done - last >= documents / 10 || done === documents) {
            process.stdout.write(
              `\r  ${kind}: seeded ${done.toLocaleString('en')} of ${documents.toLocaleString('en')} documents`,
            );
            last = done;
          }
        },
      });
    }
    const seedS = (performance.now() - seedStart) / 1000;
    if (!reuse) process.stdout.write(` in ${seedS.toFixed(0)} s\n`);
    if (keep) console.log(`  ${kind}: schema ${schema} kept (--reuse-schema ${schema})`);
    const phones = await benchUsers(db);
    const config = localSigningConfig(pkiDir, emulator.tsaUrl);
    const appDb = { ...db, close: async () => {} };
    const app = await buildApp(config, { db: appDb, logger: false });
    const timings = new Map<string, number[]>();
    app.addHook('onResponse', async (request, reply) => {
      if (request.routeOptions.url === '/api/DocumentSignAction/run')
        timings.get('current')?.push(reply.elapsedTime);
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const tokens = [];
    for (const [i, phone] of phones.entries())
      tokens.push({
        tin: benchTin(Math.floor((i * ORGS) / SIGNED_IN_ORGS)),
        token: await login(app, phone, BENCH_PASSWORD),
      });
    const cache = listCacheOf(appDb);
    const lists = await listLoad(port, tokens, await poolBackends(db), cache);
    await runTimes(app, pkiDir, timings);
    await app.close();
    return { kind, documents, seedS: reuse ? null : seedS, lists, timings };
  } finally {
    await emulator.close();
    if (kind === 'postgresql' && !keep)
      await db.query(`drop schema if exists ${schema} cascade`).catch(() => {});
    await db.close();
    fs.rmSync(pkiDir, { recursive: true, force: true });
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(
    `bench:documents — ${ORGS} organisations (TIN ${BENCH_TIN_BASE}…), ${CLIENTS} clients over ${SIGNED_IN_ORGS} organisations, ${REQUESTS} list requests after ${WARMUP} to warm up, ${RUNS} invoices sent and accepted\n`,
  );
  const results = PGLITE_DOCS > 0 ? [await benchOne('pglite', PGLITE_DOCS)] : [];
  if (PG_URL) results.push(await benchOne('postgresql', PG_DOCS));
  else console.log('  (no PostgreSQL: set TEST_DATABASE_URL or --pg to bench it)');

  console.log('\nLists (HTTP, keep-alive, latency per request in ms)');
  console.log('| database | documents | p50 | p95 | p99 | requests/s | budget p95 |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    const p95 = quantile(r.lists.all, 0.95);
    const budget =
      r.kind === 'postgresql' ? `≤ ${LIST_BUDGET_MS}: ${p95 <= LIST_BUDGET_MS ? 'met' : 'OVER'}` : '—';
    console.log(
      `| ${r.kind} | ${r.documents.toLocaleString('en')} | ${ms(quantile(r.lists.all, 0.5))} | ${ms(p95)} | ${ms(quantile(r.lists.all, 0.99))} | ${((r.lists.all.length / r.lists.wallMs) * 1000).toFixed(0)} | ${budget} |`,
    );
  }
  console.log(
    '\nCPU per list request (ms; the server thread — PGlite runs in it —, the other threads: load generator, GC, JIT)',
  );
  console.log('| database | Node server thread | Node other threads | PostgreSQL backends |');
  console.log('|---|---:|---:|---:|');
  const cpuMs = (value: number | null) => (value === null ? '—' : value.toFixed(2));
  for (const r of results)
    console.log(
      `| ${r.kind} | ${cpuMs(r.lists.cpu.main)} | ${cpuMs(r.lists.cpu.others)} | ${cpuMs(r.lists.cpu.db)} |`,
    );
  console.log(
    '\nLists answered from memory (services/documents/listCache.ts; LIST_CACHE_ROWS=0 turns it off)',
  );
  console.log('| database | from memory | read | share from memory |');
  console.log('|---|---:|---:|---:|');
  for (const r of results) {
    const m = r.lists.remembered;
    console.log(
      m
        ? `| ${r.kind} | ${m.hits} | ${m.misses} | ${((100 * m.hits) / Math.max(1, m.hits + m.misses)).toFixed(0)} % |`
        : `| ${r.kind} | off | — | — |`,
    );
  }
  console.log('\nLists by request (p50 / p95 ms)');
  console.log(`| request | ${results.map((r) => r.kind).join(' | ')} |`);
  console.log(`|---|${results.map(() => '---:').join('|')}|`);
  for (const kind of KINDS) {
    const cells = results.map((r) => {
      const sorted = [...(r.lists.byKind.get(kind.name) ?? [])].sort((a, b) => a - b);
      return `${quantile(sorted, 0.5).toFixed(1)} / ${quantile(sorted, 0.95).toFixed(1)}`;
    });
    console.log(`| ${kind.name} | ${cells.join(' | ')} |`);
  }
  console.log('\nDocumentSignAction/run, server time in ms (verify + transition, timestamped CMS)');
  console.log('| database | action | runs | p50 | p95 | budget p95 |');
  console.log('|---|---|---:|---:|---:|---|');
  for (const r of results) {
    for (const [label, values] of r.timings) {
      if (label === 'current') continue;
      const sorted = [...values].sort((a, b) => a - b);
      const p95 = quantile(sorted, 0.95);
      console.log(
        `| ${r.kind} | ${label} | ${sorted.length} | ${ms(quantile(sorted, 0.5))} | ${ms(p95)} | ≤ ${RUN_BUDGET_MS}: ${p95 <= RUN_BUDGET_MS ? 'met' : 'OVER'} |`,
      );
    }
  }
  console.log(
    `\nSeeding: ${results.map((r) => `${r.kind} ${r.seedS === null ? 'reused' : `${r.seedS.toFixed(0)} s`}`).join(', ')}. Machine: ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}.`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
