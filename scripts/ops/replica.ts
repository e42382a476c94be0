/**
 * A server with a real streaming replica (part of `npm run test:ops`, docs/deploy.md "Read replicas"):
 * pg_basebackup -R of the local PostgreSQL started as a hot standby, a server with
 * DATABASE_REPLICA_URL. Checks that a list is read on the replica; that a user's own write is in the
 * very next list while the replica has not replayed it (replay paused: the primary answers); that a
 * replica lagging past REPLICA_MAX_LAG_SECONDS takes no reads and is used again once it catches up; that
 * with the replica stopped every list is still answered, by the primary. Where each read was answered is
 * read from the server's /metrics (hujjat_replica_reads_total by outcome).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Instance, ready, startInstance } from './cluster';
import {
  checks,
  createDraft,
  dropDatabase,
  freshDatabase,
  PG_SERVER,
  replicaMetrics as replicaMetricsOf,
  signIn,
  sleep,
} from './lib';
import { type Standby, startStandby } from './standby';

const PORT = Number(process.env.OPS_PORT || 20830) + 60;
const STANDBY_PORT = Number(process.env.OPS_STANDBY_PORT || PORT + 10);
const METRICS_TOKEN = 'ops-replica-metrics-token-0123456789abcdef';
const t = checks('replica');

const replicaMetrics = (base: string) => replicaMetricsOf(base, METRICS_TOKEN);

/** Waits (up to `seconds`) until the replica's state is `up` (1) or not (0). */
async function replicaState(base: string, up: 0 | 1, seconds = 60) {
  for (let i = 0; i < seconds * 4; i++) {
    if ((await replicaMetrics(base)).up === up) return true;
    await sleep(250);
  }
  return false;
}

const listed = async (base: string, auth: Record<string, string>, number: string) => {
  const res = await fetch(`${base}/api/Document/getList?Size=90&DocNumber=${number}`, { headers: auth });
  const body = res.ok ? await res.json() : null;
  return { status: res.status, ids: (body?.rows ?? []).map((r: { id: string }) => r.id) as string[] };
};

/** Where the reads between `before` and `after` were answered: outcome → count. */
const delta = (before: Record<string, number>, after: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(after)
      .map(([k, v]) => [k, v - (before[k] ?? 0)] as const)
      .filter(([, v]) => v > 0),
  );

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-ops-replica-'));
  const databaseUrl = await freshDatabase('replica');
  let standby: Standby | null = null;
  let server: Instance | null = null;
  try {
    const t0 = Date.now();
    standby = await startStandby(PG_SERVER, STANDBY_PORT);
    console.log(`standby made and started: ${Math.round((Date.now() - t0) / 1000)} s`);
    const replicaUrl = standby.url(new URL(databaseUrl).pathname.slice(1));
    server = await startInstance({
      name: 'server',
      port: PORT,
      dataDir,
      databaseUrl,
      env: {
        DATABASE_REPLICA_URL: replicaUrl,
        REPLICA_MAX_LAG_SECONDS: '2',
        // Every list is read from the database (none answered from the instance's memory).
        LIST_CACHE_ROWS: '0',
        METRICS_TOKEN,
      },
    });
    await ready([server]);
    console.log(`server ready: ${Math.round((Date.now() - t0) / 1000)} s`);
    const base = server.base;
    console.log(`server ${base}, primary ${PG_SERVER}, standby on ${STANDBY_PORT}`);
    t.check(await replicaState(base, 1), 'the replica is up (streaming, within the lag bound)');

    // 1. A list read on the replica.
    const auth = await signIn(base, '998901000001');
    const number = `OPS-REPLICA-${Date.now()}`;
    let before = (await replicaMetrics(base)).reads;
    const first = await listed(base, auth, number);
    let answered = delta(before, (await replicaMetrics(base)).reads);
    t.check(
      first.status === 200 && answered.replica === 1,
      'a list is read on the replica',
      JSON.stringify(answered),
    );

    // 2. Own write at once: replay paused, the draft is in the next list (the primary answers it).
    await standby.replay(true);
    const id = await createDraft(base, auth, number);
    before = (await replicaMetrics(base)).reads;
    const own = await listed(base, auth, number);
    answered = delta(before, (await replicaMetrics(base)).reads);
    t.check(
      own.ids.includes(id) && !answered.replica,
      'own write in the next list while the replica has not replayed it (answered by the primary)',
      JSON.stringify(answered),
    );

    // 3. Lagging past the bound: no reads go there; replay resumed, the replica answers again, with it.
    const lagged = await replicaState(base, 0, 30);
    before = (await replicaMetrics(base)).reads;
    const whileLagging = await listed(base, auth, number);
    answered = delta(before, (await replicaMetrics(base)).reads);
    t.check(
      lagged && whileLagging.ids.includes(id) && answered.lagging === 1,
      'a replica lagging past REPLICA_MAX_LAG_SECONDS takes no reads (the primary answers)',
      JSON.stringify(answered),
    );
    await standby.replay(false);
    const back = await replicaState(base, 1, 30);
    before = (await replicaMetrics(base)).reads;
    const caughtUp = await listed(base, auth, number);
    answered = delta(before, (await replicaMetrics(base)).reads);
    t.check(
      back && caughtUp.ids.includes(id) && answered.replica === 1,
      'replay resumed: the replica answers again, the draft in its answer',
      JSON.stringify(answered),
    );

    // 4. Replica stopped: lists, counts and statistics still answered (by the primary).
    await standby.stop();
    const reads = [];
    for (let i = 0; i < 3; i++) reads.push(await listed(base, auth, number));
    const counts = await fetch(`${base}/api/Document/getCounts`, { headers: auth });
    const today = new Date().toISOString().slice(0, 10);
    const stats = await fetch(`${base}/api/Statistics/getList?dateFrom=${today}&dateTo=${today}`, {
      headers: auth,
    });
    t.check(
      reads.every((r) => r.status === 200 && r.ids.includes(id)) && counts.ok && stats.ok,
      'replica stopped: lists, counts and statistics are answered by the primary',
      `${reads.map((r) => r.status).join(',')} counts ${counts.status} statistics ${stats.status}`,
    );
    const down = await replicaState(base, 0, 10);
    const health = await fetch(`${base}/api/health`);
    t.check(
      down && health.status === 200,
      'the server reports the replica down and stays ready',
      `${health.status}`,
    );
  } catch (err) {
    t.check(false, 'the replica scenario ran to its end', (err as Error).stack ?? String(err));
  } finally {
    await server?.stop().catch(() => {});
    await standby?.remove().catch((err) => console.log(`standby: ${(err as Error).message}`));
    await dropDatabase(databaseUrl).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

const started = Date.now();
await main();
console.log(`replica scenario: ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(t.finish());
