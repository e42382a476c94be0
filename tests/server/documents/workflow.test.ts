// An organisation's own statuses and hold (DocStatus add/update/delete/getList?own, Document
// updateStatus/getOwnStatus/stop) and DocumentContent/update: built from what this test made,
// scoped to the caller's organisation, refused without rights, bad input a 400.
import { afterAll, beforeAll, expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { director, type Session, staffMember } from '../access/helpers';
import { type TestContext, withDatabases } from '../harness';
import {
  act,
  addDraft,
  createExchangeFixture,
  type ExchangeFixture,
  getModelSign,
  ORG1,
  ORG2,
  ORG3,
  run,
  type SignedIn,
  signBytes,
  signIn,
  view,
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
  'own statuses, hold and content update',
  (ctx: TestContext) => {
    let a: SignedIn;
    let b: SignedIn;
    let c: SignedIn;
    let clerk: Session;
    let sent: string;
    let draft: string;

    const call = (who: { token: string }, method: string, url: string, payload?: object) =>
      ctx.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${who.token}`, 'accept-language': 'en' },
        ...(payload ? { payload } : {}),
      });

    beforeAll(async () => {
      a = await signIn(ctx, fixture, ORG1);
      b = await signIn(ctx, fixture, ORG2);
      c = await signIn(ctx, fixture, ORG3);
      sent = (await addDraft(ctx, a, 'invoice', invoiceOf(ORG1.identity, ORG2.identity, 'WF-SENT'))).json()
        .data.id;
      expect((await act(ctx, fixture, a, sent, 'send')).statusCode).toBe(200);
      draft = (await addDraft(ctx, a, 'invoice', invoiceOf(ORG1.identity, ORG2.identity, 'WF-DRAFT'))).json()
        .data.id;
      const boss = await director(ctx, 1);
      const role = await call(boss, 'POST', '/api/Roles/add', {
        name: 'Acts only (workflow test)',
        actions: ['completionAct:view'],
      });
      expect(role.statusCode, role.body).toBe(200);
      clerk = await staffMember(ctx, boss, role.json().data.id, 'Acts clerk (workflow test)');
    }, 120_000);

    it('keeps each organisation’s own statuses: add, list, rename by version, refuse duplicates', async () => {
      const added = await call(a, 'POST', '/api/DocStatus/add', { name: 'Оплачен (test)', color: '#00AA00' });
      expect(added.statusCode, added.body).toBe(200);
      const status = added.json().data;
      expect(status).toMatchObject({ name: 'Оплачен (test)', color: '#00aa00', version: 1 });
      const own = await call(a, 'GET', '/api/DocStatus/getList?own=true');
      expect(own.json().data.map((s: { id: string }) => s.id)).toContain(status.id);
      const theirs = await call(c, 'GET', '/api/DocStatus/getList?own=true');
      expect(theirs.statusCode).toBe(200);
      expect(theirs.body).not.toContain(status.id);
      expect(theirs.body).not.toContain('Оплачен (test)');
      // The public list of a kind's statuses is unchanged.
      const kinds = await ctx.app.inject({ method: 'GET', url: '/api/DocStatus/getList?kind=invoice' });
      expect(kinds.body).not.toContain('Оплачен');

      expect((await call(a, 'POST', '/api/DocStatus/add', { name: 'Оплачен (test)' })).json().code).toBe(
        'NAME_TAKEN',
      );
      const renamed = await call(a, 'PUT', '/api/DocStatus/update', {
        id: status.id,
        name: 'Оплачен полностью (test)',
        version: 1,
      });
      expect(renamed.json().data).toMatchObject({
        name: 'Оплачен полностью (test)',
        version: 2,
        color: null,
      });
      const stale = await call(a, 'PUT', '/api/DocStatus/update', { id: status.id, name: 'X', version: 1 });
      expect(stale.statusCode).toBe(409);
      // Another organisation's status is not there for c.
      expect(
        (await call(c, 'PUT', '/api/DocStatus/update', { id: status.id, name: 'X', version: 2 })).statusCode,
      ).toBe(404);
      expect((await call(c, 'DELETE', `/api/DocStatus/delete?id=${status.id}`)).statusCode).toBe(404);
      expect((await call(a, 'GET', '/api/DocStatus/getList?own=true')).json().data[0].name).toBe(
        'Оплачен полностью (test)',
      );
    });

    it('sets an own status on a document for the caller’s organisation only', async () => {
      const status = (
        await call(a, 'POST', '/api/DocStatus/add', { name: 'Передан в бухгалтерию (test)' })
      ).json().data;
      const set = await call(a, 'POST', '/api/Document/updateStatus', {
        documentId: sent,
        statusId: status.id,
        comment: 'для сверки',
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().data).toMatchObject({
        documentId: sent,
        status: { id: status.id, name: 'Передан в бухгалтерию (test)' },
        comment: 'для сверки',
        stopped: false,
        version: 1,
      });
      expect(
        (await call(a, 'GET', `/api/Document/getOwnStatus?documentId=${sent}`)).json().data.status.id,
      ).toBe(status.id);
      // The receiver sees the document but none of the sender's own marks.
      const receiver = await call(b, 'GET', `/api/Document/getOwnStatus?documentId=${sent}`);
      expect(receiver.statusCode).toBe(200);
      expect(receiver.json().data).toMatchObject({ status: null, comment: null, version: 0 });
      expect(receiver.body).not.toContain('бухгалтерию');
      // …and cannot put a status of another organisation on it.
      const foreignStatus = await call(b, 'POST', '/api/Document/updateStatus', {
        documentId: sent,
        statusId: status.id,
      });
      expect(foreignStatus.statusCode).toBe(404);
      // A third organisation does not see the document at all.
      for (const [method, url, payload] of [
        ['GET', `/api/Document/getOwnStatus?documentId=${sent}`, undefined],
        ['POST', '/api/Document/updateStatus', { documentId: sent, statusId: null }],
        ['POST', '/api/Document/stop', { documentId: sent }],
      ] as const) {
        const res = await call(c, method, url, payload);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
      }
      // Stale version, then clearing with the current one.
      expect(
        (
          await call(a, 'POST', '/api/Document/updateStatus', {
            documentId: sent,
            statusId: null,
            version: 0,
          })
        ).statusCode,
      ).toBe(409);
      const cleared = await call(a, 'POST', '/api/Document/updateStatus', {
        documentId: sent,
        statusId: status.id,
        version: 1,
      });
      expect(cleared.json().data.version).toBe(2);
      // Deleting the status takes it off the document.
      expect((await call(a, 'DELETE', `/api/DocStatus/delete?id=${status.id}`)).statusCode).toBe(200);
      expect(
        (await call(a, 'GET', `/api/Document/getOwnStatus?documentId=${sent}`)).json().data.status,
      ).toBeNull();
    });

    it('stops signing in the stopping organisation only, by every path, until released', async () => {
      // The receiver's signature is ready before the stop (a client that skips getModelSign).
      const model = await getModelSign(ctx, b, sent, 'accept');
      expect(model.statusCode).toBe(200);
      const signature = await signBytes(fixture, ORG2.keyId, model.json().data.toSign);
      const stopped = await call(b, 'POST', '/api/Document/stop', {
        documentId: sent,
        reason: 'сверяем цены',
      });
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect(stopped.json().data).toMatchObject({ stopped: true, stopReason: 'сверяем цены' });

      const asked = await getModelSign(ctx, b, sent, 'accept');
      expect(asked.statusCode).toBe(409);
      expect(asked.json().code).toBe('DOCUMENT_STOPPED');
      const ran = await run(ctx, b, { documentId: sent, action: 'accept', signature });
      expect(ran.statusCode, ran.body).toBe(409);
      expect(ran.json()).toMatchObject({ code: 'DOCUMENT_STOPPED' });
      expect(ran.json().message).toContain('сверяем цены');
      expect((await view(ctx, b, sent)).json().data.status).toBe(1);
      // The sender's organisation is not stopped by the receiver's hold.
      expect(
        (await call(a, 'GET', `/api/Document/getOwnStatus?documentId=${sent}`)).json().data.stopped,
      ).toBe(false);

      const released = await call(b, 'POST', '/api/Document/stop', { documentId: sent, stopped: false });
      expect(released.json().data).toMatchObject({ stopped: false, stopReason: null });
      const accepted = await run(ctx, b, { documentId: sent, action: 'accept', signature });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((await view(ctx, b, sent)).json().data.status).toBe(3);
    });

    it('replaces a draft’s content through DocumentContent/update with the version read', async () => {
      const changed = invoiceOf(ORG1.identity, ORG2.identity, 'WF-DRAFT-2');
      const updated = await call(a, 'PUT', `/api/DocumentContent/update/${draft}?version=1`, changed);
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data).toEqual({ id: draft, version: 2 });
      expect((await view(ctx, a, draft)).json().data.number).toBe('WF-DRAFT-2');
      expect(
        (await call(a, 'PUT', `/api/DocumentContent/update/${draft}?version=1`, changed)).statusCode,
      ).toBe(409);
      expect(
        (await call(c, 'PUT', `/api/DocumentContent/update/${draft}?version=2`, changed)).statusCode,
      ).toBe(404);
      expect(
        (await call(b, 'PUT', `/api/DocumentContent/update/${draft}?version=2`, changed)).statusCode,
      ).toBe(404);
      const notDraft = await call(a, 'PUT', `/api/DocumentContent/update/${sent}?version=2`, changed);
      expect(notDraft.statusCode).toBe(422);
    });

    it('refuses a staff member without the rights (403)', async () => {
      for (const [method, url, payload] of [
        ['POST', '/api/DocStatus/add', { name: 'Clerk’s status (test)' }],
        ['GET', `/api/Document/getOwnStatus?documentId=${draft}`, undefined],
        ['POST', '/api/Document/updateStatus', { documentId: draft, statusId: null }],
        ['POST', '/api/Document/stop', { documentId: draft }],
        [
          'PUT',
          `/api/DocumentContent/update/${draft}?version=2`,
          invoiceOf(ORG1.identity, ORG2.identity, 'X'),
        ],
      ] as const) {
        const res = await call(clerk, method, url, payload);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
        expect(res.json().code).toBe('NO_AUTHORITY');
      }
    });

    it('answers bad input with a clear 400', async () => {
      const cases: Array<[string, string, object | undefined]> = [
        ['POST', '/api/DocStatus/add', { name: '   ' }],
        ['POST', '/api/DocStatus/add', { name: 'A', color: 'red' }],
        ['POST', '/api/DocStatus/add', { name: 'x'.repeat(101) }],
        ['PUT', '/api/DocStatus/update', { id: 'nope', name: 'A', version: 1 }],
        ['DELETE', '/api/DocStatus/delete?id=1', undefined],
        ['GET', '/api/DocStatus/getList?own=maybe', undefined],
        ['POST', '/api/Document/updateStatus', { documentId: sent, statusId: 'x' }],
        ['POST', '/api/Document/updateStatus', { documentId: sent }],
        [
          'POST',
          '/api/Document/updateStatus',
          { documentId: sent, statusId: null, comment: 'x'.repeat(501) },
        ],
        ['POST', '/api/Document/stop', { documentId: sent, reason: 'a\u0000b' }],
        ['POST', '/api/Document/stop', { documentId: sent, version: -1 }],
        ['GET', '/api/Document/getOwnStatus?documentId=1', undefined],
        ['PUT', `/api/DocumentContent/update/${draft}?version=x`, {}],
        ['PUT', `/api/DocumentContent/update/${draft}`, {}],
        [
          'PUT',
          `/api/DocumentContent/update/${draft}?version=2`,
          { ...invoiceOf(ORG1.identity, ORG2.identity, 'X'), FacturaDoc: { FacturaNo: 5, FacturaDate: 'x' } },
        ],
      ];
      for (const [method, url, payload] of cases) {
        const res = await call(a, method, url, payload);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
        expect(res.json().message.length).toBeGreaterThan(5);
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
