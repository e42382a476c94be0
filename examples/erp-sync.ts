/**
 * examples/erp-sync.ts — what an ERP (1C, SAP, a bank's back office) does with Hujjat, through the
 * generated typed client only (clients/typescript; docs/integrating.md):
 *
 *  1. creates an invoice from each row of a CSV file (the ERP's export), with the parties' requisites and
 *     the classifier's names asked from Hujjat, then signs and sends it;
 *  2. follows the event feed with long polling, keeping its cursor in a file: a restart resumes exactly
 *     where it stopped (nothing skipped, nothing repeated);
 *  3. accepts every incoming invoice, signed with the signer's key in the E-IMZO plug-in — in demo mode
 *     the emulator's demo key. Hujjat never signs: the API key only posts a signature made elsewhere.
 *
 *   HUJJAT_URL=http://127.0.0.1:8080 HUJJAT_API_KEY=hjk_… HUJJAT_TIN=302000001 \
 *     [INVOICES_CSV=examples/invoices.csv] [STATE_FILE=.erp-sync.json] npx tsx examples/erp-sync.ts
 *
 * It runs until stopped (Ctrl-C), or with ONCE=1 until the feed has nothing new. CI runs main() against a
 * fresh server (tests/server/integrations/erpSyncExample.test.ts).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import Decimal from 'decimal.js';
import WebSocket from 'ws';
import { type components, createHujjatClient, type HujjatClient, type paths } from '../clients/typescript';

type FeedEvent =
  paths['/api/Events/getList']['get']['responses'][200]['content']['application/json']['data'] extends
    | { events: (infer E)[] }
    | undefined
    ? E
    : never;
type Requisites = NonNullable<
  paths['/api/DocumentOrganization/getOrgInfoByTin']['get']['responses'][200]['content']['application/json']['data']
>;

export type { components, FeedEvent };

/** Signs `bytes` with the key of `identity` (TIN or PINFL): an attached PKCS#7, base64. */
export type Signer = (identity: string, bytes: Uint8Array) => Promise<string>;

export interface ErpSyncOptions {
  baseUrl: string;
  /** `hjk_…`: a key of our organisation whose role may create, send and accept invoices. */
  apiKey: string;
  /** Our TIN: the seller of the CSV's invoices, the signer of our actions. */
  tin: string;
  /** The CSV's text (header + rows), or none. */
  csv?: string;
  /** Where the feed's cursor is kept between runs. */
  stateFile: string;
  /** The signer's plug-in; default: E-IMZO (the emulator in demo mode) where /api/Config/client says. */
  signer?: Signer;
  /** Long polling: how long one request waits for the next event (≤ 30 s). */
  waitSeconds?: number;
  /** Stop when this says so (checked after every page); default: never (ONCE=1: when a page is empty). */
  stopWhen?: (state: ErpSyncState, emptyPage: boolean) => boolean;
  log?: (line: string) => void;
}

export interface ErpSyncState {
  /** Invoices this run created from the CSV (id by number). */
  created: Map<string, string>;
  /** Incoming invoices this run accepted. */
  accepted: string[];
  /** What the counterparties answered to our invoices: documentId → action (accept, reject, …). */
  answers: Map<string, string>;
  /** Every event read, in feed order. */
  events: FeedEvent[];
}

class HujjatError extends Error {
  constructor(what: string, error: unknown, status: number) {
    const body = error as { code?: string; message?: string } | undefined;
    super(`${what}: ${status} ${body?.code ?? ''} ${body?.message ?? ''}`.trim());
  }
}

/** The answer's data, or an error naming the call. */
function ok<T>(what: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || result.data === undefined)
    throw new HujjatError(what, result.error, result.response.status);
  return result.data;
}

// ---- the CSV ------------------------------------------------------------------------------------

/** Rows of a comma-separated file with a header line ("…" quotes a field; "" is a quote inside). */
export function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      if (record.some((f) => f !== '')) records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  record.push(field);
  if (record.some((f) => f !== '')) records.push(record);
  const [header = [], ...rows] = records;
  return rows.map((r) => Object.fromEntries(header.map((name, i) => [name.trim(), (r[i] ?? '').trim()])));
}

