// Document/getRelated (workspace): the documents a document refers to, found by their national ids
// among what the caller can see — never another organisation's document.
import { afterAll, beforeAll, expect, it } from 'vitest';
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
  view,
} from './exchange';
import { kindCases } from './kindContent';

let fixture: ExchangeFixture;
beforeAll(async () => {
  fixture = await createExchangeFixture();
});
afterAll(() => fixture?.dispose());

withDatabases(
  'Document/getRelated',
  (ctx: TestContext) => {
    let savdo: SignedIn;
    let qurilish: SignedIn;
    let logistika: SignedIn;
    beforeAll(async () => {
      savdo = await signIn(ctx, fixture, ORG1);
      qurilish = await signIn(ctx, fixture, ORG2);
      logistika = await signIn(ctx, fixture, ORG3);
    });

    const related = (who: SignedIn, id: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/Document/getRelated?documentId=${id}`, headers: auth(who) });

    async function draft(who: SignedIn, kind: string, patch: (content: any) => any = (c) => c) {
      const [base] = await kindCases(kind);
      const res = await addDraft(ctx, who, kind, patch(structuredClone(base.content)));
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.id as string;
      return { id, nationalId: (await view(ctx, who, id)).json().data.nationalId as string };
    }

    it('links the documents an invoice names (its waybills) that the caller can see, by path', async () => {
      const waybill = await draft(savdo, 'waybill');
      const stranger = await draft(logistika, 'invoice', (c) => ({
        ...c,
        SellerTin: ORG3.identity,
        BuyerTin: ORG2.identity,
        ProductList: { ...c.ProductList, Tin: ORG3.identity },
      }));
      const invoice = await draft(savdo, 'invoice', (c) => ({
        ...c,
        WaybillLocalIds: [waybill.nationalId, stranger.nationalId],
      }));

      const res = await related(savdo, invoice.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        {
          path: '/WaybillLocalIds/0',
          nationalId: waybill.nationalId,
          document: expect.objectContaining({
            id: waybill.id,
            kind: 'waybill',
            viewStatus: 0,
            statusKey: 'draft',
          }),
        },
      ]);
      // The document's own id and ids of non-documents (its product list) are not references.
      expect(JSON.stringify(res.json().data)).not.toContain(invoice.nationalId);
    });

    it('shows the receiver only what it can see: the sender’s draft waybill is not linked for it', async () => {
      const waybill = await draft(savdo, 'waybill');
      const invoice = await draft(savdo, 'invoice', (c) => ({ ...c, WaybillLocalIds: [waybill.nationalId] }));
      expect((await act(ctx, fixture, savdo, invoice.id, 'send')).statusCode).toBe(200);
      const forBuyer = await related(qurilish, invoice.id);
      expect(forBuyer.statusCode).toBe(200);
      expect(forBuyer.json().data).toEqual([]);
      expect((await related(savdo, invoice.id)).json().data).toHaveLength(1);
    });

    it('is a 404 for a document the caller is no party of', async () => {
      const invoice = await draft(savdo, 'invoice');
      expect((await related(logistika, invoice.id)).statusCode).toBe(404);
      expect((await related(savdo, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
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
