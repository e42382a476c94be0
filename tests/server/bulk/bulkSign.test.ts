// Bulk signing through the emulator's demo keys, as the browser does it: the multi-sign log opened,
// multiGetModelSign for the exact bytes, each signed in turn with one key, multiRun, refusals
// reported, finish. 100 drafts of which 3 change status meanwhile → 97 done, 3 skipped with reasons.
import { afterAll, beforeAll, expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { verifyEventChain } from '../../../src/server/services/documents';
import {
  act,
  addDraft,
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  ORG1,
  ORG2,
  type SignedIn,
  signBytes,
  signIn,
} from '../documents/exchange';
import { withDatabases } from '../harness';

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
  'bulk signing',
  (ctx) => {
    let seller: SignedIn;
    let buyer: SignedIn;
    const post = (who: SignedIn, url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, headers: auth(who), payload });
    const get = (who: SignedIn, url: string) => ctx.app.inject({ method: 'GET', url, headers: auth(who) });

    async function drafts(n: number, prefix: string) {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const res = await addDraft(ctx, seller, 'invoice', content(`${prefix}-${i + 1}`));
        expect(res.statusCode, res.body).toBe(200);
        ids.push(res.json().data.id);
      }
      return ids;
    }

    /** What the bulk dialog does, chunk by chunk; `tamper` signs other bytes for the given ids. */
    async function bulkSign(
      who: SignedIn,
      logId: string,
      ids: string[],
      action: string,
      options: { reason?: string; tamper?: Set<string>; stopAfter?: number } = {},
    ) {
      let signed = 0;
      for (let i = 0; i < ids.length; i += 25) {
        const chunk = ids.slice(i, i + 25);
        const models = await post(who, '/api/DocumentSignAction/multiGetModelSign', {
          logId,
          items: chunk.map((documentId) => ({
            documentId,
            action,
            ...(options.reason ? { reason: options.reason } : {}),
          })),
        });
        expect(models.statusCode, models.body).toBe(200);
        const items = [];
        for (const m of models.json().data.filter((x: { success: boolean }) => x.success)) {
          if (options.stopAfter !== undefined && signed >= options.stopAfter) break;
          const bytes = options.tamper?.has(m.documentId)
            ? Buffer.from('{"other":"bytes"}').toString('base64')
            : m.toSign;
          items.push({
            documentId: m.documentId,
            action,
            signature: await signBytes(fixture, who.keyId, bytes),
            ...(options.reason ? { reason: options.reason } : {}),
          });
          signed++;
        }
        if (!items.length) break;
        const run = await post(who, '/api/DocumentSignAction/multiRun', { items });
        expect(run.statusCode, run.body).toBe(200);
        const refused = run
          .json()
          .data.filter((r: { success: boolean }) => !r.success)
          .map((r: { documentId: string; code: string; message: string }) => ({
            documentId: r.documentId,
            outcome: 'refused',
            code: String(r.code),
            message: r.message,
          }));
        if (refused.length)
          expect((await post(who, '/api/MultiSignLog/report', { logId, items: refused })).statusCode).toBe(
            200,
          );
      }
    }

    beforeAll(async () => {
      seller = await signIn(ctx, fixture, ORG1);
      buyer = await signIn(ctx, fixture, ORG2);
    });

    it('sends 100 drafts, then accepts them in bulk while the seller cancels 3: 97 done, 3 skipped with the reason', async () => {
      const ids = await drafts(100, 'B');
      const send = (
        await post(seller, '/api/MultiSignLog/start', { action: 'send', documentIds: ids })
      ).json().data.logId;
      await bulkSign(seller, send, ids, 'send');
      expect((await post(seller, '/api/MultiSignLog/finish', { logId: send })).json().data).toEqual({
        done: 100,
        refused: 0,
        skipped: 0,
        notSigned: 0,
      });

      const start = await post(buyer, '/api/MultiSignLog/start', { action: 'accept', documentIds: ids });
      expect(start.statusCode, start.body).toBe(200);
      const logId = start.json().data.logId;
      // Meanwhile the seller cancels three of them.
      for (const id of [ids[3], ids[50], ids[99]]) {
        const cancelled = await act(ctx, fixture, seller, id, 'cancel');
        expect(cancelled.statusCode, cancelled.body).toBe(200);
      }
      await bulkSign(buyer, logId, ids, 'accept');
      const finish = await post(buyer, '/api/MultiSignLog/finish', { logId });
      expect(finish.statusCode, finish.body).toBe(200);
      expect(finish.json().data).toEqual({ done: 97, refused: 0, skipped: 3, notSigned: 0 });
      const items = (await get(buyer, `/api/MultiSignLog/GetItemList?logId=${logId}`)).json().rows;
      expect(items).toHaveLength(100);
      const skipped = items.filter((i: { outcome: string }) => i.outcome === 'skipped');
      expect(skipped.map((i: { documentId: string }) => i.documentId).sort()).toEqual(
        [ids[3], ids[50], ids[99]].sort(),
      );
      for (const s of skipped) {
        expect(s.code).toMatch(/ACTION_NOT_ALLOWED|STATUS_CHANGED/);
        expect(s.message.length).toBeGreaterThan(0);
      }
      const statuses = await ctx.db.query<{ status: number; n: number }>(
        'select status, count(*)::int as n from documents where id = any($1::uuid[]) group by status order by status',
        [ids],
      );
      expect(statuses.rows).toEqual([
        { status: 3, n: 97 },
        { status: 5, n: 3 },
      ]);
      for (const id of [ids[0], ids[3], ids[98]])
        expect((await verifyEventChain(ctx.db, id)).valid).toBe(true);
      const list = (await get(buyer, '/api/MultiSignLog/getList')).json();
      expect(list.rows[0]).toMatchObject({
        id: logId,
        action: 'accept',
        state: 'finished',
        total: 100,
        done: 97,
        skipped: 3,
      });
    }, 600_000);

    it('accepts incoming documents in bulk; a refused signature is reported, the rest done', {
      timeout: 120_000,
    }, async () => {
      const ids = await drafts(6, 'A');
      for (const id of ids) expect((await act(ctx, fixture, seller, id, 'send')).statusCode).toBe(200);
      const logId = (
        await post(buyer, '/api/MultiSignLog/start', { action: 'accept', documentIds: ids })
      ).json().data.logId;
      await bulkSign(buyer, logId, ids, 'accept', { tamper: new Set([ids[2]]) });
      const done = (await post(buyer, '/api/MultiSignLog/finish', { logId })).json().data;
      expect(done).toEqual({ done: 5, refused: 1, skipped: 0, notSigned: 0 });
      const refused = (await get(buyer, `/api/MultiSignLog/GetItemList?logId=${logId}`))
        .json()
        .rows.find((i: { outcome: string }) => i.outcome === 'refused');
      expect(refused).toMatchObject({ documentId: ids[2] });
      expect(refused.message.length).toBeGreaterThan(0);
      const status = await ctx.db.query<{ id: string; status: number }>(
        'select id, status from documents where id = any($1::uuid[])',
        [ids],
      );
      for (const row of status.rows) expect(row.status).toBe(row.id === ids[2] ? 1 : 3);
    });

    it('rejects in bulk with one reason', async () => {
      const ids = await drafts(3, 'R');
      for (const id of ids) expect((await act(ctx, fixture, seller, id, 'send')).statusCode).toBe(200);
      const logId = (
        await post(buyer, '/api/MultiSignLog/start', {
          action: 'reject',
          reason: 'Нет договора',
          documentIds: ids,
        })
      ).json().data.logId;
      await bulkSign(buyer, logId, ids, 'reject', { reason: 'Нет договора' });
      expect((await post(buyer, '/api/MultiSignLog/finish', { logId })).json().data.done).toBe(3);
      const events = await ctx.db.query<{ reason: string }>(
        `select reason from document_events where document_id = any($1::uuid[]) and action = 'reject'`,
        [ids],
      );
      expect(events.rows.map((e) => e.reason)).toEqual(['Нет договора', 'Нет договора', 'Нет договора']);
    });

    it('stopping half-way (the tab closed): what was signed stays signed, the rest untouched and shown not signed', async () => {
      const ids = await drafts(10, 'T');
      const logId = (
        await post(seller, '/api/MultiSignLog/start', { action: 'send', documentIds: ids })
      ).json().data.logId;
      await bulkSign(seller, logId, ids, 'send', { stopAfter: 4 });
      // The tab is gone: nobody calls finish. The log says what happened so far.
      const items = (await get(seller, `/api/MultiSignLog/GetItemList?logId=${logId}`)).json().rows;
      expect(items.filter((i: { outcome: string }) => i.outcome === 'done')).toHaveLength(4);
      expect(items.filter((i: { outcome: string }) => i.outcome === 'pending')).toHaveLength(6);
      const statuses = await ctx.db.query<{ status: number; n: number }>(
        'select status, count(*)::int as n from documents where id = any($1::uuid[]) group by status order by status',
        [ids],
      );
      expect(statuses.rows).toEqual([
        { status: 0, n: 6 },
        { status: 1, n: 4 },
      ]);
      const events = await ctx.db.query<{ n: number }>(
        `select count(*)::int as n from document_events where document_id = any($1::uuid[]) and action = 'send'`,
        [ids],
      );
      expect(events.rows[0].n).toBe(4);
      expect((await post(seller, '/api/MultiSignLog/finish', { logId })).json().data).toEqual({
        done: 4,
        refused: 0,
        skipped: 0,
        notSigned: 6,
      });
    });

    it('opens a log for 1000 documents (a request above the default body limit)', async () => {
      const ids = Array.from(
        { length: 1000 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      );
      const res = await post(seller, '/api/MultiSignLog/start', { action: 'send', documentIds: ids });
      expect(res.statusCode, res.body).toBe(200);
      const logId = res.json().data.logId;
      expect((await post(seller, '/api/MultiSignLog/finish', { logId })).json().data.notSigned).toBe(1000);
    });

    it('another organisation neither reads, reports into nor deletes a log', async () => {
      const logs = (await get(seller, '/api/MultiSignLog/getList')).json();
      const id = logs.rows[0].id;
      expect((await get(buyer, `/api/MultiSignLog/GetItemList?logId=${id}`)).statusCode).toBe(404);
      expect((await post(buyer, '/api/MultiSignLog/finish', { logId: id })).statusCode).toBe(404);
      expect((await post(buyer, '/api/MultiSignLog/report', { logId: id, items: [] })).statusCode).toBe(404);
      expect(
        (
          await ctx.app.inject({
            method: 'DELETE',
            url: `/api/MultiSignLog/Delete?logId=${id}`,
            headers: auth(buyer),
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await get(buyer, '/api/MultiSignLog/getList')).json().rows.map((r: { id: string }) => r.id),
      ).not.toContain(id);
      const del = await post(seller, '/api/MultiSignLog/BulkDeleteItems', { ids: [id] });
      expect(del.json().results).toEqual([{ id, success: true }]);
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
