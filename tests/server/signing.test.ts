import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoSignature, type RunningEmulator } from '../../src/emulator';
import {
  attachTimestampToken,
  encodeCms,
  fromBase64,
  parseCms,
  timestampTokenOf,
  toBase64,
} from '../../src/engine/cms';
import {
  createSignatureService,
  EimzoServerSignatureService,
  LocalSignatureService,
  type SignatureService,
  verifySignedPayload,
} from '../../src/server/signing';
import {
  createDemoPkiFixture,
  type DemoPkiFixture,
  registerApiKey,
  signThroughPlugin,
  startTestEmulator,
} from '../emulator/fixtures';

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

const sign = (keyId: string, content: string | Uint8Array) =>
  createDemoSignature(pki.dataDir, keyId, content);

/** Flips one byte of the signed content inside the DER (same length, so it still parses). */
function tamper(pkcs7b64: string, marker: string): string {
  const der = Buffer.from(pkcs7b64, 'base64');
  const at = der.indexOf(Buffer.from(marker));
  expect(at).toBeGreaterThan(0);
  der[at] ^= 0x01;
  return der.toString('base64');
}

const implementations: Array<[string, () => SignatureService]> = [
  ['LocalSignatureService', () => LocalSignatureService.fromFiles([pki.rootCaFile], { tsaUrl: emu.tsaUrl })],
  [
    'EimzoServerSignatureService (emulator stand-in)',
    () => new EimzoServerSignatureService({ baseUrl: emu.serverUrl }),
  ],
];

