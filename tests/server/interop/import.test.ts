// The receiving path: documents made elsewhere imported as received (Synchronize/importDocuments).
import fs from 'node:fs';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodeCms, fromBase64, parseCms, toBase64 } from '../../../src/engine/cms';
import { withNationalId } from '../../../src/engine/lifecycle';
import { toNationalJson } from '../../../src/engine/national';
import { verifyEventChain } from '../../../src/server/services/documents';
import {
  act,
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  IND1,
  ORG1,
  ORG2,
  ORG3,
  type SignedIn,
  signIn,
  signRaw,
  view,
} from '../documents/exchange';
import { kindCases } from '../documents/kindContent';
import { type TestContext, withDatabases } from '../harness';

let fixture: ExchangeFixture;
let invoice: Record<string, any>;
beforeAll(async () => {
  fixture = await createExchangeFixture();
  // An invoice from demo organisation 1 to demo organisation 2, without an agent.
  const cases = await kindCases('invoice');
  invoice = withNationalId(
    'invoice',
    (cases.find((c) => c.variant === 'minimal') ?? cases[0]).content,
    false,
  );
}, 120_000);
afterAll(() => fixture?.dispose());

const encoder = new TextEncoder();

/** The national JSON as another operator signs it: keys in lower case, sums as text, ": " spacing. */
function operatorStyle(content: unknown): string {
  const lower = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(lower);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toLowerCase(), lower(v)]));
    if (typeof value === 'number' && !Number.isInteger(value)) return value.toFixed(2);
    return value;
  };
  return JSON.stringify(lower(JSON.parse(toNationalJson('invoice', content)))).replace(/":/g, '": ');
}

const sign = (keyId: string, text: string) => signRaw(fixture, keyId, encoder.encode(text));

async function importDocs(ctx: TestContext, who: SignedIn, documents: object[], lang = 'en') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/Synchronize/importDocuments',
    headers: auth(who, { 'accept-language': lang }),
    payload: { documents },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.results as any[];
}

async function incoming(ctx: TestContext, who: SignedIn): Promise<string[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/Document/getList?DocDirection=incoming&Page=1&Size=90',
    headers: auth(who),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows.map((row: { id: string }) => row.id);
}

/** The same signature as if made with an E-IMZO key (O'zDSt algorithms). */
function asNationalAlgorithm(pkcs7b64: string): string {
  const { signedData } = parseCms(fromBase64(pkcs7b64));
  for (const info of signedData.signerInfos) {
    info.digestAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: '1.2.860.3.15.1.3.2.1.1' });
    info.signatureAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: '1.2.860.3.15.1.1.2.2.2.2' });
  }
  return toBase64(encodeCms(signedData));
}

const fresh = (overrides: Record<string, unknown> = {}): Record<string, any> => ({
  ...withNationalId('invoice', { ...invoice, FacturaId: '' }, false),
  ...overrides,
});

