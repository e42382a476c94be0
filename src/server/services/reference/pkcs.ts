import { createHash } from 'node:crypto';
import * as pkijs from 'pkijs';
import {
  type CertificateSummary,
  CmsVerificationError,
  findSignerCertificate,
  fromBase64,
  identityOf,
  OID_SIGNING_TIME,
  parseCms,
  serialHex,
  summarizeCertificate,
  timestampTokenOf,
  toHex,
} from '../../../engine/cms';
import { ApiError } from '../../errors';

// Pkcs/Parse: what a CMS (PKCS#7 SignedData) holds — its signers with their certificates, signing
// and timestamp times, the certificates it carries and its content — for integrators checking what
// they send. It describes; it does not verify (DocumentSignAction and Eimzo verify signatures).

const ALGORITHMS: Record<string, string> = {
  '1.3.14.3.2.26': 'SHA-1',
  '2.16.840.1.101.3.4.2.1': 'SHA-256',
  '2.16.840.1.101.3.4.2.2': 'SHA-384',
  '2.16.840.1.101.3.4.2.3': 'SHA-512',
  '1.2.840.113549.1.1.1': 'RSA',
  '1.2.840.113549.1.1.11': 'RSA with SHA-256',
  '1.2.840.113549.1.1.12': 'RSA with SHA-384',
  '1.2.840.113549.1.1.13': 'RSA with SHA-512',
  '1.2.840.10045.2.1': 'ECDSA',
  '1.2.840.10045.4.3.2': 'ECDSA with SHA-256',
  '1.2.840.10045.4.3.3': 'ECDSA with SHA-384',
};

const CONTENT_TEXT_LIMIT = 64 * 1024;

export interface CertificateOut {
  serialNumber: string;
  subject: Record<string, string>;
  subjectName: string;
  issuerName: string;
  validFrom: string;
  validTo: string;
  tin: string | null;
  pinfl: string | null;
}

export interface SignerOut {
  index: number;
  certificate: CertificateOut | null;
  digestAlgorithm: string;
  signatureAlgorithm: string;
  signingTime: string | null;
  timestamp: { time: string; serialNumber: string; tsa: string | null } | null;
  signatureHex: string;
}

export interface CmsDescription {
  detached: boolean;
  contentType: string;
  content: { size: number; sha256: string; text: string | null; json: boolean } | null;
  signers: SignerOut[];
  certificates: CertificateOut[];
}

const algorithm = (oid: string) => ALGORITHMS[oid] ?? oid;

function certificate(summary: CertificateSummary): CertificateOut {
  const identity = identityOf(summary.subject);
  return {
    serialNumber: summary.serialNumber,
    subject: summary.subject,
    subjectName: summary.subjectName,
    issuerName: summary.issuerName,
    validFrom: summary.validFrom.toISOString(),
    validTo: summary.validTo.toISOString(),
    tin: identity.tin ?? null,
    pinfl: identity.pinfl ?? null,
  };
}

function signingTime(signerInfo: pkijs.SignerInfo): string | null {
  const value = signerInfo.signedAttrs?.attributes.find((a) => a.type === OID_SIGNING_TIME)?.values[0] as
    | { toDate?: () => Date }
    | undefined;
  const date = value?.toDate?.();
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

function timestamp(signerInfo: pkijs.SignerInfo): SignerOut['timestamp'] {
  const token = timestampTokenOf(signerInfo);
  if (!token) return null;
  try {
    const data = new pkijs.SignedData({ schema: token.content });
    const eContent = data.encapContentInfo.eContent;
    if (!eContent) return null;
    const info = pkijs.TSTInfo.fromBER(eContent.getValue());
    const tsaCert = data.signerInfos[0]
      ? findSignerCertificate(
          data.signerInfos[0],
          (data.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate),
        )
      : null;
    return {
      time: info.genTime.toISOString(),
      serialNumber: serialHex(info.serialNumber),
      tsa: tsaCert ? summarizeCertificate(tsaCert).subjectName : null,
    };
  } catch {
    return null;
  }
}

function contentOf(bytes: Uint8Array): CmsDescription['content'] {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  let text: string | null = null;
  let json = false;
  if (bytes.length <= CONTENT_TEXT_LIMIT) {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      try {
        JSON.parse(text);
        json = true;
      } catch {
        json = false;
      }
    } catch {
      text = null;
    }
  }
  return { size: bytes.length, sha256, text, json };
}

/** Describes a base64 CMS; 400 PKCS7_MALFORMED when it is not one. */
export function describeCms(pkcs7b64: string): CmsDescription {
  let parsed: ReturnType<typeof parseCms>;
  try {
    parsed = parseCms(fromBase64(pkcs7b64.replace(/\s+/g, '')));
  } catch (err) {
    const reason = err instanceof CmsVerificationError ? err.message : 'not base64';
    throw new ApiError(400, 'PKCS7_MALFORMED', 'reference:errors.pkcs7Malformed', { reason });
  }
  const { signedData, certificates, content } = parsed;
  return {
    detached: content === null,
    contentType: signedData.encapContentInfo.eContentType,
    content: content ? contentOf(content) : null,
    signers: signedData.signerInfos.map((signerInfo, index) => {
      const cert = findSignerCertificate(signerInfo, certificates);
      return {
        index,
        certificate: cert ? certificate(summarizeCertificate(cert)) : null,
        digestAlgorithm: algorithm(signerInfo.digestAlgorithm.algorithmId),
        signatureAlgorithm: algorithm(signerInfo.signatureAlgorithm.algorithmId),
        signingTime: signingTime(signerInfo),
        timestamp: timestamp(signerInfo),
        signatureHex: toHex(signerInfo.signature.valueBlock.valueHexView),
      };
    }),
    certificates: certificates.map((c) => certificate(summarizeCertificate(c))),
  };
}