describe.each(implementations)('%s', (_name, make) => {
  let service: SignatureService;
  beforeAll(() => {
    service = make();
  });

  it('verifies a signature made through the emulated plug-in and names the signer', async () => {
    await registerApiKey(emu.wsUrl);
    const challenge = 'hujjat-challenge-7d1c';
    const signed = await signThroughPlugin(emu.wsUrl, 'DS302000001', challenge);
    const verified = await verifySignedPayload(service, signed.pkcs7_64, {
      expectedContent: challenge,
      actor: { tin: '302000001' },
      context: { clientIp: '10.1.2.3', host: 'hujjat.example' },
    });
    expect(new TextDecoder().decode(verified.content)).toBe(challenge);
    expect(verified.signer).toMatchObject({
      serialNumber: signed.signer_serial_number,
      subjectCN: 'Aliyev Akmal Karimovich',
      organization: 'OOO «Demo Savdo» (demo)',
      title: 'Direktor',
      tin: '302000001',
      pinfl: '31505850123451',
      uid: '412000001',
      issuerCN: 'Hujjat Demo Issuing CA (demo)',
    });
    expect(verified.signer.validTo.getTime()).toBeGreaterThan(Date.now());
    expect(verified.signer.validFrom.getTime()).toBeLessThan(Date.now());
    expect(verified.timestamped).toBe(false);
    expect(verified.signingTime).toBeInstanceOf(Date);
  });

  it('falls back to UID for the TIN and matches an individual by PINFL', async () => {
    const fresh = await service.verifyAttached(await sign('fresh-52909960789012', 'x'));
    expect(fresh.signer).toMatchObject({ tin: '412000005', uid: '412000005', pinfl: '52909960789012' });
    expect(fresh.signer.organization).toBeUndefined();
    const person = await verifySignedPayload(service, await sign('ind-31707920456784', 'x'), {
      expectedContent: 'x',
      actor: { pinfl: '31707920456784' },
    });
    expect(person.signer.tin).toBeUndefined();
  });

  it('refuses a tampered signature', async () => {
    const pkcs7 = await sign('org-302000002', 'amount=1000000.00');
    await expect(service.verifyAttached(tamper(pkcs7, 'amount=1000000.00'))).rejects.toMatchObject({
      name: 'SignatureError',
      code: 'BAD_SIGNATURE',
    });
  });

  it('refuses a certificate from an unknown CA', async () => {
    await expect(service.verifyAttached(await sign('untrusted-302000003', 'x'))).rejects.toMatchObject({
      code: 'UNTRUSTED_CHAIN',
    });
  });

  it('refuses an expired certificate', async () => {
    await expect(service.verifyAttached(await sign('expired-302000001', 'x'))).rejects.toMatchObject({
      code: 'CERT_EXPIRED',
    });
  });

  it('refuses a signer without TIN or PINFL', async () => {
    await expect(service.verifyAttached(await sign('no-identity', 'x'))).rejects.toMatchObject({
      code: 'NO_IDENTITY',
    });
  });

  it('refuses content other than what was asked for', async () => {
    await expect(
      verifySignedPayload(service, await sign('org-302000001', 'challenge-A'), {
        expectedContent: 'challenge-B',
      }),
    ).rejects.toMatchObject({ code: 'CONTENT_MISMATCH' });
    await expect(
      verifySignedPayload(service, await sign('org-302000001', 'abc'), {
        expectedContent: new TextEncoder().encode('abcd'),
      }),
    ).rejects.toMatchObject({ code: 'CONTENT_MISMATCH' });
  });

  it('refuses a signer who is not the acting party', async () => {
    const pkcs7 = await sign('org-302000001', 'act');
    await expect(
      verifySignedPayload(service, pkcs7, { expectedContent: 'act', actor: { tin: '302000002' } }),
    ).rejects.toMatchObject({ code: 'WRONG_SIGNER' });
    await expect(
      verifySignedPayload(service, pkcs7, {
        expectedContent: 'act',
        actor: { tin: '302000001', pinfl: '42203900234562' },
      }),
    ).rejects.toMatchObject({ code: 'WRONG_SIGNER' });
    // The personal TIN names the same person.
    await expect(
      verifySignedPayload(service, pkcs7, { expectedContent: 'act', actor: { tin: '412000001' } }),
    ).resolves.toBeTruthy();
  });

  it('refuses malformed input and detached signatures', async () => {
    await expect(service.verifyAttached('not base64!')).rejects.toMatchObject({ code: 'MALFORMED' });
    await expect(service.verifyAttached(Buffer.from('plain text').toString('base64'))).rejects.toMatchObject({
      code: 'MALFORMED',
    });
    const detached = await createDemoSignature(pki.dataDir, 'org-302000001', 'x', { detached: true });
    await expect(service.verifyAttached(detached)).rejects.toMatchObject({ code: 'MALFORMED' });
  });

  it('round-trips a timestamp', async () => {
    const stamped = await service.timestamp(await sign('org-302000003', 'invoice #1'));
    const verified = await service.verifyAttached(stamped);
    expect(verified.timestamped).toBe(true);
    expect(verified.timestampTime).toBeInstanceOf(Date);
    expect(Math.abs(verified.timestampTime!.getTime() - Date.now())).toBeLessThan(10 * 60 * 1000);
    expect(new TextDecoder().decode(verified.content)).toBe('invoice #1');
  });

  it('refuses a timestamp token taken from another signature', async () => {
    const stamped = await service.timestamp(await sign('org-302000003', 'first'));
    const token = timestampTokenOf(parseCms(fromBase64(stamped)).signedData.signerInfos[0])!;
    const other = parseCms(fromBase64(await sign('org-302000003', 'second')));
    attachTimestampToken(other.signedData.signerInfos[0], token);
    const grafted = toBase64(encodeCms(other.signedData));
    await expect(service.verifyAttached(grafted)).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
  });

  it('joins two signatures of the same content', async () => {
    const joined = await service.join(
      await sign('org-302000001', 'deal'),
      await sign('org-302000002', 'deal'),
    );
    expect(parseCms(fromBase64(joined)).signedData.signerInfos).toHaveLength(2);
    // The same signature joined again adds neither a signer nor a certificate.
    const once = await sign('org-302000001', 'deal');
    const twice = parseCms(fromBase64(await service.join(once, once)));
    const single = parseCms(fromBase64(once));
    expect(twice.signedData.signerInfos).toHaveLength(1);
    expect(twice.certificates).toHaveLength(single.certificates.length);
    // Two signers of one organisation share the chain: its CA is kept once.
    const both = parseCms(fromBase64(joined));
    const ders = both.certificates.map((c) => Buffer.from(c.toSchema().toBER(false)).toString('hex'));
    expect(new Set(ders).size).toBe(ders.length);
    // A joined PKCS#7 has two signers: verifyAttached expects one.
    await expect(service.verifyAttached(joined)).rejects.toMatchObject({ code: 'MALFORMED' });
    await expect(
      service.join(await sign('org-302000001', 'deal'), await sign('org-302000002', 'other deal')),
    ).rejects.toMatchObject({ name: 'SignatureError' });
  });
});

