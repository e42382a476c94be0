import { createHash } from 'node:crypto';
import { bytesEqual } from '../../../engine/cms';
import type { Locale } from '../../../engine/constants';
import { actionInfo, getLifecycle, statusInfo } from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { SignatureError, type SignatureService } from '../../signing';
import { verifyEventChain } from '../documents';
import { keyMatches } from './keys';

/**
 * What the public verification page shows of a document (opened with its key, no sign-in): the
 * kind, number, date, the parties' names and TINs/PINFLs, the total, the status and every signature
 * with its validity as the signature service judges it now — trusted chain, certificate, untampered,
 * over exactly the bytes the document holds — and whether the hash-chained history is intact.
 * Nothing else of the content leaves the server here.
 */
export interface SignatureCheck {
  action: string;
  role: string;
  signerName: string | null;
  organization: string | null;
  tin: string | null;
  serialHex: string;
  serialDec: string;
  signedAt: string | null;
  timestampAt: string | null;
  valid: boolean;
  /** Why it is not valid (a verifier code, CONTENT_MISMATCH or WRONG_SIGNER), localized. */
  problem: { code: string; message: string } | null;
}

export interface PublicVerification {
  id: string;
  kind: string;
  nationalId: string | null;
  number: string | null;
  date: string | null;
  total: string | null;
  status: { code: number; key: string; final: boolean };
  parties: Array<{ roles: string[]; name: string | null; identity: string }>;
  signatures: SignatureCheck[];
  /** The event log's hash chain and the stored bytes agree with what was recorded. */
  historyIntact: boolean;
  /** Signed, every signature valid and the history intact. */
  valid: boolean;
  checkedAt: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** The same answer for an unknown document, a wrong key and no key: nothing tells them apart. */
export const verificationNotFound = () => new ApiError(404, 'NOT_FOUND', 'print:verify.notFound');

function contains(haystack: Uint8Array, needle: Uint8Array): boolean {
  return Buffer.from(haystack).indexOf(Buffer.from(needle)) >= 0;
}

interface SignatureRow {
  action: string;
  party_role: string;
  signer_name: string | null;
  signer_organization: string | null;
  signer_tin: string | null;
  serial_hex: string;
  serial_dec: string;
  signed_at: Date | null;
  timestamp_at: Date | null;
  cms: string;
  bytes_hash: string;
}

/** One signature as the service judges it now, and against what the document holds. */
async function checkOne(
  signing: SignatureService,
  kind: string,
  row: SignatureRow,
  signedBytes: Uint8Array | null,
): Promise<{ code: string } | null> {
  try {
    const verified = await signing.verifyAttached(row.cms);
    // What it signed must be what was recorded when it was made…
    if (sha256(verified.content) !== row.bytes_hash) return { code: 'CONTENT_MISMATCH' };
    // …and still what the document holds: its bytes (send, co-signatures) or a text embedding them
    // (a rejection). An object shape (a cancellation) signs a small text of its own.
    const shape = actionInfo(kind, row.action)?.sign?.shape;
    if (
      signedBytes &&
      (shape === 'document' || shape === 'cosign') &&
      !bytesEqual(verified.content, signedBytes)
    )
      return { code: 'CONTENT_MISMATCH' };
    if (signedBytes && shape === 'wrap' && !contains(verified.content, signedBytes))
      return { code: 'CONTENT_MISMATCH' };
    const serial = verified.signer.serialNumber.toLowerCase().replace(/^0+(?=.)/, '');
    if (serial !== row.serial_hex) return { code: 'WRONG_SIGNER' };
    return null;
  } catch (error) {
    return { code: error instanceof SignatureError ? error.code : 'MALFORMED' };
  }
}

export async function verifyDocument(
  db: Db,
  signing: SignatureService,
  request: { documentId: string; key: string | undefined; lang: Locale; now?: Date },
): Promise<PublicVerification> {
  const { documentId, key, lang } = request;
  if (!UUID.test(documentId) || !key || !(await keyMatches(db, documentId, key)))
    throw verificationNotFound();
  const { rows } = await db.query<{
    id: string;
    kind: string;
    national_id: string | null;
    number: string | null;
    doc_date: string | null;
    total_sum: string | null;
    status: number;
    signed_bytes: Uint8Array | null;
  }>(
    `select id, kind, national_id, number, doc_date, total_sum, status, signed_bytes
     from documents where id = $1`,
    [documentId],
  );
  const doc = rows[0];
  if (!doc) throw verificationNotFound();
  const signedBytes = doc.signed_bytes ? new Uint8Array(doc.signed_bytes) : null;
  const { rows: parties } = await db.query<{ roles: string[]; name: string | null; identity: string }>(
    `select roles, name, identity from document_parties where document_id = $1 order by identity`,
    [documentId],
  );
  const { rows: signatureRows } = await db.query<SignatureRow>(
    `select action, party_role, signer_name, signer_organization, signer_tin, serial_hex, serial_dec,
       signed_at, timestamp_at, cms, bytes_hash
     from document_signatures where document_id = $1 order by created_at, id`,
    [documentId],
  );
  const signatures = await Promise.all(
    signatureRows.map(async (row): Promise<SignatureCheck> => {
      const problem = await checkOne(signing, doc.kind, row, signedBytes);
      return {
        action: row.action,
        role: row.party_role,
        signerName: row.signer_name,
        organization: row.signer_organization,
        tin: row.signer_tin,
        serialHex: row.serial_hex,
        serialDec: row.serial_dec,
        signedAt: iso(row.signed_at),
        timestampAt: iso(row.timestamp_at),
        valid: problem === null,
        problem: problem && {
          code: problem.code,
          message: translate(lang, `print:verify.problem.${problem.code}`, {
            defaultValue: translate(lang, 'print:verify.problem.MALFORMED'),
          }),
        },
      };
    }),
  );
  const chain = await verifyEventChain(db, documentId);
  const status = statusInfo(doc.kind, doc.status);
  const ordered = [...parties].sort((a, b) => roleOrder(doc.kind, a.roles) - roleOrder(doc.kind, b.roles));
  return {
    id: doc.id,
    kind: doc.kind,
    nationalId: doc.national_id,
    number: doc.number,
    date: doc.doc_date,
    total: doc.total_sum,
    status: { code: doc.status, key: status?.key ?? String(doc.status), final: status?.final ?? false },
    parties: ordered.map((party) => ({ roles: party.roles, name: party.name, identity: party.identity })),
    signatures,
    historyIntact: chain.valid,
    valid: signatures.length > 0 && signatures.every((s) => s.valid) && chain.valid,
    checkedAt: (request.now ?? new Date()).toISOString(),
  };
}

/** Parties in the order the kind declares its roles (sender first). */
function roleOrder(kind: string, roles: string[]): number {
  const declared = Object.keys(getLifecycle(kind).parties);
  const indices = roles.map((role) => declared.indexOf(role)).filter((i) => i >= 0);
  return indices.length ? Math.min(...indices) : declared.length;
}
