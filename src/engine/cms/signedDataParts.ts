// A CMS SignedData as its raw elements (RFC 5652 §5.1), read and written with the offset reader: joining
// two signatures, finding a timestamp token or taking the certificates out costs microseconds, and the
// signers' elements are kept byte for byte. Null means "not plain DER": callers use pkijs then.
import { bytesEqual } from './bytes';
import {
  childrenOf,
  contentBytes,
  contextTag,
  type DerNode,
  derElement,
  elementBytes,
  readWhole,
  TAG_GENERALIZED_TIME,
  TAG_INTEGER,
  TAG_OCTET_STRING,
  TAG_OID,
  TAG_SEQUENCE,
  TAG_SET,
} from './der';

// The contents octets of the object identifiers this file looks for.
const SIGNED_DATA_OID = Uint8Array.of(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02);
const TIMESTAMP_TOKEN_OID = Uint8Array.of(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x10, 0x02, 0x0e);
const TST_INFO_OID = Uint8Array.of(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x10, 0x01, 0x04);

export interface SignedDataParts {
  /** The ContentInfo's contentType element (id-signedData). */
  contentType: Uint8Array;
  version: Uint8Array;
  /** Each DigestAlgorithmIdentifier element. */
  digestAlgorithms: Uint8Array[];
  encapContentInfo: Uint8Array;
  /** Each certificate element of `certificates [0]`, or null when the field is absent. */
  certificates: Uint8Array[] | null;
  /** The whole `crls [1]` element, or null. */
  crls: Uint8Array | null;
  /** Each SignerInfo element. */
  signerInfos: Uint8Array[];
}

/** The parts of a ContentInfo holding SignedData in definite-length DER, or null. */
export function signedDataParts(cms: Uint8Array): SignedDataParts | null {
  const root = readWhole(cms);
  if (!root || root.tag !== TAG_SEQUENCE) return null;
  const top = childrenOf(cms, root);
  if (top?.length !== 2 || top[0].tag !== TAG_OID || top[1].tag !== contextTag(0)) return null;
  if (!bytesEqual(contentBytes(cms, top[0]), SIGNED_DATA_OID)) return null;
  const wrapped = childrenOf(cms, top[1]);
  if (wrapped?.length !== 1 || wrapped[0].tag !== TAG_SEQUENCE) return null;
  const fields = childrenOf(cms, wrapped[0]);
  if (!fields) return null;
  let index = 0;
  const take = (tag: number): DerNode | null => (fields[index]?.tag === tag ? fields[index++] : null);
  const version = take(TAG_INTEGER);
  const digestSet = take(TAG_SET);
  const encap = take(TAG_SEQUENCE);
  const certificateSet = take(contextTag(0));
  const crls = take(contextTag(1));
  const signerSet = take(TAG_SET);
  if (!version || !digestSet || !encap || !signerSet || index !== fields.length) return null;
  const digestAlgorithms = childrenOf(cms, digestSet);
  const signerInfos = childrenOf(cms, signerSet);
  if (!digestAlgorithms || !signerInfos || signerInfos.some((s) => s.tag !== TAG_SEQUENCE)) return null;
  let certificates: DerNode[] | null = null;
  if (certificateSet) {
    // Only X.509 certificates (SEQUENCE); the other CertificateChoices are left to pkijs.
    certificates = childrenOf(cms, certificateSet);
    if (!certificates || certificates.some((c) => c.tag !== TAG_SEQUENCE)) return null;
  }
  const bytesOf = (node: DerNode) => elementBytes(cms, node);
  return {
    contentType: bytesOf(top[0]),
    version: bytesOf(version),
    digestAlgorithms: digestAlgorithms.map(bytesOf),
    encapContentInfo: bytesOf(encap),
    certificates: certificates?.map(bytesOf) ?? null,
    crls: crls ? bytesOf(crls) : null,
    signerInfos: signerInfos.map(bytesOf),
  };
}

/** The ContentInfo DER of `parts` (the inverse of signedDataParts). */
export function encodeSignedData(parts: SignedDataParts): Uint8Array {
  const fields = [parts.version, derElement(TAG_SET, parts.digestAlgorithms), parts.encapContentInfo];
  if (parts.certificates) fields.push(derElement(contextTag(0), parts.certificates));
  if (parts.crls) fields.push(parts.crls);
  fields.push(derElement(TAG_SET, parts.signerInfos));
  return derElement(TAG_SEQUENCE, [
    parts.contentType,
    derElement(contextTag(0), [derElement(TAG_SEQUENCE, fields)]),
  ]);
}

