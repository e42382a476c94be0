// One CMS signer checked on DER offsets (RFC 5652 §5.3–5.4), for the common case: SignerInfo version 1
// naming its certificate by issuer and serial number, signed attributes present, RSA PKCS#1 v1.5 or
// ECDSA with SHA-1/2. pkijs builds an object tree for the SignerInfo and imports the certificate's key
// on every verification (profiled: ~3 ms of a send's ~7 ms of verification); here the elements are read
// in place and the key is imported once per certificate object.
//
// Every answer is one pkijs gives too: `leanSignerInfo` answers null for anything it does not read
// (the caller takes pkijs's path then), and `leanSignatureCheck` answers 'fallback' where its verdict
// could differ from pkijs's (an unusual algorithm, key or signature encoding).
import * as asn1js from 'asn1js';
import type * as pkijs from 'pkijs';
import { bufferSource, bytesEqual } from './bytes';
import {
  childrenOf,
  contentBytes,
  contextTag,
  type DerNode,
  elementBytes,
  oidText,
  plainTree,
  readNode,
  readWhole,
  TAG_ENUMERATED,
  TAG_GENERALIZED_TIME,
  TAG_INTEGER,
  TAG_NULL,
  TAG_OCTET_STRING,
  TAG_OID,
  TAG_SEQUENCE,
  TAG_SET,
  TAG_UTC_TIME,
} from './der';
import { digestOf } from './digest';
import { OID_CONTENT_TYPE, OID_MESSAGE_DIGEST, OID_SIGNING_TIME } from './oids';
import { timestampTokenInAttributes } from './signedDataParts';

export interface LeanSignerInfo {
  /** The sid's issuer Name element and serialNumber contents. */
  issuer: Uint8Array;
  serial: Uint8Array;
  digestAlgorithm: string;
  signatureAlgorithm: string;
  /** The signedAttrs element as received ([0] IMPLICIT SET OF Attribute). */
  signedAttributes: Uint8Array;
  contentType: string;
  messageDigest: Uint8Array;
  signingTime?: Date;
  signature: Uint8Array;
  /** The id-aa-signatureTimeStampToken value (a ContentInfo), or null. */
  timestampToken: Uint8Array | null;
}

/** An AlgorithmIdentifier element whose parameters are absent or NULL: its OID; else null. */
function algorithmOf(bytes: Uint8Array, node: DerNode): string | null {
  if (node.tag !== TAG_SEQUENCE) return null;
  const fields = childrenOf(bytes, node);
  if (!fields || fields.length === 0 || fields.length > 2 || fields[0].tag !== TAG_OID) return null;
  const params = fields[1];
  if (params && (params.tag !== TAG_NULL || params.end !== params.contentStart)) return null;
  return oidText(contentBytes(bytes, fields[0]));
}

/** The only value of an Attribute, or null when it has another number of values. */
function onlyValue(bytes: Uint8Array, values: DerNode): DerNode | null {
  const children = childrenOf(bytes, values);
  return children?.length === 1 ? children[0] : null;
}

/** Unsigned attributes whose shape is plain DER: SEQUENCE { OID, SET } each (as signerInfoFromDer wants). */
function wellFormedAttributes(bytes: Uint8Array, node: DerNode): boolean {
  const attributes = childrenOf(bytes, node);
  return Boolean(
    attributes?.every((attribute) => {
      const fields = childrenOf(bytes, attribute);
      return (
        attribute.tag === TAG_SEQUENCE &&
        fields?.length === 2 &&
        fields[0].tag === TAG_OID &&
        fields[1].tag === TAG_SET
      );
    }),
  );
}

