/**
 * npm run demo:roaming — two Hujjat servers exchange through the stand-in operator (issue 28 item 7),
 * through the public API only. Server 1 holds demo company A (302000001), server 2 demo company B
 * (302000002) (DEMO_ORGANIZATIONS: the other counts as elsewhere); server 1 starts the stand-in
 * operator (demo mode), server 2 uses it (OPERATOR_STANDIN_URL); both share one demo PKI. Each company
 * binds the stand-in as its Didox operator. A sends an invoice on 1 → it appears in B's incoming on 2 →
 * B rejects it with a reason → A sees the reason → A sends a corrected copy → B accepts → both servers
 * show status 3 and both signatures → each server's archive verifies offline (verify:archive).
 * Everything is demo data, signed with demo keys of a demo CA. Ports: ROAMING_PORT_BASE (default
 * 20400): server 1 on +10, its E-IMZO emulator +11/+12, the stand-in +13; server 2 on +20, +21/+22.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDemoSignature } from '../src/emulator';
import { ensureDemoPki } from './demo-pki';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASE_PORT = Number(process.env.ROAMING_PORT_BASE || 20400);
const LANG = 'en';
const A = { identity: '302000001', keyId: 'org-302000001', label: 'A, OOO «Demo Savdo» (demo)' };
const B = { identity: '302000002', keyId: 'org-302000002', label: 'B, AJ «Demo Qurilish» (demo)' };

interface Server {
  name: string;
  url: string;
  dataDir: string;
  child: ChildProcess;
}
interface Session {
  server: Server;
  who: typeof A;
  token: string;
}

class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: any,
  ) {
    super(`${status} ${body?.code ?? ''} ${body?.message ?? ''}`);
  }
}

async function api(
  server: Server,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = { 'accept-language': LANG };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  const body = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  if (!res.ok) throw new ApiFailure(res.status, body);
  return body;
}

function startServer(
  name: string,
  dataDir: string,
  port: number,
  env: Record<string, string>,
): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'serve.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEMO: 'on',
      PORT: String(port),
      DATA_DIR: dataDir,
      EIMZO_WS_PORT: String(port + 1),
      EIMZO_EMULATOR_SERVER_PORT: String(port + 2),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const server = { name, url: `http://127.0.0.1:${port}`, dataDir, child };
  return new Promise((resolve, reject) => {
    const started = Date.now();
    child.once('exit', (code) => reject(new Error(`${name} exited (${code})`)));
    const poll = async () => {
      try {
        const res = await fetch(`${server.url}/api/Config/client`);
        if (res.ok) return resolve(server);
      } catch {}
      if (Date.now() - started > 600_000) return reject(new Error(`${name} did not start in 10 minutes`));
      setTimeout(poll, 500);
    };
    void poll();
  });
}

let pkiDir = '';
const sign = (keyId: string, bytes: Uint8Array) => createDemoSignature(pkiDir, keyId, bytes);

async function signIn(server: Server, who: typeof A): Promise<Session> {
  const challenge = (await api(server, 'GET', '/api/Eimzo/getChallenge?purpose=auth')).data
    .challenge as string;
  const pkcs7 = await sign(who.keyId, new TextEncoder().encode(challenge));
  const profile = (await api(server, 'POST', '/api/Eimzo/EimzoAuth', { body: { pkcs7, pkcs7b64: pkcs7 } }))
    .data;
  console.log(`  signed in   ${who.label} on ${server.name}`);
  return { server, who, token: profile.accessToken };
}

async function act(s: Session, documentId: string, action: string, reason?: string) {
  const query = new URLSearchParams({ documentId, action, ...(reason ? { reason } : {}) });
  const model = (
    await api(s.server, 'GET', `/api/DocumentSignAction/getModelSign?${query}`, { token: s.token })
  ).data;
  const signature = await sign(s.who.keyId, new Uint8Array(Buffer.from(model.toSign, 'base64')));
  const stamped = await api(s.server, 'POST', '/api/Eimzo/getTimeStamp', {
    token: s.token,
    body: { pkcs7: signature },
  });
  return api(s.server, 'POST', '/api/DocumentSignAction/run', {
    token: s.token,
    body: { documentId, action, signature: stamped?.pkcs7b64 ?? signature, ...(reason ? { reason } : {}) },
  });
}

const view = async (s: Session, id: string) =>
  (await api(s.server, 'GET', `/api/Document/getById?documentId=${id}`, { token: s.token })).data;
const transport = async (s: Session, id: string) =>
  (await api(s.server, 'GET', `/api/Synchronize/getTransport?documentId=${id}`, { token: s.token })).data;

/** Synchronise now and wait until `check` holds (the jobs run on the server's queue). */
async function syncUntil<T>(
  s: Session,
  what: string,
  check: () => Promise<T | null | undefined | false>,
): Promise<T> {
  const started = Date.now();
  for (let round = 0; ; round++) {
    if (round % 4 === 0) await api(s.server, 'POST', '/api/Synchronize/syncNow', { token: s.token });
    const found = await check();
    if (found) return found;
    if (Date.now() - started > 60_000) throw new Error(`${s.server.name}: ${what} did not happen in 60 s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function findIncoming(s: Session, number: string) {
  const list = await api(s.server, 'GET', '/api/Document/getList?DocDirection=incoming&Page=1&Size=90', {
    token: s.token,
  });
  return list.rows.find((r: any) => r.number === number) as { id: string } | undefined;
}

let step = 0;
function say(who: Session, what: string, v: { status: number; viewStatus: number }) {
  step++;
  console.log(
    `  ${String(step).padStart(2)}. ${`${who.server.name} ${who.who.label.slice(0, 1)}: ${what}`.padEnd(72, '.')} status ${v.viewStatus}`,
  );
}

function fixture(kind: string, file: string) {
  return JSON.parse(
    fs.readFileSync(path.join(ROOT, 'schemas/documents', kind, 'fixtures/valid', file), 'utf8'),
  );
}

async function archiveVerifies(s: Session, id: string, label: string) {
  const res = await fetch(`${s.server.url}/api/Document/getArchive?documentId=${id}`, {
    headers: { authorization: `Bearer ${s.token}` },
  });
  if (!res.ok) throw new Error(`${label}: archive ${res.status}`);
  const file = path.join(s.server.dataDir, `${label}.zip`);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  const ca = path.join(pkiDir, 'demo-pki', 'ca', 'root.pem');
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/verify-archive.ts', file, '--trust', ca],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  const result = r.stdout.split('\n').find((l) => l.startsWith('result:')) ?? r.stderr;
  console.log(`      verify:archive ${label}: ${result}`);
  return r.status === 0;
}

async function main() {
  console.log('Hujjat demo roaming: two servers through the stand-in operator — demo data, demo keys\n');
  const dir1 = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-roaming-1-'));
  const dir2 = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-roaming-2-'));
  // One demo PKI for both servers and the operator: each trusts the other's signatures.
  await ensureDemoPki(dir1);
  fs.cpSync(path.join(dir1, 'demo-pki'), path.join(dir2, 'demo-pki'), { recursive: true });
  pkiDir = dir1;
  const servers: Server[] = [];
  const stop = () => {
    for (const server of servers) server.child.kill('SIGTERM');
  };
  process.on('exit', stop);
  try {
    const standInPort = BASE_PORT + 13;
    servers.push(
      await startServer('server 1', dir1, BASE_PORT + 10, {
        DEMO_ORGANIZATIONS: A.identity,
        OPERATOR_STANDIN: 'on',
        OPERATOR_STANDIN_PORT: String(standInPort),
      }),
    );
    servers.push(
      await startServer('server 2', dir2, BASE_PORT + 20, {
        DEMO_ORGANIZATIONS: B.identity,
        OPERATOR_STANDIN_URL: `http://127.0.0.1:${standInPort}`,
      }),
    );
    const [s1, s2] = servers;
    console.log(
      `  server 1 ${s1.url} (A), server 2 ${s2.url} (B), stand-in operator http://127.0.0.1:${standInPort}`,
    );
    const a = await signIn(s1, A);
    const b = await signIn(s2, B);
    for (const s of [a, b]) {
      await api(s.server, 'POST', '/api/Synchronize/bindProvider', {
        token: s.token,
        body: { provider: 'didox', credentials: { partnerToken: 'demo-partner-token', password: 'demo' } },
      });
      console.log(
        `  bound       ${s.who.label.slice(0, 1)} on ${s.server.name} to the stand-in operator (as Didox)`,
      );
    }

    console.log('\nInvoice: sent on 1, rejected on 2 with a reason, corrected on 1, accepted on 2');
    const base = fixture('invoice', '01-standard.json');
    const number = `ROAM-${Date.now().toString().slice(-6)}`;
    const invoice = {
      ...base,
      FacturaId: '',
      FacturaDoc: { FacturaNo: number, FacturaDate: new Date().toISOString().slice(0, 10) },
      ContractDoc: { ContractNo: '12/2025-XATO', ContractDate: base.ContractDoc.ContractDate },
      SellerTin: A.identity,
      Seller: { ...base.Seller, Name: 'OOO «Demo Savdo» (demo)' },
      BuyerTin: B.identity,
      Buyer: { ...base.Buyer, Name: 'AJ «Demo Qurilish» (demo)' },
      ProductList: { ...base.ProductList, Tin: A.identity },
    };
    const first = (await api(s1, 'POST', '/api/Document/add?kind=invoice', { token: a.token, body: invoice }))
      .data.id;
    await act(a, first, 'send');
    say(a, 'signs and sends the invoice', await view(a, first));
    const atOperator = await syncUntil(a, 'the push', async () => {
      const t = await transport(a, first);
      return t?.state === 'atOperator' && t;
    });
    console.log(`      at the operator: id ${atOperator.operatorId}, roaming id ${atOperator.roamingId}`);
    const incoming = await syncUntil(b, 'the invoice in B’s incoming', () => findIncoming(b, number));
    say(b, 'finds it in its incoming list', await view(b, incoming.id));
    const reason = 'Shartnoma raqami noto‘g‘ri: 12/2025 bo‘lishi kerak';
    await act(b, incoming.id, 'reject', reason);
    say(b, `rejects it: “${reason}”`, await view(b, incoming.id));
    const rejected = await syncUntil(a, 'the rejection on 1', async () => {
      const v = await view(a, first);
      return v.status === 4 && v;
    });
    say(a, `sees the rejection and the reason “${rejected.events.at(-1).reason}”`, rejected);
    if (rejected.events.at(-1).reason !== reason) throw new Error('the reason differs');

    const copy = (await api(s1, 'POST', `/api/Document/copyDocument?documentId=${first}`, { token: a.token }))
      .data.id;
    const model = (
      await api(s1, 'GET', `/api/Document/GetUpdateModel?documentId=${copy}`, { token: a.token })
    ).data;
    const corrected = `${number}-2`;
    await api(s1, 'PUT', `/api/Document/update?documentId=${copy}&version=${model.version}`, {
      token: a.token,
      body: {
        ...model.content,
        FacturaDoc: { ...model.content.FacturaDoc, FacturaNo: corrected },
        ContractDoc: { ...model.content.ContractDoc, ContractNo: '12/2025' },
      },
    });
    await act(a, copy, 'send');
    say(a, 'sends a corrected copy', await view(a, copy));
    const second = await syncUntil(b, 'the corrected invoice on 2', () => findIncoming(b, corrected));
    await act(b, second.id, 'accept');
    const onB = await view(b, second.id);
    say(b, 'accepts the corrected invoice', onB);
    const onA = await syncUntil(a, 'the acceptance on 1', async () => {
      const v = await view(a, copy);
      return v.status === 3 && v;
    });
    say(a, 'sees it accepted', onA);
    let ok = true;
    for (const [s, v] of [
      [a, onA],
      [b, onB],
    ] as const) {
      const sigs = v.signatures.map(
        (x: any) =>
          `${x.action} by ${x.organization ?? x.signerName} (${x.tin}): ${x.valid === false ? 'INVALID' : 'valid'}`,
      );
      console.log(`      ${s.server.name}: status ${v.status}, signatures: ${sigs.join('; ')}`);
      // Both signatures valid on both servers (server 2 once called B's own accept invalid).
      ok &&= v.status === 3 && v.signatures.length === 2 && v.signatures.every((x: any) => x.valid === true);
    }
    const t = await transport(a, copy);
    console.log(
      `      on server 1 the transport says: ${t.state}, operator id ${t.operatorId}, roaming id ${t.roamingId}`,
    );

    console.log('\nArchives, checked offline');
    ok = (await archiveVerifies(a, copy, 'server1-invoice')) && ok;
    ok = (await archiveVerifies(b, second.id, 'server2-invoice')) && ok;
    console.log(ok ? '\nDone: both servers hold the invoice signed by both (status 3).' : '\nFAILED');
    if (!ok) process.exitCode = 1;
  } finally {
    stop();
    await new Promise((r) => setTimeout(r, 1500));
    if (!process.env.ROAMING_KEEP)
      for (const dir of [dir1, dir2]) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(
    `demo:roaming failed: ${error instanceof ApiFailure ? JSON.stringify(error.body) : error.message}`,
  );
  process.exit(1);
});
