/**
 * npm run test:resilience:webhooks [-- --events 150 --delay 300 --pg postgres://…]
 *
 * kill -9 of the server with webhook deliveries pending (issue 30): a real server process (PGlite in a
 * data directory; --pg: a fresh PostgreSQL database) with an endpoint at a local receiver that answers
 * the first third of the requests after --delay ms and holds the rest open. EVENTS drafts are added (one
 * document.create event each); with a third answered, 8 requests held open and the rest queued, the server
 * is killed with SIGKILL and started again on the same data, and the receiver answers from then on. Checked:
 * every event of the feed arrives at least once (none lost — at-least-once, so a delivery in flight at
 * the kill arrives again, with the same webhook-id), every request verifies with the Standard
 * Webhooks reference library (`standardwebhooks`), and the delivery log's newest deliveries say delivered.
 * Exits non-zero when a check fails. A delivery the killed server held (its sender's lease) is due
 * again at the restart (PGlite: every lease; PostgreSQL: the leases of the same host and port), or
 * after the lease (60 s) on another instance. CI runs the PostgreSQL variant inside the instances walk
 * (scripts/ops/instances.ts, `npm run test:ops`).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { openDatabase } from '../../src/server/db/client';
import { api, createDrafts, type Session, signInWithPassword } from '../bench/bulkClient';
import { startServerProcess } from './server';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++)
  if (process.argv[i].startsWith('--')) args.set(process.argv[i].slice(2), process.argv[i + 1] ?? '');
const EVENTS = Number(args.get('events') || 60);
const DELAY_MS = Number(args.get('delay') || 300);
const PG = args.get('pg') || null;
/** Slot 7's range (27000–27099): the server, its emulator's two ports, the receiver. */
const PORT = Number(args.get('port') || 27010);
const RECEIVER_PORT = PORT + 10;
const DEADLINE_MS = 6 * 60_000;
let failed = 0;
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failed++;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Arrival {
  id: string;
  body: string;
  headers: Record<string, string>;
}

/**
 * The receiver: answers the first `answered` requests after DELAY_MS, then holds every request open
 * (pending at the kill) until `release()`, after which it answers at once.
 */
function startReceiver(answered: number) {
  const arrivals: Arrival[] = [];
  const held: http.ServerResponse[] = [];
  let released = false;
  let answeredSoFar = 0;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const headers = request.headers as Record<string, string>;
      arrivals.push({ id: headers['webhook-id'], body, headers });
      if (released) response.writeHead(204).end();
      else if (answeredSoFar < answered) {
        answeredSoFar++;
        setTimeout(() => response.writeHead(204).end(), DELAY_MS);
      } else held.push(response);
    });
  });
  return new Promise<{ arrivals: Arrival[]; answered(): number; release(): void; close(): Promise<void> }>(
    (resolve) =>
      server.listen(RECEIVER_PORT, '127.0.0.1', () =>
        resolve({
          arrivals,
          answered: () => answeredSoFar,
          release() {
            released = true;
            for (const r of held.splice(0)) r.destroy();
          },
          close: () =>
            new Promise<void>((done) => {
              server.closeAllConnections();
              server.close(() => done());
            }),
        }),
      ),
  );
}

