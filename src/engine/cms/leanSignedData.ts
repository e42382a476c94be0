// A SignedData for the lean verification path: its parts (signedDataParts), the encapsulated content
// and its type read in place, the certificates from the shared cache. Null for whatever parseCms would
// not read part by part, or pkijs might read otherwise: the caller takes pkijs's path then.
import type * as pkijs from 'pkijs';
import { knownCertificate } from './certificateCache';
import { childrenOf, contentBytes, oidText, readWhole, TAG_NULL, TAG_OID, TAG_SEQUENCE } from './der';
import { encapsulatedContent, signedDataParts } from './signedDataParts';

export interface LeanSignedData {
  eContentType: string;
  /** The encapsulated content, or null when detached. */
  content: Uint8Array | null;
  /** The certificates' DER and their shared parsed objects, in the same order. */
  certificateDer: Uint8Array[];
  certificates: pkijs.Certificate[];
  /** Each SignerInfo element. */
  signerInfos: Uint8Array[];
}

/** A DigestAlgorithmIdentifier element with absent or NULL parameters. */
function plainAlgorithm(element: Uint8Array): boolean {
  const root = readWhole(element);
  const fields = root?.tag === TAG_SEQUENCE ? childrenOf(element, root) : null;
  if (!fields || fields.length === 0 || fields.length > 2 || fields[0].tag !== TAG_OID) return false;
  if (fields[1] && (fields[1].tag !== TAG_NULL || fields[1].end !== fields[1].contentStart)) return false;
  return oidText(contentBytes(element, fields[0])) !== null;
}

export function leanSignedData(der: Uint8Array): LeanSignedData | null {
  const parts = signedDataParts(der);
  if (!parts?.certificates || parts.crls || parts.signerInfos.length === 0) return null;
  // SignedData versions are 1, 3, 4 or 5: one octet (as parseCms's part-wise parse wants).
  const version = parts.version;
  if (version.length !== 3 || version[1] !== 1 || version[2] >= 0x80) return null;
  if (!parts.digestAlgorithms.every(plainAlgorithm)) return null;
  const encap = parts.encapContentInfo;
  const root = readWhole(encap);
  const type = root && childrenOf(encap, root)?.[0];
  const eContentType = type?.tag === TAG_OID ? oidText(contentBytes(encap, type)) : null;
  // The content as pkijs's getValue gives it (a constructed OCTET STRING's chunks joined).
  const content = encapsulatedContent(parts);
  if (!eContentType || content === undefined) return null;
  let certificates: pkijs.Certificate[];
  try {
    certificates = parts.certificates.map(knownCertificate);
  } catch {
    return null;
  }
  return {
    eContentType,
    content,
    certificateDer: parts.certificates,
    certificates,
    signerInfos: parts.signerInfos,
  };
}
