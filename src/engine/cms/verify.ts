// Local verification of a CMS SignedData over standard algorithms (RSA / ECDSA), signer by signer.
import type * as pkijs from 'pkijs';
import { unsupportedAlgorithm } from './algorithms';
import { toArrayBuffer, toHex } from './bytes';
import { type CertificateSummary, summarizeCertificate } from './certificate';
import { verifyChain } from './chain';
import { OID_MESSAGE_DIGEST, OID_SIGNING_TIME } from './oids';
import { type CmsFailureCode, CmsVerificationError, findSignerCertificate, parseCms } from './parse';
import { signatureValue, type TimestampInfo, timestampTokenDer, verifyTimestampToken } from './timestamp';

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

/** One signer's verdict: verified, or why not (with what could be read of it). */
export type SignerVerdict =
  | ({ index: number; valid: true } & VerifiedSigner)
  | {
      index: number;
      valid: false;
      code: CmsFailureCode;
      message: string;
      /** The algorithm this code cannot check (ALGORITHM_NOT_SUPPORTED). */
      algorithm?: string;
      certificate?: CertificateSummary;
      signingTime?: Date;
      signatureHex: string;
    };

export interface CmsSignerVerification {
  content: Uint8Array;
  attached: boolean;
  signers: SignerVerdict[];
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

function signingTimeOf(signerInfo: pkijs.SignerInfo): Date | undefined {
  const value = signedAttribute(signerInfo, OID_SIGNING_TIME) as { toDate?: () => Date } | undefined;
  return typeof value?.toDate === 'function' ? value.toDate() : undefined;
}

/**
 * Verifies each signer on its own — a document accepted by its receiver carries two (joined CMS),
 * an empowerment three — : signature over the content, certificate chain to a trusted anchor, and
 * validity at the timestamp's time (or now). A signer whose algorithms this code cannot check (the
 * national GOST algorithms of real E-IMZO keys) is ALGORITHM_NOT_SUPPORTED, never "does not match".
 * Only a structure that is not a signed document at all throws.
 */
export async function verifyCmsSigners(
  pkcs7: Uint8Array,
  options: VerifyCmsOptions,
): Promise<CmsSignerVerification> {
  const parsed = parseCms(pkcs7);
  const content = parsed.content ?? options.detachedContent;
  if (!content)
    throw new CmsVerificationError('MALFORMED', 'The signature is detached and no content was given');
  const signers: SignerVerdict[] = [];
  for (let index = 0; index < parsed.signedData.signerInfos.length; index++) {
    const signerInfo = parsed.signedData.signerInfos[index];
    const certificate = findSignerCertificate(signerInfo, parsed.certificates);
    const signature = signatureValue(signerInfo);
    const known = {
      index,
      valid: false as const,
      certificate: certificate ? summarizeCertificate(certificate) : undefined,
      signingTime: signingTimeOf(signerInfo),
      signatureHex: toHex(signature),
    };
    const algorithm = unsupportedAlgorithm(signerInfo, certificate);
    if (algorithm) {
      signers.push({
        ...known,
        code: 'ALGORITHM_NOT_SUPPORTED',
        algorithm,
        message: `The signature uses an algorithm this verifier does not support (${algorithm}); E-IMZO-Server verifies it`,
      });
      continue;
    }
    if (!certificate) {
      signers.push({
        ...known,
        code: 'MALFORMED',
        message: 'The signer certificate is not included in the signature',
      });
      continue;
    }
    try {
      const verified = await parsed.signedData
        .verify({ signer: index, data: toArrayBuffer(content), checkChain: false, extendedMode: true })
        .then((r) => Boolean(r.signatureVerified))
        .catch(() => false);
      if (!verified)
        throw new CmsVerificationError('BAD_SIGNATURE', 'The signature does not match the signed data');
      const token = timestampTokenDer(signerInfo);
      const timestamp = token ? await verifyTimestampToken(token, signature, options.trusted) : undefined;
      const at = timestamp?.time ?? options.now ?? new Date();
      const chain = await verifyChain(certificate, parsed.certificates, options.trusted, at);
      const digestValue = signedAttribute(signerInfo, OID_MESSAGE_DIGEST) as
        | { valueBlock?: { valueHexView?: Uint8Array } }
        | undefined;
      signers.push({
        index,
        valid: true,
        certificate: summarizeCertificate(certificate),
        chain: chain.map(summarizeCertificate),
        signingTime: known.signingTime,
        timestamp,
        signatureHex: known.signatureHex,
        digestHex: digestValue?.valueBlock?.valueHexView ? toHex(digestValue.valueBlock.valueHexView) : '',
      });
    } catch (err) {
      if (!(err instanceof CmsVerificationError)) throw err;
      signers.push({ ...known, code: err.code, message: err.message });
    }
  }
  return { content, attached: parsed.content !== null, signers };
}

/** Every signer must verify (the first one that does not is thrown as its CmsVerificationError). */
export async function verifyCms(pkcs7: Uint8Array, options: VerifyCmsOptions): Promise<CmsVerification> {
  const result = await verifyCmsSigners(pkcs7, options);
  const signers: VerifiedSigner[] = [];
  for (const verdict of result.signers) {
    if (!verdict.valid) throw new CmsVerificationError(verdict.code, verdict.message);
    const { index: _index, valid: _valid, ...signer } = verdict;
    signers.push(signer);
  }
  return { content: result.content, attached: result.attached, signers };
}