/** A SignerInfo element read in place, or null when it is not the common case (pkijs reads it then). */
export function leanSignerInfo(element: Uint8Array): LeanSignerInfo | null {
  const root = readWhole(element);
  if (root?.tag !== TAG_SEQUENCE) return null;
  const fields = childrenOf(element, root);
  if (!fields || (fields.length !== 6 && fields.length !== 7)) return null;
  const [version, sid, digest, signed, signatureAlgorithm, signature, unsigned] = fields;
  // version 1: the sid is IssuerAndSerialNumber.
  if (!bytesEqual(elementBytes(element, version), Uint8Array.of(TAG_INTEGER, 1, 1))) return null;
  if (sid.tag !== TAG_SEQUENCE) return null;
  const sidFields = childrenOf(element, sid);
  if (sidFields?.length !== 2 || sidFields[0].tag !== TAG_SEQUENCE || sidFields[1].tag !== TAG_INTEGER)
    return null;
  const digestAlgorithm = algorithmOf(element, digest);
  const signatureOid = algorithmOf(element, signatureAlgorithm);
  if (!digestAlgorithm || !signatureOid) return null;
  if (signed.tag !== contextTag(0) || signature.tag !== TAG_OCTET_STRING) return null;
  if (unsigned && unsigned.tag !== contextTag(1)) return null;

  // The signed attributes: every element plain DER that asn1js (pkijs's reader) reads without error;
  // a few hundred bytes at most (asn1js's limits on nodes and depth stay far away).
  const signedAttributes = elementBytes(element, signed);
  if (signedAttributes.length > 4096 || !plainTree(element, signed)) return null;
  const attributes = childrenOf(element, signed);
  if (!attributes) return null;
  const seen = new Set<string>();
  let contentType: string | null = null;
  let messageDigest: Uint8Array | null = null;
  let signingTime: Date | undefined;
  for (const attribute of attributes) {
    const [type, values, extra] = childrenOf(element, attribute) ?? [];
    if (attribute.tag !== TAG_SEQUENCE || type?.tag !== TAG_OID || values?.tag !== TAG_SET || extra)
      return null;
    const oid = oidText(contentBytes(element, type));
    if (!oid) return null;
    const known = oid === OID_CONTENT_TYPE || oid === OID_MESSAGE_DIGEST || oid === OID_SIGNING_TIME;
    if (!known) continue;
    // pkijs reads the first value of the first such attribute: more than one is left to it.
    if (seen.has(oid)) return null;
    seen.add(oid);
    const value = onlyValue(element, values);
    if (!value) return null;
    if (oid === OID_CONTENT_TYPE) {
      if (value.tag !== TAG_OID) return null;
      contentType = oidText(contentBytes(element, value));
      if (!contentType) return null;
    } else if (oid === OID_MESSAGE_DIGEST) {
      if (value.tag !== TAG_OCTET_STRING) return null;
      messageDigest = contentBytes(element, value);
    } else {
      if (value.tag !== TAG_UTC_TIME && value.tag !== TAG_GENERALIZED_TIME) return null;
      // The time as pkijs gives it (asn1js's reading of UTCTime's century, fractions and zones).
      const time = asn1js.fromBER(elementBytes(element, value)).result as { toDate?: () => Date };
      if (typeof time.toDate !== 'function') return null;
      signingTime = time.toDate();
    }
  }
  // Without them pkijs refuses the signer: its verdict, on its path.
  if (!contentType || !messageDigest) return null;

  let timestampToken: Uint8Array | null = null;
  if (unsigned) {
    if (!wellFormedAttributes(element, unsigned)) return null;
    const token = timestampTokenInAttributes(elementBytes(element, unsigned));
    if (token === undefined) return null;
    timestampToken = token;
  }
  return {
    issuer: elementBytes(element, sidFields[0]),
    serial: contentBytes(element, sidFields[1]),
    digestAlgorithm,
    signatureAlgorithm: signatureOid,
    signedAttributes,
    contentType,
    messageDigest,
    signingTime,
    signature: contentBytes(element, signature),
    timestampToken,
  };
}

/** A certificate's serialNumber contents and issuer Name element, read in its DER. */
function certificateId(der: Uint8Array): { serial: Uint8Array; issuer: Uint8Array } | null {
  const root = readWhole(der);
  const tbs = root && childrenOf(der, root)?.[0];
  const fields = tbs && childrenOf(der, tbs);
  if (!fields) return null;
  const at = fields[0]?.tag === contextTag(0) ? 1 : 0;
  const serial = fields[at];
  const issuer = fields[at + 2];
  if (serial?.tag !== TAG_INTEGER || issuer?.tag !== TAG_SEQUENCE) return null;
  return { serial: contentBytes(der, serial), issuer: elementBytes(der, issuer) };
}

