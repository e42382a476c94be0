// The server's view of a signature (DESIGN §6): one interface, two implementations.

export type SignatureErrorCode =
  | 'MALFORMED'
  | 'ALGORITHM_NOT_SUPPORTED'
  | 'BAD_SIGNATURE'
  | 'UNTRUSTED_CHAIN'
  | 'CERT_EXPIRED'
  | 'CERT_NOT_YET_VALID'
  | 'NO_IDENTITY'
  | 'TIMESTAMP_FAILED'
  | 'SERVER_UNAVAILABLE'
  | 'CONTENT_MISMATCH'
  | 'WRONG_SIGNER';

/**
 * A refused or unverifiable signature. `message` is safe to log and show (English, never the
 * signature or key material); routes map `code` to a localized message (the auth routes use
 * `auth:signature.<code>`).
 */
export class SignatureError extends Error {
  override name = 'SignatureError';
  constructor(
    readonly code: SignatureErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface SignerIdentity {
  /** Lower-case hex without leading zeros (as E-IMZO prints it). */
  serialNumber: string;
  subjectCN: string;
  organization?: string;
  title?: string;
  /** Legal TIN (1.2.860.3.16.1.1), falling back to the personal TIN (UID). */
  tin?: string;
  pinfl?: string;
  /** Personal TIN. */
  uid?: string;
  validFrom: Date;
  validTo: Date;
  issuerCN: string;
  /** Every subject attribute, keyed as E-IMZO-Server does (CN, Name, SURNAME, O, T, UID, OIDs). */
  subject: Record<string, string>;
}

export interface VerifiedSignature {
  /** The signed bytes. */
  content: Uint8Array;
  signer: SignerIdentity;
  /** The signer's clock (signingTime attribute): informative only. */
  signingTime?: Date;
  /** True when a valid RFC 3161 timestamp is attached; then `timestampTime` is the trusted time. */
  timestamped: boolean;
  timestampTime?: Date;
}

/**
 * One signer of a document as the verifier found it. A document accepted by its receiver carries
 * several (a joined CMS); each is judged on its own, and one that fails does not hide the others.
 */
export interface SignerCheck {
  valid: boolean;
  /** Why not, when not valid (ALGORITHM_NOT_SUPPORTED: this verifier cannot check the national algorithms). */
  code?: SignatureErrorCode;
  message?: string;
  /** The certificate's holder, whenever the certificate could be read (valid or not). */
  signer?: SignerIdentity;
  signingTime?: Date;
  timestamped: boolean;
  timestampTime?: Date;
  /** Which verifier gave this verdict. */
  verifiedBy: 'local' | 'eimzo-server';
}

/** A signed document (attached CMS) as verified: its exact content and every signer's verdict. */
export interface VerifiedDocument {
  content: Uint8Array;
  signers: SignerCheck[];
}

/** Who is behind the request; E-IMZO-Server wants these as X-Real-IP and Host. */
export interface SignatureRequestContext {
  clientIp?: string;
  host?: string;
}

export interface SignatureService {
  readonly kind: 'eimzo-server' | 'local' | 'unconfigured';
  /** Verifies an attached PKCS#7 with exactly one signer; throws {@link SignatureError}. */
  verifyAttached(pkcs7b64: string, context?: SignatureRequestContext): Promise<VerifiedSignature>;
  /**
   * Verifies every signer of an attached PKCS#7 (one or several, joined) and answers each one's
   * verdict; throws {@link SignatureError} only when it is not an attached signed document at all or
   * the verifier cannot be reached.
   */
  verifyDocument(pkcs7b64: string, context?: SignatureRequestContext): Promise<VerifiedDocument>;
  /** The same PKCS#7 with an RFC 3161 timestamp token attached to its signer(s). */
  timestamp(pkcs7b64: string, context?: SignatureRequestContext): Promise<string>;
  /** One PKCS#7 carrying the signers of both; both must sign the same content. */
  join(firstPkcs7b64: string, secondPkcs7b64: string, context?: SignatureRequestContext): Promise<string>;
  /**
   * A detached PKCS#7 made attached to its data (Base64), once every signer verifies over it
   * (E-IMZO-Server's /frontend/pkcs7/make-attached).
   */
  makeAttached(dataB64: string, detachedPkcs7b64: string, context?: SignatureRequestContext): Promise<string>;
}
