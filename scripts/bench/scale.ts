/**
 * npm run bench:scale — one instance against three behind nginx on one PostgreSQL, the same load in
 * the same run: document lists (GET Document/getList, each client its own organisation's list with a
 * changing filter, so answers are not all from memory) and writes (POST Document/add), by a fixed
 * number of concurrent clients for a fixed time. Prints requests/s, p50 and p95 per phase, and the
 * ratio. On this 2-core machine three instances share the same two cores with PostgreSQL and nginx:
 * the ratio says what a second and third process buys there, not what three machines would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Instance, ready, startInstance, startNginx } from '../ops/cluster';
import { createDraft, DEMO_TIN, dropDatabase, freshDatabase, signIn } from '../ops/lib';

const PORT = Number(process.env.OPS_PORT || 20870);
const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const CLIENTS = Number(process.env.BENCH_CLIENTS || 16);

interface Result {
  requests: number;
  errors: number;
  latencies: number[];
}

async function load(
  base: string,
  auths: Array<{ auth: Record<string, string>; tin: string }>,
  kind: 'list' | 'add',
): Promise<Result> {
  const result: Result = { requests: 0, errors: 0, latencies: [] };
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const { auth, tin } = auths[c % auths.length];
      for (let i = 0; Date.now() < until; i++) {
        const started = performance.now();
        try {
          if (kind === 'list') {
            const res = await fetch(`${base}/api/Document/getList?Size=18&Page=${1 + (i % 3)}`, {
              headers: auth,
            });
            await res.arrayBuffer();
            if (!res.ok) throw new Error(String(res.status));
          } else {
            await createDraft(base, auth, `BENCH-${c}-${i}-${Date.now()}`, tin);
          }
          result.latencies.push(performance.now() - started);
          result.requests++;
        } catch {
          result.errors++;
        }
      }
    }),
  );
  return result;
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-bench-scale-'));
  const databaseUrl = await freshDatabase('scale');
  const instances: Instance[] = [];
  const proxies: Array<{ stop(): Promise<void> }> = [];
  try {
    instances.push(await startInstance({ name: 'A', port: PORT, dataDir, databaseUrl }));
    await ready(instances);
    instances.push(await startInstance({ name: 'B', port: PORT + 4, dataDir, databaseUrl }));
    instances.push(await startInstance({ name: 'C', port: PORT + 8, dataDir, databaseUrl }));
    await ready(instances);
    const one = await startNginx(path.join(dataDir, 'nginx1'), PORT + 20, [PORT]);
    const three = await startNginx(
      path.join(dataDir, 'nginx3'),
      PORT + 21,
      instances.map((i) => i.port),
    );
    proxies.push(one, three);
    const auths: Array<{ auth: Record<string, string>; tin: string }> = [];
    for (const [phone, tin] of Object.entries(DEMO_TIN))
      auths.push({ auth: await signIn(instances[0].base, phone, `203.0.113.${auths.length + 1}`), tin });
    // Documents to list: a few pages per organisation.
    for (const { auth, tin } of auths)
      for (let i = 0; i < 40; i++) await createDraft(one.base, auth, `BENCH-SEED-${i}`, tin);

    console.log(`bench:scale — ${CLIENTS} clients, ${SECONDS} s per phase, ${os.cpus().length} cores\n`);
    console.log('| load | instances | requests/s | p50 ms | p95 ms | errors |');
    console.log('|---|---|---|---|---|---|');
    const rows: Record<string, number> = {};
    for (const kind of ['list', 'add'] as const) {
      for (const [label, proxy] of [
        ['1', one],
        ['3', three],
      ] as const) {
        const r = await load(proxy.base, auths, kind);
        const rps = r.requests / SECONDS;
        rows[`${kind}${label}`] = rps;
        console.log(
          `| ${kind === 'list' ? 'Document/getList' : 'Document/add'} | ${label} | ${rps.toFixed(1)} | ${pct(r.latencies, 50).toFixed(1)} | ${pct(r.latencies, 95).toFixed(1)} | ${r.errors} |`,
        );
      }
    }
    console.log(
      `\nratio 3:1 — lists ${(rows.list3 / rows.list1).toFixed(2)}, writes ${(rows.add3 / rows.add1).toFixed(2)}`,
    );
  } finally {
    for (const p of proxies) await p.stop().catch(() => {});
    for (const i of instances) await i.stop().catch(() => {});
    await dropDatabase(databaseUrl).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

await main();