/**
 * The index of the certificate the signer names, as pkijs's findSignerCertificate finds it (the first
 * whose issuer and serial number equal the sid's): null when the answer is not certain here — none
 * matches byte for byte, or one with the same serial has an issuer encoded otherwise (pkijs compares
 * names leniently).
 */
export function leanSignerCertificate(signer: LeanSignerInfo, certificates: Uint8Array[]): number | null {
  for (let index = 0; index < certificates.length; index++) {
    const id = certificateId(certificates[index]);
    if (!id) return null;
    if (!bytesEqual(id.serial, signer.serial)) continue;
    return bytesEqual(id.issuer, signer.issuer) ? index : null;
  }
  return null;
}

const HASHES: Record<string, string> = {
  '1.3.14.3.2.26': 'SHA-1',
  '2.16.840.1.101.3.4.2.1': 'SHA-256',
  '2.16.840.1.101.3.4.2.2': 'SHA-384',
  '2.16.840.1.101.3.4.2.3': 'SHA-512',
};

/** The WebCrypto name of a digest algorithm this path knows, or undefined. */
export const hashName = (oid: string): string | undefined => HASHES[oid];

const OID_RSA = '1.2.840.113549.1.1.1';
const OID_EC_PUBLIC_KEY = '1.2.840.10045.2.1';

/** Signature algorithms: the key family and the hash (null: the signer's digest algorithm, as pkijs does). */
const SIGNATURES: Record<string, { family: 'RSA' | 'ECDSA'; hash: string | null }> = {
  [OID_RSA]: { family: 'RSA', hash: null },
  '1.2.840.113549.1.1.5': { family: 'RSA', hash: 'SHA-1' },
  '1.2.840.113549.1.1.11': { family: 'RSA', hash: 'SHA-256' },
  '1.2.840.113549.1.1.12': { family: 'RSA', hash: 'SHA-384' },
  '1.2.840.113549.1.1.13': { family: 'RSA', hash: 'SHA-512' },
  '1.2.840.10045.4.1': { family: 'ECDSA', hash: 'SHA-1' },
  '1.2.840.10045.4.3.2': { family: 'ECDSA', hash: 'SHA-256' },
  '1.2.840.10045.4.3.3': { family: 'ECDSA', hash: 'SHA-384' },
  '1.2.840.10045.4.3.4': { family: 'ECDSA', hash: 'SHA-512' },
};

const CURVES: Record<string, { name: string; size: number }> = {
  '1.2.840.10045.3.1.7': { name: 'P-256', size: 32 },
  '1.3.132.0.34': { name: 'P-384', size: 48 },
  '1.3.132.0.35': { name: 'P-521', size: 66 },
};

// The imported public key per certificate object (shared and read-only: certificateCache) and
// import parameters; a failed import is remembered as null (it fails the same way every time).
const importedKeys = new WeakMap<pkijs.Certificate, Map<string, Promise<CryptoKey | null>>>();
let imports = 0;

/** How many keys were imported so far (tests: the cache is used). */
export const keyImportCount = () => imports;

function publicKey(
  certificate: pkijs.Certificate,
  id: string,
  algorithm: RsaHashedImportParams | EcKeyImportParams,
): Promise<CryptoKey | null> {
  let held = importedKeys.get(certificate);
  if (!held) {
    held = new Map();
    importedKeys.set(certificate, held);
  }
  let key = held.get(id);
  if (!key) {
    imports++;
    // The same bytes pkijs imports (its own encoding of the certificate's SubjectPublicKeyInfo).
    const spki = new Uint8Array(certificate.subjectPublicKeyInfo.toSchema().toBER(false));
    key = crypto.subtle.importKey('spki', spki, algorithm, false, ['verify']).catch(() => null);
    held.set(id, key);
  }
  return key;
}

