import { ATTACHMENT_MAX_MB } from '../engine/attachments';

// What one request may cost the server. Every route inherits DEFAULT_BODY_LIMIT (app.ts); a route
// that takes more says so with one of these constants (`{ bodyLimit: DOCUMENT_BODY_LIMIT }`), never
// with a number of its own. docs/CONVENTIONS.md ("Server") lists them.

const KiB = 1024;
const MiB = 1024 * KiB;

/** Everything that does not say otherwise: small JSON commands (ids, names, flags, short texts). */
export const DEFAULT_BODY_LIMIT = 16 * KiB;

/** Password sign-in: a login and a password (each at most a few hundred characters). */
export const SIGN_IN_BODY_LIMIT = 4 * KiB;

/**
 * Certificate sign-in and registration: an attached PKCS#7 over a challenge or the small registration
 * payload, with the signer's certificate and a timestamp token; the plug-in's answers are 4–8 KiB in
 * Base64 and the browser sends the same text twice (pkcs7, pkcs7b64).
 */
export const SIGNED_SIGN_IN_BODY_LIMIT = 32 * KiB;

/**
 * One document's content (add, update, validate, templates): a 5,000-line invoice. Measured on the
 * invoice fixture with 5,000 lines: 2.0 MiB as compact JSON, 3.0 MiB indented by two spaces
 * (tests/server/limits.test.ts keeps both under this limit and a 10,000-line one over it).
 */
export const DOCUMENT_BODY_LIMIT = 4 * MiB;

/** A signature over a whole document (attached CMS in Base64: 4/3 of the document, certificates, timestamp). */
export const SIGNED_DOCUMENT_BODY_LIMIT = Math.ceil((DOCUMENT_BODY_LIMIT * 4) / 3) + 64 * KiB;

/** Request headers (Node's default): an oversize set is answered 431 in the JSON error format. */
export const MAX_HEADER_BYTES = 16 * KiB;

/** The whole request, headers and body, must arrive within this; a half-sent body is dropped (408). */
export const REQUEST_TIMEOUT_MS = 60_000;
/** The request line and headers must arrive within this. */
export const HEADERS_TIMEOUT_MS = 15_000;
/** An idle keep-alive connection is closed after this. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** A socket with no traffic at all (e.g. a client that stopped reading an answer) is closed after this. */
export const IDLE_SOCKET_TIMEOUT_MS = 120_000;
/** How often Node checks the request and header deadlines above. */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** Errors a validation answer lists at most; the count of all is not computed beyond it. */
export const MAX_REPORTED_ERRORS = 100;

/**
 * How deep any JSON input may nest (src/server/http/requestRules.ts). The deepest document is a few
 * levels under ten (a waybill's product group → products → line); recursive validators and walkers
 * ran out of stack on a body nested thousands deep (a 500).
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The bound of a request number whose schema gives none: PostgreSQL's integer (page=1e308 passed
 * `type: integer`, then overflowed an offset or an integer column).
 */
export const MAX_REQUEST_INTEGER = 2_147_483_647;

/** The pattern a required text of a request gets (requestRules.ts): one character that is not a space. */
export const NOT_BLANK_PATTERN = '\\S';

/**
 * One attachment of a document (issue 27.6: a scan or a PDF; Document/fileScan, pdfByString): 10 MiB,
 * stated in the upload dialog and in docs/documents-api.md. A PDF sent as Base64 text is 4/3 of it.
 */
export const ATTACHMENT_MAX_BYTES = ATTACHMENT_MAX_MB * MiB;
/** The multipart body of an attachment upload: the file (Base64 at worst) and a few fields. */
export const ATTACHMENT_BODY_LIMIT = Math.ceil((ATTACHMENT_MAX_BYTES * 4) / 3) + 64 * KiB;
/** At most this many attachments per document. */
export const ATTACHMENTS_PER_DOCUMENT = 20;
