// One interface for every exchange operator (issue 28): what Hujjat's synchronisation needs from an
// operator's integrator API, without assuming any one of them. Each operator is a folder beside this
// file (providers/<name>/) that speaks its own API; `providerOf(name)` (providers/index.ts) finds it.
//
// The signature is always the user's: an adapter never signs. `toSign` tells what the operator wants
// signed for an action; the user's CMS (made in the browser with E-IMZO or by the bulk signer) is
// handed to `submit` as it was made.

/** What an operator binding holds (bind's `bindingOf` decrypts it); never logged, never answered. */
export interface OperatorCredentials {
  /** The company's TIN (or an individual's PINFL) the operator knows it by. */
  login: string;
  password: string;
  /** The operator's API address; the provider's published address when absent. */
  baseUrl?: string | null;
  /** An integrator's partner token, where the operator issues one. */
  partnerToken?: string | null;
}

/** A signed-in session at the operator (Didox: a user token of 360 minutes). */
export interface OperatorSession {
  token: string;
  expiresAt: Date;
  baseUrl: string;
  partnerToken: string | null;
  /** The company the session acts for. */
  login: string;
}

/** One document's latest state in the operator's list of changes. */
export interface OperatorChange {
  operatorId: string;
  roamingId: string | null;
  /** Hujjat's kind (null: a document type Hujjat does not hold; skipped, never lost from the list). */
  kind: string | null;
  /** The operator's own code of the type (Didox doctype "002"). */
  operatorType: string;
  /** The operator's status code (Didox doc_status). */
  status: number;
  /** True when the session's company created the document. */
  outgoing: boolean;
  /** When the operator last changed it (ISO 8601): the order of the list. */
  updated: string;
}

export interface OperatorChangesPage {
  changes: OperatorChange[];
  /** Where the next page starts; store it with what the page stored. */
  cursor: string;
  /** More changes follow this page. */
  more: boolean;
}

/** One signature the operator holds for a document: the signer's CMS and what it signs. */
export interface OperatorSignature {
  /** The life-cycle action it stands for (send, accept, reject, cancel, …). */
  action: string;
  /** The CMS (attached, Base64). */
  cms: string;
  /** The reason given with it (reject, return). */
  reason: string | null;
  at: string;
}

/** A document as the operator holds it: the exact signed bytes and every signature. */
export interface OperatorDocument {
  operatorId: string;
  roamingId: string | null;
  kind: string | null;
  operatorType: string;
  status: number;
  outgoing: boolean;
  updated: string;
  /** The exact signed bytes of the document (UTF-8 national JSON). */
  signedBytes: Uint8Array;
  /** The document's CMS with every co-signature joined so far (attached, Base64). */
  cms: string;
  /** Signatures of actions that sign other bytes (reject, cancel, the waybill's steps), oldest first. */
  signatures: OperatorSignature[];
}

/** What the operator wants signed for an action. */
export interface OperatorToSign {
  /** The exact bytes to sign. For a co-signature, the document of record. */
  bytes: Uint8Array;
  /** A co-signature: the CMS held so far, to be joined with the new signature. */
  cms: string | null;
}

export interface OperatorProvider {
  /** The provider's key: 'didox'. */
  readonly name: string;
  /** The operator's published API address (used when a binding names none). */
  readonly defaultBaseUrl: string | null;
  /** Hujjat's kinds this operator carries. */
  kinds(): string[];
  signIn(credentials: OperatorCredentials): Promise<OperatorSession>;
  /** Documents changed after `cursor` (null: from the beginning), oldest change first. */
  listChanges(session: OperatorSession, cursor: string | null, limit?: number): Promise<OperatorChangesPage>;
  fetchDocument(session: OperatorSession, operatorId: string): Promise<OperatorDocument>;
  /**
   * The document the session's company already made at the operator with this national id, if any:
   * a push retried after a timeout looks here before creating a second one.
   */
  findDocument(
    session: OperatorSession,
    kind: string,
    nationalId: string,
  ): Promise<{ operatorId: string; roamingId: string | null; status: number } | null>;
  /** A draft at the operator from the national JSON exactly as the user signed it. */
  createDocument(
    session: OperatorSession,
    kind: string,
    nationalJson: Uint8Array,
  ): Promise<{ operatorId: string; roamingId: string | null }>;
  toSign(
    session: OperatorSession,
    operatorId: string,
    kind: string,
    action: string,
    reason?: string | null,
  ): Promise<OperatorToSign>;
  /** Hands the user's signature for `action` over; answers the operator's status after it. */
  submit(
    session: OperatorSession,
    operatorId: string,
    kind: string,
    action: string,
    signature: string,
    reason?: string | null,
  ): Promise<{ status: number; roamingId: string | null }>;
  /** A timestamp token attached to the signature (the operator's TSA), where one is missing. */
  timestamp(session: OperatorSession, signature: string): Promise<string>;
}

/**
 * What went wrong at the operator, typed so the queue knows what to do:
 * - `rejected` (422: the offer not signed, a status that does not allow it): no retry helps;
 * - `forbidden` (403: no authority for this document type);
 * - `unauthorized` (401: credentials refused or the token expired: sign in again);
 * - `notFound` (404);
 * - `rateLimited` (429: retry after `retryAfterMs`);
 * - `down` (5xx, no answer, a timeout): retry with growing delays.
 */
export type OperatorErrorKind =
  | 'rejected'
  | 'forbidden'
  | 'unauthorized'
  | 'notFound'
  | 'rateLimited'
  | 'down';

export class OperatorError extends Error {
  constructor(
    readonly kind: OperatorErrorKind,
    /** The operator's message (never credentials or signatures). */
    message: string,
    readonly httpStatus: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'OperatorError';
  }

  /** Worth trying again later. */
  get transient(): boolean {
    return this.kind === 'rateLimited' || this.kind === 'down' || this.kind === 'unauthorized';
  }
}