withDatabases(
  'Synchronize/importDocuments',
  (ctx) => {
    let org1: SignedIn;
    let org2: SignedIn;
    let org3: SignedIn;
    beforeAll(async () => {
      org1 = await signIn(ctx, fixture, ORG1);
      org2 = await signIn(ctx, fixture, ORG2);
      org3 = await signIn(ctx, fixture, ORG3);
    });

    it('keeps the exact signed bytes, reads them through the receipt profile and files the document as incoming', async () => {
      const content = fresh();
      const text = operatorStyle(content);
      const [result] = await importDocs(ctx, org2, [{ signature: await sign(ORG1.keyId, text) }]);
      expect(result).toMatchObject({
        success: true,
        kind: 'invoice',
        created: true,
        recognized: true,
        warnings: [],
      });
      expect(result.signers).toEqual([
        expect.objectContaining({
          valid: true,
          tin: ORG1.identity,
          match: 'tin',
          role: 'sender',
          identity: ORG1.identity,
        }),
      ]);
      const id = result.documentId;
      expect(await incoming(ctx, org2)).toContain(id);

      const shown = (await view(ctx, org2, id)).json().data;
      expect(shown).toMatchObject({
        source: 'received',
        status: 1,
        viewStatus: 2,
        nationalId: content.FacturaId,
      });
      expect(shown.content.FacturaDoc).toEqual(content.FacturaDoc);
      expect(shown.warnings).toMatchObject({
        recognized: true,
        profile: [],
        extensions: [],
        unverified: false,
      });
      expect(shown.signatures).toEqual([
        expect.objectContaining({ action: 'send', tin: ORG1.identity, role: 'sender', valid: true }),
      ]);
      expect(shown.actions.map((a: { name: string }) => a.name)).toEqual(
        expect.arrayContaining(['accept', 'reject']),
      );

      // The record is the bytes as signed, spaces and lower case included.
      const json = await ctx.app.inject({
        method: 'GET',
        url: `/api/DocumentContent/getJson/${id}`,
        headers: auth(org2),
      });
      expect(json.body).toBe(text);
      expect((await verifyEventChain(ctx.db, id)).valid).toBe(true);

      // The sender works elsewhere as far as this copy goes: it is not in its lists.
      expect((await view(ctx, org1, id)).statusCode).toBe(404);
      expect((await view(ctx, org3, id)).statusCode).toBe(404);

      // Its receiver accepts it through the life cycle: the CMS now carries both signers.
      const accepted = await act(ctx, fixture, org2, id, 'accept');
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((await view(ctx, org2, id)).json().data.status).toBe(3);

      // The same signed document again: refused as a repeat, naming the one held.
      const [again] = await importDocs(ctx, org2, [{ signature: await sign(ORG1.keyId, text) }]);
      expect(again).toMatchObject({ success: false, code: 'ALREADY_RECEIVED', documentId: id });
    });

    it('reads a joined CMS signer by signer: a document already accepted elsewhere arrives signed', async () => {
      const text = operatorStyle(fresh());
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/Eimzo/join',
        headers: auth(org2),
        payload: { signature1: await sign(ORG1.keyId, text), signature2: await sign(ORG2.keyId, text) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const cms = res.json().data?.pkcs7b64 ?? res.json().pkcs7b64;
      const [result] = await importDocs(ctx, org2, [{ signature: cms }]);
      expect(result.signers.map((s: any) => [s.valid, s.match, s.role])).toEqual([
        [true, 'tin', 'sender'],
        [true, 'tin', 'receiver'],
      ]);
      const shown = (await view(ctx, org2, result.documentId)).json().data;
      expect(shown.status).toBe(3);
      expect(shown.signatures.map((s: any) => s.action)).toEqual(['send', 'accept']);
      expect((await verifyEventChain(ctx.db, result.documentId)).valid).toBe(true);
    });

    it('accepts a personal key of the sender’s director, and flags one it cannot tie to a party', async () => {
      const text = operatorStyle(fresh());
      const [flagged] = await importDocs(ctx, org2, [{ signature: await sign(IND1.keyId, text) }]);
      expect(flagged).toMatchObject({ success: true });
      expect(flagged.signers[0]).toMatchObject({
        valid: true,
        pinfl: IND1.identity,
        match: 'unmatched',
        role: null,
      });

      await ctx.db.query(
        `update organizations set requisites = coalesce(requisites, '{}'::jsonb) || jsonb_build_object('DirectorPinfl', $2::text)
        where tin = $1`,
        [ORG1.identity, IND1.identity],
      );
      const [member] = await importDocs(ctx, org2, [
        { signature: await sign(IND1.keyId, operatorStyle(fresh())) },
      ]);
      expect(member.signers[0]).toMatchObject({
        valid: true,
        match: 'member',
        role: 'sender',
        identity: ORG1.identity,
      });
    });

    it('answers "algorithm not supported" for a national (GOST) signature it cannot check, and still imports', async () => {
      const [result] = await importDocs(ctx, org2, [
        { signature: asNationalAlgorithm(await sign(ORG1.keyId, operatorStyle(fresh()))) },
      ]);
      expect(result).toMatchObject({ success: true, recognized: true });
      expect(result.signers[0]).toMatchObject({
        valid: false,
        code: 'ALGORITHM_NOT_SUPPORTED',
        tin: ORG1.identity,
        match: 'tin',
      });
      expect(result.signers[0].message).toMatch(/national \(GOST\) algorithm/);
      // The document's view says so too: the signature is not shown as valid.
      const shown = (await view(ctx, org2, result.documentId)).json().data;
      expect(shown.signatures).toEqual([expect.objectContaining({ tin: ORG1.identity, valid: false })]);
    });

    it('keeps a document of an unknown shape as its raw signed JSON, when the kind is named', async () => {
      // Another operator's goods acceptance act: not Didox's act 054, whatever its name says.
      const goodsAct =
        '{"actdoc": {"actno": "Ax-1","actdate": "2025-06-01"},"truckdoc": {"truckregno": ""},"shippertin": "","consigneetin": "","shippername": "","consigneename": ""}';
      const signature = await sign(ORG1.keyId, goodsAct);
      const [unnamed] = await importDocs(ctx, org2, [{ signature }]);
      expect(unnamed).toMatchObject({ success: false, code: 'KIND_UNKNOWN' });
      const [kept] = await importDocs(ctx, org2, [{ signature, kind: 'acceptanceAct' }]);
      expect(kept).toMatchObject({ success: true, recognized: false, kind: 'acceptanceAct' });
      expect(await incoming(ctx, org2)).toContain(kept.documentId);
      const json = await ctx.app.inject({
        method: 'GET',
        url: `/api/DocumentContent/getJson/${kept.documentId}`,
        headers: auth(org2),
      });
      expect(json.body).toBe(goodsAct);
      expect((await view(ctx, org2, kept.documentId)).json().data).toMatchObject({
        content: {},
        warnings: { recognized: false },
      });
    });

    it('reads an operator’s real document (Didox’s stored invoice) with its warnings-free view', async () => {
      // The operator's exact bytes, with its counterparties replaced by demo organisations.
      const text = fs
        .readFileSync('data/operator-examples/didox_stored-invoice.json', 'utf8')
        .replaceAll('310529901', ORG1.identity)
        .replaceAll('302936161', ORG2.identity);
      const [result] = await importDocs(ctx, org2, [{ signature: await sign(ORG1.keyId, text) }], 'ru');
      expect(result).toMatchObject({ success: true, kind: 'invoice', recognized: true, warnings: [] });
      const shown = (await view(ctx, org2, result.documentId)).json().data;
      expect(shown.content.ProductList.Products[0]).toMatchObject({ Summa: 10000000, VatRate: 0, Origin: 3 });
      expect(shown.total).toBe('10000000.00');
    });

    it('refuses what is not a signed document, a JSON other than the signed one, and a document not addressed to the caller', async () => {
      const text = operatorStyle(fresh());
      const signature = await sign(ORG1.keyId, text);
      const results = await importDocs(ctx, org3, [
        { signature: 'bm90IGEgc2lnbmVkIGRvY3VtZW50' },
        { signature, json: `${text} ` },
        { signature },
      ]);
      expect(results.map((r) => [r.success, r.code])).toEqual([
        [false, 'NOT_SIGNED'],
        [false, 'CONTENT_MISMATCH'],
        [false, 'NOT_A_PARTY'],
      ]);
      expect(results[2].message).toMatch(/not addressed to your organisation/);
    });

    it('attaches a detached CMS to the JSON sent beside it', async () => {
      const text = operatorStyle(fresh());
      const { signedData } = parseCms(fromBase64(await sign(ORG1.keyId, text)));
      signedData.encapContentInfo.eContent = undefined;
      const detached = toBase64(encodeCms(signedData));
      const [without] = await importDocs(ctx, org2, [{ signature: detached }]);
      expect(without).toMatchObject({ success: false, code: 'DETACHED' });
      const [result] = await importDocs(ctx, org2, [{ signature: detached, json: text }]);
      expect(result).toMatchObject({ success: true });
      expect(result.signers[0]).toMatchObject({ valid: true, match: 'tin' });
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
