// Parsing CMS SignedData (BER, as E-IMZO emits it) into pkijs objects.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { toArrayBuffer } from './bytes';
import { OID_SIGNED_DATA } from './oids';

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
  contentInfo: pkijs.ContentInfo;
  signedData: pkijs.SignedData;
  /** Encapsulated content; null for a detached signature. */
  content: Uint8Array | null;
  certificates: pkijs.Certificate[];
}

export function parseCms(der: Uint8Array): ParsedCms {
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
  return { contentInfo, signedData, content, certificates };
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
