/**
 * npm run bench:sync [-- --documents 10000 --pg postgres://… --only pglite|postgresql]
 *
 * Incoming synchronisation (issue 28): N documents of mixed kinds (invoices, completion and
 * verification acts, contracts; 1–200 lines each) sent to demo company A by demo company B at
 * the stand-in operator (a child process, so its memory is not counted), then pulled by A's sync
 * page by page and stored through the receiving path (exact signed bytes, every signer verified,
 * receipt profile, transport row). Prints documents per second, p95 per page of changes (100
 * documents), peak RSS and RSS at a quarter and at the end of the run (flat memory: about the same).
 * Budget: ≥ 200 documents/s on PostgreSQL. PGlite in a data directory on disk as `npm start` runs
 * it (`--pglite memory`: in memory, where RSS also holds the database itself); PostgreSQL with --pg
 * or TEST_DATABASE_URL.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { startOperatorStandIn } from '../../src/emulator/operator';
import { freshNationalId, getLifecycle, readOne, writeOne } from '../../src/engine/lifecycle';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Db, openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seeds';
import { createJobQueue } from '../../src/server/jobs';
import { saveBinding } from '../../src/server/services/operators/binding';
import { keyIdOf } from '../../src/server/services/operators/credentialKey';
import { operatorLinkOf, syncCaller } from '../../src/server/services/operators/sync';
import { takePages } from '../../src/server/services/operators/sync/pages';
import { cursorOf } from '../../src/server/services/operators/sync/transport';
import { createSignatureService } from '../../src/server/signing';
import { ensureDemoPki } from '../demo-pki';
import { SERVER_NODE_FLAGS } from '../serverFlags.mjs';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++)
  if (process.argv[i].startsWith('--')) args.set(process.argv[i].slice(2), process.argv[i + 1] ?? '');
const DOCUMENTS = Number(args.get('documents') || 10_000);
const PG = args.get('pg') || process.env.TEST_DATABASE_URL || null;
const PORT = Number(process.env.BENCH_STANDIN_PORT || 20450);
const A = '302000001';
const B = '302000002';
const KINDS = ['invoice', 'completionAct', 'verificationAct', 'contract'];
const BUDGET = 200;
const PGLITE_IN_MEMORY = args.get('pglite') === 'memory';

/** A fixture of the kind from B to A with `lines` lines (the first line repeated), fresh id and number. */
function documentOf(kind: string, n: number, lines: number): string {
  const dir = path.join('schemas/documents', kind, 'fixtures/valid');
  const file = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()[0];
  let content = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const lifecycle = getLifecycle(kind);
  for (const [role, party] of Object.entries(lifecycle.parties)) {
    if (!party || party.individual || party.optional) continue;
    const value = role === 'sender' ? B : A;
    if (party.identity.includes('*')) {
      const [list, rest] = party.identity.split('/*');
      const items = readOne(content, list);
      if (Array.isArray(items))
        content = writeOne(
          content,
          list,
          items.slice(0, 1).map((item) => writeOne(item, rest, value)),
        );
    } else content = writeOne(content, party.identity, value);
  }
  if (lifecycle.document.id)
    content = writeOne(content, lifecycle.document.id, freshNationalId(lifecycle.document.idFormat));
  if (lifecycle.document.number) content = writeOne(content, lifecycle.document.number, `BENCH-${n}`);
  const total = lifecycle.document.total;
  const sums = typeof total === 'object' && total ? total.sum : '';
  const sum = Array.isArray(sums) ? (sums[0] ?? '') : sums;
  if (sum.includes('/*/')) {
    const list = sum.slice(0, sum.indexOf('/*/'));
    const items = readOne(content, list);
    if (Array.isArray(items) && items.length)
      content = writeOne(
        content,
        list,
        Array.from({ length: lines }, (_, i) => ({
          ...items[i % items.length],
          ...('OrdNo' in items[0] ? { OrdNo: i + 1 } : {}),
        })),
      );
  }
  // The fixture's JSON as it is (the receiving path reads any key order and spelling).
  return JSON.stringify(content);
}

