// Local verification of a CMS SignedData over standard algorithms (RSA / ECDSA), signer by signer.
import type * as pkijs from 'pkijs';
import { unsupportedAlgorithm, unsupportedAlgorithmOf } from './algorithms';
import { toArrayBuffer, toHex } from './bytes';
import { type CertificateSummary, summarizeCertificate } from './certificate';
import { verifyChain } from './chain';
import { leanSignedData } from './leanSignedData';
import {
  keyImportCount,
  type LeanSignerInfo,
  leanSignatureCheck,
  leanSignerCertificate,
  leanSignerInfo,
} from './leanSigner';
import { leanTimestampCount, leanVerifyTimestampToken } from './leanTimestamp';
import { OID_MESSAGE_DIGEST, OID_SIGNING_TIME, OID_TST_INFO } from './oids';
import {
  type CmsFailureCode,
  CmsVerificationError,
  findSignerCertificate,
  type ParsedCms,
  parseCms,
} from './parse';
import {
  contentTypeMatches,
  signatureValue,
  type TimestampInfo,
  timestampTokenDer,
  verifyTimestampToken,
} from './timestamp';

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

/** The verdict of a signer whose signature over the content held, from its timestamp on. */
async function finishSigner(
  known: { index: number; signingTime?: Date; signatureHex: string },
  certificate: pkijs.Certificate,
  certificates: pkijs.Certificate[],
  timestamp: TimestampInfo | undefined,
  messageDigest: Uint8Array | undefined,
  options: VerifyCmsOptions,
): Promise<SignerVerdict> {
  const at = timestamp?.time ?? options.now ?? new Date();
  const chain = await verifyChain(certificate, certificates, options.trusted, at);
  return {
    index: known.index,
    valid: true,
    certificate: summarizeCertificate(certificate),
    chain: chain.map(summarizeCertificate),
    signingTime: known.signingTime,
    timestamp,
    signatureHex: known.signatureHex,
    digestHex: messageDigest ? toHex(messageDigest) : '',
  };
}

const notSupported = (algorithm: string) => ({
  code: 'ALGORITHM_NOT_SUPPORTED' as const,
  algorithm,
  message: `The signature uses an algorithm this verifier does not support (${algorithm}); E-IMZO-Server verifies it`,
});

const badSignature = () =>
  new CmsVerificationError('BAD_SIGNATURE', 'The signature does not match the signed data');

/** pkijs's check of one signer's signature over the content, and its contentType attribute. */
async function pkijsSignatureHolds(signedData: pkijs.SignedData, index: number, content: Uint8Array) {
  const verified = await signedData
    .verify({ signer: index, data: toArrayBuffer(content), checkChain: false, extendedMode: true })
    .then((r) => Boolean(r.signatureVerified))
    .catch(() => false);
  return (
    verified && contentTypeMatches(signedData.signerInfos[index], signedData.encapContentInfo.eContentType)
  );
}

let leanSigners = 0;

/**
 * How many signers and timestamp tokens the lean path decided, and how many public keys it imported
 * (tests: the path is taken, the key cache is used).
 */
export function leanVerificationCounts() {
  return { signers: leanSigners, timestamps: leanTimestampCount(), keyImports: keyImportCount() };
}

/**
 * verifyCmsSigners on DER offsets (leanSigner.ts, leanTimestamp.ts) for the common case; null, before
 * any verdict, when the CMS is not that. A signer or token the lean checks leave to pkijs is checked
 * by pkijs, the rest of the CMS still here.
 */