/** Every event id of the caller's feed after `cursor`. */
async function feedIds(s: Session, cursor: string): Promise<{ ids: string[]; cursor: string }> {
  const ids: string[] = [];
  for (;;) {
    const page = (await api(s, `/api/Events/getList?limit=500&cursor=${encodeURIComponent(cursor)}`)).data;
    if (!page.events.length) return { ids, cursor };
    ids.push(...page.events.map((e: { id: string }) => e.id));
    cursor = page.cursor;
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-res-webhooks-'));
  let databaseUrl: string | undefined;
  const dbName = `res_webhooks_${randomBytes(3).toString('hex')}`;
  if (PG) {
    const admin = await openDatabase({ databaseUrl: PG, dataDir: null });
    await admin.query(`create database ${dbName}`);
    await admin.close();
    databaseUrl = PG.replace(/\/[^/]*$/, `/${dbName}`);
  }
  const receiver = await startReceiver(Math.ceil(EVENTS / 3));
  const env = { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: '1' };
  const t0 = Date.now();
  let server = await startServerProcess({ dataDir, port: PORT, databaseUrl, env });
  console.log(`server up in ${((Date.now() - t0) / 1000).toFixed(1)} s (${PG ? 'PostgreSQL' : 'PGlite'})`);
  try {
    const s = await signInWithPassword(server.base);
    const start = (await feedIds(s, '')).cursor;
    const endpoint = (
      await api(s, '/api/Webhook/add', {
        url: `http://127.0.0.1:${RECEIVER_PORT}/hooks`,
        eventTypes: ['document.create'],
      })
    ).data as { id: string; secret: string };
    const invoice = JSON.parse(
      fs.readFileSync('schemas/documents/invoice/fixtures/valid/01-standard.json', 'utf8'),
    );
    const content = {
      ...invoice,
      FacturaDoc: { FacturaNo: 'x', FacturaDate: '2026-11-20' },
      SellerTin: '302000001',
      BuyerTin: '302000002',
      ProductList: { ...invoice.ProductList, Tin: '302000001' },
    };
    const tWrite = Date.now();
    await createDrafts(s, EVENTS, `WH${randomBytes(2).toString('hex')}`, content);
    console.log(
      `${EVENTS} drafts added in ${((Date.now() - tWrite) / 1000).toFixed(1)} s; ${new Set(receiver.arrivals.map((a) => a.id)).size} delivered so far`,
    );
    const expected = (await feedIds(s, start)).ids.map((id) => `msg_${id}`);
    // A third is answered; the rest waits at the receiver (8 requests held open) or in the queue.
    while (receiver.answered() < Math.ceil(EVENTS / 3) || receiver.arrivals.length <= receiver.answered())
      await sleep(50);
    await sleep(500);
    const delivered = () => new Set(receiver.arrivals.map((a) => a.id));
    const before = receiver.answered();
    await server.kill9();
    const tKill = Date.now();
    console.log(
      `kill -9 with ${before} of ${expected.length} answered, ${receiver.arrivals.length - before} held open, the rest queued`,
    );
    receiver.release();
    server = await startServerProcess({ dataDir, port: PORT, databaseUrl, env });
    console.log(`restarted in ${((Date.now() - tKill) / 1000).toFixed(1)} s`);
    const s2 = await signInWithPassword(server.base);
    const missing = () => expected.filter((id) => !delivered().has(id));
    type Delivery = { state: string };
    const deliveryLog = async () =>
      (await api(s2, `/api/Webhook/getDeliveries?id=${endpoint.id}`)).data as Delivery[];
    let log: Delivery[] = [];
    for (;;) {
      log = await deliveryLog();
      const settled = log.length > 0 && log.every((d) => d.state === 'delivered');
      if ((!missing().length && settled) || Date.now() - tKill > DEADLINE_MS) break;
      await sleep(500);
    }
    console.log(
      `every event delivered ${((Date.now() - tKill) / 1000).toFixed(1)} s after the kill; ${receiver.arrivals.length} requests for ${expected.length} events`,
    );
    const verifier = new Webhook(endpoint.secret);
    let verified = 0;
    for (const a of receiver.arrivals) {
      try {
        const payload = verifier.verify(a.body, a.headers) as { type: string; data: { id: string } };
        if (payload.type === 'document.create' && a.id === `msg_${payload.data.id}`) verified++;
      } catch {
        /* counted below */
      }
    }
    check(
      before < expected.length,
      `the kill came with deliveries pending (${expected.length - before} not answered)`,
    );
    check(missing().length === 0, `every event arrived at least once (${missing().length} missing)`);
    check(
      verified === receiver.arrivals.length,
      `every request verifies with standardwebhooks (${verified} of ${receiver.arrivals.length})`,
    );
    // The log shows the newest 50 deliveries.
    check(
      log.length === Math.min(50, expected.length) && log.every((d) => d.state === 'delivered'),
      `the delivery log: its newest ${log.length} say delivered`,
    );
    console.log(`total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await server.stop().catch(() => {});
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (PG) {
      const admin = await openDatabase({ databaseUrl: PG, dataDir: null });
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
      await admin.close();
    }
  }
}

await main();
console.log(failed ? `${failed} check(s) failed` : 'all webhook resilience checks passed');
process.exit(failed ? 1 : 0);
