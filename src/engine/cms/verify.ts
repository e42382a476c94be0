// Full local verification of a CMS SignedData over standard algorithms (RSA / ECDSA).
import type * as pkijs from 'pkijs';
import { toArrayBuffer, toHex } from './bytes';
import { type CertificateSummary, summarizeCertificate } from './certificate';
import { verifyChain } from './chain';
import { OID_MESSAGE_DIGEST, OID_SIGNING_TIME } from './oids';
import { CmsVerificationError, findSignerCertificate, parseCms } from './parse';
import { signatureValue, type TimestampInfo, timestampTokenOf, verifyTimestampToken } from './timestamp';

export interface VerifiedSigner {
  certificate: CertificateSummary;
  /** Signer first, trusted anchor last. */
  chain: CertificateSummary[];
  signingTime?: Date;
  timestamp?: TimestampInfo;
  signatureHex: string;
  digestHex: string;
}

export interface CmsVerification {
  content: Uint8Array;
  attached: boolean;
  signers: VerifiedSigner[];
}

export interface VerifyCmsOptions {
  trusted: pkijs.Certificate[];
  /** Content of a detached signature (an attached signature always uses its own). */
  detachedContent?: Uint8Array;
  /** Reference time when a signer has no timestamp (default now). */
  now?: Date;
}

function signedAttribute(signerInfo: pkijs.SignerInfo, type: string) {
  return signerInfo.signedAttrs?.attributes.find((a) => a.type === type)?.values[0];
}

/**
 * Verifies every signer: signature over the content, certificate chain to a trusted anchor, and
 * certificate validity at the timestamp time (or now when there is no timestamp).
 */
export async function verifyCms(pkcs7: Uint8Array, options: VerifyCmsOptions): Promise<CmsVerification> {
  const parsed = parseCms(pkcs7);
  const content = parsed.content ?? options.detachedContent;
  if (!content)
    throw new CmsVerificationError('MALFORMED', 'The signature is detached and no content was given');
  const signers: VerifiedSigner[] = [];
  for (let index = 0; index < parsed.signedData.signerInfos.length; index++) {
    const signerInfo = parsed.signedData.signerInfos[index];
    const certificate = findSignerCertificate(signerInfo, parsed.certificates);
    if (!certificate) {
      throw new CmsVerificationError('MALFORMED', 'The signer certificate is not included in the signature');
    }
    const verified = await parsed.signedData
      .verify({ signer: index, data: toArrayBuffer(content), checkChain: false, extendedMode: true })
      .then((r) => Boolean(r.signatureVerified))
      .catch(() => false);
    if (!verified)
      throw new CmsVerificationError('BAD_SIGNATURE', 'The signature does not match the signed data');

    const signature = signatureValue(signerInfo);
    const token = timestampTokenOf(signerInfo);
    const timestamp = token ? await verifyTimestampToken(token, signature, options.trusted) : undefined;
    const at = timestamp?.time ?? options.now ?? new Date();
    const chain = await verifyChain(certificate, parsed.certificates, options.trusted, at);

    const timeValue = signedAttribute(signerInfo, OID_SIGNING_TIME) as { toDate?: () => Date } | undefined;
    const digestValue = signedAttribute(signerInfo, OID_MESSAGE_DIGEST) as
      | { valueBlock?: { valueHexView?: Uint8Array } }
      | undefined;
    signers.push({
      certificate: summarizeCertificate(certificate),
      chain: chain.map(summarizeCertificate),
      signingTime: typeof timeValue?.toDate === 'function' ? timeValue.toDate() : undefined,
      timestamp,
      signatureHex: toHex(signature),
      digestHex: digestValue?.valueBlock?.valueHexView ? toHex(digestValue.valueBlock.valueHexView) : '',
    });
  }
  return { content, attached: parsed.content !== null, signers };
}
