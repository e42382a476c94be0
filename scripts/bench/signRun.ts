/**
 * npx tsx scripts/bench/signRun.ts [--runs 100 --warm 10 --pglite | --pg postgres://… --rounds 1]
 *
 * `DocumentSignAction/run` alone, for working on it: the same invoices sent and accepted between demo
 * organisations 1 and 2 as bench:documents' run table (Fastify's reply.elapsedTime, no network), on a
 * fresh PGlite (default) or a PostgreSQL schema of its own (TEST_DATABASE_URL or --pg; dropped
 * afterwards), without the list load before it. Besides p50/p95/p99 it tells where a run's time goes:
 * - the database round trips of one run (statements outside and inside its transaction), counted;
 * - the garbage collections that overlapped a run (count and pause time, from perf_hooks), and how
 *   much of the slowest runs they explain;
 * - SIGN_RUN_CPU_PROFILE=<file>: a CPU profile of the server thread over the measured runs only.
 * Prints tables; never fails on timings.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { startEmulator } from '../../src/emulator';
import { buildApp } from '../../src/server/app';
import { type Db, openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seeds';
import { DEMO_PASSWORD, DEMO_USERS } from '../../src/server/db/seeds/users';
import { generateDemoPki } from '../demo-pki/index';
import { demoKeySigner } from './demoKeySigner';
import { localSigningConfig } from './localSigningConfig';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i].startsWith('--')) args.set(process.argv[i].slice(2), process.argv[i + 1] ?? '');
}
const RUNS = Number(args.get('runs') ?? 100);
const WARM = Number(args.get('warm') ?? 10);
const ROUNDS = Number(args.get('rounds') ?? 1);
const PG_URL = args.has('pglite') ? null : args.get('pg') || process.env.TEST_DATABASE_URL || null;

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** Counts the statements sent through `db` (and its transactions) while `counting` is on. */
function countingDb(db: Db) {
  const counter = {
    on: false,
    outside: 0,
    inside: 0,
    transactions: 0,
    /** Time from sending to answer, per statement text (its first words), over the measured runs. */
    statements: new Map<string, number[]>(),
    measured: false,
  };
  const wrap = (target: Db, inside: boolean): Db => ({
    kind: target.kind,
    async query(sql, params, options) {
      if (!counter.on) return target.query(sql, params, options);
      if (inside) counter.inside++;
      else counter.outside++;
      const started = performance.now();
      try {
        return await target.query(sql, params, options);
      } finally {
        if (counter.measured) {
          const key = `${inside ? 'tx ' : ''}${sql.replace(/\s+/g, ' ').slice(0, 90)}`;
          const times = counter.statements.get(key) ?? [];
          times.push(performance.now() - started);
          counter.statements.set(key, times);
        }
      }
    },
    exec: (sql) => target.exec(sql),
    transaction(fn) {
      if (counter.on && !inside) counter.transactions++;
      return target.transaction((tx) => fn(inside ? tx : wrap(tx, true)));
    },
    close: async () => {},
  });
  return { db: wrap(db, false), counter };
}

async function login(app: FastifyInstance, phone: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/Auth/Login', payload: { phone, password } });
  if (res.statusCode !== 200) throw new Error(`login ${phone}: ${res.statusCode} ${res.body}`);
  return res.json().data.accessToken;
}

interface Sample {
  label: string;
  ms: number;
  start: number;
  end: number;
  outside: number;
  inside: number;
}

