/**
 * Three instances behind nginx on one PostgreSQL (part of `npm run test:ops`): what one instance
 * writes, another serves on the very next request (its list memory is keyed by the party generation
 * read per request); sign-in challenges, idempotency keys, jobs and password throttling hold across
 * instances; an instance killed under a write load loses no
 * acknowledged write and the others keep serving through nginx; webhook deliveries it held when it
 * died (kill -9) are sent once it is started again, every event at least once, each request verified.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import { type Instance, ready, startInstance, startNginx } from './cluster';
import { checks, createDraft, dropDatabase, freshDatabase, invoiceDraft, signIn, sleep } from './lib';
import { signWithDemoKey } from './sign';
import { startWebhookReceiver } from './webhookReceiver';

const PORT = Number(process.env.OPS_PORT || 20830);
const t = checks('instances');
/** The instances' environment: the walk's webhook receiver is on this machine. */
const env = { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: '1' };

async function json(res: Response) {
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The ids of the caller's documents numbered `number` (one list query, remembered per instance). */
const listIds = async (base: string, auth: Record<string, string>, number: string) =>
  (
    (await json(await fetch(`${base}/api/Document/getList?Size=90&DocNumber=${number}`, { headers: auth })))
      .body?.rows ?? []
  ).map((r: { id: string }) => r.id) as string[];

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-ops-instances-'));
  const databaseUrl = await freshDatabase('instances');
  const instances: Instance[] = [];
  let proxy: Awaited<ReturnType<typeof startNginx>> | null = null;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | null = null;
  try {
    // A seeds the demo data and makes the demo CA; B and C start together on the migrated database.
    instances.push(await startInstance({ name: 'A', port: PORT, dataDir, databaseUrl, env }));
    await ready(instances);
    instances.push(await startInstance({ name: 'B', port: PORT + 4, dataDir, databaseUrl, env }));
    instances.push(await startInstance({ name: 'C', port: PORT + 8, dataDir, databaseUrl, env }));
    await ready(instances);
    const [A, B, C] = instances;
    proxy = await startNginx(
      path.join(dataDir, 'nginx'),
      PORT + 20,
      instances.map((i) => i.port),
    );
    console.log(`three instances ${instances.map((i) => i.port).join(', ')} behind nginx ${proxy.base}`);

    // 1. A write on A, read on B and C at once — after B and C remembered the list.
    const auth = await signIn(A.base, '998901000001');
    const number = `OPS-WALK-${Date.now()}`;
    // B and C answer the list twice first: the second answer comes from their memory.
    for (let i = 0; i < 2; i++) for (const i2 of [B, C]) await listIds(i2.base, auth, number);
    const id = await createDraft(A.base, auth, number);
    const onB = await listIds(B.base, auth, number);
    const onC = await listIds(C.base, auth, number);
    t.check(
      onB.includes(id) && onC.includes(id),
      'a draft written on A is in the next list read on B and on C (both had that list in memory)',
    );
    const upd = await fetch(`${B.base}/api/Document/delete?documentId=${id}`, {
      method: 'DELETE',
      headers: auth,
    });
    const afterDelete = await listIds(C.base, auth, number);
    t.check(
      upd.ok && !afterDelete.includes(id),
      'deleted through B, gone from the next list on C',
      `B answered ${upd.status}`,
    );

    // 2. A sign-in challenge made on A is answered on B, once (challenges live in the database; each
    // is bound to the site's host, which nginx passes on: the same X-Forwarded-Host to every instance).
    const site = { 'x-forwarded-host': 'hujjat.test' };
    const challenge = (
      await json(await fetch(`${A.base}/api/Eimzo/getChallenge?purpose=auth`, { headers: site }))
    ).body?.data?.challenge;
    const pkcs7 = await signWithDemoKey(A, '302000001', new TextEncoder().encode(challenge));
    const answer = (base: string) =>
      fetch(`${base}/api/Eimzo/EimzoAuth`, {
        method: 'POST',
        headers: { ...site, 'content-type': 'application/json' },
        body: JSON.stringify({ pkcs7, pkcs7b64: pkcs7 }),
      }).then(json);
    const signedIn = await answer(B.base);
    t.check(
      signedIn.status === 200,
      'a challenge issued by A is accepted by B',
      `B answered ${signedIn.status} ${signedIn.body?.code ?? ''}`,
    );
    const replay = await answer(C.base);
    t.check(
      replay.status >= 400 && replay.status < 500,
      'the same signed challenge is refused on C (used once across instances)',
      `C answered ${replay.status} ${replay.body?.code ?? ''}`,
    );

    // 3. An idempotency key used on A and again on B: one document, the same answer.
    const key = `ops-walk-${Date.now()}`;
    const body = JSON.stringify(invoiceDraft(`OPS-IDEM-${Date.now()}`));
    const post = (base: string) =>
      fetch(`${base}/api/Document/add?kind=invoice`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': key },
        body,
      }).then(json);
    const first = await post(A.base);
    const second = await post(B.base);
    t.check(
      first.status === 200 && second.body?.data?.id === first.body?.data?.id,
      'an idempotency key used on A and again on B makes one document',
      `${first.status}/${second.status}`,
    );

    // 4. A job queued through A runs once, by whichever instance takes it; B reports it.
    const ids = Array.from(
      { length: 11 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const queued = await json(
      await fetch(`${A.base}/api/Document/getArchives`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ ids }),
      }),
    );
    const jobId = queued.body?.data?.jobId;
    let state = '';
    for (let i = 0; i < 240 && !['done', 'failed'].includes(state); i++) {
      await sleep(500);
      state =
        (await json(await fetch(`${B.base}/api/Job/get?id=${jobId}`, { headers: auth }))).body?.data?.state ??
        '';
    }
    const db = await openDatabase({ databaseUrl, dataDir: null });
    try {
      const job = (await db.query('select state, attempts, instance from jobs where id = $1', [jobId]))
        .rows[0];
      const files = (
        await db.query('select count(*)::int as n from archive_files where job_id = $1', [jobId])
      ).rows[0];
      t.check(
        queued.status === 202 && state === 'done' && job?.attempts === 1 && files.n === 1,
        'a job queued on A ran once (one attempt, one file), read back on B',
        `${queued.status}, ${state}, attempts ${job?.attempts}, ran on ${job?.instance}`,
      );
    } finally {
      await db.close();
    }

    // 5. Password throttling reached through A holds on B: failures through A until A refuses with a
    // wait of at least 8 s (the delays double past 3 free failures), then one attempt through B.
    const attempt = (base: string) =>
      fetch(`${base}/api/Auth/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77' },
        body: JSON.stringify({ phone: '998901000002', password: 'wrong-password' }),
      });
    let wait = 0;
    let tries = 0;
    while (wait < 8 && tries < 40) {
      tries++;
      const res = await attempt(A.base);
      if (res.status === 429) {
        wait = Number(res.headers.get('retry-after') ?? 0);
        if (wait < 8) await sleep(wait * 1000 + 200);
      }
    }
    const throttledOnB = await attempt(B.base);
    t.check(
      wait >= 8 && throttledOnB.status === 429,
      'password throttling reached through A holds on B',
      `A refused with Retry-After ${wait} s after ${tries} tries; B answered ${throttledOnB.status}`,
    );

    // 6. Killed under load: every acknowledged write is there, the others keep serving through nginx.
    // A webhook endpoint takes every draft's document.create; its receiver answers after 1 s, so B
    // holds deliveries (claimed, in flight) when it dies. Started again, B ends its dead leases.
    receiver = await startWebhookReceiver(PORT + 30, 1000);
    const hook = await json(
      await fetch(`${A.base}/api/Webhook/add`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, eventTypes: ['document.create'] }),
      }),
    );
    const acknowledged: string[] = [];
    let errors = 0;
    let running = true;
    const proxyBase = proxy.base;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; running; i++) {
        try {
          acknowledged.push(await createDraft(proxyBase, auth, `OPS-KILL-${w}-${i}`));
        } catch {
          errors++;
        }
      }
    });
    await sleep(3000);
    const atKill = acknowledged.length;
    await B.kill9();
    const heldByB = await (async () => {
      const db = await openDatabase({ databaseUrl, dataDir: null });
      try {
        return (
          await db.query<{ n: number }>(
            `select count(*)::int as n from webhook_deliveries
              where state = 'pending' and claimed_at is not null and claimed_by like $1`,
            [`%:${B.port}`],
          )
        ).rows[0].n;
      } finally {
        await db.close();
      }
    })();
    await sleep(4000);
    running = false;
    await Promise.all(writers);
    const afterKill = acknowledged.length - atKill;
    const check = await openDatabase({ databaseUrl, dataDir: null });
    try {
      const found = await check.query<{ n: number }>(
        'select count(*)::int as n from documents where id = any($1::uuid[])',
        [acknowledged],
      );
      t.check(
        found.rows[0].n === acknowledged.length,
        'B killed with -9 under a write load: every acknowledged write is in the database',
        `${acknowledged.length} acknowledged, ${found.rows[0].n} found, ${errors} requests failed`,
      );
    } finally {
      await check.close();
    }
    t.check(
      afterKill > 0,
      'A and C kept serving through nginx after B died',
      `${afterKill} writes acknowledged after the kill`,
    );
    const health = await Promise.all([A, C].map((i) => fetch(`${i.base}/api/health`).then((r) => r.status)));
    t.check(
      health.every((s) => s === 200),
      'A and C report ready',
      health.join(', '),
    );

    // B started again: the deliveries it held are sent now, not when their lease ends (60 s).
    const restarted = Date.now();
    const B2 = await startInstance({ name: 'B', port: B.port, dataDir, databaseUrl, env });
    instances[1] = B2;
    await ready([B2]);
    const missing = () => acknowledged.filter((id) => !receiver?.created().has(id));
    for (let i = 0; i < 600 && missing().length; i++) await sleep(100);
    t.check(
      hook.status === 200 && heldByB > 0 && missing().length === 0,
      'B killed with webhook deliveries in flight, started again: every event delivered at least once',
      `${heldByB} held by B at the kill; ${missing().length} of ${acknowledged.length} missing ` +
        `${((Date.now() - restarted) / 1000).toFixed(1)} s after B's restart; ${receiver.count()} requests`,
    );
    const verified = receiver.verified(hook.body?.data?.secret ?? '');
    t.check(
      verified === receiver.count(),
      'every webhook request verifies with standardwebhooks (signed on each attempt)',
      `${verified} of ${receiver.count()}`,
    );
  } catch (err) {
    t.check(false, 'the walk ran to its end', (err as Error).stack ?? String(err));
  } finally {
    await proxy?.stop().catch(() => {});
    await receiver?.close().catch(() => {});
    for (const instance of instances) await instance.stop().catch(() => {});
    await dropDatabase(databaseUrl).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

const started = Date.now();
await main();
console.log(`instances walk: ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(t.finish());