const PARTY_FIELDS = [
  'Name',
  'BranchCode',
  'BranchName',
  'VatRegCode',
  'VatRegStatus',
  'Account',
  'BankId',
  'Address',
  'Director',
  'Accountant',
] as const;

const partyOf = (r: Requisites) =>
  Object.fromEntries(PARTY_FIELDS.filter((f) => r[f] !== undefined).map((f) => [f, r[f]]));

/**
 * An invoice from one CSV row: number, date, contract_no, contract_date, buyer_tin, catalog_code,
 * package_code, name, quantity, price, vat_rate. Amounts are exact decimals (2 places, half up).
 */
export function invoiceFromRow(
  row: Record<string, string>,
  seller: Requisites,
  buyer: Requisites,
  names: { catalogName: string; packageName: string },
) {
  const count = new Decimal(row.quantity);
  const price = new Decimal(row.price);
  const sum = count.times(price).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const vatRate = new Decimal(row.vat_rate || '0');
  const vat = sum.times(vatRate).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  // The national format carries amounts as JSON numbers; each is written from its exact decimal.
  const amount = (d: Decimal) => Number(d.toFixed());
  return {
    Version: 1,
    FacturaId: '',
    FacturaType: 0,
    HasMarking: false,
    WaybillLocalIds: [],
    FacturaDoc: { FacturaNo: row.number, FacturaDate: row.date },
    OldFacturaDoc: null,
    ContractDoc: { ContractNo: row.contract_no, ContractDate: row.contract_date },
    ContractId: null,
    LotId: '',
    FacturaEmpowermentDoc: null,
    SellerTin: seller.TinOrPinfl,
    BuyerTin: buyer.TinOrPinfl,
    Seller: partyOf(seller),
    Buyer: partyOf(buyer),
    ProductList: {
      FacturaProductId: '',
      Tin: seller.TinOrPinfl,
      HasExcise: false,
      HasVat: !vatRate.isZero(),
      HasCommittent: false,
      HasLgota: false,
      HasMedical: false,
      Products: [
        {
          OrdNo: 1,
          CatalogCode: row.catalog_code,
          CatalogName: names.catalogName,
          Name: row.name,
          PackageCode: row.package_code,
          PackageName: names.packageName,
          Count: amount(count),
          Summa: amount(price),
          DeliverySum: amount(sum),
          VatRate: amount(vatRate),
          VatSum: amount(vat),
          DeliverySumWithVat: amount(sum.plus(vat)),
          WithoutVat: vatRate.isZero(),
          Origin: 2,
        },
      ],
    },
  };
}

// ---- the signer's plug-in (E-IMZO; the emulator in demo mode) -----------------------------------

/** A Signer over the E-IMZO plug-in's WebSocket API (as the browser uses it). */
export function eimzoSigner(plugin: { wsUrl: string; origin: string; apiKey: string | null }): Signer {
  const call = (request: object): Promise<any> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(plugin.wsUrl, { headers: { origin: plugin.origin } });
      ws.once('open', () => ws.send(JSON.stringify(request)));
      ws.once('message', (data) => {
        resolve(JSON.parse(data.toString()));
        ws.close();
      });
      ws.once('error', reject);
    });
  const keys = new Map<string, string>();
  let registered: Promise<void> | null = null;
  return async (identity, bytes) => {
    registered ??= (async () => {
      if (!plugin.apiKey) return;
      const answer = await call({
        name: 'apikey',
        arguments: [new URL(plugin.origin).hostname, plugin.apiKey],
      });
      if (!answer.success) throw new Error(`E-IMZO refused the API key: ${answer.reason}`);
    })();
    await registered;
    let keyId = keys.get(identity);
    if (!keyId) {
      const list = await call({ plugin: 'pfx', name: 'list_all_certificates' });
      // The key files of `identity` whose certificate is still valid (the alias ends validto=yyyy.mm.dd …).
      const validTo = (alias: string) =>
        /validto=(\d{4})\.(\d{2})\.(\d{2})/.exec(alias)?.slice(1).join('-') ?? '';
      const today = new Date().toISOString().slice(0, 10);
      const entry = list.certificates?.find(
        (c: any) => c.name === `DS${identity}` && validTo(c.alias) >= today,
      );
      if (!entry) throw new Error(`E-IMZO has no valid key of ${identity}`);
      const loaded = await call({
        plugin: 'pfx',
        name: 'load_key',
        arguments: [entry.disk, entry.path, entry.name, entry.alias],
      });
      if (!loaded.success) throw new Error(`E-IMZO load_key: ${loaded.reason}`);
      keyId = loaded.keyId as string;
      keys.set(identity, keyId);
    }
    const signed = await call({
      plugin: 'pkcs7',
      name: 'create_pkcs7',
      arguments: [Buffer.from(bytes).toString('base64'), keyId, 'no'],
    });
    if (!signed.success) throw new Error(`E-IMZO create_pkcs7: ${signed.reason}`);
    return signed.pkcs7_64 as string;
  };
}

