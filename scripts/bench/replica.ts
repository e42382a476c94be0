/**
 * npm run bench:replica [-- --seconds 20 --pairs 4]
 *
 * Replica lag under the send/accept load (issue 31, docs/deploy.md "Read replicas"): a real hot standby
 * of the local PostgreSQL (pg_basebackup -R, as test:ops makes it) and one server with
 * DATABASE_REPLICA_URL. PAIRS pairs of clients for SECONDS: the seller makes an invoice and sends it
 * signed with its demo key (getModelSign → E-IMZO emulator → run), the buyer reads its incoming list
 * and accepts it signed. The primary's pg_stat_replication is read every 100 ms: the standby's replay
 * lag (time) and how far behind it is in WAL bytes. Prints p50/p95/max of both, the signed actions per
 * second, and where the lists were answered (the server's hujjat_replica_reads_total). Never a test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Instance, ready, startInstance } from '../ops/cluster';
import { createDraft, dropDatabase, freshDatabase, PG_SERVER, replicaMetrics, signIn } from '../ops/lib';
import { signedAction } from '../ops/sign';
import { type Standby, startStandby } from '../ops/standby';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++)
  if (process.argv[i].startsWith('--')) args.set(process.argv[i].slice(2), process.argv[i + 1] ?? '');
const SECONDS = Number(args.get('seconds') || 20);
const PAIRS = Number(args.get('pairs') || 4);
const PORT = Number(process.env.BENCH_PORT || 20960);
const STANDBY_PORT = PORT + 10;
const METRICS_TOKEN = 'bench-replica-metrics-token-0123456789abcdef';
const SELLER = { phone: '998901000001', tin: '302000001' };
const BUYER = { phone: '998901000002', tin: '302000002' };

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : Number.NaN;

const replicaReads = async (base: string) => (await replicaMetrics(base, METRICS_TOKEN)).reads;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-bench-replica-'));
  const databaseUrl = await freshDatabase('benchreplica');
  let standby: Standby | null = null;
  let server: Instance | null = null;
  const primary = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  try {
    standby = await startStandby(PG_SERVER, STANDBY_PORT);
    server = await startInstance({
      name: 'server',
      port: PORT,
      dataDir,
      databaseUrl,
      env: {
        DATABASE_REPLICA_URL: standby.url(new URL(databaseUrl).pathname.slice(1)),
        LIST_CACHE_ROWS: '0',
        METRICS_TOKEN,
      },
    });
    await ready([server]);
    await primary.connect();
    const base = server.base;
    const instance = server;
    const seller = await signIn(base, SELLER.phone);
    const buyer = await signIn(base, BUYER.phone);
    const readsBefore = await replicaReads(base);

    const lagMs: number[] = [];
    const lagBytes: number[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { rows } = await primary.query<{ ms: number | null; bytes: string | null }>(
          `select extract(epoch from replay_lag) * 1000 as ms,
                  pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::text as bytes
             from pg_stat_replication order by backend_start desc limit 1`,
        );
        // No row: the standby is not connected (counted as nothing measured, not as zero).
        if (rows[0]) {
          lagMs.push(Number(rows[0].ms ?? 0));
          lagBytes.push(Number(rows[0].bytes ?? 0));
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const listStatuses: number[] = [];
    let sends = 0;
    let accepts = 0;
    let failures = 0;
    const until = Date.now() + SECONDS * 1000;
    const pair = async (p: number) => {
      for (let i = 1; Date.now() < until; i++) {
        const id = await createDraft(base, seller, `RPL-${Date.now().toString(36)}-${p}-${i}`);
        const sent = await signedAction(instance, seller, SELLER.tin, id, 'send', 'bench-replica');
        if (sent.status !== 200) {
          failures++;
          continue;
        }
        sends++;
        listStatuses.push(
          (await fetch(`${base}/api/Document/getList?DocDirection=incoming&Size=18`, { headers: buyer }))
            .status,
        );
        const accepted = await signedAction(instance, buyer, BUYER.tin, id, 'accept', 'bench-replica');
        if (accepted.status === 200) accepts++;
        else failures++;
        listStatuses.push(
          (await fetch(`${base}/api/Document/getList?DocDirection=outgoing&Size=18`, { headers: seller }))
            .status,
        );
      }
    };
    const began = Date.now();
    await Promise.all(Array.from({ length: PAIRS }, (_, p) => pair(p)));
    const wall = (Date.now() - began) / 1000;
    sampling = false;
    await sampler;
    const readsAfter = await replicaReads(base);
    const reads = Object.fromEntries(
      Object.entries(readsAfter).map(([outcome, n]) => [outcome, n - (readsBefore[outcome] ?? 0)]),
    );

    const ms = [...lagMs].sort((a, b) => a - b);
    const bytes = [...lagBytes].sort((a, b) => a - b);
    console.log(`bench:replica — ${PAIRS} seller/buyer pairs for ${SECONDS} s, one server, one hot standby`);
    console.log('| measure | value |\n|---|---|');
    console.log(
      `| signed sends / accepts | ${sends} / ${accepts} in ${wall.toFixed(1)} s = ${((sends + accepts) / wall).toFixed(1)} signed actions/s (failures ${failures}) |`,
    );
    console.log(
      `| replay lag p50 / p95 / max (${ms.length} samples, every 100 ms) | ${quantile(ms, 0.5).toFixed(1)} / ${quantile(ms, 0.95).toFixed(1)} / ${(ms.at(-1) ?? Number.NaN).toFixed(1)} ms |`,
    );
    console.log(
      `| WAL behind p50 / p95 / max | ${quantile(bytes, 0.5)} / ${quantile(bytes, 0.95)} / ${bytes.at(-1)} bytes |`,
    );
    const ok = listStatuses.filter((status) => status === 200).length;
    console.log(
      `| lists read (200 of all) / answered by outcome | ${ok} of ${listStatuses.length} / ${JSON.stringify(reads)} |`,
    );
  } finally {
    await primary.end().catch(() => {});
    await server?.stop().catch(() => {});
    await standby?.remove().catch((err) => console.log(`standby: ${(err as Error).message}`));
    await dropDatabase(databaseUrl).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

await main();
process.exit(0);