/**
 * The encapsulated content: its bytes, null for a detached signature, undefined when it cannot be
 * read here. An OCTET STRING may come in chunks (pkijs writes its eContent so): they are joined.
 */
export function encapsulatedContent(parts: SignedDataParts): Uint8Array | null | undefined {
  const encap = parts.encapContentInfo;
  const root = readWhole(encap);
  const fields = root && childrenOf(encap, root);
  if (!fields || fields.length === 0 || fields[0].tag !== TAG_OID) return undefined;
  if (fields.length === 1) return null;
  const explicit = childrenOf(encap, fields[1]);
  if (fields.length !== 2 || fields[1].tag !== contextTag(0) || explicit?.length !== 1) return undefined;
  const octets = explicit[0];
  if (octets.tag === TAG_OCTET_STRING) return contentBytes(encap, octets);
  if (octets.tag !== (TAG_OCTET_STRING | 0x20)) return undefined;
  const chunks = childrenOf(encap, octets);
  if (!chunks || chunks.some((chunk) => chunk.tag !== TAG_OCTET_STRING)) return undefined;
  if (chunks.length === 1) return contentBytes(encap, chunks[0]);
  const joined = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.end - chunk.contentStart, 0));
  let at = 0;
  for (const chunk of chunks) {
    joined.set(contentBytes(encap, chunk), at);
    at += chunk.end - chunk.contentStart;
  }
  return joined;
}

function addUnique(held: Uint8Array[], added: Uint8Array[], same = bytesEqual): Uint8Array[] {
  const merged = [...held];
  for (const item of added) if (!merged.some((other) => same(other, item))) merged.push(item);
  return merged;
}

/** The algorithm OID's contents of an AlgorithmIdentifier element. */
function algorithmOid(element: Uint8Array): Uint8Array | null {
  const node = readWhole(element);
  const first = node && childrenOf(element, node)?.[0];
  return first && first.tag === TAG_OID ? contentBytes(element, first) : null;
}

/**
 * `base` with the signers, certificates and digest algorithms of `extra` added (duplicates dropped,
 * base first): the co-signed CMS. Both must be parts of signatures over the same content (the caller
 * checks). Every signer's element is kept as it was received.
 */
export function mergeSignedDataParts(base: SignedDataParts, extra: SignedDataParts): SignedDataParts {
  const sameAlgorithm = (a: Uint8Array, b: Uint8Array) => {
    const oidA = algorithmOid(a);
    const oidB = algorithmOid(b);
    return oidA && oidB ? bytesEqual(oidA, oidB) : bytesEqual(a, b);
  };
  const certificates = addUnique(base.certificates ?? [], extra.certificates ?? []);
  return {
    ...base,
    digestAlgorithms: addUnique(base.digestAlgorithms, extra.digestAlgorithms, sameAlgorithm),
    certificates: base.certificates || extra.certificates ? certificates : null,
    signerInfos: addUnique(base.signerInfos, extra.signerInfos),
  };
}

/**
 * The first signer's id-aa-signatureTimeStampToken (the token's ContentInfo DER, a view into `cms`):
 * `{ token: null }` when it has none, null when the CMS is not plain DER.
 */
export function firstSignerTimestampToken(cms: Uint8Array): { token: Uint8Array | null } | null {
  const signerInfo = signedDataParts(cms)?.signerInfos[0];
  if (!signerInfo) return null;
  const node = readWhole(signerInfo);
  const fields = node && childrenOf(signerInfo, node);
  if (!fields) return null;
  const unsigned = fields[fields.length - 1];
  if (unsigned?.tag !== contextTag(1)) return { token: null };
  const token = timestampTokenInAttributes(elementBytes(signerInfo, unsigned));
  return token === undefined ? null : { token };
}

/**
 * The id-aa-signatureTimeStampToken value in a SignerInfo's unsignedAttrs element ([1]): its bytes,
 * null when there is none, undefined when the element is not plain DER.
 */
export function timestampTokenInAttributes(unsigned: Uint8Array): Uint8Array | null | undefined {
  const node = readWhole(unsigned);
  const attributes = node && childrenOf(unsigned, node);
  if (!attributes) return undefined;
  for (const attribute of attributes) {
    const [type, values] = childrenOf(unsigned, attribute) ?? [];
    if (type?.tag !== TAG_OID || values?.tag !== TAG_SET) return undefined;
    if (!bytesEqual(contentBytes(unsigned, type), TIMESTAMP_TOKEN_OID)) continue;
    const first = childrenOf(unsigned, values)?.[0];
    return first ? elementBytes(unsigned, first) : undefined;
  }
  return null;
}

