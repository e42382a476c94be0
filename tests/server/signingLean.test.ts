// The lean verification path (DER offsets, engine/cms/lean*.ts) against pkijs's (verifyCmsSignersPkijs):
// the same verdicts, codes and results for real signatures — the demo PKI's ECDSA P-256 keys, and RSA,
// P-384 and P-521 keys of a test CA here — with and without timestamps, one and two signers, and for
// every tampering below; and the lean path is really taken, and its key cache keyed per certificate.
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as x509 from '@peculiar/x509';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRootCa,
  exportPkcs8,
  type IssuedKey,
  issueCertificate,
  pem,
  randomSerial,
  subjectName,
} from '../../scripts/demo-pki/certificates';
import { createDemoSignature, type RunningEmulator } from '../../src/emulator';
import { DemoTsa } from '../../src/emulator/tsa';
import {
  attachTimestampToken,
  certificatesFromPem,
  childrenOf,
  derElement,
  ecdsaRawSignature,
  encodeCms,
  encodeSignedData,
  firstSignerTimestampToken,
  fromBase64,
  generalizedTimeOf,
  leanVerificationCounts,
  OID_CONTENT_TYPE,
  OID_DATA,
  OID_MESSAGE_DIGEST,
  OID_SIGNED_DATA,
  OID_SIGNING_TIME,
  parseWhole,
  readNode,
  signatureValue,
  signedDataParts,
  timestampTokenOf,
  toArrayBuffer,
  toBase64,
  type VerifyCmsOptions,
  verifyCmsSigners,
  verifyCmsSignersPkijs,
} from '../../src/engine/cms';
import { LocalSignatureService } from '../../src/server/signing';
import { createDemoPkiFixture, type DemoPkiFixture, startTestEmulator } from '../emulator/fixtures';

let pki: DemoPkiFixture;
let emu: RunningEmulator;
let service: LocalSignatureService;
let trusted: pkijs.Certificate[];
let testRoot: IssuedKey;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-lean-'));

const DAY = 86_400_000;
const from = new Date(Date.now() - DAY);
const to = new Date(Date.now() + 30 * DAY);

beforeAll(async () => {
  pki = await createDemoPkiFixture();
  emu = await startTestEmulator(pki.dataDir);
  service = LocalSignatureService.fromFiles([pki.rootCaFile], { tsaUrl: emu.tsaUrl });
  testRoot = await createRootCa(subjectName({ cn: 'Lean test root' }), from, to);
  trusted = [
    ...certificatesFromPem(fs.readFileSync(pki.rootCaFile, 'utf8')),
    pkijs.Certificate.fromBER(testRoot.certificate.rawData),
  ];
});
afterAll(async () => {
  await emu?.close();
  pki?.dispose();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const der = (cert: x509.X509Certificate) => new Uint8Array(cert.rawData);
const demo = async (keyId: string, content: string) =>
  fromBase64(await createDemoSignature(pki.dataDir, keyId, content));
const stamp = async (cms: Uint8Array) => fromBase64(await service.timestamp(toBase64(cms)));
const join = async (a: Uint8Array, b: Uint8Array) => fromBase64(await service.join(toBase64(a), toBase64(b)));

interface TestSigner {
  key: CryptoKey;
  certificates: Uint8Array[];
  hash: string;
}

/** A signing certificate of the test CA over a key of its own (any algorithm WebCrypto generates). */
async function testSigner(
  algorithm: RsaHashedKeyGenParams | EcKeyGenParams,
  hash: string,
): Promise<TestSigner> {
  const keys = (await crypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: subjectName({ cn: `Lean ${algorithm.name}`, legalTin: '302000009' }),
    issuer: testRoot.certificate.subjectName,
    notBefore: from,
    notAfter: to,
    publicKey: keys.publicKey,
    signingKey: testRoot.keys.privateKey,
    signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' } as EcdsaParams,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
        true,
      ),
    ],
  });
  return { key: keys.privateKey, certificates: [der(certificate), der(testRoot.certificate)], hash };
}

