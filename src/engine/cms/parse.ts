// Parsing CMS SignedData (BER, as E-IMZO emits it) into pkijs objects.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { toArrayBuffer } from './bytes';
import { knownCertificate } from './certificateCache';
import { OID_SIGNED_DATA } from './oids';
import { signedDataParts } from './signedDataParts';
import { signerInfoFromDer } from './signerInfo';

export type CmsFailureCode =
  | 'MALFORMED'
  | 'ALGORITHM_NOT_SUPPORTED'
  | 'BAD_SIGNATURE'
  | 'UNTRUSTED_CHAIN'
  | 'CERT_EXPIRED'
  | 'CERT_NOT_YET_VALID';

/** Why a CMS structure was refused. The message is safe to show; it never contains the signature. */
export class CmsVerificationError extends Error {
  override name = 'CmsVerificationError';
  constructor(
    readonly code: CmsFailureCode,
    message: string,
  ) {
    super(message);
  }
}

export interface ParsedCms {
  signedData: pkijs.SignedData;
  /** Encapsulated content; null for a detached signature. */
  content: Uint8Array | null;
  certificates: pkijs.Certificate[];
}

/**
 * Parses a CMS. Plain DER (what this server stores, and what E-IMZO sends after a timestamp) is read
 * element by element: pkijs builds and matches its whole SignedData schema on every parse (half the
 * time) and parses every certificate anew (the rest), profiled at 5–9 ms for a signed invoice; here
 * each signer is parsed on its own and the certificates come from the certificate cache — the same
 * objects. Anything else (BER, CRLs, other certificate formats) takes pkijs's path whole.
 */
export function parseCms(der: Uint8Array): ParsedCms {
  return parseByParts(der) ?? parseWhole(der);
}

/** The value of a one-octet INTEGER element (SignedData versions are 1, 3, 4 or 5). */
function smallInteger(element: Uint8Array): number | null {
  return element.length === 3 && element[0] === 0x02 && element[1] === 1 && element[2] < 0x80
    ? element[2]
    : null;
}

function parseByParts(der: Uint8Array): ParsedCms | null {
  const parts = signedDataParts(der);
  const version = parts && smallInteger(parts.version);
  if (!parts?.certificates || parts.crls || version === null || parts.signerInfos.length === 0) return null;
  try {
    const certificates = parts.certificates.map(knownCertificate);
    const signedData = new pkijs.SignedData({
      version,
      digestAlgorithms: parts.digestAlgorithms.map((d) =>
        pkijs.AlgorithmIdentifier.fromBER(toArrayBuffer(d)),
      ),
      encapContentInfo: pkijs.EncapsulatedContentInfo.fromBER(toArrayBuffer(parts.encapContentInfo)),
      certificates,
      signerInfos: parts.signerInfos.map(signerInfoFromDer),
    });
    const eContent = signedData.encapContentInfo.eContent;
    return { signedData, content: eContent ? new Uint8Array(eContent.getValue()) : null, certificates };
  } catch {
    return null; // the whole parse gives the verdict
  }
}

/** pkijs's own parse of the whole structure (the reference the part-wise parse is tested against). */
export function parseWhole(der: Uint8Array): ParsedCms {
  let contentInfo: pkijs.ContentInfo;
  let signedData: pkijs.SignedData;
  try {
    const asn = asn1js.fromBER(toArrayBuffer(der));
    if (asn.offset === -1) throw new Error('bad BER');
    contentInfo = new pkijs.ContentInfo({ schema: asn.result });
    if (contentInfo.contentType !== OID_SIGNED_DATA) throw new Error('not SignedData');
    signedData = new pkijs.SignedData({ schema: contentInfo.content });
  } catch {
    throw new CmsVerificationError('MALFORMED', 'The signature is not a PKCS#7 SignedData structure');
  }
  if (signedData.signerInfos.length === 0) {
    throw new CmsVerificationError('MALFORMED', 'The PKCS#7 structure carries no signer');
  }
  const eContent = signedData.encapContentInfo.eContent;
  const content = eContent ? new Uint8Array(eContent.getValue()) : null;
  const certificates = (signedData.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  return { signedData, content, certificates };
}

/** The certificate a SignerInfo names by issuer and serial number (E-IMZO always uses that form). */
export function findSignerCertificate(
  signerInfo: pkijs.SignerInfo,
  certificates: pkijs.Certificate[],
): pkijs.Certificate | null {
  const sid = signerInfo.sid;
  if (!(sid instanceof pkijs.IssuerAndSerialNumber)) return null;
  return (
    certificates.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber)) ?? null
  );
}

/** Re-encodes a SignedData inside its ContentInfo (DER; BER input is accepted everywhere). */
export function encodeCms(signedData: pkijs.SignedData): Uint8Array {
  const contentInfo = new pkijs.ContentInfo({
    contentType: OID_SIGNED_DATA,
    content: signedData.toSchema(true),
  });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}
