// The spec's other document lists (Document getByStatus, outDocByType, inDocByType, getAllDocuments):
// answers built from documents this test made, the kind's view right (403 without it), another
// organisation's documents never listed, bad parameters a 400.
import { afterAll, beforeAll, expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { bearer, director, type Session, staffMember } from '../access/helpers';
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

const invoiceOf = (seller: string, buyer: string, number: string) => ({
  ...invoice,
  FacturaId: '',
  FacturaDoc: { ...invoice.FacturaDoc, FacturaNo: number },
  SellerTin: seller,
  BuyerTin: buyer,
  ProductList: { ...invoice.ProductList, Tin: seller },
});

withDatabases(
  'spec document lists',
  (ctx: TestContext) => {
    let a: SignedIn;
    let b: SignedIn;
    let c: SignedIn;
    let noInvoices: Session;
    const ids: Record<string, string> = {};

    const get = async (who: { token: string }, url: string) =>
      ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.token}` } });
    const numbers = async (who: { token: string }, url: string) => {
      const res = await get(who, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res
        .json()
        .rows.map((row: { number: string }) => row.number)
        .sort();
    };

    beforeAll(async () => {
      a = await signIn(ctx, fixture, ORG1);
      b = await signIn(ctx, fixture, ORG2);
      c = await signIn(ctx, fixture, ORG3);
      const make = async (who: SignedIn, buyer: string, number: string, send: boolean) => {
        const res = await addDraft(ctx, who, 'invoice', invoiceOf(who.identity, buyer, number));
        expect(res.statusCode, res.body).toBe(200);
        ids[number] = res.json().data.id;
        if (send) expect((await act(ctx, fixture, who, ids[number], 'send')).statusCode).toBe(200);
      };
      await make(a, ORG2.identity, 'SL-A-SENT', true);
      await make(a, ORG2.identity, 'SL-A-DRAFT', false);
      await make(b, ORG1.identity, 'SL-B-TO-A', true);
      await make(c, ORG2.identity, 'SL-C-TO-B', true);
      const boss = await director(ctx, 1);
      const role = await ctx.app.inject({
        method: 'POST',
        url: '/api/Roles/add',
        headers: bearer(boss),
        payload: { name: 'Acts only (test)', actions: ['completionAct:view'] },
      });
      expect(role.statusCode, role.body).toBe(200);
      noInvoices = await staffMember(ctx, boss, role.json().data.id, 'Acts clerk (test)');
    }, 120_000);

    it('outDocByType and inDocByType answer the box, by key, Didox code or DocType id, with the filters', async () => {
      for (const docType of ['invoice', '002', '2'])
        expect(await numbers(a, `/api/Document/outDocByType?docType=${docType}`)).toEqual(['SL-A-SENT']);
      expect(await numbers(a, '/api/Document/inDocByType?docType=invoice')).toEqual(['SL-B-TO-A']);
      expect(await numbers(b, '/api/Document/inDocByType')).toEqual(['SL-A-SENT', 'SL-C-TO-B']);
      expect(await numbers(b, `/api/Document/inDocByType?counterAgent=${ORG3.identity}`)).toEqual([
        'SL-C-TO-B',
      ]);
      expect(await numbers(a, '/api/Document/outDocByType?status=1')).toEqual(['SL-A-SENT']);
      expect(await numbers(a, '/api/Document/outDocByType?status=3')).toEqual([]);
      expect(await numbers(a, '/api/Document/outDocByType?docType=completionAct')).toEqual([]);
      const today = new Date().toISOString().slice(0, 10);
      expect(await numbers(a, `/api/Document/outDocByType?createDateFrom=${today}`)).toEqual(['SL-A-SENT']);
      expect(await numbers(a, '/api/Document/outDocByType?createDateTo=2000-01-01')).toEqual([]);
      // Pages of `limit` rows; the count is the whole box's.
      const second = await get(b, '/api/Document/inDocByType?limit=1&page=2');
      expect(second.json().totalCount).toBe(2);
      expect(second.json().rows).toHaveLength(1);
      const past = await get(b, '/api/Document/inDocByType?limit=1&page=3');
      expect(past.json()).toMatchObject({ rows: [], totalCount: 2 });
    });

    it('getByStatus answers one shown status; getAllDocuments every box with getList’s filters', async () => {
      expect(await numbers(a, '/api/Document/getByStatus?status=0')).toEqual(['SL-A-DRAFT']);
      expect(await numbers(b, '/api/Document/getByStatus?status=2&docType=002')).toEqual([
        'SL-A-SENT',
        'SL-C-TO-B',
      ]);
      expect(await numbers(a, '/api/Document/getByStatus?status=2')).toEqual(['SL-B-TO-A']);
      expect(await numbers(a, '/api/Document/getAllDocuments')).toEqual([
        'SL-A-DRAFT',
        'SL-A-SENT',
        'SL-B-TO-A',
      ]);
      expect(await numbers(a, '/api/Document/getAllDocuments?direction=incoming')).toEqual(['SL-B-TO-A']);
      expect(
        await numbers(a, '/api/Document/getAllDocuments?docTypeId=2&docStatusId=1&direction=outgoing'),
      ).toEqual(['SL-A-SENT']);
      expect(await numbers(a, `/api/Document/getAllDocuments?counterAgentId=${ORG2.identity}`)).toEqual([
        'SL-A-DRAFT',
        'SL-A-SENT',
        'SL-B-TO-A',
      ]);
      const paged = await get(a, '/api/Document/getAllDocuments?pageSize=18&pageNumber=2');
      expect(paged.json()).toMatchObject({ rows: [], totalCount: 3 });
    });

    it('never lists another organisation’s documents', async () => {
      const theirs = ['SL-A-SENT', 'SL-A-DRAFT', 'SL-B-TO-A'];
      for (const url of [
        '/api/Document/getAllDocuments',
        '/api/Document/outDocByType',
        '/api/Document/inDocByType',
        '/api/Document/getByStatus?status=0',
        '/api/Document/getByStatus?status=1',
        '/api/Document/getByStatus?status=2',
      ]) {
        const res = await get(c, url);
        expect(res.statusCode).toBe(200);
        for (const number of theirs) expect(res.body, url).not.toContain(number);
      }
      expect(await numbers(c, '/api/Document/getAllDocuments')).toEqual(['SL-C-TO-B']);
    });

    it('refuses a staff member without the kind’s view right (403) and lists none of it', async () => {
      for (const url of [
        '/api/Document/outDocByType?docType=invoice',
        '/api/Document/inDocByType?docType=002',
        '/api/Document/getByStatus?status=1&docType=invoice',
        '/api/Document/getAllDocuments?docTypeId=2',
      ]) {
        const res = await get(noInvoices, url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
        expect(res.json().code).toBe('NO_AUTHORITY');
      }
      for (const url of ['/api/Document/getAllDocuments', '/api/Document/outDocByType']) {
        const res = await get(noInvoices, url);
        expect(res.statusCode).toBe(200);
        expect(res.json().rows).toEqual([]);
      }
    });

    it('answers bad parameters with a clear 400', async () => {
      const cases: Array<[string, string]> = [
        ['/api/Document/outDocByType?docType=999', 'UNKNOWN_DOC_TYPE'],
        ['/api/Document/inDocByType?limit=10001', 'VALIDATION'],
        ['/api/Document/inDocByType?limit=0', 'VALIDATION'],
        ['/api/Document/inDocByType?dateFrom=28.11.2026', 'VALIDATION'],
        ['/api/Document/inDocByType?counterAgent=12', 'VALIDATION'],
        ['/api/Document/getByStatus', 'VALIDATION'],
        ['/api/Document/getByStatus?status=-1', 'VALIDATION'],
        ['/api/Document/getByStatus?status=1&size=17', 'VALIDATION'],
        ['/api/Document/getAllDocuments?docTypeId=999', 'UNKNOWN_DOC_TYPE'],
        ['/api/Document/getAllDocuments?direction=sideways', 'VALIDATION'],
        ['/api/Document/getAllDocuments?pageNumber=1e308', 'VALIDATION'],
        ['/api/Document/getAllDocuments?search=a%00b', 'VALIDATION'],
      ];
      for (const [url, code] of cases) {
        const res = await ctx.app.inject({
          method: 'GET',
          url,
          headers: auth(a, { 'accept-language': 'en' }),
        });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json().code, url).toBe(code);
        expect(res.json().message.length, url).toBeGreaterThan(5);
      }
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
