/**
 * npm run test:resilience [-- --documents 1000 --jobs 1000 --pg postgres://…]
 *
 * Two scenarios that need real processes, each checked and printed:
 * 1. Two instances on one PostgreSQL share a queue of 1000 jobs: every job runs exactly once.
 * 2. kill -9 of the server during a bulk signing of 1000 drafts (PGlite, demo keys): after the
 *    restart the client goes on; every document is either sent with its signature and event, or
 *    untouched; the bulk finishes and its log reports every document.
 * Exits non-zero when a check fails.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { createJobQueue } from '../../src/server/jobs';
import { api, bulkSign, createDrafts, openDemoKey, signInWithPassword } from '../bench/bulkClient';
import { startServerProcess, waitForServer } from './server';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++)
  if (process.argv[i].startsWith('--')) args.set(process.argv[i].slice(2), process.argv[i + 1] ?? '');
const DOCUMENTS = Number(args.get('documents') || 1000);
const JOBS = Number(args.get('jobs') || 1000);
const PG = args.get('pg') || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const only = args.get('only');
let failed = 0;
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failed++;
};

async function twoInstances() {
  const name = `h16_res_${randomBytes(3).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: PG, dataDir: null });
  await admin.query(`create database ${name}`);
  const url = PG.replace(/\/[^/]*$/, `/${name}`);
  const db = await openDatabase({ databaseUrl: url, dataDir: null });
  try {
    await migrate(db);
    await db.query(
      'create table resilience_runs (job_id uuid, n int, instance text, at timestamptz default now())',
    );
    const producer = createJobQueue({ db, log: pino({ level: 'error' }), workers: false });
    producer.define({ type: 'resilience.probe', run: async () => null });
    await producer.start();
    const t0 = Date.now();
    const workers = ['A', 'B'].map((instance) =>
      fork(path.join(path.dirname(new URL(import.meta.url).pathname), 'worker.ts'), [], {
        env: { ...process.env, DATABASE_URL: url, INSTANCE: instance },
        execArgv: ['--import', 'tsx'],
      }),
    );
    await Promise.all(workers.map((w) => new Promise((r) => w.once('message', r))));
    for (let i = 0; i < JOBS; i += 100) {
      await db.transaction(async (tx) => {
        for (let n = i; n < Math.min(JOBS, i + 100); n++)
          await producer.enqueue(tx, 'resilience.probe', { n }, { owner: null });
      });
    }
    for (;;) {
      const done = (await db.query<{ n: number }>(`select count(*)::int as n from jobs where state = 'done'`))
        .rows[0].n;
      if (done >= JOBS || Date.now() - t0 > 20 * 60_000) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const seconds = (Date.now() - t0) / 1000;
    for (const w of workers) w.kill('SIGTERM');
    const runs = await db.query<{ instance: string; n: number }>(
      'select instance, count(*)::int as n from resilience_runs group by instance order by 1',
    );
    const distinct = (
      await db.query<{ n: number }>('select count(distinct job_id)::int as n from resilience_runs')
    ).rows[0].n;
    const total = runs.rows.reduce((s, r) => s + r.n, 0);
    console.log(
      `two instances, ${JOBS} jobs: ${seconds.toFixed(1)} s; runs per instance ${runs.rows.map((r) => `${r.instance}=${r.n}`).join(', ')}`,
    );
    check(distinct === JOBS, `every job ran (${distinct} of ${JOBS})`);
    check(total === JOBS, `no job ran twice (${total} runs for ${distinct} jobs)`);
    check(runs.rows.length === 2 && runs.rows.every((r) => r.n > 0), 'both instances took work');
    await producer.stop();
  } finally {
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.close();
  }
}

async function killDuringBulk() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'h16-res-'));
  const port = 18710;
  let server = await startServerProcess({ dataDir, port });
  try {
    const s = await signInWithPassword(server.base);
    const invoice = JSON.parse(
      fs.readFileSync('schemas/documents/invoice/fixtures/valid/01-standard.json', 'utf8'),
    );
    const content = {
      ...invoice,
      SellerTin: '302000001',
      BuyerTin: '302000002',
      ProductList: { ...invoice.ProductList, Tin: '302000001' },
    };
    console.log(`creating ${DOCUMENTS} drafts…`);
    const ids = await createDrafts(s, DOCUMENTS, `K${randomBytes(2).toString('hex')}`, content);
    const sign = await openDemoKey(dataDir, 'org-302000001');
    const logId = (await api(s, '/api/MultiSignLog/start', { action: 'send', documentIds: ids })).data.logId;
    let killedAt = -1;
    const t0 = Date.now();
    const signed = await bulkSign(s, sign, logId, ids, 'send', {
      async afterChunk(count) {
        if (killedAt < 0 && count >= DOCUMENTS * 0.3) {
          killedAt = count;
          // Killed while the next chunk's requests are in flight, not between two chunks.
          setTimeout(() => {
            console.log(`kill -9 with ${count} signed and the next chunk in flight; restarting…`);
            void server.kill9().then(async () => {
              server = await startServerProcess({ dataDir, port });
            });
          }, 150);
        }
      },
      retryWait: () => waitForServer(server.base),
    });
    const finish = (await api(s, '/api/MultiSignLog/finish', { logId })).data;
    console.log(
      `bulk of ${DOCUMENTS}: ${signed} signed by this client in ${((Date.now() - t0) / 1000).toFixed(1)} s (incl. restart); log ${JSON.stringify(finish)}`,
    );
    let sent = 0;
    let untouched = 0;
    let broken = 0;
    for (const id of ids) {
      const view = (await api(s, `/api/Document/getById?documentId=${id}`)).data;
      const sends = view.events.filter((e: { action: string }) => e.action === 'send').length;
      const sigs = view.signatures.filter((x: { action: string }) => x.action === 'send').length;
      if (view.status !== 0 && sends === 1 && sigs === 1) sent++;
      else if (view.status === 0 && sends === 0 && sigs === 0) untouched++;
      else broken++;
    }
    console.log(
      `after the restart: ${sent} sent with signature and event, ${untouched} untouched, ${broken} half-done`,
    );
    check(killedAt > 0, 'the server was killed mid-bulk');
    check(broken === 0, 'no document is half-done');
    check(sent === DOCUMENTS, `the bulk finished after the restart (${sent} of ${DOCUMENTS} sent)`);
    check(
      finish.done + finish.skipped + finish.refused + finish.notSigned === DOCUMENTS,
      'the log reports every document',
    );
  } finally {
    await server.stop().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!only || only === 'instances') await twoInstances();
if (!only || only === 'kill') await killDuringBulk();
console.log(failed ? `${failed} check(s) failed` : 'all resilience checks passed');
process.exit(failed ? 1 : 0);