async function main() {
  const kind = PG_URL ? 'postgresql' : 'pglite';
  const schema = `bench_run_${randomBytes(4).toString('hex')}`;
  const raw = await openDatabase({ databaseUrl: PG_URL, dataDir: null, schema: PG_URL ? schema : undefined });
  const pkiDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-bench-run-pki-'));
  await generateDemoPki(pkiDir);
  const emulator = await startEmulator({ dataDir: pkiDir, wsPort: 0, httpPort: 0 });
  try {
    await migrate(raw);
    await seedDemo(raw);
    const { db, counter } = countingDb(raw);
    const config = localSigningConfig(pkiDir, emulator.tsaUrl);
    const app = await buildApp(config, { db, logger: false });
    let current: Sample | null = null;
    const samples: Sample[] = [];
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.url === '/api/DocumentSignAction/run') counter.on = true;
    });
    app.addHook('onResponse', async (request, reply) => {
      if (request.routeOptions.url !== '/api/DocumentSignAction/run' || !current) return;
      current.ms = reply.elapsedTime;
      current.end = performance.now();
      current.start = current.end - reply.elapsedTime;
      current.outside = counter.outside;
      current.inside = counter.inside;
      counter.on = false;
      counter.outside = counter.inside = 0;
    });
    await app.ready();
    const gcs: Array<{ start: number; end: number; kind: number }> = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        gcs.push({
          start: entry.startTime,
          end: entry.startTime + entry.duration,
          kind: (entry as any).detail?.kind ?? 0,
        });
    });
    observer.observe({ entryTypes: ['gc'] });

    const sign = await demoKeySigner(pkiDir);
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
    // SIGN_RUN_CPU_PROFILE: the profiler runs around each measured run call only (a profile each).
    let session: import('node:inspector/promises').Session | null = null;
    let profiling = false;
    const profiles: Array<{ label: string; profile: unknown }> = [];
    if (process.env.SIGN_RUN_CPU_PROFILE) {
      const { Session } = await import('node:inspector/promises');
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
    }
    const step = async (token: string, keyId: string, id: string, action: string, label: string) => {
      const model = (
        await call(token, 'GET', `/api/DocumentSignAction/getModelSign?documentId=${id}&action=${action}`)
      ).data;
      const cms = await sign(keyId, new Uint8Array(Buffer.from(model.toSign, 'base64')));
      const stamped = (await call(token, 'POST', '/api/Eimzo/getTimeStamp', { pkcs7: cms })).pkcs7b64;
      current = { label, ms: 0, start: 0, end: 0, outside: 0, inside: 0 };
      if (profiling) await session?.post('Profiler.start');
      await call(token, 'POST', '/api/DocumentSignAction/run', {
        documentId: id,
        action,
        signature: stamped,
      });
      if (profiling && session)
        profiles.push({ label, profile: (await session.post('Profiler.stop')).profile });
      const done: Sample = current;
      current = null;
      return done;
    };
    let serial = 0;
    const round = async (runs: number, into: Sample[] | null) => {
      for (let i = 0; i < runs; i++) {
        const content = {
          ...invoice,
          FacturaId: '',
          FacturaDoc: { ...invoice.FacturaDoc, FacturaNo: `RUN-${serial++}` },
          SellerTin: DEMO_USERS[0].organizationTin,
          BuyerTin: DEMO_USERS[1].organizationTin,
          ProductList: { ...invoice.ProductList, Tin: DEMO_USERS[0].organizationTin },
        };
        const id = (await call(seller, 'POST', '/api/Document/add?kind=invoice', content)).data.id;
        const sent = await step(seller, `org-${DEMO_USERS[0].organizationTin}`, id, 'send', 'send');
        const accepted = await step(buyer, `org-${DEMO_USERS[1].organizationTin}`, id, 'accept', 'accept');
        into?.push(sent, accepted);
      }
    };
    await round(WARM, null);
    profiling = session !== null;
    counter.measured = true;
    for (let r = 0; r < ROUNDS; r++) await round(RUNS, samples);
    if (profiles.length && process.env.SIGN_RUN_CPU_PROFILE) {
      fs.writeFileSync(process.env.SIGN_RUN_CPU_PROFILE, JSON.stringify(profiles));
      console.log(`CPU profiles of each measured run: ${process.env.SIGN_RUN_CPU_PROFILE}`);
    }
    observer.disconnect();
    await app.close();

    console.log(
      `\nDocumentSignAction/run on ${kind}, ${RUNS * ROUNDS} invoices (after ${WARM} warm-up), load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      '| action | p50 | p95 | p99 | max | statements outside / in the transaction | runs with GC | GC ms in runs (mean) | p95 without GC time |',
    );
    console.log('|---|---:|---:|---:|---:|---|---:|---:|---:|');
    for (const label of ['send', 'accept']) {
      const mine = samples.filter((s) => s.label === label);
      const gcIn = mine.map((s) =>
        gcs
          .filter((g) => g.end > s.start && g.start < s.end)
          .reduce((sum, g) => sum + Math.min(g.end, s.end) - Math.max(g.start, s.start), 0),
      );
      const sorted = mine.map((s) => s.ms).sort((a, b) => a - b);
      const without = mine.map((s, i) => s.ms - gcIn[i]).sort((a, b) => a - b);
      const counts = [...new Set(mine.map((s) => `${s.outside} / ${s.inside}`))].join(', ');
      console.log(
        `| ${label} | ${quantile(sorted, 0.5).toFixed(1)} | ${quantile(sorted, 0.95).toFixed(1)} | ${quantile(sorted, 0.99).toFixed(1)} | ${sorted[sorted.length - 1].toFixed(1)} | ${counts} | ${gcIn.filter((g) => g > 0).length} | ${(gcIn.reduce((a, b) => a + b, 0) / mine.length).toFixed(2)} | ${quantile(without, 0.95).toFixed(1)} |`,
      );
    }
    console.log('\nStatements of the measured runs (ms from sending to answer; concurrent ones overlap)');
    console.log('| statement | count per run | mean | p95 |');
    console.log('|---|---:|---:|---:|');
    for (const [key, times] of [...counter.statements].sort((a, b) => sum(b[1]) - sum(a[1]))) {
      const sorted = [...times].sort((a, b) => a - b);
      console.log(
        `| ${key} | ${(times.length / samples.length).toFixed(2)} | ${(sum(times) / times.length).toFixed(2)} | ${quantile(sorted, 0.95).toFixed(2)} |`,
      );
    }
    if (process.env.SIGN_RUN_SAMPLES)
      fs.writeFileSync(process.env.SIGN_RUN_SAMPLES, JSON.stringify({ samples, gcs }));
  } finally {
    await emulator.close();
    if (PG_URL) await raw.query(`drop schema if exists ${schema} cascade`).catch(() => {});
    await raw.close();
    fs.rmSync(pkiDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
