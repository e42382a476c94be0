// Issuing the demo certificates with @peculiar/x509 over WebCrypto (ECDSA P-256, SHA-256).
// @peculiar/x509 resolves its algorithm providers through tsyringe, which needs the Reflect polyfill.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import {
  OID_COUNTRY,
  OID_GIVEN_NAME,
  OID_LEGAL_TIN,
  OID_LOCALITY,
  OID_ORGANIZATION,
  OID_PINFL,
  OID_STATE,
  OID_SURNAME,
  OID_TITLE,
  OID_UID,
} from '../../src/engine/cms';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

export const KEY_ALGORITHM: EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' };
const SIGNING_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as EcdsaParams;

export interface IssuedKey {
  keys: CryptoKeyPair;
  certificate: x509.X509Certificate;
}

export interface SubjectFields {
  cn: string;
  givenName?: string;
  surname?: string;
  organization?: string;
  locality?: string;
  state?: string;
  title?: string;
  uid?: string;
  pinfl?: string;
  legalTin?: string;
}

/** Subject RDNs in E-IMZO's order, all UTF8String except C (PrintableString). */
export function subjectName(f: SubjectFields): x509.Name {
  const rdns: Array<[string, string | undefined]> = [
    ['2.5.4.3', f.cn],
    [OID_GIVEN_NAME, f.givenName],
    [OID_SURNAME, f.surname],
    [OID_LOCALITY, f.locality],
    [OID_STATE, f.state],
    [OID_COUNTRY, 'UZ'],
    [OID_ORGANIZATION, f.organization],
    [OID_UID, f.uid],
    [OID_PINFL, f.pinfl],
    [OID_TITLE, f.title],
    [OID_LEGAL_TIN, f.legalTin],
  ];
  const json = rdns
    .filter((r): r is [string, string] => Boolean(r[1]))
    .map(([oid, value]) => ({
      [oid]: [oid === OID_COUNTRY ? { printableString: value } : { utf8String: value }],
    }));
  return new x509.Name(json as never);
}

/** 4 random bytes, first byte 0x10–0x7f: positive, 8 hex digits, no leading zero. */
export function randomSerial(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(4));
  bytes[0] = 0x10 + (bytes[0] % 0x70);
  return Buffer.from(bytes).toString('hex');
}

export async function generateKeys(): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
}

export async function createRootCa(name: x509.Name, notBefore: Date, notAfter: Date): Promise<IssuedKey> {
  const keys = await generateKeys();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name,
    notBefore,
    notAfter,
    keys,
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 1, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { keys, certificate };
}

export type IssueProfile = 'ca' | 'signer' | 'tsa';

export async function issueCertificate(
  issuer: IssuedKey,
  subject: x509.Name,
  profile: IssueProfile,
  notBefore: Date,
  notAfter: Date,
  serialNumber = randomSerial(),
): Promise<IssuedKey> {
  const keys = await generateKeys();
  const extensions: x509.Extension[] = [
    await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    await x509.AuthorityKeyIdentifierExtension.create(issuer.keys.publicKey),
  ];
  if (profile === 'ca') {
    extensions.push(
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    );
  } else if (profile === 'tsa') {
    extensions.push(
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
        true,
      ),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.timeStamping], true),
    );
  } else {
    extensions.push(
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature |
          x509.KeyUsageFlags.nonRepudiation |
          x509.KeyUsageFlags.keyAgreement,
        true,
      ),
      new x509.ExtendedKeyUsageExtension([
        x509.ExtendedKeyUsage.clientAuth,
        x509.ExtendedKeyUsage.emailProtection,
      ]),
    );
  }
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber,
    subject,
    issuer: issuer.certificate.subjectName,
    notBefore,
    notAfter,
    publicKey: keys.publicKey,
    signingKey: issuer.keys.privateKey,
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions,
  });
  return { keys, certificate };
}

export async function exportPkcs8(key: CryptoKey): Promise<Uint8Array> {
  return new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', key));
}

export async function importPkcs8(der: Uint8Array): Promise<CryptoKey> {
  // Node's webcrypto key type names more usages than the DOM library's; it is the same key.
  return (await webcrypto.subtle.importKey('pkcs8', der, KEY_ALGORITHM, true, ['sign'])) as CryptoKey;
}

export function pem(label: string, der: Uint8Array | ArrayBuffer): string {
  const b64 = Buffer.from(der instanceof Uint8Array ? der : new Uint8Array(der)).toString('base64');
  return `-----BEGIN ${label}-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;
}
