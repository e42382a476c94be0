/**
 * npm run test:resilience:operator — kill -9 of a Hujjat server in the middle of synchronising with
 * the stand-in operator, then a restart (issue 28 item 6). Company A (302000001) works on the server,
 * bound to the stand-in; company B (302000002) is elsewhere (DEMO_ORGANIZATIONS).
 * 1. Incoming: B sends 150 invoices at the operator; A's server is killed while it pulls them; after
 *    the restart and a new pull, A's incoming list holds each of them exactly once.
 * 2. Outgoing: A sends 40 invoices; the server is killed while it pushes them; after the restart every
 *    one is at the operator exactly once, in status 1, and Hujjat says "atOperator" for each.
 * Demo keys and demo data; prints each check; exits 1 when one fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDemoSignature } from '../../src/emulator';
import { startOperatorStandIn } from '../../src/emulator/operator';
import { ensureDemoPki } from '../demo-pki';
import { type ServerProcess, startServerProcess } from './server';

const A = { identity: '302000001', keyId: 'org-302000001' };
const B = '302000002';
const INCOMING = Number(process.env.RESILIENCE_INCOMING || 150);
const OUTGOING = Number(process.env.RESILIENCE_OUTGOING || 40);
const PORT = Number(process.env.RESILIENCE_PORT || 20470);
let failed = 0;
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failed++;
};

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-res-operator-'));
  await ensureDemoPki(dir);
  const standIn = await startOperatorStandIn({ dataDir: dir, port: PORT + 5, persist: true });
  const sign = (bytes: Uint8Array) => createDemoSignature(dir, A.keyId, bytes);
  const start = () =>
    startServerProcess({
      dataDir: dir,
      port: PORT,
      env: { OPERATOR_STANDIN: 'off', OPERATOR_STANDIN_URL: standIn.url, DEMO_ORGANIZATIONS: A.identity },
    });
  let server: ServerProcess = await start();
  let token = '';
  const api = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${server.base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const signIn = async () => {
    const challenge = (await api('GET', '/api/Eimzo/getChallenge?purpose=auth')).data.challenge;
    const pkcs7 = await sign(new TextEncoder().encode(challenge));
    token = (await api('POST', '/api/Eimzo/EimzoAuth', { pkcs7, pkcs7b64: pkcs7 })).data.accessToken;
  };
  const incoming = async () => {
    const rows: Array<{ id: string; number: string }> = [];
    for (let page = 1; ; page++) {
      const list = await api('GET', `/api/Document/getList?DocDirection=incoming&Page=${page}&Size=90`);
      rows.push(...list.rows);
      if (list.rows.length < 90) return rows;
    }
  };
  const until = async (what: string, test: () => Promise<boolean>, seconds = 240) => {
    const t0 = Date.now();
    while (!(await test())) {
      if (Date.now() - t0 > seconds * 1000) throw new Error(`${what}: not within ${seconds} s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const restart = async (what: string) => {
    await server.kill9();
    console.log(`     kill -9 ${what}`);
    server = await start();
    await signIn();
  };

  try {
    await signIn();
    await api('POST', '/api/Synchronize/bindProvider', {
      provider: 'didox',
      credentials: { partnerToken: 'demo-partner-token', password: 'demo' },
    });
    const base = JSON.parse(
      fs.readFileSync('schemas/documents/invoice/fixtures/valid/01-standard.json', 'utf8'),
    );
    const invoice = (from: string, to: string, number: string) => ({
      ...base,
      FacturaId: '',
      FacturaDoc: { FacturaNo: number, FacturaDate: new Date().toISOString().slice(0, 10) },
      SellerTin: from,
      BuyerTin: to,
      ProductList: { ...base.ProductList, Tin: from },
    });

    console.log(`1. incoming: ${INCOMING} invoices from B, kill -9 while A pulls them`);
    const items = Array.from({ length: INCOMING }, (_, i) => {
      const content = invoice(B, A.identity, `RES-IN-${i + 1}`);
      content.FacturaId =
        `${(0x6500000000 + i).toString(16).padStart(10, '0')}${Date.now().toString(16).padStart(14, '0')}`.slice(
          0,
          24,
        );
      return { from: B, kind: 'invoice', json: JSON.stringify(content) };
    });
    for (let i = 0; i < items.length; i += 50) {
      const res = await fetch(`${standIn.url}/control/send`, {
        method: 'POST',
        body: JSON.stringify({ items: items.slice(i, i + 50) }),
      });
      if (!res.ok) throw new Error(await res.text());
    }
    await api('POST', '/api/Synchronize/syncNow');
    await until('a part pulled', async () => (await incoming()).length >= 10);
    await restart(`after ${(await incoming()).length} of ${INCOMING} pulled`);
    await api('POST', '/api/Synchronize/syncNow');
    await until('all pulled', async () => (await incoming()).length >= INCOMING, 600);
    await new Promise((r) => setTimeout(r, 2000));
    const rows = await incoming();
    check(rows.length === INCOMING, `A's incoming holds ${rows.length} documents (expected ${INCOMING})`);
    check(new Set(rows.map((r) => r.number)).size === rows.length, 'each incoming number once');

    console.log(`2. outgoing: ${OUTGOING} invoices from A, kill -9 while they are pushed`);
    const sent: string[] = [];
    // Counted before sending: pushes start as each send commits.
    const atOperator = () => standIn.store.documents.size;
    const before = atOperator();
    for (let i = 0; i < OUTGOING; i++) {
      const draft = await api(
        'POST',
        '/api/Document/add?kind=invoice',
        invoice(A.identity, B, `RES-OUT-${i + 1}`),
      );
      const id = draft.data.id as string;
      const model = (await api('GET', `/api/DocumentSignAction/getModelSign?documentId=${id}&action=send`))
        .data;
      const signature = await sign(new Uint8Array(Buffer.from(model.toSign, 'base64')));
      await api('POST', '/api/DocumentSignAction/run', { documentId: id, action: 'send', signature });
      sent.push(id);
    }
    await until('a part pushed', async () => atOperator() - before >= 5 || atOperator() - before >= OUTGOING);
    await restart(`after ${atOperator() - before} of ${OUTGOING} pushed`);
    await api('POST', '/api/Synchronize/syncNow');
    const states = async () =>
      Promise.all(
        sent.map(
          async (id) => (await api('GET', `/api/Synchronize/getTransport?documentId=${id}`)).data?.state,
        ),
      );
    await until('all pushed', async () => (await states()).every((s) => s === 'atOperator'), 600);
    const mine = [...standIn.store.documents.values()].filter((d) => d.creator === A.identity);
    const numbers = mine.map(
      (d) => JSON.parse(Buffer.from(d.bytes, 'base64').toString('utf8')).FacturaDoc.FacturaNo,
    );
    check(
      mine.length === OUTGOING,
      `the operator holds ${mine.length} documents from A (expected ${OUTGOING})`,
    );
    check(new Set(numbers).size === numbers.length, 'each outgoing number once at the operator');
    check(
      mine.every((d) => d.status === 1),
      'every one sent (status 1)',
    );
    check(
      (await states()).every((s) => s === 'atOperator'),
      'Hujjat says atOperator for each',
    );
  } finally {
    await server.stop().catch(() => {});
    await standIn.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(failed ? `${failed} check(s) failed` : 'all checks passed');
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
