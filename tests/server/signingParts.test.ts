// The DER fast paths of the signature hot path (parse by parts, join by splicing, the timestamp read in
// place, the certificate cache) against pkijs's own parse and merge: same bytes, same verdicts, and
// pkijs's path for what they do not handle.

import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoSignature, type RunningEmulator } from '../../src/emulator';
import {
  attachTimestampToken,
  childrenOf,
  derElement,
  encodeCms,
  encodeSignedData,
  firstSignerTimestampToken,
  fromBase64,
  knownCertificate,
  mergeSignedData,
  parseCms,
  parseWhole,
  readNode,
  signedDataParts,
  timestampGenTime,
  timestampTokenDer,
  timestampTokenOf,
  toBase64,
} from '../../src/engine/cms';
import { LocalSignatureService } from '../../src/server/signing';
import { createDemoPkiFixture, type DemoPkiFixture, startTestEmulator } from '../emulator/fixtures';

let pki: DemoPkiFixture;
let emu: RunningEmulator;
let service: LocalSignatureService;

beforeAll(async () => {
  pki = await createDemoPkiFixture();
  emu = await startTestEmulator(pki.dataDir);
  service = LocalSignatureService.fromFiles([pki.rootCaFile], { tsaUrl: emu.tsaUrl });
});
afterAll(async () => {
  await emu?.close();
  pki?.dispose();
});

const sign = (keyId: string, content: string) => createDemoSignature(pki.dataDir, keyId, content);
const stamped = async (keyId: string, content: string) => service.timestamp(await sign(keyId, content));
const hex = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(new Uint8Array(bytes)).toString('hex');
const encoded = (o: { toSchema(): { toBER(sizeOnly?: boolean): ArrayBuffer } }) =>
  hex(o.toSchema().toBER(false));

/** The same CMS with its outer ContentInfo in BER's indefinite-length form (as some signers emit). */
function indefinite(der: Uint8Array): Uint8Array {
  const root = readNode(der, 0)!;
  return Uint8Array.from([0x30, 0x80, ...der.subarray(root.contentStart, root.end), 0x00, 0x00]);
}

describe('DER elements', () => {
  it('writes and reads lengths at every boundary of the short and long forms', () => {
    for (const length of [0, 1, 127, 128, 255, 256, 65_535, 65_536, 300_000]) {
      const element = derElement(0x04, [new Uint8Array(length)]);
      const node = readNode(element, 0)!;
      expect(node.end - node.contentStart).toBe(length);
      expect(node.end).toBe(element.length);
      expect(element[1]).toBe(length < 128 ? length : 0x80 | Math.ceil(Math.log2(length + 1) / 8));
    }
  });

  it('answers null for what it does not read: indefinite length, overruns, high tag numbers', () => {
    expect(readNode(Uint8Array.of(0x30, 0x80, 0x00, 0x00), 0)).toBeNull();
    expect(readNode(Uint8Array.of(0x04, 0x05, 0x01), 0)).toBeNull();
    expect(readNode(Uint8Array.of(0x1f, 0x22, 0x00), 0)).toBeNull();
    expect(readNode(Uint8Array.of(0x04, 0x82, 0x01), 0)).toBeNull();
    const sequence = derElement(0x30, [derElement(0x02, [Uint8Array.of(1)]), Uint8Array.of(0x04, 0x09)]);
    expect(childrenOf(sequence, readNode(sequence, 0)!)).toBeNull();
  });
});

