// npm run bench:events — the event feed on PostgreSQL (issue 30): drafts written by 20 writers for
// SECONDS (default 20), read by 10 long-polling followers; prints events/s written and read and the
// time from a writer's answer (its commit) to each follower seeing the event, p50/p95 (budget p95 ≤ 1 s).
// Then webhooks: the same writers for SECONDS with an endpoint at a local receiver (port 27030, slot 7;
// WEBHOOK_RECEIVER_PORT) and the server's job workers on: deliveries per second and the time from a
// writer's answer to the receiver's arrival, p50/p95 (budget p95 ≤ 2 s). Own schema, dropped afterwards.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import invoice from '../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seeds';
import { DEMO_PASSWORD } from '../../src/server/db/seeds/users';

const url =
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.SECONDS ?? 20);
const WRITERS = 20;
const FOLLOWERS = 10;
/** Writers while the webhook endpoint is on (HOOK_WRITERS; default 20, like the feed's). */
const HOOK_WRITERS = Number(process.env.HOOK_WRITERS ?? WRITERS);
const schema = `bench_events_${randomBytes(4).toString('hex')}`;
const db = await openDatabase({ databaseUrl: url, dataDir: null, schema });
await migrate(db);
await seedDemo(db);
const app = await buildApp(
  {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/tmp/hujjat-bench-events',
    databaseUrl: url,
    demo: true,
    logLevel: 'silent',
    production: false,
    version: 'bench',
    webRoot: null,
    // The receiver is on this machine.
    webhooksAllowPrivate: true,
  },
  // Job workers on, as a server runs: webhook deliveries are jobs.
  { db: { ...db, close: async () => {} }, logger: false, jobWorkers: true },
);
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/Auth/Login',
  payload: { phone: '998901000001', password: DEMO_PASSWORD },
});
const headers = { authorization: `Bearer ${login.json().data.accessToken}` };
const committedAt = new Map<string, number>();
const latencies: number[] = [];
let written = 0;
let read = 0;
let refused = 0;
let writing = true;

const start = (await app.inject({ method: 'GET', url: '/api/Events/getList?limit=500', headers })).json().data
  .cursor;
// Each follower reads with an API key of its own (viewer role): the feed's limit is counted per caller.
const followerKeys: string[] = [];
for (let f = 0; f < FOLLOWERS; f++) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/ApiKey/add',
    headers,
    payload: { name: `bench follower ${f}`, roleId: '00000000-0000-4000-8000-000000000004' },
  });
  followerKeys.push(res.json().data.secret);
}
async function follower(_: unknown, f: number) {
  const own = { authorization: `Bearer ${followerKeys[f]}` };
  let cursor = start;
  while (writing || read < written * FOLLOWERS) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/Events/getList?limit=500&wait=5&cursor=${encodeURIComponent(cursor)}`,
      headers: own,
    });
    if (res.statusCode === 429) {
      refused += 1;
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    const page = res.json().data;
    const now = Date.now();
    for (const e of page.events) {
      const at = committedAt.get(`${e.documentId}`);
      if (at !== undefined) latencies.push(now - at);
      read += 1;
    }
    cursor = page.cursor;
    if (!writing && !page.events.length) break;
  }
}
async function writer(w: number, prefix = 'B') {
  let i = 0;
  while (writing) {
    i += 1;
    const res = await app.inject({
      method: 'POST',
      url: '/api/Document/add?kind=invoice',
      headers,
      payload: {
        ...invoice,
        FacturaId: '',
        FacturaDoc: { FacturaNo: `${prefix}-${w}-${i}`, FacturaDate: '2026-11-20' },
        SellerTin: '302000001',
        BuyerTin: '302000002',
        ProductList: { ...invoice.ProductList, Tin: '302000001' },
      },
    });
    if (res.statusCode !== 200 && i === 1 && w === 0) console.error(res.statusCode, res.body.slice(0, 300));
    if (res.statusCode === 200) {
      committedAt.set(res.json().data.id, Date.now());
      written += 1;
    }
  }
}
await db.query(`delete from rate_limit_hits`);
const began = Date.now();
const followers = Array.from({ length: FOLLOWERS }, follower);
const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
await new Promise((r) => setTimeout(r, SECONDS * 1000));
writing = false;
await Promise.all(writers);
const wroteFor = (Date.now() - began) / 1000;
await Promise.all(followers);
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
console.log('| measure | value |\n|---|---|');
console.log(
  `| events written (document add) | ${written} in ${wroteFor.toFixed(1)} s = ${(written / wroteFor).toFixed(1)}/s |`,
);
console.log(`| events read by ${FOLLOWERS} followers | ${read} = ${(read / wroteFor).toFixed(1)}/s |`);
console.log(`| commit → seen p50 | ${pct(50)} ms |`);
console.log(`| commit → seen p95 | ${pct(95)} ms (budget 1000) |`);
console.log(`| followers' reads refused (429) | ${refused} |`);

// ---- webhooks -------------------------------------------------------------------------------------
const RECEIVER_PORT = Number(process.env.WEBHOOK_RECEIVER_PORT ?? 27030);
const arrivals = new Map<string, number>();
let requests = 0;
const receiver = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    requests += 1;
    const documentId = JSON.parse(body).data?.documentId as string | undefined;
    if (documentId && !arrivals.has(documentId)) arrivals.set(documentId, Date.now());
    response.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve));