const rsa = (hash: string): RsaHashedKeyGenParams => ({
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: Uint8Array.of(1, 0, 1),
  hash,
});
const ec = (namedCurve: string): EcKeyGenParams => ({ name: 'ECDSA', namedCurve });

/** A CMS as the plug-in makes it (contentType, signingTime, messageDigest), by `signer` over `text`. */
async function signCms(
  signer: TestSigner,
  text: string,
  options: {
    contentTypeAttribute?: string;
    detached?: boolean;
    key?: CryptoKey;
    extra?: pkijs.Attribute[];
  } = {},
): Promise<Uint8Array> {
  const data = new TextEncoder().encode(text);
  const certificates = signer.certificates.map((c) => pkijs.Certificate.fromBER(toArrayBuffer(c)));
  const digest = await crypto.subtle.digest(signer.hash, data);
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID_DATA,
      ...(options.detached ? {} : { eContent: new asn1js.OctetString({ valueHex: toArrayBuffer(data) }) }),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: certificates[0].issuer,
          serialNumber: certificates[0].serialNumber,
        }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({
              type: OID_CONTENT_TYPE,
              values: [new asn1js.ObjectIdentifier({ value: options.contentTypeAttribute ?? OID_DATA })],
            }),
            new pkijs.Attribute({
              type: OID_SIGNING_TIME,
              values: [new asn1js.UTCTime({ valueDate: new Date() })],
            }),
            new pkijs.Attribute({
              type: OID_MESSAGE_DIGEST,
              values: [new asn1js.OctetString({ valueHex: digest })],
            }),
            ...(options.extra ?? []),
          ],
        }),
      }),
    ],
    certificates,
  });
  await signedData.sign(options.key ?? signer.key, 0, signer.hash);
  return encodeCms(signedData);
}

/**
 * Both paths over `cms`: deep-equal results (or the same thrown code), and how many signers and tokens
 * the lean path decided itself.
 */
async function compare(cms: Uint8Array, options: Partial<VerifyCmsOptions> = {}) {
  const opts = { trusted, ...options };
  const outcome = (promise: Promise<unknown>) =>
    promise.catch((err: { code?: string; message?: string }) => ({ thrown: err.code, message: err.message }));
  const before = leanVerificationCounts();
  const lean = (await outcome(verifyCmsSigners(cms, opts))) as Awaited<ReturnType<typeof verifyCmsSigners>>;
  const after = leanVerificationCounts();
  const reference = await outcome(verifyCmsSignersPkijs(cms, opts));
  expect(lean).toEqual(reference);
  return {
    result: lean,
    codes: lean.signers?.map((s) => (s.valid ? 'valid' : s.code)),
    leanSigners: after.signers - before.signers,
    leanTimestamps: after.timestamps - before.timestamps,
  };
}

/** `bytes` with one byte XOR-ed at the first occurrence of `marker` plus `offset`. */
function flipAt(bytes: Uint8Array, marker: Uint8Array | string, offset = 0, mask = 0x01): Uint8Array {
  const at = Buffer.from(bytes).indexOf(
    typeof marker === 'string' ? Buffer.from(marker) : Buffer.from(marker),
  );
  expect(at).toBeGreaterThanOrEqual(0);
  const out = Uint8Array.from(bytes);
  out[at + offset] ^= mask;
  return out;
}

const hexBytes = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/\s+/g, ''), 'hex'));
// The attribute headers the emulator and signCms write: type OID, SET, value header.
const CONTENT_TYPE_DATA = hexBytes('06092a864886f70d010903 310b 06092a864886f70d010701');
const SIGNING_TIME = hexBytes('06092a864886f70d010905 310f 170d');
const MESSAGE_DIGEST_256 = hexBytes('06092a864886f70d010904 3122 0420');

/** The CMS with signer 0's signature value replaced (re-encoded by pkijs). */
function withSignature(cms: Uint8Array, signature: Uint8Array): Uint8Array {
  const { signedData } = parseWhole(cms);
  signedData.signerInfos[0].signature = new asn1js.OctetString({ valueHex: toArrayBuffer(signature) });
  return encodeCms(signedData);
}

