import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { branchScope } from '../access';
import type { Caller, DocumentRow, PartyRow } from './types';

const DOCUMENT_COLUMNS = `id, kind, type_id, doc_type, national_id, number, doc_date, total_sum, status, version, source,
  owner_org_id, content, signed_bytes, content_hash, cms, warnings, created_by, updated_by, created_at, updated_at, sent_at`;

function normalize(row: DocumentRow): DocumentRow {
  // pg answers bytea as a Buffer, PGlite as a Uint8Array; jsonb may arrive as text from some paths.
  if (row.signed_bytes) row.signed_bytes = new Uint8Array(row.signed_bytes);
  if (typeof row.content === 'string') row.content = JSON.parse(row.content);
  return row;
}

export async function loadDocument(db: Db, id: string, forUpdate = false): Promise<DocumentRow | null> {
  const { rows } = await db.query<DocumentRow>(
    `select ${DOCUMENT_COLUMNS} from documents where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ? normalize(rows[0]) : null;
}

export async function loadPartyRows(db: Db, documentId: string): Promise<PartyRow[]> {
  const { rows } = await db.query<PartyRow>(
    `select document_id, identity, roles, name, branch, box, bin_state, binned_at, awaiting, view_status
     from document_parties where document_id = $1`,
    [documentId],
  );
  return rows;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const notFound = () => new ApiError(404, 'NOT_FOUND', 'exchange:errors.notFound');

/**
 * The document and the caller's party row, or 404: a document the caller is not a party of, does not
 * see yet (another organisation's draft) or deleted for good does not exist for it.
 */
export async function loadVisible(
  db: Db,
  caller: Caller,
  id: string,
  options: { forUpdate?: boolean; includeBinned?: boolean } = {},
): Promise<{ doc: DocumentRow; party: PartyRow; parties: PartyRow[] }> {
  if (!UUID.test(id)) throw notFound();
  const doc = await loadDocument(db, id, options.forUpdate);
  if (!doc) throw notFound();
  const parties = await loadPartyRows(db, id);
  const party = parties.find((row) => row.identity === caller.identity);
  if (!party || party.box === null || party.bin_state === 'deleted') throw notFound();
  if (party.bin_state === 'binned' && options.includeBinned === false) throw notFound();
  // A member limited to one branch does not see the other branches' documents.
  const branch = await branchScope(db, caller.user);
  if (branch !== null && (party.branch ?? '') !== branch) throw notFound();
  return { doc, party, parties };
}

/**
 * The document of record as the caller may see it: the exact bytes signed on send (null for a draft),
 * the joined CMS of every co-signature, and the kind. For print, export and archives.
 */
export async function signedRecord(db: Db, caller: Caller, id: string) {
  const { doc } = await loadVisible(db, caller, id);
  return {
    id: doc.id,
    kind: doc.kind,
    signedBytes: doc.signed_bytes,
    cms: doc.cms,
    contentHash: doc.content_hash,
  };
}
