/**
 * npm run bench:bulk-sign [-- --documents 1000]
 *
 * 1000 drafts sent in one bulk signing, end to end against a real server process (PGlite, demo
 * mode): the demo key opened once (the plug-in's load_key + password), then per chunk of 25
 * multiGetModelSign → each exact text signed (attached CMS, as the emulator's create_pkcs7 makes it)
 * → multiRun (verify, timestamp, transition, event, log) → finish. Prints the wall time, documents per
 * second and the split between signing in the client and the server's calls. Budget: 1000 in ≤ 60 s.
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
const BUDGET_S = 60;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'h16-bench-'));
const server = await startServerProcess({ dataDir, port: Number(args.get('port') || 18720) });
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
  process.stdout.write(`creating ${DOCUMENTS} drafts (not measured)…\n`);
  const ids = await createDrafts(s, DOCUMENTS, `BS${randomBytes(2).toString('hex')}`, content);
  const t0 = performance.now();
  const rawSign = await openDemoKey(dataDir, 'org-302000001');
  const tKey = performance.now() - t0;
  let signing = 0;
  const sign = async (bytes: Uint8Array) => {
    const t = performance.now();
    const cms = await rawSign(bytes);
    signing += performance.now() - t;
    return cms;
  };
  const logId = (await api(s, '/api/MultiSignLog/start', { action: 'send', documentIds: ids })).data.logId;
  const signed = await bulkSign(s, sign, logId, ids, 'send');
  const finish = (await api(s, '/api/MultiSignLog/finish', { logId })).data;
  const total = (performance.now() - t0) / 1000;
  console.log(
    `\nbench:bulk-sign — ${DOCUMENTS} invoices sent in one bulk, server process on PGlite (demo CA, emulator TSA)`,
  );
  console.log('| documents | signed | wall s | docs/s | key load s | client signing s | server calls s |');
  console.log('|-----------|--------|--------|--------|------------|------------------|----------------|');
  console.log(
    `| ${String(DOCUMENTS).padStart(9)} | ${String(signed).padStart(6)} | ${total.toFixed(1).padStart(6)} | ${(signed / total).toFixed(1).padStart(6)} | ${(tKey / 1000).toFixed(2).padStart(10)} | ${(signing / 1000).toFixed(1).padStart(16)} | ${(total - signing / 1000 - tKey / 1000).toFixed(1).padStart(14)} |`,
  );
  console.log(
    `log: ${JSON.stringify(finish)}; budget ${DOCUMENTS} in ≤ ${BUDGET_S} s: ${total <= BUDGET_S ? 'met' : 'NOT met'}`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
