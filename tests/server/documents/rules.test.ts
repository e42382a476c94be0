// The rules every document route enforces, each with its localized 4xx; and what the parties see.
import { afterAll, beforeAll, expect, it } from 'vitest';
import act1 from '../../../schemas/documents/completionAct/fixtures/valid/01-two-services.json';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { lifecycleKinds } from '../../../src/engine/lifecycle';
import { verifyEventChain } from '../../../src/server/services/documents';
import { type TestContext, withDatabases } from '../harness';
import {
  act,
  addDraft,
  auth,
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

const invoiceOf = (seller: string, buyer: string, number = 'R-1') => ({
  ...invoice,
  FacturaId: '',
  FacturaDoc: { ...invoice.FacturaDoc, FacturaNo: number },
  SellerTin: seller,
  BuyerTin: buyer,
  ProductList: { ...invoice.ProductList, Tin: seller },
});

withDatabases(
  'document rules',
  (ctx: TestContext) => {
    let a: SignedIn;
    let b: SignedIn;
    beforeAll(async () => {
      a = await signIn(ctx, fixture, ORG1);
      b = await signIn(ctx, fixture, ORG2);
    });
    const list = (who: SignedIn, query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/Document/getList?${query}`, headers: auth(who) });

    async function sent(number: string) {
      const id = (await addDraft(ctx, a, 'invoice', invoiceOf(ORG1.identity, ORG2.identity, number))).json()
        .data.id;
      expect((await act(ctx, fixture, a, id, 'send')).statusCode).toBe(200);
      return id as string;
    }

    it('makes documents only in the caller’s own name', async () => {
      const res = await addDraft(ctx, a, 'invoice', invoiceOf(ORG2.identity, ORG3.identity));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_YOUR_DOCUMENT' });
      const uz = await ctx.app.inject({
        method: 'POST',
        url: '/api/Document/add?kind=invoice',
        headers: auth(a, { 'accept-language': 'uz' }),
        payload: invoiceOf(ORG2.identity, ORG3.identity),
      });
      expect(uz.json().message).not.toBe(res.json().message);
    });

    it('checks the schema and the spec’s rules on save: the seller is not the buyer, no individual buyer', async () => {
      const same = await addDraft(ctx, a, 'invoice', invoiceOf(ORG1.identity, ORG1.identity));
      expect(same.statusCode).toBe(400);
      expect(same.json().code).toBe('VALIDATION');
      expect(same.json().errors.length).toBeGreaterThan(0);
      const person = await addDraft(ctx, a, 'invoice', invoiceOf(ORG1.identity, '31707920456784'));
      expect(person.statusCode).toBe(400);
      const unknownKind = await ctx.app.inject({
        method: 'POST',
        url: '/api/Document/add?kind=nothing',
        headers: auth(a),
        payload: {},
      });
      expect(unknownKind.statusCode).toBe(400);
    });

    it('edits only drafts', async () => {
      const id = await sent('R-EDIT');
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/Document/update?documentId=${id}&version=2`,
        headers: auth(a),
        payload: invoiceOf(ORG1.identity, ORG2.identity, 'R-EDIT-2'),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('NOT_A_DRAFT');
      const del = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/Document/delete?documentId=${id}`,
        headers: auth(a),
      });
      expect(del.statusCode).toBe(422);
    });

    it('sends a kind marked for internal approval only once its route approved this very content', async () => {
      const approvalKinds = (kinds: string[]) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/DocumentAccess/changeApprovalSettings',
          headers: auth(a),
          payload: { kinds },
        });
      expect((await approvalKinds(['invoice'])).statusCode).toBe(200);
      try {
        const id = (
          await addDraft(ctx, a, 'invoice', invoiceOf(ORG1.identity, ORG2.identity, 'R-AGREE'))
        ).json().data.id as string;
        const refused = await getModelSign(ctx, a, id, 'send');
        expect(refused.statusCode).toBe(409);
        expect(refused.json().code).toBe('APPROVAL_REQUIRED');
        // The director routes it to himself and approves; then the same draft may be sent.
        const me = JSON.parse(Buffer.from(a.token.split('.')[1], 'base64url').toString()).sub as string;
        const post = (url: string, payload: object) =>
          ctx.app.inject({ method: 'POST', url, headers: auth(a), payload });
        expect(
          (await post('/api/Document/createAgreement', { documentId: id, performers: [me] })).statusCode,
        ).toBe(200);
        expect(
          (await post('/api/Document/makeAcceptanceUser', { documentId: id, approve: true })).statusCode,
        ).toBe(200);
        const sentNow = await act(ctx, fixture, a, id, 'send');
        expect(sentNow.statusCode, sentNow.body).toBe(200);
        expect((await view(ctx, a, id)).json().data.status).toBe(1);
        // Other kinds are not held back by the invoice's setting.
        const otherKind = await addDraft(ctx, a, 'completionAct', {
          ...act1,
          SellerTin: ORG1.identity,
          BuyerTin: ORG2.identity,
          ProductList: { ...act1.ProductList, Tin: ORG1.identity },
        });
        expect(otherKind.statusCode, otherKind.body).toBe(200);
        expect((await getModelSign(ctx, a, otherKind.json().data.id, 'send')).statusCode).toBe(200);
      } finally {
        expect((await approvalKinds([])).statusCode).toBe(200);
      }
    });

    it('needs a reason of at most 500 characters to reject, and shows it to the sender', async () => {
      const id = await sent('R-REJECT');
      expect((await getModelSign(ctx, b, id, 'reject')).json().code).toBe('REASON_REQUIRED');
      expect((await getModelSign(ctx, b, id, 'reject', ' '.repeat(5))).json().code).toBe('REASON_REQUIRED');
      expect((await getModelSign(ctx, b, id, 'reject', 'x'.repeat(501))).json().code).toBe('REASON_TOO_LONG');
      const model = (await getModelSign(ctx, b, id, 'reject', 'Narx xato')).json().data;
      const signed = Buffer.from(model.toSign, 'base64').toString('utf8');
      expect(signed.startsWith('{"Factura":{')).toBe(true);
      expect(signed.endsWith(',"Notes":"Narx xato"}')).toBe(true);
      // The reason signed must be the reason given to run.
      const signature = await signBytes(fixture, ORG2.keyId, model.toSign);
      const other = await run(ctx, b, {
        documentId: id,
        action: 'reject',
        signature,
        reason: 'Boshqa sabab',
      });
      expect(other.statusCode).toBe(409);
      const res = await run(ctx, b, { documentId: id, action: 'reject', signature, reason: 'Narx xato' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, code: 4 });
      const seen = (await view(ctx, a, id)).json().data;
      expect(seen.status).toBe(4);
      expect(seen.events.at(-1)).toMatchObject({ action: 'reject', reason: 'Narx xato' });
    });

    it('refuses a signature by someone who is not the acting party, an expired or untrusted key, and a damaged CMS', async () => {
      const id = await sent('R-SIGNER');
      const toSign = (await getModelSign(ctx, b, id, 'accept')).json().data.toSign;
      const wrong = await run(ctx, b, {
        documentId: id,
        action: 'accept',
        signature: await signBytes(fixture, ORG3.keyId, toSign),
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().code).toBe('WRONG_SIGNER');
      const expired = await run(ctx, b, {
        documentId: id,
        action: 'accept',
        signature: await signBytes(fixture, 'expired-302000001', toSign),
      });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().code).toBe('CERT_EXPIRED');
      const untrusted = await run(ctx, b, {
        documentId: id,
        action: 'accept',
        signature: await signBytes(fixture, 'untrusted-302000003', toSign),
      });
      expect(untrusted.statusCode).toBe(400);
      expect(untrusted.json().code).toBe('UNTRUSTED_CHAIN');
      const good = await signBytes(fixture, ORG2.keyId, toSign);
      const bytes = Buffer.from(good, 'base64');
      bytes[bytes.length - 10] ^= 0x01;
      const damaged = await run(ctx, b, {
        documentId: id,
        action: 'accept',
        signature: bytes.toString('base64'),
      });
      expect(damaged.statusCode).toBe(400);
      expect((await view(ctx, b, id)).json().data.status).toBe(1);
      const ok = await run(ctx, b, { documentId: id, action: 'accept', signature: good });
      expect(ok.json()).toMatchObject({ success: true, code: 3 });
      const seen = (await view(ctx, a, id)).json().data;
      expect(seen.signatures.map((s: any) => [s.action, s.tin])).toEqual([
        ['send', ORG1.identity],
        ['accept', ORG2.identity],
      ]);
      expect(seen.signatures[1].serialDec).toBe(BigInt(`0x${seen.signatures[1].serialHex}`).toString());
      expect(seen.signatures.every((s: any) => s.timestampAt)).toBe(true);
    });

    it('joins the receiver’s signature to the sender’s: the held CMS carries both over the same bytes', async () => {
      const id = await sent('R-JOIN');
      const model = (await getModelSign(ctx, b, id, 'accept')).json().data;
      expect(model.shape).toBe('cosign');
      expect(model.cms).toEqual(expect.any(String));
      const sendModel = await ctx.db.query<{ signed_bytes: Uint8Array }>(
        'select signed_bytes from documents where id = $1',
        [id],
      );
      expect(Buffer.from(model.toSign, 'base64').equals(Buffer.from(sendModel.rows[0].signed_bytes))).toBe(
        true,
      );
      expect(
        (
          await run(ctx, b, {
            documentId: id,
            action: 'accept',
            signature: await signBytes(fixture, ORG2.keyId, model.toSign),
          })
        ).statusCode,
      ).toBe(200);
      const { rows } = await ctx.db.query<{ cms: string }>('select cms from documents where id = $1', [id]);
      const { parseCms } = await import('../../../src/engine/cms');
      const parsed = parseCms(new Uint8Array(Buffer.from(rows[0].cms, 'base64')));
      expect(parsed.signedData.signerInfos.length).toBe(2);
      expect(Buffer.from(parsed.content!).equals(Buffer.from(model.toSign, 'base64'))).toBe(true);
    });

    it('bins, restores and deletes for one party only', async () => {
      const id = await sent('R-BIN');
      const bin = await ctx.app.inject({
        method: 'POST',
        url: '/api/Document/bulkBin',
        headers: auth(a),
        payload: { ids: [id] },
      });
      expect(bin.json().data.results).toEqual([{ id, success: true }]);
      expect((await list(a, 'DocDirection=outgoing')).json().rows.map((r: any) => r.id)).not.toContain(id);
      expect((await list(a, 'DocDirection=deleted')).json().rows.map((r: any) => r.id)).toContain(id);
      expect((await list(b, 'DocDirection=incoming')).json().rows.map((r: any) => r.id)).toContain(id);
      // Signing from the bin is not offered; restoring brings it back.
      expect((await getModelSign(ctx, a, id, 'cancel')).statusCode).toBe(404);
      const restore = await ctx.app.inject({
        method: 'POST',
        url: '/api/Document/bulkRestore',
        headers: auth(a),
        payload: { ids: [id] },
      });
      expect(restore.json().data.results[0].success).toBe(true);
      const early = await ctx.app.inject({
        method: 'POST',
        url: '/api/Document/bulkDelete',
        headers: auth(a),
        payload: { ids: [id] },
      });
      expect(early.json().data.results[0]).toMatchObject({ success: false, code: 'BIN_STATE' });
      await ctx.app.inject({
        method: 'POST',
        url: '/api/Document/bulkBin',
        headers: auth(a),
        payload: { ids: [id] },
      });
      const gone = await ctx.app.inject({
        method: 'POST',
        url: '/api/Document/bulkDelete',
        headers: auth(a),
        payload: { ids: [id] },
      });
      expect(gone.json().data.results[0].success).toBe(true);
      expect((await view(ctx, a, id)).statusCode).toBe(404);
      expect((await view(ctx, b, id)).statusCode).toBe(200);
      expect((await verifyEventChain(ctx.db, id)).valid).toBe(true);
    });

    it('counts what waits for the receiver and lists it with the shown status 2', async () => {
      const before = (
        await ctx.app.inject({ method: 'GET', url: '/api/Document/getCounts', headers: auth(b) })
      ).json().data;
      const id = await sent('R-COUNT');
      const after = (
        await ctx.app.inject({ method: 'GET', url: '/api/Document/getCounts', headers: auth(b) })
      ).json().data;
      expect(after.incomingAwaiting).toBe(before.incomingAwaiting + 1);
      expect(after.incoming).toBe(before.incoming + 1);
      const waiting = (await list(b, 'DocDirection=incoming&Status=2')).json().rows;
      expect(waiting.map((r: any) => r.id)).toContain(id);
      const row = waiting.find((r: any) => r.id === id);
      expect(row).toMatchObject({
        viewStatus: 2,
        status: 1,
        awaiting: true,
        counterparty: { identity: ORG1.identity },
      });
      expect(row.respondBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((await list(a, 'DocDirection=outgoing&Status=1')).json().rows.map((r: any) => r.id)).toContain(
        id,
      );
      expect(
        (await list(b, 'DocDirection=incoming&DocNumber=r-count')).json().rows.map((r: any) => r.id),
      ).toEqual([id]);
      expect(
        (await list(b, `DocDirection=incoming&SearchKeyword=${ORG1.identity}`)).json().totalCount,
      ).toBeGreaterThan(0);
      expect((await list(b, 'Size=17')).statusCode).toBe(400);
    });

    it('copies a rejected invoice into a new draft with a fresh national id', async () => {
      const id = await sent('R-COPY');
      await act(ctx, fixture, b, id, 'reject', { reason: 'Miqdor xato' });
      const copy = await ctx.app.inject({
        method: 'POST',
        url: `/api/Document/copyDocument?documentId=${id}`,
        headers: auth(a),
      });
      expect(copy.statusCode, copy.body).toBe(200);
      const draft = (await view(ctx, a, copy.json().data.id)).json().data;
      const original = (await view(ctx, a, id)).json().data;
      expect(draft.status).toBe(0);
      expect(draft.box).toBe('drafts');
      expect(draft.nationalId).not.toBe(original.nationalId);
      expect(draft.signatures).toEqual([]);
      expect(draft.actions.map((x: any) => x.name)).toEqual(
        expect.arrayContaining(['send', 'edit', 'deleteDraft']),
      );
      // The receiver cannot copy a document into the sender's name.
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: `/api/Document/copyDocument?documentId=${id}`,
            headers: auth(b),
          })
        ).statusCode,
      ).toBe(403);
    });

    it('offers accepted invoices to correct, and the last day to send an invoice', async () => {
      const id = await sent('R-CORR');
      await act(ctx, fixture, b, id, 'accept');
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/Document/getDocumentsToCorrect?docType=invoice&search=r-corr',
        headers: auth(a),
      });
      expect(res.json().data.map((d: any) => d.id)).toEqual([id]);
      const day = await ctx.app.inject({
        method: 'GET',
        url: '/api/Document/getInvoiceSendingLastDay?month=2026-12',
        headers: auth(a),
      });
      expect(day.json().data).toEqual({ month: '2026-12', lastDay: '2027-01-10' });
    });

    it('keeps a document sent to someone without an account until they sign up', async () => {
      const fresh = { keyId: 'fresh-52909960789012', identity: '52909960789012' };
      const content = {
        ...act1,
        SellerTin: ORG1.identity,
        BuyerTin: fresh.identity,
        ProductList: { ...act1.ProductList, Tin: ORG1.identity },
      };
      const id = (await addDraft(ctx, a, 'completionAct', content)).json().data.id;
      expect((await act(ctx, fixture, a, id, 'send')).statusCode).toBe(200);
      const newcomer = await signIn(ctx, fixture, fresh);
      const rows = (await list(newcomer, 'DocDirection=incoming')).json().rows;
      expect(rows.map((r: any) => r.id)).toEqual([id]);
      expect((await act(ctx, fixture, newcomer, id, 'accept')).json()).toMatchObject({
        success: true,
        code: 3,
      });
    });

    it('publishes every kind’s machine: DocType, DocStatus, StateStatus', async () => {
      const types = (await ctx.app.inject({ method: 'GET', url: '/api/DocType/getList' })).json().data;
      expect(types.length).toBe(lifecycleKinds().length);
      expect(types.find((t: any) => t.key === 'invoice')).toMatchObject({
        id: 2,
        taxRoles: { send: 11, accept: 12 },
      });
      const id = (await ctx.app.inject({ method: 'GET', url: '/api/DocType/getIdByKey?key=waybill' })).json()
        .data;
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/DocType/get?id=${id}` })).json().data.key,
      ).toBe('waybill');
      const statuses = (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/DocStatus/getList?kind=waybill',
          headers: { 'accept-language': 'en' },
        })
      ).json().data;
      expect(statuses.find((s: any) => s.code === 140).name).toBe('Accepted by the responsible person');
      const machine = (
        await ctx.app.inject({ method: 'GET', url: '/api/StateStatus/list?kind=empowermentV2' })
      ).json().data[0];
      expect(machine.actions.map((x: any) => x.name)).toContain('accountantAccept');
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/DocStatus/get?kind=invoice&code=77' })).statusCode,
      ).toBe(404);
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
