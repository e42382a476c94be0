// RFC 3161 timestamp tokens carried as the unsigned attribute id-aa-signatureTimeStampToken.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { bytesEqual, toArrayBuffer, toHex } from './bytes';
import { type CertificateSummary, serialHex, summarizeCertificate } from './certificate';
import { verifyChain } from './chain';
import {
  OID_CONTENT_TYPE,
  OID_EKU_TIME_STAMPING,
  OID_SHA256,
  OID_SIGNATURE_TIMESTAMP_TOKEN,
  OID_TST_INFO,
} from './oids';
import { CmsVerificationError, findSignerCertificate, parseCms } from './parse';
import { timestampTokenInAttributes } from './signedDataParts';
import { receivedUnsignedAttributes } from './signerInfo';

export interface TimestampInfo {
  time: Date;
  serialNumber: string;
  policy: string;
  hashAlgorithm: string;
  messageImprintDigest: string;
  tsa: CertificateSummary;
}

const HASH_BY_OID: Record<string, string> = {
  '1.3.14.3.2.26': 'SHA-1',
  [OID_SHA256]: 'SHA-256',
  '2.16.840.1.101.3.4.2.2': 'SHA-384',
  '2.16.840.1.101.3.4.2.3': 'SHA-512',
};

export function signatureValue(signerInfo: pkijs.SignerInfo): Uint8Array {
  return new Uint8Array(signerInfo.signature.valueBlock.valueHexView);
}

export function timestampTokenOf(signerInfo: pkijs.SignerInfo): pkijs.ContentInfo | null {
  const attr = signerInfo.unsignedAttrs?.attributes.find((a) => a.type === OID_SIGNATURE_TIMESTAMP_TOKEN);
  if (!attr || attr.values.length === 0) return null;
  return new pkijs.ContentInfo({ schema: attr.values[0] });
}

/**
 * The token's DER as it stands in the signature (asn1js keeps each decoded element's bytes), encoded
 * afresh only for a token attached in this process.
 */
export function timestampTokenDer(signerInfo: pkijs.SignerInfo): Uint8Array | null {
  const received = receivedUnsignedAttributes(signerInfo);
  const found = received && timestampTokenInAttributes(received);
  if (found !== undefined) return found && new Uint8Array(found);
  const attr = signerInfo.unsignedAttrs?.attributes.find((a) => a.type === OID_SIGNATURE_TIMESTAMP_TOKEN);
  const value = attr?.values[0] as asn1js.AsnType | undefined;
  if (!value) return null;
  const decoded = (value as { valueBeforeDecodeView?: Uint8Array }).valueBeforeDecodeView;
  return decoded?.byteLength ? new Uint8Array(decoded) : new Uint8Array(value.toBER(false));
}

/**
 * Checks a token against the signature it stamps: the token's own signature, its message imprint
 * (hash of the signature value), and its TSA certificate's chain to the trusted anchors.
 */