async function startStandIn(dataDir: string, port: number) {
  if (process.env.BENCH_STANDIN_CHILD === 'off')
    // In this process: its work then takes a share of the server's one JavaScript thread (~1.3 ms a
    // document), which an operator — another company's servers — never does.
    return startOperatorStandIn({ dataDir, port, persist: false });
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/operator-standin.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      OPERATOR_STANDIN_PORT: String(port),
      OPERATOR_STANDIN_PERSIST: 'off',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d) => String(d).includes('stand-in operator') && resolve());
    child.once('exit', (code) => reject(new Error(`stand-in exited ${code}`)));
  });
  return {
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

async function fill(url: string, count: number) {
  let lines = 0;
  const batch: Array<{ from: string; kind: string; json: string }> = [];
  const flush = async () => {
    if (!batch.length) return;
    const res = await fetch(`${url}/control/send`, {
      method: 'POST',
      body: JSON.stringify({ items: batch }),
    });
    if (!res.ok) throw new Error(`control/send: ${await res.text()}`);
    batch.length = 0;
  };
  for (let i = 0; i < count; i++) {
    const n = 1 + ((i * 7919) % 200); // 1–200 lines, spread evenly
    const kind = KINDS[i % KINDS.length];
    lines += n;
    batch.push({ from: B, kind, json: documentOf(kind, i, n) });
    if (batch.length === 100) await flush();
  }
  await flush();
  return lines;
}

/** The heap's live bytes: after a full collection when --expose-gc is given (it is: see the end). */
function liveHeap(): number {
  global.gc?.();
  return process.memoryUsage().heapUsed;
}

async function bench(kind: 'pglite' | 'postgresql', pkiDir: string, url: string) {
  const schema = `bench_sync_${randomBytes(3).toString('hex')}`;
  const db: Db = await openDatabase({
    databaseUrl: kind === 'pglite' ? null : PG,
    dataDir: kind === 'pglite' && !PGLITE_IN_MEMORY ? path.join(pkiDir, 'pglite') : null,
    schema: kind === 'pglite' ? undefined : schema,
  });
  await migrate(db);
  await seedDemo(db);
  const key = new Uint8Array(randomBytes(32));
  const config = {
    ...loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '' }, 'bench'),
    webRoot: null,
    demo: true,
    operatorCredentialsKey: key,
    operator: { standIn: false, standInPort: 0, standInUrl: url },
    signing: {
      service: 'local' as const,
      eimzoServerUrl: null,
      trustedCaFiles: [path.join(pkiDir, 'demo-pki', 'ca', 'root.pem')],
      tsaUrl: null,
      timeoutMs: 10_000,
    },
  };
  const queue = createJobQueue({
    db: { ...db, close: async () => {} },
    log: pino({ level: 'silent' }),
    workers: false,
  });
  const app = await buildApp(config, { db: { ...db, close: async () => {} }, logger: false, jobs: queue });
  await app.ready();
  const { rows } = await db.query<{ id: string; tin: string }>(
    'select id, tin from organizations where tin in ($1, $2)',
    [A, B],
  );
  const orgA = rows.find((r) => r.tin === A)?.id as string;
  const orgB = rows.find((r) => r.tin === B)?.id as string;
  await db.query('update memberships set is_active = false where organization_id = $1', [orgB]);
  const { rows: members } = await db.query<{ user_id: string }>(
    'select user_id from memberships where organization_id = $1',
    [orgA],
  );
  await saveBinding(
    db,
    { key, id: keyIdOf(key) },
    {
      organizationId: orgA,
      provider: 'didox',
      credentials: { partnerToken: 'bench', password: 'demo' },
      userId: members[0].user_id,
    },
  );
  const link = await operatorLinkOf({ db, config }, orgA);
  if (!link) throw new Error('not bound');
  const caller = await syncCaller(db, orgA, null);
  const ctx = { db, signing: createSignatureService(config), now: () => new Date() };

  global.gc?.();
  const pages: number[] = [];
  let stored = 0;
  let peakRss = process.memoryUsage().rss;
  let rssAtQuarter = 0;
  let heapAtQuarter = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  console.log(`${kind}: pull started`);
  const t0 = performance.now();
  // The pull's own loop over the pages (a pull as the sync job runs it, without its run record).
  await takePages(ctx, link, caller, await cursorOf(db, orgA, 'didox'), {
    onPage: (page) => {
      stored += page.taken;
      pages.push(page.ms);
      if (!rssAtQuarter && stored >= DOCUMENTS / 4) {
        rssAtQuarter = process.memoryUsage().rss;
        heapAtQuarter = liveHeap();
      }
    },
  });
  const seconds = (performance.now() - t0) / 1000;
  console.log(`${kind}: pull finished, ${stored} documents in ${seconds.toFixed(1)} s`);
  clearInterval(sampler);
  const rssEnd = process.memoryUsage().rss;
  const heapEnd = liveHeap();
  const { rows: counted } = await db.query<{ n: number; distinct: number }>(
    `select count(*)::int as n, count(distinct operator_id)::int as distinct from operator_documents where organization_id = $1`,
    [orgA],
  );
  await app.close();
  if (kind === 'postgresql') await db.query(`drop schema ${schema} cascade`).catch(() => {});
  await db.close();
  const sorted = [...pages].sort((x, y) => x - y);
  return {
    database: kind === 'pglite' ? `pglite (${PGLITE_IN_MEMORY ? 'memory' : 'disk'})` : kind,
    documents: stored,
    transportRows: `${counted[0].n} (${counted[0].distinct} distinct)`,
    seconds: seconds.toFixed(1),
    'docs/s': Math.round(stored / seconds),
    'p95 page ms': Math.round(sorted[Math.floor(sorted.length * 0.95)] ?? 0),
    'peak RSS MB': Math.round(peakRss / 1048576),
    'RSS at 25% MB': Math.round(rssAtQuarter / 1048576),
    'RSS at end MB': Math.round(rssEnd / 1048576),
    // What the heap holds after a full collection: RSS also counts what V8 and the allocator keep
    // for later, more of it the faster garbage comes.
    'heap after GC at 25% MB': Math.round(heapAtQuarter / 1048576),
    'heap after GC at end MB': Math.round(heapEnd / 1048576),
  };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-bench-sync-'));
  await ensureDemoPki(dir);
  const results = [];
  const only = args.get('only');
  const kinds = (PG ? ['pglite', 'postgresql'] : ['pglite']).filter((k) => !only || k === only) as Array<
    'pglite' | 'postgresql'
  >;
  for (const kind of kinds) {
    // A port per run: a kept-alive connection to the previous run's stand-in must not be reused.
    const port = PORT + kinds.indexOf(kind);
    const standIn = await startStandIn(dir, port);
    const url = `http://127.0.0.1:${port}`;
    try {
      const f0 = performance.now();
      const lines = await fill(url, DOCUMENTS);
      console.log(
        `${kind}: ${DOCUMENTS} documents (${lines} lines) made at the stand-in in ${((performance.now() - f0) / 1000).toFixed(1)} s`,
      );
      const result = await bench(kind, dir, url);
      console.log(JSON.stringify(result)); // each run's figures as soon as they are known
      results.push(result);
    } finally {
      await standIn.close();
    }
  }
  console.table(results);
  const pg = results.find((r) => r.database === 'postgresql');
  if (pg)
    console.log(`budget ≥ ${BUDGET} docs/s on PostgreSQL: ${pg['docs/s'] >= BUDGET ? 'met' : 'NOT met'}`);
  fs.rmSync(dir, { recursive: true, force: true });
}

// The server runs here, in this process: with the server's V8 flags and --expose-gc (started again
// with them if the command line lacks them).
const missing = [...SERVER_NODE_FLAGS, '--expose-gc'].filter((flag) => !process.execArgv.includes(flag));
if (missing.length) {
  const again = spawn(process.execPath, [...missing, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  again.on('exit', (code) => process.exit(code ?? 1));
} else
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