describe('the lean path gives what pkijs gives', () => {
  it('for the demo keys: one and two signers, with and without a timestamp, detached', async () => {
    const one = await demo('org-302000001', 'invoice 1');
    const two = await demo('org-302000002', 'invoice 1');
    const cases = [
      { cms: one, signers: 1, timestamps: 0 },
      { cms: await stamp(one), signers: 1, timestamps: 1 },
      { cms: await demo('ind-31707920456784', 'invoice 2'), signers: 1, timestamps: 0 },
      { cms: await join(one, two), signers: 2, timestamps: 0 },
      { cms: await join(await stamp(one), await stamp(two)), signers: 2, timestamps: 2 },
    ];
    for (const { cms, signers, timestamps } of cases) {
      const outcome = await compare(cms);
      expect(outcome.codes).toEqual(Array(signers).fill('valid'));
      expect(outcome.leanSigners).toBe(signers);
      expect(outcome.leanTimestamps).toBe(timestamps);
    }
    const detached = fromBase64(
      await createDemoSignature(pki.dataDir, 'org-302000003', 'act 5', { detached: true }),
    );
    const content = new TextEncoder().encode('act 5');
    expect((await compare(detached, { detachedContent: content })).codes).toEqual(['valid']);
    expect((await compare(detached, { detachedContent: new TextEncoder().encode('act 6') })).codes).toEqual([
      'BAD_SIGNATURE',
    ]);
    expect((await compare(detached)).result).toMatchObject({ thrown: 'MALFORMED' });
  });

  it('for RSA and ECDSA keys of other sizes and hashes, stamped and joined', async () => {
    const signers = await Promise.all([
      testSigner(rsa('SHA-256'), 'SHA-256'),
      testSigner(rsa('SHA-512'), 'SHA-512'),
      testSigner(ec('P-256'), 'SHA-1'),
      testSigner(ec('P-384'), 'SHA-384'),
      testSigner(ec('P-521'), 'SHA-512'),
    ]);
    const signed: Uint8Array[] = [];
    for (const signer of signers) {
      const cms = await signCms(signer, 'waybill 9');
      signed.push(cms);
      for (const [variant, timestamps] of [
        [cms, 0],
        [await stamp(cms), 1],
      ] as const) {
        const outcome = await compare(variant);
        expect(outcome.codes).toEqual(['valid']);
        expect(outcome.leanSigners).toBe(1);
        expect(outcome.leanTimestamps).toBe(timestamps);
      }
    }
    const joined = await join(await stamp(signed[0]), signed[3]);
    const outcome = await compare(joined);
    expect(outcome.codes).toEqual(['valid', 'valid']);
    expect(outcome.leanSigners).toBe(2);
  });

  it('for national (GOST) algorithms: ALGORITHM_NOT_SUPPORTED, so E-IMZO-Server gets them', async () => {
    const { signedData } = parseWhole(await demo('org-302000001', 'x'));
    signedData.signerInfos[0].digestAlgorithm = new pkijs.AlgorithmIdentifier({
      algorithmId: '1.2.860.3.15.1.3.2.1.1',
    });
    signedData.signerInfos[0].signatureAlgorithm = new pkijs.AlgorithmIdentifier({
      algorithmId: '1.2.860.3.15.1.1.2.2.2.2',
    });
    const outcome = await compare(encodeCms(signedData));
    expect(outcome.result.signers[0]).toMatchObject({
      valid: false,
      code: 'ALGORITHM_NOT_SUPPORTED',
      algorithm: '1.2.860.3.15.1.3.2.1.1',
    });
  });

  it('for signed attributes asn1js reads with an error or this path does not read, which go to pkijs', async () => {
    const signer = await testSigner(ec('P-256'), 'SHA-256');
    /** A CMS by `signer` whose signed attributes hold the extra attribute 1.2.3.4 = `value` (DER hex). */
    const signedWith = async (value: string) => {
      const bytes = hexBytes(value);
      const placeholder = new asn1js.OctetString({ valueHex: new ArrayBuffer(bytes.length - 2) });
      const attribute = new pkijs.Attribute({ type: '1.2.3.4', values: [placeholder] });
      const cms = flipAt(await signCms(signer, 'x', { extra: [attribute] }), hexBytes('06032a0304'), 0, 0);
      const marker = Buffer.from(hexBytes(`06032a0304 31${bytes.length.toString(16).padStart(2, '0')}`));
      const at = Buffer.from(cms).indexOf(marker) + marker.length;
      cms.set(bytes, at);
      // Signed again over the changed attributes (the SET encoding, RFC 5652 §5.4).
      const parts = signedDataParts(cms)!;
      const element = parts.signerInfos[0];
      const fields = childrenOf(element, readNode(element, 0)!)!;
      const set = element.slice(fields[3].start, fields[3].end);
      set[0] = 0x31;
      const raw = new Uint8Array(
        await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signer.key, set),
      );
      const integer = (v: Uint8Array) => {
        let i = 0;
        while (i < v.length - 1 && v[i] === 0) i++;
        const body = v[i] & 0x80 ? Uint8Array.from([0, ...v.subarray(i)]) : v.subarray(i);
        return derElement(0x02, [body]);
      };
      const signature = derElement(0x30, [integer(raw.subarray(0, 32)), integer(raw.subarray(32))]);
      const resigned = derElement(0x30, [
        ...fields.slice(0, 5).map((f) => element.subarray(f.start, f.end)),
        derElement(0x04, [signature]),
      ]);
      return encodeSignedData({ ...parts, signerInfos: [resigned] });
    };
    // Readable: on the lean path, and valid.
    const readable = await compare(await signedWith('3008 06022a03 a0020500'));
    expect(readable.codes).toEqual(['valid']);
    expect(readable.leanSigners).toBe(1);
    // An OBJECT IDENTIFIER cut short (asn1js: error), a NULL with contents, an empty INTEGER, a BIT STRING.
    for (const value of ['0601ff', '050100', '0200', '03020700']) {
      const outcome = await compare(await signedWith(value));
      expect([value, outcome.leanSigners]).toEqual([value, 0]);
    }
  });

  it('for BER (indefinite lengths), which goes to pkijs', async () => {
    const cms = await demo('org-302000001', 'x');
    const root = readNode(cms, 0)!;
    const ber = Uint8Array.from([0x30, 0x80, ...cms.subarray(root.contentStart, root.end), 0, 0]);
    const outcome = await compare(ber);
    expect(outcome.codes).toEqual(['valid']);
    expect(outcome.leanSigners).toBe(0);
  });
});

