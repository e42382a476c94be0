// A third organisation against every route of the Document, DocumentSignAction, DocumentContent and
// DocStatus groups, enumerated from the app's OpenAPI route table (a route added later is covered
// without editing this file):
// another organisation's document is a 404 everywhere, and nothing the third one can list shows it.
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { type TestContext, withDatabases } from '../harness';
import {
  act,
  addDraft,
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  ORG1,
  ORG2,
  ORG3,
  type SignedIn,
  signIn,
} from './exchange';

let fixture: ExchangeFixture;
beforeAll(async () => {
  fixture = await createExchangeFixture();
});
afterAll(() => fixture?.dispose());

const GROUPS = ['/api/Document/', '/api/DocumentSignAction/', '/api/DocumentContent/', '/api/DocStatus/'];
const ID_NAMES = /^(documentId|documentUid|docId|id|logId)$/i;

const invoiceOf = (seller: string, buyer: string, number: string) => ({
  ...invoice,
  FacturaId: '',
  FacturaDoc: { ...invoice.FacturaDoc, FacturaNo: number },
  SellerTin: seller,
  BuyerTin: buyer,
  ProductList: { ...invoice.ProductList, Tin: seller },
});

/** A plausible value of a schema (so validation passes and the route reaches its own checks). */
function sample(schema: any, name: string, docId: string): unknown {
  if (!schema) return 'x';
  if (ID_NAMES.test(name)) return docId;
  if (name === 'ids') return [docId];
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [sample(schema.items, name.replace(/s$/, ''), docId)];
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries<any>(schema.properties ?? {})) {
      if (key === 'documentId' || ID_NAMES.test(key) || (schema.required ?? []).includes(key))
        out[key] = sample(value, key, docId);
    }
    if (name === 'items' || 'signature' in out) {
      out.signature = 'MIIB'.padEnd(64, 'A');
      out.action = 'accept';
    }
    return out;
  }
  if (schema.format === 'uuid') return docId;
  if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return '2026-01-01';
  if (schema.pattern?.includes('\\d{4}-(0[1-9]')) return '2026-01';
  if (schema.pattern?.includes('\\d{9}')) return ORG3.identity;
  if (schema.pattern?.startsWith('^[a-z]')) return 'accept';
  return 'x';
}