describe('service availability', () => {
  it('reports an unreachable E-IMZO-Server as SERVER_UNAVAILABLE', async () => {
    const down = new EimzoServerSignatureService({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(down.verifyAttached(await sign('org-302000001', 'x'))).rejects.toMatchObject({
      code: 'SERVER_UNAVAILABLE',
    });
    await expect(down.timestamp(await sign('org-302000001', 'x'))).rejects.toMatchObject({
      code: 'TIMESTAMP_FAILED',
    });
  });

  it('reports a missing or unreachable TSA as TIMESTAMP_FAILED', async () => {
    const noTsa = LocalSignatureService.fromFiles([pki.rootCaFile]);
    await expect(noTsa.timestamp(await sign('org-302000001', 'x'))).rejects.toMatchObject({
      code: 'TIMESTAMP_FAILED',
    });
    const deadTsa = LocalSignatureService.fromFiles([pki.rootCaFile], {
      tsaUrl: 'http://127.0.0.1:9/tsa',
      timeoutMs: 2000,
    });
    await expect(deadTsa.timestamp(await sign('org-302000001', 'x'))).rejects.toMatchObject({
      code: 'TIMESTAMP_FAILED',
    });
  });

  it('builds the configured implementation, or one that says signing is not configured', async () => {
    expect(createSignatureService({}).kind).toBe('unconfigured');
    await expect(createSignatureService({}).verifyAttached('x')).rejects.toMatchObject({
      code: 'SERVER_UNAVAILABLE',
    });
    const base = { eimzoServerUrl: null, trustedCaFiles: [] as string[], tsaUrl: null, timeoutMs: 5000 };
    expect(
      createSignatureService({ signing: { ...base, service: 'eimzo-server', eimzoServerUrl: emu.serverUrl } })
        .kind,
    ).toBe('eimzo-server');
    const local = createSignatureService({
      signing: { ...base, service: 'local', trustedCaFiles: [pki.rootCaFile] },
    });
    expect(local.kind).toBe('local');
    expect((await local.verifyAttached(await sign('org-302000002', 'y'))).signer.tin).toBe('302000002');
    expect(
      createSignatureService({ signing: { ...base, service: 'local', trustedCaFiles: ['/nonexistent.pem'] } })
        .kind,
    ).toBe('unconfigured');
  });

  it('checks validity at the timestamp time rather than now', async () => {
    const stamped = await new LocalSignatureService({
      trustedCaPem: [fs.readFileSync(pki.rootCaFile, 'utf8')],
      tsaUrl: emu.tsaUrl,
    }).timestamp(await sign('org-302000001', 'archived'));
    const inFiveYears = new LocalSignatureService({
      trustedCaPem: [fs.readFileSync(pki.rootCaFile, 'utf8')],
      now: () => new Date(Date.now() + 5 * 365 * 24 * 3600 * 1000),
    });
    // The certificate will have expired by then, but it was valid when the timestamp was made.
    await expect(inFiveYears.verifyAttached(stamped)).resolves.toMatchObject({ timestamped: true });
    await expect(inFiveYears.verifyAttached(await sign('org-302000001', 'late'))).rejects.toMatchObject({
      code: 'CERT_EXPIRED',
    });
  });
});

describe('certificate purpose', () => {
  it('refuses a signature made with a certificate authority key, even one naming a TIN', async () => {
    const { createRootCa, exportPkcs8, issueCertificate, subjectName } = await import(
      '../../scripts/demo-pki/certificates'
    );
    const { createPkcs7, importSigningKey } = await import('../../src/emulator/cmsSign');
    const now = Date.now();
    const from = new Date(now - 86_400_000);
    const to = new Date(now + 86_400_000);
    const root = await createRootCa(subjectName({ cn: 'Test root' }), from, to);
    const ca = await issueCertificate(
      root,
      subjectName({ cn: 'Rogue CA', legalTin: '302000001' }),
      'ca',
      from,
      to,
    );
    const pem = `-----BEGIN CERTIFICATE-----\n${Buffer.from(root.certificate.rawData).toString('base64')}\n-----END CERTIFICATE-----\n`;
    const service = new LocalSignatureService({ trustedCaPem: [pem] });
    const signed = await createPkcs7({
      data: new TextEncoder().encode('x'),
      detached: false,
      privateKey: await importSigningKey(await exportPkcs8(ca.keys.privateKey)),
      certificates: [new Uint8Array(ca.certificate.rawData), new Uint8Array(root.certificate.rawData)],
    });
    await expect(service.verifyAttached(Buffer.from(signed.pkcs7).toString('base64'))).rejects.toMatchObject({
      code: 'UNTRUSTED_CHAIN',
    });
    // The same root issuing a proper signing certificate is accepted.
    const signer = await issueCertificate(
      root,
      subjectName({ cn: 'Signer', legalTin: '302000001' }),
      'signer',
      from,
      to,
    );
    const good = await createPkcs7({
      data: new TextEncoder().encode('x'),
      detached: false,
      privateKey: await importSigningKey(await exportPkcs8(signer.keys.privateKey)),
      certificates: [new Uint8Array(signer.certificate.rawData), new Uint8Array(root.certificate.rawData)],
    });
    await expect(service.verifyAttached(Buffer.from(good.pkcs7).toString('base64'))).resolves.toMatchObject({
      signer: { tin: '302000001' },
    });
  });
});