describe('tampering: refused by the lean path with the code pkijs gives', () => {
  const refused = async (cms: Uint8Array, code: string, options: Partial<VerifyCmsOptions> = {}) => {
    const outcome = await compare(cms, options);
    expect(outcome.codes).toEqual([code]);
    expect(outcome.leanSigners).toBe(1);
    return outcome;
  };

  it('a byte of the content, of a signed attribute, of messageDigest, of the signature', async () => {
    const cms = await demo('org-302000001', 'payment 100.00');
    await refused(flipAt(cms, 'payment 100.00', 8), 'BAD_SIGNATURE');
    await refused(flipAt(cms, SIGNING_TIME, SIGNING_TIME.length + 2), 'BAD_SIGNATURE');
    await refused(flipAt(cms, MESSAGE_DIGEST_256, MESSAGE_DIGEST_256.length), 'BAD_SIGNATURE');
    const signature = signatureValue(parseWhole(cms).signedData.signerInfos[0]);
    await refused(flipAt(cms, signature, 10), 'BAD_SIGNATURE');
  });

  it('a signature by another key under the same certificate', async () => {
    const [signer, other] = await Promise.all([
      testSigner(ec('P-256'), 'SHA-256'),
      testSigner(ec('P-256'), 'SHA-256'),
    ]);
    await refused(await signCms(signer, 'x', { key: other.key }), 'BAD_SIGNATURE');
  });

  it('the contentType attribute changed, or signed as another type than the content', async () => {
    const cms = await demo('org-302000001', 'x');
    await refused(flipAt(cms, CONTENT_TYPE_DATA, CONTENT_TYPE_DATA.length - 1, 0x03), 'BAD_SIGNATURE');
    // A valid signature whose contentType attribute names signedData over data content (RFC 5652 §11.1).
    const signer = await testSigner(ec('P-256'), 'SHA-256');
    await refused(await signCms(signer, 'x', { contentTypeAttribute: OID_SIGNED_DATA }), 'BAD_SIGNATURE');
  });

  it('the timestamp of another signature, or its signature changed', async () => {
    const a = await stamp(await demo('org-302000001', 'a'));
    const b = await stamp(await demo('org-302000001', 'b'));
    const { signedData } = parseWhole(a);
    attachTimestampToken(
      signedData.signerInfos[0],
      timestampTokenOf(parseWhole(b).signedData.signerInfos[0])!,
    );
    expect((await refused(encodeCms(signedData), 'BAD_SIGNATURE')).leanTimestamps).toBe(1);

    const token = timestampTokenOf(parseWhole(a).signedData.signerInfos[0])!;
    const tsaSignature = signatureValue(new pkijs.SignedData({ schema: token.content }).signerInfos[0]);
    expect((await refused(flipAt(a, tsaSignature, 12), 'BAD_SIGNATURE')).leanTimestamps).toBe(1);
  });

  it('a timestamp authority without the timeStamping key purpose', async () => {
    const notTsa = await issueCertificate(testRoot, subjectName({ cn: 'Not a TSA' }), 'signer', from, to);
    const certFile = path.join(tmp, 'not-tsa.pem');
    const keyFile = path.join(tmp, 'not-tsa.key');
    fs.writeFileSync(
      certFile,
      pem('CERTIFICATE', der(notTsa.certificate)) + pem('CERTIFICATE', der(testRoot.certificate)),
    );
    fs.writeFileSync(keyFile, pem('PRIVATE KEY', await exportPkcs8(notTsa.keys.privateKey)));
    const tsa = await DemoTsa.load(certFile, keyFile, 'not-a-tsa');
    const { signedData } = parseWhole(await demo('org-302000001', 'x'));
    const signerInfo = signedData.signerInfos[0];
    attachTimestampToken(signerInfo, await tsa.stampSignature(signatureValue(signerInfo)));
    expect((await refused(encodeCms(signedData), 'BAD_SIGNATURE')).leanTimestamps).toBe(1);
  });

  it('an expired signer, an unknown CA', async () => {
    await refused(await demo('expired-302000001', 'x'), 'CERT_EXPIRED');
    await refused(await demo('untrusted-302000003', 'x'), 'UNTRUSTED_CHAIN');
  });

  it('a malformed ECDSA signature; the readings pkijs accepts are accepted', async () => {
    const cms = await demo('org-302000001', 'x');
    const signature = signatureValue(parseWhole(cms).signedData.signerInfos[0]);
    const root = readNode(signature, 0)!;
    const r = readNode(signature, root.contentStart)!;
    const rValue = signature.subarray(r.contentStart, r.end);
    const sElement = signature.subarray(r.end, root.end);
    const sequence = (...parts: Uint8Array[]) => {
      const body = Buffer.concat(parts);
      return Uint8Array.from([0x30, body.length, ...body]);
    };
    const integer = (value: Uint8Array, tag = 0x02) => Uint8Array.from([tag, value.length, ...value]);
    // Refused here, as by pkijs.
    await refused(withSignature(cms, Uint8Array.from([0x31, ...signature.subarray(1)])), 'BAD_SIGNATURE');
    await refused(
      withSignature(cms, sequence(integer(Uint8Array.from([0, 0, ...rValue])), sElement)),
      'BAD_SIGNATURE',
    );
    await refused(withSignature(cms, sequence(integer(rValue), sElement, sElement)), 'BAD_SIGNATURE');
    await refused(withSignature(cms, sequence(integer(rValue))), 'BAD_SIGNATURE');
    await refused(withSignature(cms, sequence(integer(new Uint8Array(0)), sElement)), 'BAD_SIGNATURE');
    // Bytes after the SEQUENCE are ignored by pkijs: the same verdict (valid) here.
    await refused(withSignature(cms, Uint8Array.from([...signature, 0x00])), 'valid');
    // Not read here (pkijs decides): ENUMERATED for INTEGER, an element cut short.
    for (const odd of [
      sequence(integer(rValue, 0x0a), sElement),
      signature.subarray(0, signature.length - 1),
      new Uint8Array(0),
    ]) {
      const outcome = await compare(withSignature(cms, odd));
      expect(outcome.leanSigners).toBe(0);
    }
    expect(ecdsaRawSignature(Uint8Array.of(0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02), 32)).toEqual(
      Uint8Array.from([...new Uint8Array(31), 1, ...new Uint8Array(31), 2]),
    );
  });
});

