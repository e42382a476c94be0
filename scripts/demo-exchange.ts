/**
 * npm run demo:exchange — a walk through the document exchange against a running Hujjat (HUJJAT_URL,
 * default http://127.0.0.1:8080), through the public API only, signing with the demo keys in the E-IMZO
 * emulator exactly as a browser does (WebSocket plug-in API). It doubles as the integrators' example
 * client: every call below is one an accounting system makes.
 *
 * Demo organisations 1 and 2 and the demo individuals exchange an invoice (sent, rejected with a reason,
 * copied, corrected, re-sent, accepted), a waybill (through the responsible person to delivery and a
 * return) and an empowerment (issuer → agent → supplier). Demo organisation 3 stays an outsider and
 * must see none of it. Everything here is demo data, signed by a demo CA nobody trusts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const BASE = (process.env.HUJJAT_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LANG = process.env.HUJJAT_LANG ?? 'en';

// ---- the API ----------------------------------------------------------------------------------

interface Session {
  label: string;
  identity: string;
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
  method: string,
  url: string,
  options: { session?: Session; body?: unknown; key?: string } = {},
) {
  const headers: Record<string, string> = { 'accept-language': LANG };
  if (options.session) headers.authorization = `Bearer ${options.session.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.key) headers['idempotency-key'] = options.key;
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  const body = text ? JSON.parse(text) : null;
  if (!res.ok) throw new ApiFailure(res.status, body);
  return body;
}

// ---- the E-IMZO plug-in (the emulator in demo mode) -------------------------------------------

let plugin: { wsUrl: string; apiKey: string | null; origin: string } | null = null;

function callPlugin(call: object): Promise<any> {
  if (!plugin) throw new Error('plug-in not configured');
  const { wsUrl, origin } = plugin;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { headers: { origin } });
    ws.once('open', () => ws.send(JSON.stringify(call)));
    ws.once('message', (data) => {
      resolve(JSON.parse(data.toString()));
      ws.close();
    });
    ws.once('error', reject);
  });
}

async function setUpPlugin() {
  const config = await api('GET', '/api/Config/client');
  if (!config.demo) throw new Error('the server is not in demo mode: this walk signs with demo keys only');
  plugin = { wsUrl: config.eimzo.wsUrl, apiKey: config.eimzo.apiKey, origin: new URL(BASE).origin };
  const version = await callPlugin({ name: 'version' });
  if (!version.success) throw new Error(`E-IMZO emulator: ${version.reason}`);
  if (plugin.apiKey) {
    const registered = await callPlugin({
      name: 'apikey',
      arguments: [new URL(BASE).hostname, plugin.apiKey],
    });
    if (!registered.success) throw new Error(`E-IMZO apikey refused: ${registered.reason}`);
  }
}

const loadedKeys = new Map<string, string>();

/** An attached PKCS#7 over exactly `bytes` with the demo key of `identity` (TIN or PINFL). */
async function signWithKey(identity: string, bytes: Uint8Array): Promise<string> {
  let keyId = loadedKeys.get(identity);
  if (!keyId) {
    const list = await callPlugin({ plugin: 'pfx', name: 'list_all_certificates' });
    const entry = list.certificates.find((c: any) => c.path === 'DSKEYS' && c.name === `DS${identity}`);
    if (!entry) throw new Error(`no demo key for ${identity}`);
    const loaded = await callPlugin({
      plugin: 'pfx',
      name: 'load_key',
      arguments: [entry.disk, entry.path, entry.name, entry.alias],
    });
    if (!loaded.success) throw new Error(`load_key: ${loaded.reason}`);
    keyId = loaded.keyId as string;
    loadedKeys.set(identity, keyId);
  }
  const signed = await callPlugin({
    plugin: 'pkcs7',
    name: 'create_pkcs7',
    arguments: [Buffer.from(bytes).toString('base64'), keyId, 'no'],
  });
  if (!signed.success) throw new Error(`create_pkcs7: ${signed.reason}`);
  return signed.pkcs7_64;
}

// ---- steps ------------------------------------------------------------------------------------

async function signIn(label: string, identity: string): Promise<Session> {
  const challenge = (await api('GET', '/api/Eimzo/getChallenge?purpose=auth')).data.challenge as string;
  const pkcs7 = await signWithKey(identity, new TextEncoder().encode(challenge));
  const profile = (await api('POST', '/api/Eimzo/EimzoAuth', { body: { pkcs7, pkcs7b64: pkcs7 } })).data;
  console.log(`  signed in   ${label.padEnd(34)} ${identity}  (${profile.organizationName})`);
  return { label, identity, token: profile.accessToken };
}