async function pluginOf(hujjat: HujjatClient, baseUrl: string): Promise<Signer> {
  const config = ok('Config/client', await hujjat.GET('/api/Config/client'));
  return eimzoSigner({
    wsUrl: config.eimzo.wsUrl,
    origin: new URL(baseUrl).origin,
    apiKey: config.eimzo.apiKey,
  });
}

// ---- Hujjat ---------------------------------------------------------------------------------------

/** One signed action: the exact bytes to sign, the signer's signature, a timestamp, the action. */
async function act(hujjat: HujjatClient, sign: Signer, tin: string, documentId: string, action: string) {
  const model = ok(
    `getModelSign ${action}`,
    await hujjat.GET('/api/DocumentSignAction/getModelSign', { params: { query: { documentId, action } } }),
  ).data!;
  const signature = await sign(tin, new Uint8Array(Buffer.from(model.toSign!, 'base64')));
  const stamped = ok(
    'getTimeStamp',
    await hujjat.POST('/api/Eimzo/getTimeStamp', { body: { pkcs7: signature } }),
  );
  ok(
    `run ${action}`,
    await hujjat.POST('/api/DocumentSignAction/run', {
      body: { documentId, action, signature: stamped.pkcs7b64 ?? signature },
      // A retried request (a lost answer) does not act twice.
      headers: { 'idempotency-key': `erp-${documentId}-${action}` },
    }),
  );
}

async function requisites(hujjat: HujjatClient, tin: string): Promise<Requisites> {
  const answer = ok(
    `requisites of ${tin}`,
    await hujjat.GET('/api/DocumentOrganization/getOrgInfoByTin', { params: { query: { tin } } }),
  );
  return answer.data!;
}

async function classifierNames(hujjat: HujjatClient, code: string, packageCode: string) {
  const card = ok(
    `classifier ${code}`,
    await hujjat.GET('/api/Document/getProductsClassifierTasnif', { params: { query: { code } } }),
  ).rows?.[0];
  const packages = ok(
    `packages of ${code}`,
    await hujjat.GET('/api/Document/getPackagesTasnif', { params: { query: { code, lang: 'ru' } } }),
  ).rows;
  const unit = packages?.find((p) => p.code === packageCode);
  if (!card?.mxikNameRu || !unit?.name) throw new Error(`classifier ${code} has no package ${packageCode}`);
  return { catalogName: card.mxikNameRu, packageName: unit.name };
}

