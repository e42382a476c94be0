// The public verification of a signed document (/api/Verify/document/{id}?k=…, the printed QR's
// target): no sign-in, the key opens it; valid, tampered and unknown documents; rate-limited.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { VERIFY_RATE_LIMIT } from '../../../src/server/routes/Verify';
import {
  createExchangeFixture,
  type ExchangeFixture,
  ORG1,
  ORG2,
  type SignedIn,
  signIn,
} from '../documents/exchange';
import type { KindCase } from '../documents/kindContent';
import { type TestContext, withDatabases } from '../harness';
import { draftOf, get, invoiceCase, type SignedInvoice, signedInvoice } from './printed';

let fixture: ExchangeFixture;
let invoice: KindCase;
beforeAll(async () => {
  fixture = await createExchangeFixture();
  invoice = await invoiceCase();
}, 120_000);
afterAll(() => fixture?.dispose());

withDatabases(
  'public verification',
  (ctx: TestContext) => {
    let seller: SignedIn;
    let buyer: SignedIn;
    let signed: SignedInvoice;

    beforeAll(async () => {
      seller = await signIn(ctx, fixture, ORG1);
      buyer = await signIn(ctx, fixture, ORG2);
      signed = await signedInvoice(ctx, fixture, seller, buyer, invoice);
    }, 120_000);

    /** The verification link's key, as the QR carries it. */
    async function keyOf(id: string): Promise<string> {
      const res = await get(ctx, seller, `/api/DocumentQr/url/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return new URL(res.json().data.url).searchParams.get('k')!;
    }

    const check = (id: string, key?: string, lang = 'en') =>
      get(
        ctx,
        null,
        `/api/Verify/document/${id}${key === undefined ? '' : `?k=${encodeURIComponent(key)}`}`,
        {
          'accept-language': lang,
        },
      );

    it('valid: without signing in, the particulars and each signature checked now — and nothing of the content', async () => {
      const res = await check(signed.id, await keyOf(signed.id));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const data = res.json().data;
      expect(data).toMatchObject({
        id: signed.id,
        kind: 'invoice',
        number: signed.number,
        date: invoice.content.FacturaDoc.FacturaDate,
        status: { key: 'signed', final: true },
        historyIntact: true,
        valid: true,
      });
      expect(data.total).toMatch(/^\d+(\.\d+)?$/);
      expect(data.parties.map((p: any) => p.identity).sort()).toEqual([ORG1.identity, ORG2.identity]);
      expect(data.parties.every((p: any) => typeof p.name === 'string' && p.name.length > 0)).toBe(true);
      expect(data.signatures.map((s: any) => [s.action, s.tin, s.valid, s.problem])).toEqual([
        ['send', ORG1.identity, true, null],
        ['accept', ORG2.identity, true, null],
      ]);
      expect(data.signatures[0].serialDec).toMatch(/^\d+$/);
      expect(Date.parse(data.checkedAt)).not.toBeNaN();
      // Only the particulars: no content, no lines, no signer PINFL, no CMS.
      const body = res.body;
      expect(data).not.toHaveProperty('content');
      const lineName = invoice.content.ProductList.Products[0].Name as string;
      expect(body).not.toContain(lineName);
      expect(body).not.toMatch(/"cms"|"pinfl"|MII[A-Za-z0-9+/]{40}/);
    });

    it('no key, a wrong key, another document’s key, an unknown or malformed id: the same 404', async () => {
      const key = await keyOf(signed.id);
      const other = await signedInvoice(ctx, fixture, seller, buyer, invoice, false);
      const otherKey = await keyOf(other.id);
      const answers = [
        await check(signed.id),
        await check(signed.id, ''),
        await check(signed.id, `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`),
        await check(signed.id, otherKey),
        await check(randomUUID(), key),
        await check('not-a-document', key),
      ];
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Document not found' });
      }
      // A draft never has a key: its verification does not exist.
      const draftId = await draftOf(ctx, seller, invoice);
      expect((await get(ctx, seller, `/api/DocumentQr/url/${draftId}`)).statusCode).toBe(409);
      const keys = await ctx.db.query('select 1 from document_verification_keys where document_id = $1', [
        draftId,
      ]);
      expect(keys.rows).toHaveLength(0);
    });

    it('tampered: signed bytes changed in the database — every signature fails to cover them, the history is broken', async () => {
      const victim = await signedInvoice(ctx, fixture, seller, buyer, invoice);
      const key = await keyOf(victim.id);
      const changed = Buffer.from(victim.signedBytes);
      changed[changed.indexOf('1'.charCodeAt(0))] = '9'.charCodeAt(0);
      await ctx.db.query('update documents set signed_bytes = $1 where id = $2', [changed, victim.id]);
      const data = (await check(victim.id, key, 'ru')).json().data;
      expect(data.valid).toBe(false);
      expect(data.historyIntact).toBe(false);
      expect(data.signatures.map((s: any) => [s.valid, s.problem?.code])).toEqual([
        [false, 'CONTENT_MISMATCH'],
        [false, 'CONTENT_MISMATCH'],
      ]);
      expect(data.signatures[0].problem.message).toContain('изменён после подписания');
    });

    it('tampered: a signature replaced by a damaged one fails on its own; the other stays valid', async () => {
      const victim = await signedInvoice(ctx, fixture, seller, buyer, invoice);
      const key = await keyOf(victim.id);
      const { rows } = await ctx.db.query<{ id: string; cms: string }>(
        `select id, cms from document_signatures where document_id = $1 and action = 'accept'`,
        [victim.id],
      );
      const der = Buffer.from(rows[0].cms, 'base64');
      der[der.length - 40] ^= 0xff; // inside the signature value
      await ctx.db.query('update document_signatures set cms = $1 where id = $2', [
        der.toString('base64'),
        rows[0].id,
      ]);
      const data = (await check(victim.id, key)).json().data;
      expect(data.valid).toBe(false);
      const [send, accept] = data.signatures;
      expect(send.valid).toBe(true);
      expect(accept.valid).toBe(false);
      expect(['BAD_SIGNATURE', 'MALFORMED']).toContain(accept.problem.code);
      // The event log recorded the CMS's hash: the swap shows in the history too.
      expect(data.historyIntact).toBe(false);
    });

    it(`is rate-limited per address (${VERIFY_RATE_LIMIT.max} a minute), then 429`, async () => {
      const key = await keyOf(signed.id);
      const codes: number[] = [];
      for (let i = 0; i <= VERIFY_RATE_LIMIT.max; i++)
        codes.push((await check(randomUUID(), key)).statusCode);
      expect(codes[0]).toBe(404);
      expect(codes.at(-1)).toBe(429);
      // The limit holds for a good link too.
      expect((await check(signed.id, key)).statusCode).toBe(429);
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