let step = 0;
async function report(who: Session, what: string, documentId: string) {
  const view = (await api('GET', `/api/Document/getById?documentId=${documentId}`, { session: who })).data;
  const status = (await api('GET', `/api/DocStatus/get?kind=${view.kind}&code=${view.viewStatus}`)).data.name;
  step++;
  console.log(
    `  ${String(step).padStart(2)}. ${`${who.label}: ${what}`.padEnd(62, '.')} ${status} (${view.viewStatus})`,
  );
  return view;
}

/** getModelSign → sign the exact bytes → timestamp → run: one signed action. */
async function act(who: Session, documentId: string, action: string, reason?: string) {
  const query = new URLSearchParams({ documentId, action, ...(reason ? { reason } : {}) });
  const model = (await api('GET', `/api/DocumentSignAction/getModelSign?${query}`, { session: who })).data;
  const signature = await signWithKey(who.identity, new Uint8Array(Buffer.from(model.toSign, 'base64')));
  const stamped = await api('POST', '/api/Eimzo/getTimeStamp', { session: who, body: { pkcs7: signature } });
  const answer = await api('POST', '/api/DocumentSignAction/run', {
    session: who,
    key: `demo-${documentId}-${action}`,
    body: { documentId, action, signature: stamped?.pkcs7b64 ?? signature, ...(reason ? { reason } : {}) },
  });
  return answer.message as string;
}

