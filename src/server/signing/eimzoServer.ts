// Verification through E-IMZO-Server (reference/eimzo.md §8): production's verifier for real
// E-IMZO (GOST) signatures; in demo mode and tests it talks to the emulator's stand-in.
import { parseTashkent } from '../../engine/cms';
import { request } from './http';
import { requireIdentity, signerFromSubject } from './signer';
import {
  SignatureError,
  type SignatureRequestContext,
  type SignatureService,
  type SignerCheck,
  type SignerIdentity,
  type VerifiedDocument,
  type VerifiedSignature,
} from './types';

export interface EimzoServerOptions {
  /** Base URL, e.g. http://127.0.0.1:8080 (E-IMZO-Server's own port). */
  baseUrl: string;
  timeoutMs?: number;
  /** Host sent when a request has no context (the site's domain). */
  defaultHost?: string;
}

interface CertificateJson {
  serialNumber?: string;
  subjectInfo?: Record<string, string>;
  subjectName?: Record<string, string> | string;
  issuerInfo?: Record<string, string>;
  validFrom?: string;
  validTo?: string;
}

interface SignerJson {
  signingTime?: string;
  verified?: boolean;
  certificateVerified?: boolean;
  certificateValidAtSigningTime?: boolean;
  certificate?: CertificateJson[];
  timeStampInfo?: { time?: string; verified?: boolean } | null;
}

interface EimzoReply {
  status?: number;
  message?: string;
  challenge?: string;
  ttl?: number;
  pkcs7b64?: string;
  subjectCertificateInfo?: CertificateJson;
  pkcs7Info?: { signers?: SignerJson[]; documentBase64?: string };
}

const STATUS_ERRORS: Record<number, [SignatureError['code'], string]> = {
  [-1]: ['UNTRUSTED_CHAIN', 'The certificate status could not be confirmed'],
  [-5]: ['BAD_SIGNATURE', 'The signing time is invalid; check the computer clock'],
  [-10]: ['BAD_SIGNATURE', 'The signature does not match the signed data'],
  [-11]: ['UNTRUSTED_CHAIN', 'The certificate is not valid or not trusted'],
  [-12]: ['CERT_EXPIRED', 'The certificate was not valid at signing time'],
  [-20]: ['BAD_SIGNATURE', 'The timestamp could not be checked'],
  [-21]: ['BAD_SIGNATURE', 'The timestamp does not match the signature'],
  [-22]: ['BAD_SIGNATURE', 'The timestamp certificate is invalid'],
  [-23]: ['BAD_SIGNATURE', 'The timestamp certificate was not valid'],
};

function failure(reply: EimzoReply): SignatureError {
  const status = reply.status ?? 0;
  if (status === -12 && /not yet valid/i.test(reply.message ?? '')) {
    return new SignatureError('CERT_NOT_YET_VALID', 'The certificate is not valid yet');
  }
  const known = STATUS_ERRORS[status];
  if (known) return new SignatureError(known[0], known[1]);
  return new SignatureError('MALFORMED', `E-IMZO-Server refused the signature (status ${status})`);
}

function date(text: string | undefined): Date | undefined {
  return text ? (parseTashkent(text) ?? undefined) : undefined;
}

/** The certificate's holder as E-IMZO-Server describes it (null when it gave no details). */
function holderOf(cert: CertificateJson | undefined): SignerIdentity | null {
  const subject =
    cert?.subjectInfo ?? (cert && typeof cert.subjectName === 'object' ? cert.subjectName : undefined) ?? {};
  const validFrom = date(cert?.validFrom);
  const validTo = date(cert?.validTo);
  if (!cert?.serialNumber || !validFrom || !validTo) return null;
  return signerFromSubject(subject, {
    serialNumber: cert.serialNumber,
    validFrom,
    validTo,
    issuerCN: cert.issuerInfo?.CN ?? '',
  });
}

function signerOf(cert: CertificateJson | undefined): SignerIdentity {
  const holder = holderOf(cert);
  if (!holder) throw new SignatureError('MALFORMED', 'E-IMZO-Server returned no certificate details');
  return requireIdentity(holder);
}

/** One signer's verdict from E-IMZO-Server's per-signer flags (eimzo.md §8.3). */
function signerCheck(signer: SignerJson): SignerCheck {
  const holder = holderOf(signer.certificate?.[0]) ?? undefined;
  const timestampTime = signer.timeStampInfo?.verified ? date(signer.timeStampInfo.time) : undefined;
  const base = {
    signer: holder,
    signingTime: date(signer.signingTime),
    timestamped: Boolean(timestampTime),
    timestampTime,
    verifiedBy: 'eimzo-server' as const,
  };
  const refusal =
    signer.verified === false
      ? failure({ status: -10 })
      : signer.certificateVerified === false
        ? failure({ status: -11 })
        : signer.certificateValidAtSigningTime === false
          ? failure({ status: -12 })
          : !holder
            ? new SignatureError('MALFORMED', 'E-IMZO-Server returned no certificate details')
            : null;
  return refusal
    ? { ...base, valid: false, code: refusal.code, message: refusal.message }
    : { ...base, valid: true };
}

export class EimzoServerSignatureService implements SignatureService {
  readonly kind = 'eimzo-server' as const;
  private readonly base: URL;

  constructor(private readonly options: EimzoServerOptions) {
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  }