const endpoint = await app.inject({
  method: 'POST',
  url: '/api/Webhook/add',
  headers,
  payload: { url: `http://127.0.0.1:${RECEIVER_PORT}/hooks`, eventTypes: ['document.create'] },
});
if (endpoint.statusCode !== 200) throw new Error(`Webhook/add: ${endpoint.body}`);
committedAt.clear();
written = 0;
writing = true;
const hooksBegan = Date.now();
const hookWriters = Array.from({ length: HOOK_WRITERS }, (_, w) => writer(w, 'W'));
await new Promise((r) => setTimeout(r, SECONDS * 1000));
writing = false;
await Promise.all(hookWriters);
const hookWroteFor = (Date.now() - hooksBegan) / 1000;
// Until every written event arrived (or a minute more).
const drainUntil = Date.now() + 60_000;
while ([...committedAt.keys()].some((id) => !arrivals.has(id)) && Date.now() < drainUntil)
  await new Promise((r) => setTimeout(r, 100));
const delivered = [...committedAt.keys()].filter((id) => arrivals.has(id));
const lastArrival = Math.max(...delivered.map((id) => arrivals.get(id)!));
const deliveredFor = (lastArrival - hooksBegan) / 1000;
const hookLatencies = delivered.map((id) => arrivals.get(id)! - committedAt.get(id)!).sort((a, b) => a - b);
const hookPct = (p: number) =>
  hookLatencies[Math.min(hookLatencies.length - 1, Math.floor((p / 100) * hookLatencies.length))] ?? NaN;
console.log(
  `| events written with a webhook endpoint (${HOOK_WRITERS} writers) | ${written} in ${hookWroteFor.toFixed(1)} s = ${(written / hookWroteFor).toFixed(1)}/s |`,
);
console.log(
  `| webhook deliveries (local receiver) | ${delivered.length} of ${written} (${requests} requests) in ${deliveredFor.toFixed(1)} s = ${(delivered.length / deliveredFor).toFixed(1)}/s |`,
);
console.log(`| commit → delivered p50 | ${hookPct(50)} ms |`);
console.log(`| commit → delivered p95 | ${hookPct(95)} ms (budget 2000) |`);
// Where the time goes (the database's clocks): the writer's transaction → its delivery row (the
// dispatch pass), and the delivery row → the first attempt's request (the sender's pick-up).
const { rows: stages } = await db.query<Record<string, string>>(
  `with first as (
     select d.created_at, (select f.at from document_feed f
                            where f.document_id = (d.payload->'data'->>'documentId')::uuid limit 1) as committed,
            a.at - make_interval(secs => a.duration_ms / 1000.0) as sent, a.duration_ms
       from webhook_deliveries d join webhook_attempts a on a.delivery_id = d.id and a.attempt = 1)
   select ${[50, 95]
     .map(
       (
         p,
       ) => `round(percentile_cont(${p / 100}) within group (order by extract(epoch from created_at - committed) * 1000))::text as dispatch_${p},
       round(percentile_cont(${p / 100}) within group (order by extract(epoch from sent - created_at) * 1000))::text as pickup_${p},
       round(percentile_cont(${p / 100}) within group (order by duration_ms))::text as request_${p}`,
     )
     .join(', ')} from first`,
);
const st = stages[0];
console.log(
  `| of which commit → delivery row (dispatch) p50/p95 | ${st.dispatch_50} / ${st.dispatch_95} ms |`,
);
console.log(
  `| of which delivery row → request sent (pick-up) p50/p95 | ${st.pickup_50} / ${st.pickup_95} ms |`,
);
console.log(`| of which the request itself p50/p95 | ${st.request_50} / ${st.request_95} ms |`);
await new Promise<void>((resolve) => receiver.close(() => resolve()));
await app.close();
await db.query(`drop schema if exists ${schema} cascade`);
await db.close();