const fixture = (kind: string, file: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas/documents', kind, 'fixtures/valid', file), 'utf8'));

async function main() {
  console.log(`Hujjat demo exchange against ${BASE} — demo data, keys of the demo CA\n`);
  await setUpPlugin();
  const A = await signIn('A, OOO «Demo Savdo» (demo)', '302000001');
  const B = await signIn('B, AJ «Demo Qurilish» (demo)', '302000002');
  const C = await signIn('C, XK «Demo Logistika» (demo)', '302000003');
  const agent = await signIn('Agent Rahimov J. (demo)', '31707920456784');
  const carrier = await signIn('Responsible Yusupova M. (demo)', '42511950567895');
  const documents: string[] = [];

  console.log('\nInvoice: sent, rejected with a reason, copied, corrected, re-sent, accepted');
  const base = fixture('invoice', '01-standard.json');
  const invoice = {
    ...base,
    FacturaId: '',
    FacturaDoc: {
      FacturaNo: `DEMO-${Date.now().toString().slice(-6)}`,
      FacturaDate: new Date().toISOString().slice(0, 10),
    },
    ContractDoc: { ContractNo: '12/2025-XATO', ContractDate: base.ContractDoc.ContractDate },
    SellerTin: A.identity,
    Seller: { ...base.Seller, Name: 'OOO «Demo Savdo» (demo)' },
    BuyerTin: B.identity,
    Buyer: { ...base.Buyer, Name: 'AJ «Demo Qurilish» (demo)' },
    ProductList: { ...base.ProductList, Tin: A.identity },
  };
  const draft = (
    await api('POST', '/api/Document/add?kind=invoice', {
      session: A,
      body: invoice,
      key: `demo-add-${invoice.FacturaDoc.FacturaNo}`,
    })
  ).data.id;
  documents.push(draft);
  await report(A, 'adds a draft', draft);
  await act(A, draft, 'send');
  await report(A, 'signs and sends it', draft);
  const counts = (await api('GET', '/api/Document/getCounts', { session: B })).data;
  await report(B, `sees it waiting (${counts.incomingAwaiting} waiting in incoming)`, draft);
  const reason = 'Shartnoma raqami noto‘g‘ri: 12/2025 bo‘lishi kerak';
  await act(B, draft, 'reject', reason);
  const rejected = await report(B, `rejects it: “${reason}”`, draft);
  const seenReason = rejected.events.at(-1).reason;
  await report(A, `sees the rejection and the reason “${seenReason}”`, draft);
  const copy = (
    await api('POST', `/api/Document/copyDocument?documentId=${draft}`, {
      session: A,
      key: `demo-copy-${draft}`,
    })
  ).data.id;
  documents.push(copy);
  await report(A, 'copies it into a new draft', copy);
  const model = (await api('GET', `/api/Document/GetUpdateModel?documentId=${copy}`, { session: A })).data;
  // A copy has no number of its own yet (issue 26): the corrected invoice gets one.
  const fixed = {
    ...model.content,
    FacturaDoc: { ...model.content.FacturaDoc, FacturaNo: `${invoice.FacturaDoc.FacturaNo}-2` },
    ContractDoc: { ...model.content.ContractDoc, ContractNo: '12/2025' },
  };
  await api('PUT', `/api/Document/update?documentId=${copy}&version=${model.version}`, {
    session: A,
    body: fixed,
  });
  await report(A, 'numbers it and corrects the contract number', copy);
  await act(A, copy, 'send');
  await report(A, 'signs and sends the corrected invoice', copy);
  await act(B, copy, 'accept');
  const accepted = await report(B, 'accepts it', copy);
  console.log(
    `      signatures: ${accepted.signatures.map((s: any) => `${s.action} by ${s.signerName} (${s.tin}, SN ${s.serialDec})`).join('; ')}`,
  );

  console.log('\nWaybill: through the responsible person to delivery, then a return');
  const wbase = fixture('waybill', '01-car-seller-to-buyer.json');
  const waybill = {
    ...wbase,
    WaybillLocalId: '',
    WaybillDoc: {
      WaybillNo: `TTN-DEMO-${Date.now().toString().slice(-6)}`,
      WaybillDate: new Date().toISOString().slice(0, 10),
    },
    Consignor: { ...wbase.Consignor, TinOrPinfl: A.identity, Name: 'OOO «Demo Savdo» (demo)' },
    Consignee: { ...wbase.Consignee, TinOrPinfl: B.identity, Name: 'AJ «Demo Qurilish» (demo)' },
    ResponsiblePerson: { Pinfl: carrier.identity, FullName: 'Yusupova Madina Shavkatovna (demo)' },
  };
  const wid = (await api('POST', '/api/Document/add?kind=waybill', { session: A, body: waybill })).data.id;
  documents.push(wid);
  await report(A, 'adds a waybill', wid);
  await act(A, wid, 'send');
  await report(A, 'signs and sends it to the responsible person', wid);
  await act(carrier, wid, 'responsibleAccept');
  await report(carrier, 'accepts the cargo', wid);
  await act(carrier, wid, 'responsibleGive');
  await report(carrier, 'delivers it to the consignee', wid);
  await report(B, 'sees the delivered waybill', wid);
  await act(carrier, wid, 'responsibleReturn', 'Qadoq shikastlangan');
  await report(carrier, 'returns the cargo: “Qadoq shikastlangan”', wid);
  await act(A, wid, 'consignorReturnAccept');
  await report(A, 'confirms the return', wid);

  console.log('\nEmpowerment: issuer → agent → supplier');
  const ebase = fixture('empowerment', '01-standard.json');
  const empowerment = {
    ...ebase,
    EmpowermentId: '',
    EmpowermentDoc: {
      EmpowermentNo: `D-DEMO-${Date.now().toString().slice(-5)}`,
      EmpowermentDateOfIssue: new Date().toISOString().slice(0, 10),
      EmpowermentDateOfExpire: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    },
    Agent: { ...ebase.Agent, AgentTin: agent.identity, Fio: 'Rahimov Jasur Anvarovich (demo)' },
    BuyerTin: B.identity,
    Buyer: { ...ebase.Buyer, Name: 'AJ «Demo Qurilish» (demo)' },
    SellerTin: A.identity,
    Seller: { ...ebase.Seller, Name: 'OOO «Demo Savdo» (demo)' },
    ProductList: { ...ebase.ProductList, Tin: B.identity },
  };
  const eid = (await api('POST', '/api/Document/add?kind=empowerment', { session: B, body: empowerment }))
    .data.id;
  documents.push(eid);
  await report(B, 'issues an empowerment to its agent', eid);
  await act(B, eid, 'send');
  await report(B, 'signs and sends it', eid);
  await act(agent, eid, 'agentAccept');
  await report(agent, 'signs it as the agent', eid);
  await act(A, eid, 'accept');
  await report(A, 'accepts it as the supplier', eid);

  console.log('\nOutsider: C sees none of it');
  let hidden = 0;
  for (const id of documents) {
    try {
      await api('GET', `/api/Document/getById?documentId=${id}`, { session: C });
      console.log(`  !! C can open ${id}`);
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 404) hidden++;
      else throw error;
    }
  }
  const listed = (await api('GET', '/api/Document/getList?Size=90', { session: C })).rows.filter((r: any) =>
    documents.includes(r.id),
  );
  console.log(
    `  C opens ${documents.length} documents of the walk: ${hidden} × 404; C's lists hold ${listed.length} of them`,
  );
  if (hidden !== documents.length || listed.length) process.exitCode = 1;
  console.log(`\nDone: ${step} steps. Open ${BASE} and sign in as A or B (demo keys) to see the documents.`);
}

main().catch((error) => {
  console.error(
    `demo:exchange failed: ${error instanceof ApiFailure ? JSON.stringify(error.body) : error.message}`,
  );
  process.exit(1);
});