export async function verifyTimestampToken(
  token: Uint8Array,
  stampedSignature: Uint8Array,
  trusted: pkijs.Certificate[],
): Promise<TimestampInfo> {
  const invalid = () =>
    new CmsVerificationError('BAD_SIGNATURE', 'The timestamp does not match the signature');
  let tokenData: pkijs.SignedData;
  let tstInfo: pkijs.TSTInfo;
  try {
    tokenData = parseCms(token).signedData;
    if (tokenData.encapContentInfo.eContentType !== OID_TST_INFO || !tokenData.encapContentInfo.eContent) {
      throw new Error('no TSTInfo');
    }
    tstInfo = pkijs.TSTInfo.fromBER(tokenData.encapContentInfo.eContent.getValue());
  } catch {
    throw new CmsVerificationError('MALFORMED', 'The timestamp token is malformed');
  }
  const hashName = HASH_BY_OID[tstInfo.messageImprint.hashAlgorithm.algorithmId];
  if (!hashName) throw invalid();
  const digest = new Uint8Array(await crypto.subtle.digest(hashName, toArrayBuffer(stampedSignature)));
  const imprint = new Uint8Array(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView);
  if (!bytesEqual(digest, imprint)) throw invalid();

  const certificates = (tokenData.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  const tsaCert = findSignerCertificate(tokenData.signerInfos[0], certificates);
  if (!tsaCert) throw invalid();
  const ok = await tokenData
    // pkijs checks the TSTInfo imprint against `data` (the stamped signature value) as well.
    .verify({ signer: 0, data: toArrayBuffer(stampedSignature), checkChain: false, extendedMode: true })
    .then((r) => Boolean(r.signatureVerified))
    .catch(() => false);
  if (!ok || !contentTypeMatches(tokenData.signerInfos[0], OID_TST_INFO)) throw invalid();
  const eku = tsaCert.extensions?.find((e) => e.extnID === '2.5.29.37')?.parsedValue as
    | pkijs.ExtKeyUsage
    | undefined;
  if (!eku?.keyPurposes.includes(OID_EKU_TIME_STAMPING)) throw invalid();
  try {
    await verifyChain(tsaCert, certificates, trusted, tstInfo.genTime);
  } catch {
    throw new CmsVerificationError('UNTRUSTED_CHAIN', 'The timestamp authority is not trusted');
  }
  return {
    time: tstInfo.genTime,
    serialNumber: serialHex(tstInfo.serialNumber),
    policy: tstInfo.policy,
    hashAlgorithm: tstInfo.messageImprint.hashAlgorithm.algorithmId,
    messageImprintDigest: toHex(imprint),
    tsa: summarizeCertificate(tsaCert),
  };
}

/**
 * RFC 5652 §11.1: a signer's contentType attribute is the SignedData's eContentType (pkijs checks
 * only that the attribute is there). True without signed attributes (then there is none to check).
 */
export function contentTypeMatches(signerInfo: pkijs.SignerInfo, eContentType: string): boolean {
  if (!signerInfo.signedAttrs) return true;
  const value = signerInfo.signedAttrs.attributes.find((a) => a.type === OID_CONTENT_TYPE)?.values[0];
  return value instanceof asn1js.ObjectIdentifier && value.valueBlock.toString() === eContentType;
}

/** Adds (or replaces) the timestamp token of one signer. */
export function attachTimestampToken(signerInfo: pkijs.SignerInfo, token: pkijs.ContentInfo) {
  const attribute = new pkijs.Attribute({ type: OID_SIGNATURE_TIMESTAMP_TOKEN, values: [token.toSchema()] });
  const others =
    signerInfo.unsignedAttrs?.attributes.filter((a) => a.type !== OID_SIGNATURE_TIMESTAMP_TOKEN) ?? [];
  signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 1,
    attributes: [...others, attribute],
  });
}

/** DER TimeStampReq over SHA-256 of a signature value, with a nonce and certReq. */
export async function buildTimestampRequest(
  signature: Uint8Array,
): Promise<{ der: Uint8Array; nonce: Uint8Array }> {
  const nonce = crypto.getRandomValues(new Uint8Array(8));
  nonce[0] &= 0x7f;
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: await pkijs.MessageImprint.create('SHA-256', toArrayBuffer(signature)),
    nonce: new asn1js.Integer({ valueHex: toArrayBuffer(nonce) }),
    certReq: true,
  });
  return { der: new Uint8Array(request.toSchema().toBER(false)), nonce };
}

/** The token out of a DER TimeStampResp; throws when the TSA refused. */
export function tokenFromTimestampResponse(der: Uint8Array): pkijs.ContentInfo {
  const response = pkijs.TimeStampResp.fromBER(toArrayBuffer(der));
  if (response.status.status > 1 || !response.timeStampToken) {
    throw new Error(`the timestamp authority refused (status ${response.status.status})`);
  }
  return response.timeStampToken;
}