describe('the lean path is taken and its keys are kept per certificate', () => {
  it('imports each certificate key once, and never verifies with another certificate key', async () => {
    const [a, b] = await Promise.all([
      testSigner(ec('P-256'), 'SHA-256'),
      testSigner(ec('P-256'), 'SHA-256'),
    ]);
    const signedA = await signCms(a, 'alternating');
    const signedB = await signCms(b, 'alternating');
    const before = leanVerificationCounts();
    for (const cms of [signedA, signedB, signedA, signedB, signedA]) {
      const result = await verifyCmsSigners(cms, { trusted });
      expect(result.signers.map((s) => s.valid)).toEqual([true]);
    }
    const after = leanVerificationCounts();
    expect(after.signers - before.signers).toBe(5);
    expect(after.keyImports - before.keyImports).toBe(2);
  });

  it('reads genTime as asn1js does (fractions, Z only)', () => {
    for (const text of [
      '20250101120000Z',
      '20250101120000.5Z',
      '20250101120000.057Z',
      '20250101120000.1239Z',
    ]) {
      const asn = new asn1js.GeneralizedTime({ value: text });
      expect(generalizedTimeOf(text)?.toISOString()).toBe(asn.toDate().toISOString());
    }
    expect(generalizedTimeOf('20250101120000,5Z')).toBeUndefined();
    expect(generalizedTimeOf('20250101120000+0500')).toBeUndefined();
  });
});

