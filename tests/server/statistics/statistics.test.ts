// Statistics/getList: counters kept in the transaction of each change (send, accept, reject, drafts)
// agree with a recount, by direction, kind, status, month and counterparty, for the caller only.
import { afterAll, beforeAll, expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { rebuildStatistics } from '../../../src/server/services/statistics';
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
} from '../documents/exchange';
import { withDatabases } from '../harness';

let fixture: ExchangeFixture;
beforeAll(async () => {
  fixture = await createExchangeFixture();
});
afterAll(() => fixture?.dispose());

// 01-standard totals 140 005.60 + 2 800.00 = 142 805.60
const TOTAL = '142805.60';
const content = (no: string, date: string) => ({
  ...invoice,
  FacturaId: '',
  FacturaDoc: { FacturaNo: no, FacturaDate: date },
  SellerTin: ORG1.identity,
  BuyerTin: ORG2.identity,
  ProductList: { ...invoice.ProductList, Tin: ORG1.identity },
});

withDatabases(
  'statistics',
  (ctx) => {
    let seller: SignedIn;
    let buyer: SignedIn;
    let outsider: SignedIn;
    const stats = async (who: SignedIn, from = '2026-01-01', to = '2026-12-31') => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/Statistics/getList?dateFrom=${from}&dateTo=${to}`,
        headers: auth(who),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const counters = async () =>
      (
        await ctx.db.query(
          `select identity, month::text, box, kind, status, counterparty_identity, documents, total::text
           from statistics_counters where documents <> 0 order by 1, 2, 3, 4, 5, 6`,
        )
      ).rows;

    beforeAll(async () => {
      seller = await signIn(ctx, fixture, ORG1);
      buyer = await signIn(ctx, fixture, ORG2);
      outsider = await signIn(ctx, fixture, ORG3);
      const ids: string[] = [];
      for (const [no, date] of [
        ['S-1', '2026-03-05'],
        ['S-2', '2026-03-20'],
        ['S-3', '2026-04-02'],
        ['S-OLD', '2025-12-30'],
      ]) {
        const added = await addDraft(ctx, seller, 'invoice', content(no, date));
        expect(added.statusCode, added.body).toBe(200);
        ids.push(added.json().data.id);
      }
      for (const id of ids.slice(0, 3)) {
        const r = await act(ctx, fixture, seller, id, 'send');
        expect(r.statusCode, r.body).toBe(200);
      }
      expect((await act(ctx, fixture, buyer, ids[0], 'accept')).statusCode).toBe(200);
      expect((await act(ctx, fixture, buyer, ids[1], 'reject', { reason: 'Неверная цена' })).statusCode).toBe(
        200,
      );
      // ids[2] waits for the buyer; ids[3] stays a draft dated in 2025.
    });

    it('counts and sums the sender’s outgoing documents by status, kind and month; drafts apart', async () => {
      const s = await stats(seller);
      expect(s.period).toEqual({ monthFrom: '2026-01', monthTo: '2026-12' });
      expect(s.totals.outgoing).toEqual({ count: 3, sum: '428416.80' });
      expect(s.totals.incoming).toEqual({ count: 0, sum: '0.00' });
      expect(s.totals.drafts.count).toBe(0); // the draft is dated 2025
      expect(s.byKind).toEqual([{ direction: 'outgoing', kind: 'invoice', count: 3, sum: '428416.80' }]);
      const byStatus = Object.fromEntries(
        s.byStatus.map((b: { status: string; count: number }) => [b.status, b.count]),
      );
      expect(byStatus).toMatchObject({ signed: 1, rejected: 1, waitingPartner: 1 });
      expect(s.byMonth).toEqual([
        { direction: 'outgoing', month: '2026-03', count: 2, sum: '285611.20' },
        { direction: 'outgoing', month: '2026-04', count: 1, sum: TOTAL },
      ]);
      expect(s.topCounterparties[0]).toMatchObject({ identity: ORG2.identity, count: 3, sum: '428416.80' });
      expect(s.waitingForYou).toBe(0);
      const withDraft = await stats(seller, '2025-12-01', '2025-12-31');
      expect(withDraft.totals.drafts).toEqual({ count: 1, sum: TOTAL });
    });

    it('shows the receiver its incoming side and what waits for it', async () => {
      const s = await stats(buyer);
      expect(s.totals.incoming).toEqual({ count: 3, sum: '428416.80' });
      const byStatus = Object.fromEntries(
        s.byStatus.map((b: { status: string; count: number }) => [b.status, b.count]),
      );
      expect(byStatus).toMatchObject({ signed: 1, rejected: 1, waitingYou: 1 });
      expect(s.waitingForYou).toBe(1);
      expect(s.topCounterparties[0].identity).toBe(ORG1.identity);
    });

    it('a period takes whole months of the document date; an outsider sees nothing', async () => {
      const april = await stats(seller, '2026-04-15', '2026-04-15');
      expect(april.totals.outgoing).toEqual({ count: 1, sum: TOTAL });
      const none = await stats(outsider);
      expect(none.totals.outgoing.count + none.totals.incoming.count).toBe(0);
      expect(none.topCounterparties).toEqual([]);
      const reversed = await ctx.app.inject({
        method: 'GET',
        url: '/api/Statistics/getList?dateFrom=2026-05-01&dateTo=2026-01-01',
        headers: auth(seller),
      });
      expect(reversed.statusCode).toBe(400);
    });

    it('a document its party deleted forever leaves that party’s counts; one in the bin still counts', async () => {
      // The buyer's rejected invoice (S-2, March): binned first, then deleted forever.
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/Document/getList?DocDirection=incoming&DocNumber=S-2',
        headers: auth(buyer),
      });
      const id = list.json().rows[0].id;
      const bulk = async (operation: string) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/Document/${operation}`,
          headers: auth(buyer),
          payload: { ids: [id] },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.results[0].success, res.body).toBe(true);
      };
      await bulk('bulkBin');
      expect((await stats(buyer)).totals.incoming).toEqual({ count: 3, sum: '428416.80' });
      await bulk('bulkDelete');
      const after = await stats(buyer);
      expect(after.totals.incoming).toEqual({ count: 2, sum: '285611.20' });
      const byStatus = Object.fromEntries(
        after.byStatus.map((b: { status: string; count: number }) => [b.status, b.count]),
      );
      expect(byStatus.rejected).toBeUndefined();
      expect(after.byMonth).toContainEqual({ direction: 'incoming', month: '2026-03', count: 1, sum: TOTAL });
      // The seller still has it.
      expect((await stats(seller)).totals.outgoing).toEqual({ count: 3, sum: '428416.80' });
    });

    it('the counters kept at each change equal a recount of every document', async () => {
      const kept = await counters();
      expect(kept.length).toBeGreaterThan(3);
      await rebuildStatistics(ctx.db);
      expect(await counters()).toEqual(kept);
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