async function verifyLean(
  pkcs7: Uint8Array,
  options: VerifyCmsOptions,
): Promise<CmsSignerVerification | null> {
  const data = leanSignedData(pkcs7);
  if (!data || data.eContentType === OID_TST_INFO) return null;
  const content = data.content ?? options.detachedContent;
  // pkijs refuses empty detached content as "missed"; and no content at all is thrown below.
  if (content?.length === 0) return null;
  const signerInfos = data.signerInfos.map(leanSignerInfo);
  const certificateIndexes: number[] = [];
  for (const signer of signerInfos) {
    const index = signer && leanSignerCertificate(signer, data.certificateDer);
    if (index === null) return null;
    certificateIndexes.push(index);
  }
  if (!content)
    throw new CmsVerificationError('MALFORMED', 'The signature is detached and no content was given');
  let pkijsParse: ParsedCms | undefined;
  const signers: SignerVerdict[] = [];
  for (let index = 0; index < signerInfos.length; index++) {
    const signer = signerInfos[index] as LeanSignerInfo;
    const certificate = data.certificates[certificateIndexes[index]];
    const known = {
      index,
      valid: false as const,
      certificate: summarizeCertificate(certificate),
      signingTime: signer.signingTime,
      signatureHex: toHex(signer.signature),
    };
    const algorithm = unsupportedAlgorithmOf([
      signer.digestAlgorithm,
      signer.signatureAlgorithm,
      certificate.subjectPublicKeyInfo.algorithm.algorithmId,
      certificate.signatureAlgorithm.algorithmId,
    ]);
    if (algorithm) {
      signers.push({ ...known, ...notSupported(algorithm) });
      continue;
    }
    // Never throws (its failures are 'bad'); a parse pkijs refuses throws as on pkijs's path.
    const check = await leanSignatureCheck(signer, certificate, content, data.eContentType);
    if (check === 'fallback') pkijsParse ??= parseCms(pkcs7);
    else leanSigners++;
    try {
      const holds =
        pkijsParse && check === 'fallback'
          ? await pkijsSignatureHolds(pkijsParse.signedData, index, content)
          : check === 'ok';
      if (!holds) throw badSignature();
      const token = signer.timestampToken;
      const timestamp = token
        ? ((await leanVerifyTimestampToken(token, signer.signature, options.trusted)) ??
          (await verifyTimestampToken(token, signer.signature, options.trusted)))
        : undefined;
      signers.push(
        await finishSigner(known, certificate, data.certificates, timestamp, signer.messageDigest, options),
      );
    } catch (err) {
      if (!(err instanceof CmsVerificationError)) throw err;
      signers.push({ ...known, code: err.code, message: err.message });
    }
  }
  return { content, attached: data.content !== null, signers };
}

/**
 * Verifies each signer on its own — a document accepted by its receiver carries two (joined CMS),
 * an empowerment three — : signature over the content, certificate chain to a trusted anchor, and
 * validity at the timestamp's time (or now). A signer whose algorithms this code cannot check (the
 * national GOST algorithms of real E-IMZO keys) is ALGORITHM_NOT_SUPPORTED, never "does not match".
 * Only a structure that is not a signed document at all throws.
 *
 * Plain DER in the common shapes is checked on element offsets (verifyLean); anything else by pkijs
 * (verifyCmsSignersPkijs) — the same verdicts and results either way (tests/server/signingLean.test.ts).
 */
export async function verifyCmsSigners(
  pkcs7: Uint8Array,
  options: VerifyCmsOptions,
): Promise<CmsSignerVerification> {
  return (await verifyLean(pkcs7, options)) ?? verifyCmsSignersPkijs(pkcs7, options);
}

/** verifyCmsSigners through pkijs's objects (the reference the lean path is tested against). */
export async function verifyCmsSignersPkijs(
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
      signers.push({ ...known, ...notSupported(algorithm) });
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
      if (!(await pkijsSignatureHolds(parsed.signedData, index, content))) throw badSignature();
      const token = timestampTokenDer(signerInfo);
      const timestamp = token ? await verifyTimestampToken(token, signature, options.trusted) : undefined;
      const digestValue = signedAttribute(signerInfo, OID_MESSAGE_DIGEST) as
        | { valueBlock?: { valueHexView?: Uint8Array } }
        | undefined;
      signers.push(
        await finishSigner(
          known,
          certificate,
          parsed.certificates,
          timestamp,
          digestValue?.valueBlock?.valueHexView,
          options,
        ),
      );
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