describe('timestamp() by splicing', () => {
  /** The pkijs path's CMS for `cms` given the tokens the splice got (each signer's, in order). */
  const pkijsWith = (cms: Uint8Array, stamped: Uint8Array) => {
    const { signedData } = parseWhole(cms);
    const tokens = parseWhole(stamped).signedData.signerInfos.map((s) => timestampTokenOf(s)!);
    signedData.signerInfos.forEach((signerInfo, index) => {
      if (!timestampTokenOf(signerInfo)) attachTimestampToken(signerInfo, tokens[index]);
    });
    return toBase64(encodeCms(signedData));
  };

  it('gives exactly the bytes of the pkijs path, for one signer and for a stamped one joined with another', async () => {
    const one = await demo('org-302000001', 'stamp me');
    const stamped = await service.timestamp(toBase64(one));
    expect(firstSignerTimestampToken(fromBase64(stamped))?.token).toBeTruthy();
    expect(stamped).toBe(pkijsWith(one, fromBase64(stamped)));
    const mixed = await join(await stamp(one), await demo('org-302000002', 'stamp me'));
    const both = await service.timestamp(toBase64(mixed));
    expect(both).toBe(pkijsWith(mixed, fromBase64(both)));
    expect((await compare(fromBase64(both))).codes).toEqual(['valid', 'valid']);
    // Nothing to stamp: the same bytes back.
    expect(await service.timestamp(both)).toBe(both);
  });

  it('stamps BER through pkijs', async () => {
    const cms = await demo('org-302000001', 'x');
    const root = readNode(cms, 0)!;
    const ber = Uint8Array.from([0x30, 0x80, ...cms.subarray(root.contentStart, root.end), 0, 0]);
    const stamped = fromBase64(await service.timestamp(toBase64(ber)));
    const outcome = await compare(stamped);
    expect(outcome.codes).toEqual(['valid']);
    expect(outcome.leanTimestamps).toBe(1);
  });
});
