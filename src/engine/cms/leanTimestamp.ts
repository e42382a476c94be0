// An RFC 3161 timestamp token checked on DER offsets: its SignedData by signedDataParts, its TSTInfo read
// in place, its signer by the lean signer check. pkijs parsed the token's SignedData and TSTInfo and
// imported the TSA's key on every verification (~2 ms and ~1.5 ms of a send, profiled). Anything this
// does not read answers undefined before any verdict, and verifyTimestampToken (pkijs) decides.
import type * as pkijs from 'pkijs';
import { bytesEqual, toHex } from './bytes';
import { summarizeCertificate } from './certificate';
import { verifyChain } from './chain';
import {
  childrenOf,
  contentBytes,
  contextTag,
  type DerNode,
  oidText,
  plainTree,
  readWhole,
  TAG_BOOLEAN,
  TAG_GENERALIZED_TIME,
  TAG_INTEGER,
  TAG_NULL,
  TAG_OCTET_STRING,
  TAG_OID,
  TAG_SEQUENCE,
  TAG_SET,
} from './der';
import { digestOf } from './digest';
import { leanSignedData } from './leanSignedData';
import { hashName, leanSignatureCheck, leanSignerCertificate, leanSignerInfo } from './leanSigner';
import { OID_EKU_TIME_STAMPING, OID_TST_INFO } from './oids';
import { CmsVerificationError } from './parse';
import type { TimestampInfo } from './timestamp';

export interface LeanTstInfo {
  policy: string;
  hashAlgorithm: string;
  hashedMessage: Uint8Array;
  /** serialNumber's contents. */
  serialNumber: Uint8Array;
  genTime: Date;
}

/**
 * GeneralizedTime `YYYYMMDDHHMMSS[.f…]Z` as asn1js reads it (pkijs's genTime): the milliseconds are
 * floor(1000 × 0.f…), the fields go to Date.UTC unchecked. Other forms: undefined.
 */
export function generalizedTimeOf(text: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d+))?Z$/.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction] = match;
  const ms = fraction ? Math.floor(1000 * Number(`0.${fraction}`)) : 0;
  return new Date(
    Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), ms),
  );
}

/** An AlgorithmIdentifier with absent or NULL parameters: its OID. */
function algorithmOid(bytes: Uint8Array, node: DerNode): string | null {
  const fields = node.tag === TAG_SEQUENCE ? childrenOf(bytes, node) : null;
  if (!fields || fields.length === 0 || fields.length > 2 || fields[0].tag !== TAG_OID) return null;
  if (fields[1] && (fields[1].tag !== TAG_NULL || fields[1].end !== fields[1].contentStart)) return null;
  return oidText(contentBytes(bytes, fields[0]));
}

/** The optional fields after genTime that this reads (in order); others (extensions) go to pkijs. */
function plainOptionalFields(bytes: Uint8Array, rest: DerNode[]): boolean {
  let at = 0;
  const take = (tag: number) => (rest[at]?.tag === tag ? rest[at++] : null);
  const accuracy = take(TAG_SEQUENCE);
  if (accuracy) {
    // Accuracy { seconds INTEGER OPTIONAL, millis [0] OPTIONAL, micros [1] OPTIONAL }
    const parts = childrenOf(bytes, accuracy) ?? [];
    let order = 0;
    for (const part of parts) {
      const rank = [TAG_INTEGER, 0x80, 0x81].indexOf(part.tag);
      if (rank < order || part.end === part.contentStart) return false;
      order = rank + 1;
    }
  }
  const ordering = take(TAG_BOOLEAN);
  if (ordering && ordering.end - ordering.contentStart !== 1) return false;
  const nonce = take(TAG_INTEGER);
  if (nonce && nonce.end === nonce.contentStart) return false;
  const tsa = take(contextTag(0));
  if (tsa) {
    // GeneralName: rfc822Name [1], dNSName [2], URI [6] (IA5String), or directoryName [4] (a Name).
    const names = childrenOf(bytes, tsa);
    if (names?.length !== 1) return false;
    const name = names[0];
    if (name.tag === contextTag(4)) {
      const inner = childrenOf(bytes, name);
      if (inner?.length !== 1 || !plainName(bytes, inner[0])) return false;
    } else if (![0x81, 0x82, 0x86].includes(name.tag)) return false;
  }
  return at === rest.length;
}