withDatabases(
  'documents across organisations',
  (ctx: TestContext) => {
    let a: SignedIn;
    let b: SignedIn;
    let outsider: SignedIn;
    const foreign: string[] = [];
    const own: string[] = [];

    beforeAll(async () => {
      a = await signIn(ctx, fixture, ORG1);
      b = await signIn(ctx, fixture, ORG2);
      outsider = await signIn(ctx, fixture, ORG3);
      const sent = (
        await addDraft(ctx, a, 'invoice', invoiceOf(ORG1.identity, ORG2.identity, 'XT-SENT'))
      ).json().data.id;
      expect((await act(ctx, fixture, a, sent, 'send')).statusCode).toBe(200);
      const draft = (
        await addDraft(ctx, a, 'invoice', invoiceOf(ORG1.identity, ORG2.identity, 'XT-DRAFT'))
      ).json().data.id;
      const binned = (
        await addDraft(ctx, b, 'invoice', invoiceOf(ORG2.identity, ORG1.identity, 'XT-BIN'))
      ).json().data.id;
      await ctx.app.inject({
        method: 'POST',
        url: '/api/Document/bulkBin',
        headers: auth(b),
        payload: { ids: [binned] },
      });
      foreign.push(sent, draft, binned);
      own.push(
        (await addDraft(ctx, outsider, 'invoice', invoiceOf(ORG3.identity, ORG1.identity, 'XT-OWN'))).json()
          .data.id,
      );
    }, 120_000);

    it('answers 404 for another organisation’s document on every route that names one, and never leaks it', async () => {
      const spec = ctx.app.swagger() as any;
      const routes = Object.entries<any>(spec.paths).filter(([path]) =>
        GROUPS.some((g) => path.startsWith(g)),
      );
      expect(routes.length).toBeGreaterThan(20);
      let checked = 0;
      for (const [path, methods] of routes) {
        for (const [method, operation] of Object.entries<any>(methods)) {
          const params: any[] = operation.parameters ?? [];
          const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
          for (const docId of foreign) {
            const query = new URLSearchParams();
            let url = path.replace(/\{(\w+)\}/g, (_: string, name: string) => {
              const p = params.find((x) => x.in === 'path' && x.name === name);
              return encodeURIComponent(String(sample(p?.schema, name, docId)));
            });
            for (const p of params.filter((x) => x.in === 'query' && (x.required || ID_NAMES.test(x.name))))
              query.set(p.name, String(sample(p.schema, p.name, docId)));
            if ([...query].length) url += `?${query}`;
            const namesDocument =
              params.some((p) => ID_NAMES.test(p.name)) ||
              /\{(documentId|id)\}/.test(path) ||
              Boolean(bodySchema && JSON.stringify(bodySchema).match(/"(documentId|ids)"/));
            const payload = bodySchema ? (sample(bodySchema, 'body', docId) as object) : undefined;
            const res = await ctx.app.inject({
              method: method.toUpperCase() as any,
              url,
              headers: auth(outsider),
              payload,
            });
            const text = res.body;
            // The id asked about may be echoed (a bulk answer names each id it was given); no other.
            for (const id of foreign.filter((f) => f !== docId))
              expect(text.includes(id), `${method} ${path} leaks ${id}`).toBe(false);
            expect(
              text.includes('XT-SENT') || text.includes('XT-DRAFT') || text.includes('XT-BIN'),
              `${method} ${path}`,
            ).toBe(false);
            if (namesDocument) {
              if (res.statusCode === 200) {
                // Bulk operations answer per document (in JSON, or in the index of a .zip): each "not found".
                const zipped = String(res.headers['content-type']).startsWith('application/zip');
                const items = zipped
                  ? JSON.parse(strFromU8(unzipSync(new Uint8Array(res.rawPayload))['index.json'])).map(
                      (e: any) => e.error ?? e,
                    )
                  : (res.json().data?.results ?? res.json().data);
                expect(Array.isArray(items), `${method} ${path}: ${text}`).toBe(true);
                for (const item of items) expect(item.code, `${method} ${path}`).toBe('NOT_FOUND');
              } else {
                expect(res.statusCode, `${method} ${path} → ${text}`).toBe(404);
              }
            }
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(60);
    });

    it('lists, counts and counterparties show only the caller’s own documents', async () => {
      for (const direction of ['incoming', 'outgoing', 'drafts', 'deleted']) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/Document/getList?DocDirection=${direction}`,
          headers: auth(outsider),
        });
        expect(res.statusCode).toBe(200);
        for (const row of res.json().rows) expect(own).toContain(row.id);
      }
      const all = await ctx.app.inject({
        method: 'GET',
        url: '/api/Document/getList',
        headers: auth(outsider),
      });
      expect(all.json().rows.map((r: any) => r.id)).toEqual(own);
      const counts = await ctx.app.inject({
        method: 'GET',
        url: '/api/Document/getCounts',
        headers: auth(outsider),
      });
      expect(counts.json().data).toEqual({
        incoming: 0,
        incomingAwaiting: 0,
        outgoing: 0,
        drafts: 1,
        deleted: 0,
        generation: expect.any(String),
      });
      // The receiver sees the sent invoice, not the sender's draft; the sender's bin is its own.
      const incomingB = await ctx.app.inject({
        method: 'GET',
        url: '/api/Document/getList?DocDirection=incoming',
        headers: auth(b),
      });
      expect(incomingB.json().rows.map((r: any) => r.id)).toEqual([foreign[0]]);
      const deletedA = await ctx.app.inject({
        method: 'GET',
        url: '/api/Document/getList?DocDirection=deleted',
        headers: auth(a),
      });
      expect(deletedA.json().totalCount).toBe(0);
    });
  },
  {
    config: {
      get signing() {
        return fixture.config.signing;
      },
    },
  },
);