/** GeneralizedTime text (YYYYMMDDHHMMSS[.fff]Z, as RFC 3161 requires) as a Date. */
function generalizedTime(text: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:[.,](\d+))?Z$/.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction] = match;
  const ms = fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0;
  const date = new Date(
    Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), ms),
  );
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A timestamp token's genTime (TSTInfo), read without verifying the token; undefined if unreadable. */
export function timestampGenTime(token: Uint8Array): Date | undefined {
  const parts = signedDataParts(token);
  const content = parts && encapsulatedContent(parts);
  if (!parts || !content) return undefined;
  const encap = readWhole(parts.encapContentInfo);
  const type = encap && childrenOf(parts.encapContentInfo, encap)?.[0];
  if (!type || !bytesEqual(contentBytes(parts.encapContentInfo, type), TST_INFO_OID)) return undefined;
  const info = readWhole(content);
  const fields = info && childrenOf(content, info);
  // TSTInfo: version, policy, messageImprint, serialNumber, genTime, …
  const genTime = fields?.[4];
  if (genTime?.tag !== TAG_GENERALIZED_TIME) return undefined;
  return generalizedTime(new TextDecoder('latin1').decode(contentBytes(content, genTime)));
}

/**
 * A SignerInfo element's signature value and whether it carries a timestamp token; null when its
 * unsigned attributes are not plain DER or hold an empty token attribute (pkijs's path decides then).
 */
export function signerStampState(signerInfo: Uint8Array): { signature: Uint8Array; stamped: boolean } | null {
  const node = readWhole(signerInfo);
  const fields = node && childrenOf(signerInfo, node);
  if (!fields || fields.length < 6) return null;
  const unsigned = fields[fields.length - 1].tag === contextTag(1) ? fields[fields.length - 1] : null;
  const signature = fields[fields.length - (unsigned ? 2 : 1)];
  if (signature.tag !== TAG_OCTET_STRING) return null;
  const token = unsigned ? timestampTokenInAttributes(elementBytes(signerInfo, unsigned)) : null;
  if (token === undefined) return null;
  return { signature: contentBytes(signerInfo, signature), stamped: token !== null };
}

/**
 * The SignerInfo element with `token` (a ContentInfo's DER) added as id-aa-signatureTimeStampToken
 * after its other unsigned attributes — what attachTimestampToken writes for a signer without one;
 * null when the element is not plain DER.
 */
export function withTimestampToken(signerInfo: Uint8Array, token: Uint8Array): Uint8Array | null {
  const node = readWhole(signerInfo);
  const fields = node && childrenOf(signerInfo, node);
  if (!fields || fields.length < 6) return null;
  const last = fields[fields.length - 1];
  const unsigned = last.tag === contextTag(1) ? childrenOf(signerInfo, last) : [];
  if (!unsigned) return null;
  const signed = last.tag === contextTag(1) ? fields.slice(0, -1) : fields;
  const attribute = derElement(TAG_SEQUENCE, [
    derElement(TAG_OID, [TIMESTAMP_TOKEN_OID]),
    derElement(TAG_SET, [token]),
  ]);
  const bytesOf = (field: DerNode) => elementBytes(signerInfo, field);
  return derElement(TAG_SEQUENCE, [
    ...signed.map(bytesOf),
    derElement(contextTag(1), [...unsigned.map(bytesOf), attribute]),
  ]);
}

/**
 * The token of a DER TimeStampResp (RFC 3161 §2.4.2) granted with or without modifications, as
 * received, when it is a plain-DER ContentInfo of SignedData; null otherwise (pkijs reads the
 * response then, and says why it is refused).
 */
export function timestampResponseToken(response: Uint8Array): Uint8Array | null {
  const root = readWhole(response);
  const fields = root?.tag === TAG_SEQUENCE ? childrenOf(response, root) : null;
  const statusInfo = fields?.[0]?.tag === TAG_SEQUENCE ? childrenOf(response, fields[0]) : null;
  const status = statusInfo?.[0];
  if (fields?.length !== 2 || status?.tag !== TAG_INTEGER) return null;
  const value = contentBytes(response, status);
  if (value.length !== 1 || value[0] > 1 || fields[1].tag !== TAG_SEQUENCE) return null;
  const token = elementBytes(response, fields[1]);
  return signedDataParts(token) ? token : null;
}