/** Each CSV row: an invoice (once — the idempotency key is its number), signed and sent. */
async function createFromCsv(
  hujjat: HujjatClient,
  options: ErpSyncOptions,
  state: ErpSyncState,
  sign: Signer,
) {
  const rows = options.csv ? parseCsv(options.csv) : [];
  if (!rows.length) return;
  const seller = await requisites(hujjat, options.tin);
  for (const row of rows) {
    const buyer = await requisites(hujjat, row.buyer_tin);
    const names = await classifierNames(hujjat, row.catalog_code, row.package_code);
    const added = ok(
      `invoice ${row.number}`,
      await hujjat.POST('/api/Document/add', {
        params: { query: { kind: 'invoice' } },
        body: invoiceFromRow(row, seller, buyer, names),
        headers: { 'idempotency-key': `erp-invoice-${options.tin}-${row.number}` },
      }),
    ).data!;
    if (!added.replayed) await act(hujjat, sign, options.tin, added.id!, 'send');
    state.created.set(row.number, added.id!);
    options.log?.(`invoice ${row.number}: ${added.replayed ? 'already created' : 'created and sent'}`);
  }
}

/** An incoming invoice waiting for us: accepted, signed by our key. */
async function onEvent(
  hujjat: HujjatClient,
  options: ErpSyncOptions,
  state: ErpSyncState,
  sign: Signer,
  event: FeedEvent,
) {
  state.events.push(event);
  if ([...state.created.values()].includes(event.documentId) && event.actorIdentity !== options.tin)
    state.answers.set(event.documentId, event.action);
  if (event.kind !== 'invoice' || event.action !== 'send' || event.actorIdentity === options.tin) return;
  const view = ok(
    'getById',
    await hujjat.GET('/api/Document/getById', { params: { query: { documentId: event.documentId } } }),
  ).data;
  if (!view?.myRoles?.includes('receiver') || !view.actions?.some((a) => a.name === 'accept')) return;
  await act(hujjat, sign, options.tin, event.documentId, 'accept');
  state.accepted.push(event.documentId);
  options.log?.(`accepted incoming invoice ${view.number ?? event.documentId}`);
}

const readCursor = (file: string): string | undefined => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')).cursor;
  } catch {
    return undefined;
  }
};

/** Writes the cursor so that a crash leaves the old or the new one, never half a file. */
function saveCursor(file: string, cursor: string) {
  fs.writeFileSync(`${file}.tmp`, JSON.stringify({ cursor }));
  fs.renameSync(`${file}.tmp`, file);
}

export async function main(options: ErpSyncOptions): Promise<ErpSyncState> {
  const hujjat = createHujjatClient({ baseUrl: options.baseUrl, token: options.apiKey, language: 'en' });
  const sign = options.signer ?? (await pluginOf(hujjat, options.baseUrl));
  const state: ErpSyncState = { created: new Map(), accepted: [], answers: new Map(), events: [] };
  await createFromCsv(hujjat, options, state, sign);
  let cursor = readCursor(options.stateFile);
  for (;;) {
    const result = await hujjat.GET('/api/Events/getList', {
      params: { query: { cursor, limit: 100, wait: options.waitSeconds ?? 30 } },
    });
    if (result.response.status === 429) {
      const after = Number(result.response.headers.get('retry-after') ?? 1);
      await new Promise((resolve) => setTimeout(resolve, after * 1000));
      continue;
    }
    const page = ok('Events/getList', result).data!;
    // Handled first, then the cursor is kept: after a crash an event may be handled again (at least
    // once — an invoice already accepted offers no `accept` and is left alone), never lost.
    for (const event of page.events) await onEvent(hujjat, options, state, sign, event);
    cursor = page.cursor;
    saveCursor(options.stateFile, cursor);
    if (options.stopWhen?.(state, page.events.length === 0)) return state;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const env = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set`);
    return value;
  };
  const csvFile = process.env.INVOICES_CSV;
  main({
    baseUrl: process.env.HUJJAT_URL ?? 'http://127.0.0.1:8080',
    apiKey: env('HUJJAT_API_KEY'),
    tin: env('HUJJAT_TIN'),
    csv: csvFile ? fs.readFileSync(csvFile, 'utf8') : undefined,
    stateFile: process.env.STATE_FILE ?? '.erp-sync.json',
    stopWhen: process.env.ONCE ? (_, empty) => empty : undefined,
    log: (line) => console.log(line),
  }).then(
    () => process.exit(0),
    (error) => {
      console.error(`erp-sync: ${error.message}`);
      process.exit(1);
    },
  );
}