  private async call(
    path: string,
    body: string | undefined,
    context?: SignatureRequestContext,
  ): Promise<EimzoReply> {
    const headers: Record<string, string> = {};
    const host = context?.host ?? this.options.defaultHost;
    if (host) Object.assign(headers, { host, 'x-real-host': host, 'x-forwarded-host': host });
    if (context?.clientIp) headers['x-real-ip'] = context.clientIp;
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(new URL(path, this.base), {
        method: body === undefined ? 'GET' : 'POST',
        body,
        headers,
        timeoutMs: this.options.timeoutMs ?? 30_000,
      });
    } catch {
      throw new SignatureError('SERVER_UNAVAILABLE', 'E-IMZO-Server is not reachable');
    }
    if (response.status === 400)
      throw new SignatureError('MALFORMED', 'E-IMZO-Server rejected the request as malformed');
    if (response.status >= 500 || response.status === 0) {
      throw new SignatureError('SERVER_UNAVAILABLE', `E-IMZO-Server answered ${response.status}`);
    }
    try {
      return JSON.parse(response.body) as EimzoReply;
    } catch {
      throw new SignatureError('SERVER_UNAVAILABLE', 'E-IMZO-Server answered with something other than JSON');
    }
  }

  /** GET /frontend/challenge: a challenge kept by E-IMZO-Server for /backend/auth. */
  async challenge(context?: SignatureRequestContext): Promise<{ challenge: string; ttl: number }> {
    const reply = await this.call('frontend/challenge', undefined, context);
    if (reply.status !== 1 || !reply.challenge)
      throw new SignatureError('SERVER_UNAVAILABLE', 'No challenge');
    return { challenge: reply.challenge, ttl: reply.ttl ?? 120 };
  }

  /** POST /backend/auth: verifies a signed E-IMZO-Server challenge (single use) and names the signer. */
  async auth(pkcs7b64: string, context?: SignatureRequestContext): Promise<SignerIdentity> {
    const reply = await this.call('backend/auth', pkcs7b64, context);
    if (reply.status === -20)
      throw new SignatureError('CONTENT_MISMATCH', 'The challenge is unknown or expired');
    if (reply.status !== 1) throw failure(reply);
    return signerOf(reply.subjectCertificateInfo);
  }

  async verifyAttached(pkcs7b64: string, context?: SignatureRequestContext): Promise<VerifiedSignature> {
    const reply = await this.call('backend/pkcs7/verify/attached', pkcs7b64, context);
    if (reply.status !== 1) throw failure(reply);
    const signers = reply.pkcs7Info?.signers ?? [];
    if (signers.length !== 1) throw new SignatureError('MALFORMED', 'Exactly one signer is expected');
    const [signer] = signers;
    if (signer.verified === false) throw failure({ status: -10 });
    if (signer.certificateVerified === false) throw failure({ status: -11 });
    if (signer.certificateValidAtSigningTime === false) throw failure({ status: -12 });
    const documentBase64 = reply.pkcs7Info?.documentBase64;
    if (!documentBase64)
      throw new SignatureError('MALFORMED', 'The signature is detached; an attached one is required');
    const timestampTime = signer.timeStampInfo?.verified ? date(signer.timeStampInfo.time) : undefined;
    return {
      content: new Uint8Array(Buffer.from(documentBase64, 'base64')),
      signer: signerOf(signer.certificate?.[0]),
      signingTime: date(signer.signingTime),
      timestamped: Boolean(timestampTime),
      timestampTime,
    };
  }

  async verifyDocument(pkcs7b64: string, context?: SignatureRequestContext): Promise<VerifiedDocument> {
    const reply = await this.call('backend/pkcs7/verify/attached', pkcs7b64, context);
    if (reply.status !== 1) throw failure(reply);
    const documentBase64 = reply.pkcs7Info?.documentBase64;
    if (!documentBase64)
      throw new SignatureError('MALFORMED', 'The signature is detached; an attached one is required');
    const signers = reply.pkcs7Info?.signers ?? [];
    if (signers.length === 0) throw new SignatureError('MALFORMED', 'The signature carries no signer');
    return {
      content: new Uint8Array(Buffer.from(documentBase64, 'base64')),
      signers: signers.map(signerCheck),
    };
  }

  async timestamp(pkcs7b64: string, context?: SignatureRequestContext): Promise<string> {
    let reply: EimzoReply;
    try {
      reply = await this.call('frontend/timestamp/pkcs7', pkcs7b64, context);
    } catch (err) {
      if (err instanceof SignatureError && err.code === 'MALFORMED') throw err;
      throw new SignatureError('TIMESTAMP_FAILED', 'The timestamp service is not reachable');
    }
    if (reply.status !== 1 || !reply.pkcs7b64) {
      throw new SignatureError(
        'TIMESTAMP_FAILED',
        `No timestamp was attached (status ${reply.status ?? 'none'})`,
      );
    }
    return reply.pkcs7b64;
  }

  async join(
    firstPkcs7b64: string,
    secondPkcs7b64: string,
    context?: SignatureRequestContext,
  ): Promise<string> {
    const reply = await this.call('frontend/pkcs7/join', `${firstPkcs7b64}|${secondPkcs7b64}`, context);
    if (reply.status !== 1 || !reply.pkcs7b64) throw failure(reply);
    return reply.pkcs7b64;
  }

  async makeAttached(
    dataB64: string,
    detachedPkcs7b64: string,
    context?: SignatureRequestContext,
  ): Promise<string> {
    const reply = await this.call('frontend/pkcs7/make-attached', `${dataB64}|${detachedPkcs7b64}`, context);
    if (reply.status !== 1 || !reply.pkcs7b64) throw failure(reply);
    return reply.pkcs7b64;
  }
}
