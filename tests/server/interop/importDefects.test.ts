// Synchronize/importDocuments answers what it cannot take with a clear result, never a 500 (issue
// 26): a received document whose party id is not 9 or 14 digits; a national (GOST) signature that
// E-IMZO-Server refuses (an invalid signer, not a failure); an empowerment its supplier imports
// before the life cycle shows it to the supplier (it was "created", then 404, then a 500 the second
// time).
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodeCms, fromBase64, parseCms, toBase64 } from '../../../src/engine/cms';
import { withNationalId } from '../../../src/engine/lifecycle';
import { toNationalJson } from '../../../src/engine/national';
import {
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  ORG1,
  type SignedIn,
  signIn,
  signRaw,
  view,
} from '../documents/exchange';
import { type KindCase, kindCases } from '../documents/kindContent';
import { type TestContext, withDatabases } from '../harness';

let fixture: ExchangeFixture;
let invoice: KindCase;
let empowerment: KindCase;
beforeAll(async () => {
  fixture = await createExchangeFixture();
  invoice = (await kindCases('invoice'))[0];
  empowerment = (await kindCases('empowerment'))[0];
}, 120_000);
afterAll(() => fixture?.dispose());

const encoder = new TextEncoder();
const signed = (keyId: string, kind: string, content: unknown) =>
  signRaw(fixture, keyId, encoder.encode(toNationalJson(kind, withNationalId(kind, content as any, false))));

/** The same signature as if made with an E-IMZO key (O'zDSt algorithms). */
function asNationalAlgorithm(pkcs7b64: string): string {
  const { signedData } = parseCms(fromBase64(pkcs7b64));
  for (const info of signedData.signerInfos) {
    info.digestAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: '1.2.860.3.15.1.3.2.1.1' });
    info.signatureAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: '1.2.860.3.15.1.1.2.2.2.2' });
  }
  return toBase64(encodeCms(signedData));
}

async function importOne(ctx: TestContext, who: SignedIn, signature: string, kind?: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/Synchronize/importDocuments',
    headers: auth(who, { 'accept-language': 'en' }),
    payload: { documents: [{ signature, ...(kind ? { kind } : {}) }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.results[0];
}

withDatabases(
  'importing what cannot be taken as it is',
  (ctx) => {
    const signedIn = new Map<string, SignedIn>();
    const as = async (party: { keyId: string; identity: string }) => {
      if (!signedIn.has(party.identity)) signedIn.set(party.identity, await signIn(ctx, fixture, party));
      return signedIn.get(party.identity)!;
    };

    it.each([
      ['8 digits', '30200000'],
      ['10 digits', '3020000011'],
      ['letters', '30200000X'],
      ['20 digits', '3'.repeat(20)],
    ])('a received document whose seller id has %s is imported with a warning, not a 500', async (_, id) => {
      const receiver = invoice.holders.receiver![0];
      const content = { ...structuredClone(invoice.content), SellerTin: id };
      const result = await importOne(ctx, await as(receiver), await signed(ORG1.keyId, 'invoice', content));
      expect(result.success, JSON.stringify(result)).toBe(true);
      expect(result.warnings.map((w: any) => w.path)).toContain('/SellerTin');
      const shown = await view(ctx, await as(receiver), result.documentId);
      expect(shown.statusCode, shown.body).toBe(200);
    });

    it('a GOST signature E-IMZO-Server refuses is recorded as an invalid signer, and the document kept', async () => {
      const receiver = invoice.holders.receiver![0];
      const content = {
        ...structuredClone(invoice.content),
        FacturaDoc: { ...invoice.content.FacturaDoc, FacturaNo: 'GOST-1' },
      };
      const signature = asNationalAlgorithm(await signed(ORG1.keyId, 'invoice', content));
      const result = await importOne(ctx, await as(receiver), signature);
      expect(result, JSON.stringify(result)).toMatchObject({
        success: true,
        recognized: true,
        unverified: false,
      });
      expect(result.signers[0]).toMatchObject({
        valid: false,
        tin: ORG1.identity,
        verifiedBy: 'eimzo-server',
      });
      expect(result.signers[0].code).not.toBe('ALGORITHM_NOT_SUPPORTED');
      const shown = (await view(ctx, await as(receiver), result.documentId)).json().data;
      expect(shown.signatures).toEqual([expect.objectContaining({ tin: ORG1.identity, valid: false })]);
    });

    it('an empowerment its supplier imports before it is the supplier’s to see: a clear refusal, twice', async () => {
      const sender = empowerment.holders.sender![0];
      const supplier = empowerment.holders.supplier![0];
      const signature = await signed(sender.keyId, 'empowerment', empowerment.content);
      const count = async () =>
        (
          await ctx.db.query<{ n: number }>(
            `select count(*)::int as n from documents where kind = 'empowerment'`,
          )
        ).rows[0].n;
      const before = await count();
      for (let attempt = 0; attempt < 2; attempt++) {
        const result = await importOne(ctx, await as(supplier), signature);
        expect(result, `attempt ${attempt}`).toMatchObject({ success: false, code: 'NOT_YOURS_YET' });
        expect(result.message).toMatch(/has not reached you yet/);
      }
      // Nothing stored that nobody sees.
      expect(await count()).toBe(before);
    });
  },
  {
    config: {
      get signing() {
        // National signatures go to E-IMZO-Server: here the emulator's stand-in, which refuses them.
        return { ...fixture.config.signing!, eimzoServerUrl: fixture.emulator.serverUrl };
      },
    },
  },
);