describe('SignedData by parts', () => {
  it('splits and re-encodes a CMS byte for byte, and parses it as pkijs does', async () => {
    const der = fromBase64(
      await service.join(await stamped('org-302000001', 'deal'), await stamped('org-302000002', 'deal')),
    );
    const parts = signedDataParts(der)!;
    expect(parts.signerInfos).toHaveLength(2);
    expect(hex(encodeSignedData(parts))).toBe(hex(der));
    const fast = parseCms(der);
    const whole = parseWhole(der);
    expect(hex(fast.content!)).toBe(hex(whole.content!));
    expect(fast.certificates.map(encoded)).toEqual(whole.certificates.map(encoded));
    expect(fast.signedData.signerInfos.map(encoded)).toEqual(whole.signedData.signerInfos.map(encoded));
    expect(hex(encodeCms(fast.signedData))).toBe(hex(encodeCms(whole.signedData)));
  });

  it('shares one parsed object per certificate, and a changed certificate is a different one', async () => {
    const der = fromBase64(await sign('org-302000001', 'a'));
    const first = parseCms(der).certificates;
    const again = parseCms(fromBase64(await sign('org-302000001', 'b'))).certificates;
    expect(again[0]).toBe(first[0]);
    const certificate = signedDataParts(der)!.certificates![0];
    const changed = Uint8Array.from(certificate);
    changed[changed.length - 5] ^= 0x01;
    expect(knownCertificate(changed)).not.toBe(knownCertificate(certificate));
    // The key is the bytes decoded as windows-1252: bytes it leaves undefined (0x81, 0x8d, 0x8f, 0x90,
    // 0x9d) and their neighbours still give keys of their own.
    const seen = new Set<unknown>();
    for (const byte of [0x80, 0x81, 0x8d, 0x8f, 0x90, 0x9d, 0x9f, 0x3f, 0xfd]) {
      const variant = Uint8Array.from(certificate);
      variant[variant.length - 5] = byte;
      seen.add(knownCertificate(variant));
      expect(knownCertificate(Uint8Array.from(variant))).toBe(knownCertificate(variant));
    }
    expect(seen.size).toBe(9);
  });

  it('refuses, after verifying the genuine one, a signer certificate changed by one byte', async () => {
    const genuine = await sign('org-302000001', 'payment 100.00');
    await expect(service.verifyAttached(genuine)).resolves.toMatchObject({ signer: { tin: '302000001' } });
    const der = fromBase64(genuine);
    const certificate = signedDataParts(der)!.certificates![0];
    const at = Buffer.from(der).indexOf(Buffer.from(certificate));
    // A byte of the certificate's own signature: the issuer's signature over it no longer holds.
    der[at + certificate.length - 3] ^= 0x01;
    await expect(service.verifyAttached(toBase64(der))).rejects.toMatchObject({ code: 'UNTRUSTED_CHAIN' });
  });
});

describe('joining by splicing', () => {
  it('gives exactly the bytes of the pkijs merge, and both signers verify', async () => {
    for (const make of [sign, stamped]) {
      const a = await make('org-302000001', 'invoice 7');
      const b = await make('org-302000002', 'invoice 7');
      const joined = await service.join(a, b);
      const reference = encodeCms(
        mergeSignedData(parseWhole(fromBase64(a)).signedData, parseWhole(fromBase64(b)).signedData),
      );
      expect(joined).toBe(toBase64(reference));
      const verified = await service.verifyDocument(joined);
      expect(verified.signers.map((s) => (s.valid ? s.signer?.tin : s.code))).toEqual([
        '302000001',
        '302000002',
      ]);
    }
  });

  it('refuses different content and detached signatures as the pkijs path does', async () => {
    await expect(
      service.join(await sign('org-302000001', 'deal'), await sign('org-302000002', 'other deal')),
    ).rejects.toMatchObject({ code: 'CONTENT_MISMATCH' });
    const detached = await createDemoSignature(pki.dataDir, 'org-302000002', 'deal', { detached: true });
    await expect(service.join(await sign('org-302000001', 'deal'), detached)).rejects.toMatchObject({
      code: 'MALFORMED',
    });
  });

  it('joins a BER (indefinite-length) signature through pkijs', async () => {
    const ber = indefinite(fromBase64(await sign('org-302000001', 'waybill 3')));
    expect(signedDataParts(ber)).toBeNull();
    const joined = await service.join(toBase64(ber), await sign('org-302000002', 'waybill 3'));
    const verified = await service.verifyDocument(joined);
    expect(verified.signers.every((s) => s.valid)).toBe(true);
    expect(verified.signers).toHaveLength(2);
  });
});

describe('the timestamp read in place', () => {
  it('finds the same token and time as pkijs', async () => {
    const der = fromBase64(await stamped('org-302000003', 'act 12'));
    const token = firstSignerTimestampToken(der)!.token!;
    const reference = timestampTokenOf(parseWhole(der).signedData.signerInfos[0])!;
    expect(hex(token)).toBe(encoded(reference));
    const info = pkijs.TSTInfo.fromBER(
      new pkijs.SignedData({ schema: reference.content }).encapContentInfo.eContent!.getValue(),
    );
    expect(timestampGenTime(token)?.toISOString()).toBe(info.genTime.toISOString());
  });

  it('reads a token attached after parsing, not the one received', async () => {
    const first = parseCms(fromBase64(await stamped('org-302000003', 'act 13'))).signedData.signerInfos[0];
    const second = parseCms(fromBase64(await stamped('org-302000001', 'act 14'))).signedData.signerInfos[0];
    const received = timestampTokenDer(first)!;
    const replacement = timestampTokenOf(second)!;
    attachTimestampToken(first, replacement);
    expect(hex(timestampTokenDer(first)!)).toBe(encoded(replacement));
    expect(hex(timestampTokenDer(first)!)).not.toBe(hex(received));
  });

  it('says "no token" for an unstamped signature and "unreadable" for BER', async () => {
    const plain = fromBase64(await sign('org-302000003', 'x'));
    expect(firstSignerTimestampToken(plain)).toEqual({ token: null });
    expect(firstSignerTimestampToken(indefinite(plain))).toBeNull();
    expect(timestampGenTime(plain)).toBeUndefined();
  });
});
