import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoSignature, type RunningEmulator } from '../../../src/emulator';
import { encodeCms, fromBase64, parseCms, toBase64 } from '../../../src/engine/cms';
import {
  createSignatureService,
  EimzoServerSignatureService,
  LocalSignatureService,
  type SignatureService,
  type VerifiedDocument,
} from '../../../src/server/signing';
import { createDemoPkiFixture, type DemoPkiFixture, startTestEmulator } from '../../emulator/fixtures';

let pki: DemoPkiFixture;
let emu: RunningEmulator;

beforeAll(async () => {
  pki = await createDemoPkiFixture();
  emu = await startTestEmulator(pki.dataDir);
});
afterAll(async () => {
  await emu?.close();
  pki?.dispose();
});

const DOCUMENT = '{"FacturaId":"665f1c2e9b1d4a0012ab0001","FacturaDoc":{"FacturaNo":"1"}}';
const sign = (keyId: string, content = DOCUMENT) => createDemoSignature(pki.dataDir, keyId, content);
const local = (fallback?: SignatureService) =>
  LocalSignatureService.fromFiles([pki.rootCaFile], { tsaUrl: emu.tsaUrl, fallback });

/** The same signature as if made with an E-IMZO key: O'zDSt 1106 digest, O'zDSt 1092 signature. */
function asNationalAlgorithm(pkcs7b64: string): string {
  const { signedData } = parseCms(fromBase64(pkcs7b64));
  for (const info of signedData.signerInfos) {
    info.digestAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: '1.2.860.3.15.1.3.2.1.1' });
    info.signatureAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: '1.2.860.3.15.1.1.2.2.2.2' });
  }
  return toBase64(encodeCms(signedData));
}

const summary = (document: VerifiedDocument) =>
  document.signers.map((s) => ({ valid: s.valid, code: s.code, tin: s.signer?.tin, by: s.verifiedBy }));

describe.each([
  ['LocalSignatureService', () => local()],
  [
    'EimzoServerSignatureService (emulator stand-in)',
    () => new EimzoServerSignatureService({ baseUrl: emu.serverUrl }),
  ],
] as const)('%s: a joined CMS, signer by signer', (_name, make) => {
  it('verifies both signers of a document the receiver co-signed (joined through the emulator)', async () => {
    const service = make();
    const seller = await sign('org-302000001');
    const buyer = await sign('org-302000002');
    const joined = await service.join(seller, buyer);
    const verified = await service.verifyDocument(joined);
    expect(new TextDecoder().decode(verified.content)).toBe(DOCUMENT);
    expect(verified.signers.map((s) => [s.valid, s.signer?.tin])).toEqual([
      [true, '302000001'],
      [true, '302000002'],
    ]);
    // A single-signer check still refuses it: two signers are not one.
    await expect(service.verifyAttached(joined)).rejects.toMatchObject({ code: 'MALFORMED' });
  });

  it('reads a single signature as a document of one signer', async () => {
    const verified = await make().verifyDocument(await sign('ind-31707920456784'));
    expect(verified.signers).toHaveLength(1);
    expect(verified.signers[0]).toMatchObject({ valid: true, signer: { pinfl: '31707920456784' } });
  });

  it('refuses what is not an attached signed document', async () => {
    await expect(make().verifyDocument('bm90IGEgY21z')).rejects.toMatchObject({ code: 'MALFORMED' });
  });
});

describe('the local verifier', () => {
  it('judges each signer on its own: one from an unknown CA does not hide the valid one', async () => {
    const service = local();
    const joined = await service.join(await sign('org-302000001'), await sign('untrusted-302000003'));
    expect(summary(await service.verifyDocument(joined))).toEqual([
      { valid: true, code: undefined, tin: '302000001', by: 'local' },
      { valid: false, code: 'UNTRUSTED_CHAIN', tin: '302000003', by: 'local' },
    ]);
  });

  it('answers "algorithm not supported" for a national (GOST) signature, never "does not match"', async () => {
    const service = local();
    const national = asNationalAlgorithm(await sign('org-302000001'));
    const verified = await service.verifyDocument(national);
    expect(verified.signers[0]).toMatchObject({ valid: false, code: 'ALGORITHM_NOT_SUPPORTED' });
    // The certificate is still read: who signed is shown even when it cannot be checked here.
    expect(verified.signers[0].signer?.tin).toBe('302000001');
    await expect(service.verifyAttached(national)).rejects.toMatchObject({
      name: 'SignatureError',
      code: 'ALGORITHM_NOT_SUPPORTED',
    });
  });

  it('routes the signers it cannot check to E-IMZO-Server when one is configured', async () => {
    const calls: string[] = [];
    const eimzoServer = {
      kind: 'eimzo-server',
      async verifyDocument(pkcs7b64: string) {
        calls.push(pkcs7b64);
        const { content } = parseCms(fromBase64(pkcs7b64));
        return {
          content: content!,
          signers: [
            { valid: true, timestamped: false, verifiedBy: 'eimzo-server' },
            { valid: true, timestamped: true, verifiedBy: 'eimzo-server' },
          ],
        };
      },
      async verifyAttached() {
        calls.push('attached');
        return { content: new Uint8Array(), signer: { tin: '302000002' } } as never;
      },
      timestamp: async () => '',
      join: async () => '',
    } as unknown as SignatureService;
    const service = local(eimzoServer);
    const joined = await local().join(
      await sign('org-302000001'),
      asNationalAlgorithm(await sign('org-302000002')),
    );
    const verified = await service.verifyDocument(joined);
    expect(verified.signers.map((s) => [s.valid, s.verifiedBy])).toEqual([
      [true, 'local'],
      [true, 'eimzo-server'],
    ]);
    expect(calls).toEqual([joined]);
    // A document of standard signatures never leaves the server.
    await service.verifyDocument(await sign('org-302000001'));
    expect(calls).toHaveLength(1);
    // A single national signature (sign-in, a signed action) goes there too.
    await service.verifyAttached(asNationalAlgorithm(await sign('org-302000002')));
    expect(calls).toEqual([joined, 'attached']);
  });

  it('is configured that way when both a trusted CA and E-IMZO-Server are set', async () => {
    const service = createSignatureService({
      signing: {
        service: 'local',
        eimzoServerUrl: emu.serverUrl,
        trustedCaFiles: [pki.rootCaFile],
        tsaUrl: emu.tsaUrl,
        timeoutMs: 5000,
      },
    });
    expect(service.kind).toBe('local');
    // The emulator's stand-in checks standard algorithms only: it refuses what real E-IMZO-Server
    // would verify — which shows the national signer went there instead of being refused here.
    await expect(
      service.verifyAttached(asNationalAlgorithm(await sign('org-302000001'))),
    ).rejects.toMatchObject({
      code: 'BAD_SIGNATURE',
    });
    const alone = createSignatureService({
      signing: {
        service: 'local',
        eimzoServerUrl: null,
        trustedCaFiles: [pki.rootCaFile],
        tsaUrl: null,
        timeoutMs: 5000,
      },
    });
    await expect(
      alone.verifyAttached(asNationalAlgorithm(await sign('org-302000001'))),
    ).rejects.toMatchObject({
      code: 'ALGORITHM_NOT_SUPPORTED',
    });
  });
});