/** The curve of an EC certificate's key, or undefined when its parameters are not a known named curve. */
function curveOf(certificate: pkijs.Certificate) {
  const params = certificate.subjectPublicKeyInfo.algorithm.algorithmParams as
    | asn1js.ObjectIdentifier
    | undefined;
  if (!(params instanceof asn1js.ObjectIdentifier)) return undefined;
  return CURVES[params.valueBlock.toString()];
}

/**
 * A CMS ECDSA signature (DER SEQUENCE { r INTEGER, s INTEGER }) as WebCrypto's r||s, read as pkijs
 * reads it (one leading zero dropped, left-padded to the curve's size, bytes after the SEQUENCE
 * ignored): the raw value, 'bad' where pkijs's verification fails too, 'fallback' for encodings
 * asn1js might read otherwise than this.
 */
export function ecdsaRawSignature(signature: Uint8Array, size: number): Uint8Array | 'bad' | 'fallback' {
  const root = readNode(signature, 0);
  if (!root) return 'fallback';
  if (root.tag !== TAG_SEQUENCE) return 'bad';
  const parts = childrenOf(signature, root);
  if (!parts) return 'fallback';
  if (parts.length !== 2) return 'bad';
  const raw = new Uint8Array(2 * size);
  for (let i = 0; i < 2; i++) {
    const part = parts[i];
    if (part.tag === TAG_ENUMERATED || part.tag === (TAG_INTEGER | 0x20)) return 'fallback';
    if (part.tag !== TAG_INTEGER || part.end === part.contentStart) return 'bad';
    let value = contentBytes(signature, part);
    if (value[0] === 0) value = value.subarray(1);
    if (value.length > size) return 'bad';
    raw.set(value, (i + 1) * size - value.length);
  }
  return raw;
}

/**
 * The signer's cryptographic check over `content`, as pkijs's SignedData.verify does it — the digest
 * of the content against messageDigest, the signature over the signed attributes (retagged SET, RFC
 * 5652 §5.4) with the certificate's key — plus RFC 5652 §11.1: the contentType attribute is the
 * eContentType. 'fallback' where pkijs should decide.
 */
export async function leanSignatureCheck(
  signer: LeanSignerInfo,
  certificate: pkijs.Certificate,
  content: Uint8Array,
  eContentType: string,
): Promise<'ok' | 'bad' | 'fallback'> {
  const digestName = HASHES[signer.digestAlgorithm];
  const scheme = SIGNATURES[signer.signatureAlgorithm];
  if (!digestName || !scheme) return 'fallback';
  const hash = scheme.hash ?? digestName;
  const keyAlgorithm = certificate.subjectPublicKeyInfo.algorithm.algorithmId;
  let key: Promise<CryptoKey | null>;
  let signature: Uint8Array;
  let verifyParams: AlgorithmIdentifier | EcdsaParams;
  if (scheme.family === 'RSA') {
    if (keyAlgorithm !== OID_RSA) return 'fallback';
    key = publicKey(certificate, `RSA/${hash}`, { name: 'RSASSA-PKCS1-v1_5', hash });
    signature = signer.signature;
    verifyParams = { name: 'RSASSA-PKCS1-v1_5' };
  } else {
    const curve = curveOf(certificate);
    if (keyAlgorithm !== OID_EC_PUBLIC_KEY || !curve) return 'fallback';
    const raw = ecdsaRawSignature(signer.signature, curve.size);
    if (raw === 'fallback') return 'fallback';
    if (raw === 'bad') return 'bad';
    key = publicKey(certificate, `EC/${curve.name}`, { name: 'ECDSA', namedCurve: curve.name });
    signature = raw;
    verifyParams = { name: 'ECDSA', hash };
  }
  if (signer.contentType !== eContentType) return 'bad';
  const digest = await digestOf(digestName, content);
  if (!bytesEqual(digest, signer.messageDigest)) return 'bad';
  const signedSet = Uint8Array.from(signer.signedAttributes);
  signedSet[0] = TAG_SET;
  const imported = await key;
  if (!imported) return 'bad';
  const ok = await crypto.subtle
    .verify(verifyParams, imported, bufferSource(signature), signedSet)
    .catch(() => false);
  return ok ? 'ok' : 'bad';
}
