/**
 * npm run bench:push [-- --documents 1000 --port 21040]
 *
 * Outgoing synchronisation (issue 28 "Measure"): N invoices from demo company A to demo company B,
 * where B is not on this server (DEMO_ORGANIZATIONS keeps only A's members), A bound to the stand-in
 * operator as its Didox. Against a real server process (PGlite, demo mode, the stand-in beside it):
 * the drafts are made (not measured), sent in one bulk signing (the demo key opened once,
 * multiGetModelSign → sign → multiRun in chunks of 25), and each send queues its push on the job
 * queue; the clock stops when the operator holds all N sent (status 1). Prints the wall time end to
 * end, the bulk signing's share, the pushes' tail after the last signature, and documents per second.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServerProcess } from '../resilience/server';
import { api, bulkSign, createDrafts, openDemoKey, signInWithPassword } from './bulkClient';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++)
  if (process.argv[i].startsWith('--')) args.set(process.argv[i].slice(2), process.argv[i + 1] ?? '');
const DOCUMENTS = Number(args.get('documents') || 1000);
const PORT = Number(args.get('port') || process.env.BENCH_PUSH_PORT || 18740);
const STANDIN_PORT = PORT + 5;
const A = '302000001';
const B = '302000002';

/** The invoices A made at the operator, by status (the stand-in is this run's alone). */
async function atOperator(): Promise<{ sent: number; other: number }> {
  const res = await fetch(`http://127.0.0.1:${STANDIN_PORT}/control/documents?login=${A}`);
  const documents = (await res.json()).documents as Array<{ status: number; creator: string }>;
  let sent = 0;
  let other = 0;
  for (const d of documents.filter((x) => x.creator === A)) {
    if (d.status === 1) sent++;
    else other++;
  }
  return { sent, other };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-bench-push-'));
const server = await startServerProcess({
  dataDir,
  port: PORT,
  env: {
    OPERATOR_STANDIN: 'on',
    OPERATOR_STANDIN_PORT: String(STANDIN_PORT),
    OPERATOR_STANDIN_PERSIST: 'off',
    DEMO_ORGANIZATIONS: A,
  },
});
try {
  const s = await signInWithPassword(server.base);
  const bound = await api(s, '/api/Synchronize/bindProvider', {
    provider: 'didox',
    credentials: { partnerToken: 'demo-partner-token', password: 'demo' },
  });
  if (!bound.success) throw new Error(`bindProvider: ${JSON.stringify(bound)}`);
  const invoice = JSON.parse(
    fs.readFileSync('schemas/documents/invoice/fixtures/valid/01-standard.json', 'utf8'),
  );
  const content = {
    ...invoice,
    SellerTin: A,
    BuyerTin: B,
    ProductList: { ...invoice.ProductList, Tin: A },
  };
  const prefix = `BP${randomBytes(2).toString('hex')}`;
  process.stdout.write(`creating ${DOCUMENTS} drafts (not measured)…\n`);
  const ids = await createDrafts(s, DOCUMENTS, prefix, content);
  s.authorization = (await signInWithPassword(server.base)).authorization;
  const route = await api(s, `/api/Synchronize/getSendRoute?documentId=${ids[0]}`);
  if (!route.data?.carried) throw new Error(`not routed via the operator: ${JSON.stringify(route.data)}`);

  const t0 = performance.now();
  const sign = await openDemoKey(dataDir, `org-${A}`);
  const logId = (await api(s, '/api/MultiSignLog/start', { action: 'send', documentIds: ids })).data.logId;
  // A fresh access token every few minutes: on a loaded machine the run outlives one.
  let signedInAt = performance.now();
  const signed = await bulkSign(s, sign, logId, ids, 'send', {
    afterChunk: async () => {
      if (performance.now() - signedInAt < 5 * 60_000) return;
      s.authorization = (await signInWithPassword(server.base)).authorization;
      signedInAt = performance.now();
    },
  });
  await api(s, '/api/MultiSignLog/finish', { logId });
  const tSigned = performance.now();
  let held = { sent: 0, other: 0 };
  for (;;) {
    held = await atOperator();
    // All sent there (a document the operator holds as a draft is still being pushed: not counted).
    if (held.sent >= signed) break;
    if (performance.now() - tSigned > 30 * 60_000) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const tEnd = performance.now();
  const wall = (tEnd - t0) / 1000;
  const { data: runs } = await api(s, '/api/Synchronize/GetLastProcess?limit=100');
  const pushRuns = (runs?.rows ?? []).filter((r: { direction?: string }) => r.direction === 'push');
  console.log(
    `\nbench:push — ${DOCUMENTS} invoices bulk-signed and pushed to the stand-in operator, server process on PGlite`,
  );
  console.log(
    '| documents | signed | at operator (sent) | wall s | signing s | push tail s | docs/s | push runs (last 100) |',
  );
  console.log(
    '|-----------|--------|--------------------|--------|-----------|-------------|--------|----------------------|',
  );
  console.log(
    `| ${DOCUMENTS} | ${signed} | ${held.sent}${held.other ? ` (+${held.other} other)` : ''} | ${wall.toFixed(1)} | ${((tSigned - t0) / 1000).toFixed(1)} | ${((tEnd - tSigned) / 1000).toFixed(1)} | ${(held.sent / wall).toFixed(1)} | ${pushRuns.length} |`,
  );
  if (held.sent !== signed) console.log(`NOT all at the operator: ${held.sent} of ${signed}`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