/** Name: SEQUENCE OF SET OF SEQUENCE { OID, value }. */
function plainName(bytes: Uint8Array, node: DerNode): boolean {
  if (node.tag !== TAG_SEQUENCE) return false;
  return (childrenOf(bytes, node) ?? [null]).every((rdn) => {
    if (rdn?.tag !== TAG_SET) return false;
    return (childrenOf(bytes, rdn) ?? [null]).every((pair) => {
      const fields = pair?.tag === TAG_SEQUENCE ? childrenOf(bytes, pair) : null;
      return (
        fields?.length === 2 && fields[0].tag === TAG_OID && oidText(contentBytes(bytes, fields[0])) !== null
      );
    });
  });
}

/** A TSTInfo (RFC 3161 §2.4.2) read in place, or null when pkijs should read it. */
export function leanTstInfo(info: Uint8Array): LeanTstInfo | null {
  const root = readWhole(info);
  // Plain DER throughout (what asn1js reads without error), a few hundred bytes at most.
  if (root?.tag !== TAG_SEQUENCE || info.length > 4096 || !plainTree(info, root)) return null;
  const fields = childrenOf(info, root);
  if (!fields || fields.length < 5) return null;
  const [version, policy, imprint, serial, genTime, ...rest] = fields;
  if (version.tag !== TAG_INTEGER || version.end === version.contentStart) return null;
  if (policy.tag !== TAG_OID || imprint.tag !== TAG_SEQUENCE || serial.tag !== TAG_INTEGER) return null;
  if (serial.end === serial.contentStart || genTime.tag !== TAG_GENERALIZED_TIME) return null;
  if (!plainOptionalFields(info, rest)) return null;
  const imprintFields = childrenOf(info, imprint);
  if (imprintFields?.length !== 2 || imprintFields[1].tag !== TAG_OCTET_STRING) return null;
  const hashAlgorithm = algorithmOid(info, imprintFields[0]);
  const policyOid = oidText(contentBytes(info, policy));
  const time = generalizedTimeOf(new TextDecoder('latin1').decode(contentBytes(info, genTime)));
  if (!hashAlgorithm || !policyOid || !time) return null;
  return {
    policy: policyOid,
    hashAlgorithm,
    hashedMessage: contentBytes(info, imprintFields[1]),
    serialNumber: contentBytes(info, serial),
    genTime: time,
  };
}

let leanTimestamps = 0;

/** How many timestamp tokens the lean path has decided (tests: it is taken). */
export const leanTimestampCount = () => leanTimestamps;

/**
 * verifyTimestampToken's verdict on DER offsets, in its order (token readable → imprint → TSA signature
 * → timeStamping EKU → TSA chain at genTime); undefined when pkijs should give it (nothing is decided
 * before that answer).
 */
export async function leanVerifyTimestampToken(
  token: Uint8Array,
  stampedSignature: Uint8Array,
  trusted: pkijs.Certificate[],
): Promise<TimestampInfo | undefined> {
  const data = leanSignedData(token);
  if (!data?.content || data.eContentType !== OID_TST_INFO) return undefined;
  const tst = leanTstInfo(data.content);
  const signer = leanSignerInfo(data.signerInfos[0]);
  if (!tst || !signer) return undefined;
  const index = leanSignerCertificate(signer, data.certificateDer);
  if (index === null) return undefined;
  const tsaCert = data.certificates[index];
  // The TSA's signature first: where pkijs should judge it, nothing has been decided yet. Its
  // failures and the imprint's are one verdict (BAD_SIGNATURE, one message), so the order is free.
  const check = await leanSignatureCheck(signer, tsaCert, data.content, OID_TST_INFO);
  if (check === 'fallback') return undefined;
  leanTimestamps++;
  const invalid = () =>
    new CmsVerificationError('BAD_SIGNATURE', 'The timestamp does not match the signature');
  const name = hashName(tst.hashAlgorithm);
  if (!name) throw invalid();
  const digest = await digestOf(name, stampedSignature);
  if (!bytesEqual(digest, tst.hashedMessage) || check === 'bad') throw invalid();
  const eku = tsaCert.extensions?.find((e) => e.extnID === '2.5.29.37')?.parsedValue as
    | pkijs.ExtKeyUsage
    | undefined;
  if (!eku?.keyPurposes.includes(OID_EKU_TIME_STAMPING)) throw invalid();
  try {
    await verifyChain(tsaCert, data.certificates, trusted, tst.genTime);
  } catch {
    throw new CmsVerificationError('UNTRUSTED_CHAIN', 'The timestamp authority is not trusted');
  }
  return {
    time: tst.genTime,
    // serialHex's text: hex without leading zeros.
    serialNumber: toHex(tst.serialNumber).replace(/^0+(?=.)/, ''),
    policy: tst.policy,
    hashAlgorithm: tst.hashAlgorithm,
    messageImprintDigest: toHex(tst.hashedMessage),
    tsa: summarizeCertificate(tsaCert),
  };
}
