// Cabinet notifications: received, accepted, rejected (with the reason), cancelled — written in the
// transition's transaction; a reminder two days before automatic acceptance (once); a finished job;
// the unread count of the bell; each organisation sees only its own.
import { afterAll, beforeAll, expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { remindBeforeAutoAcceptance } from '../../../src/server/services/notifications';
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
import { invoiceHeaderRow, invoiceLine, multipart, workbook } from '../imports/xlsx';

let fixture: ExchangeFixture;
beforeAll(async () => {
  fixture = await createExchangeFixture();
});
afterAll(() => fixture?.dispose());

const content = (no: string) => ({
  ...invoice,
  FacturaId: '',
  FacturaDoc: { FacturaNo: no, FacturaDate: '2026-11-20' },
  SellerTin: ORG1.identity,
  BuyerTin: ORG2.identity,
  ProductList: { ...invoice.ProductList, Tin: ORG1.identity },
});

withDatabases(
  'notifications',
  (ctx) => {
    let seller: SignedIn;
    let buyer: SignedIn;
    let outsider: SignedIn;
    const list = async (who: SignedIn, query = '', lang = 'ru') => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/CabinetNotification/getList${query}`,
        headers: auth(who, { 'accept-language': lang }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const send = async (no: string) => {
      const added = await addDraft(ctx, seller, 'invoice', content(no));
      expect(added.statusCode, added.body).toBe(200);
      const id = added.json().data.id;
      const sent = await act(ctx, fixture, seller, id, 'send');
      expect(sent.statusCode, sent.body).toBe(200);
      return id;
    };

    beforeAll(async () => {
      seller = await signIn(ctx, fixture, ORG1);
      buyer = await signIn(ctx, fixture, ORG2);
      outsider = await signIn(ctx, fixture, ORG3);
    });

    it('tells the receiver of a received document and the sender of acceptance and rejection with its reason', async () => {
      const a = await send('N-1');
      const b = await send('N-2');
      const received = (await list(buyer)).rows.filter((r: { type: string }) => r.type === 'received');
      expect(received.map((r: { documentId: string }) => r.documentId).sort()).toEqual([a, b].sort());
      expect(received[0].message).toMatch(/^Получен документ № N-\d от /);

      expect((await act(ctx, fixture, buyer, a, 'accept')).statusCode).toBe(200);
      expect((await act(ctx, fixture, buyer, b, 'reject', { reason: 'Цена не та' })).statusCode).toBe(200);
      const mine = (await list(seller, '', 'en')).rows;
      expect(mine.find((r: { type: string }) => r.type === 'accepted')).toMatchObject({
        documentId: a,
        number: 'N-1',
      });
      const rejected = mine.find((r: { type: string }) => r.type === 'rejected');
      expect(rejected).toMatchObject({ documentId: b, reason: 'Цена не та' });
      expect(rejected.message).toContain('“Цена не та”');
      // The actor is not told of its own action.
      expect(mine.some((r: { type: string }) => r.type === 'received')).toBe(false);
    });

    it('tells the receiver of a cancellation', async () => {
      const c = await send('N-3');
      const cancelled = await act(ctx, fixture, seller, c, 'cancel');
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const rows = (await list(buyer)).rows;
      expect(
        rows.find((r: { type: string; documentId: string }) => r.type === 'cancelled' && r.documentId === c),
      ).toBeTruthy();
    });

    it('reminds the receiver once, two days before automatic acceptance', async () => {
      const d = await send('N-4');
      const now = new Date();
      expect(await remindBeforeAutoAcceptance(ctx.db, now)).toBe(0); // ten days left
      // Sent nine days ago: accepted automatically tomorrow.
      await ctx.db.query(
        `update document_parties set sent_at = now() - interval '9 days' where document_id = $1`,
        [d],
      );
      expect(await remindBeforeAutoAcceptance(ctx.db, now)).toBe(1);
      expect(await remindBeforeAutoAcceptance(ctx.db, now)).toBe(0);
      const reminder = (await list(buyer)).rows.find((r: { type: string }) => r.type === 'respondSoon');
      expect(reminder).toMatchObject({ documentId: d, number: 'N-4' });
      expect(reminder.message).toContain('будет принят автоматически');
      expect((await list(seller)).rows.some((r: { type: string }) => r.type === 'respondSoon')).toBe(false);
    });

    it('tells the organisation that its import finished', async () => {
      const body = multipart(
        workbook([invoiceHeaderRow(), invoiceLine('NJ-1', { BuyerTin: ORG2.identity })]),
      );
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/Import/DocumentExcelImport?kind=invoice',
        headers: auth(seller, body.headers),
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      await ctx.app.jobs.runPending();
      const job = (await list(seller, '', 'en')).rows.find((r: { type: string }) => r.type === 'jobFinished');
      expect(job).toMatchObject({ jobId: res.json().data.jobId });
      expect(job.message).toBe('Excel import finished: 1 done, 0 with errors');
    });

    it('counts unread for the bell and marks read; an outsider has none', async () => {
      const before = await list(buyer, '?unreadOnly=true');
      expect(before.unreadCount).toBeGreaterThanOrEqual(4);
      expect(before.rows.every((r: { read: boolean }) => !r.read)).toBe(true);
      const one = before.rows[0].id;
      const marked = await ctx.app.inject({
        method: 'POST',
        url: '/api/CabinetNotification/markRead',
        headers: auth(buyer),
        payload: { ids: [one] },
      });
      expect(marked.json().marked).toBe(1);
      expect((await list(buyer)).unreadCount).toBe(before.unreadCount - 1);
      // Someone else's ids are not theirs to mark.
      const foreign = await ctx.app.inject({
        method: 'POST',
        url: '/api/CabinetNotification/markRead',
        headers: auth(outsider),
        payload: { ids: [before.rows[1].id] },
      });
      expect(foreign.json().marked).toBe(0);
      expect((await list(outsider)).totalCount).toBe(0);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/CabinetNotification/markRead',
        headers: auth(buyer),
        payload: {},
      });
      expect((await list(buyer)).unreadCount).toBe(0);
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
