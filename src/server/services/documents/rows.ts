import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { branchScope, requireDocumentRight } from '../access';
import { PARTY_ROW_COLUMNS } from './partyRows';
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

const PARTY_COLUMNS = PARTY_ROW_COLUMNS;

export async function loadPartyRows(db: Db, documentId: string): Promise<PartyRow[]> {
  const { rows } = await db.query<PartyRow>(
    `select ${PARTY_COLUMNS} from document_parties where document_id = $1 order by identity`,
    [documentId],
  );
  return rows;
}

/** A document's party rows as a JSON array ordered by identity (as loadPartyRows answers them). */
const PARTIES_JSON = `(select coalesce(json_agg(json_build_object(${PARTY_COLUMNS.split(', ')
  .map((column) => `'${column}', p.${column}`)
  .join(', ')}) order by p.identity), '[]'::json)
   from document_parties p where p.document_id = d.id)`;

/** A party row read as JSON: its time back to a Date (what the drivers answer for timestamptz). */
function partyOfJson(row: PartyRow): PartyRow {
  return { ...row, binned_at: row.binned_at === null ? null : new Date(row.binned_at) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const notFound = () => new ApiError(404, 'NOT_FOUND', 'exchange:errors.notFound');

/**
 * More values read with the document in the same statement: each a scalar SQL expression over the
 * document row `d`, with its own parameters numbered from $1.
 */
export type AlsoRead = Record<string, { sql: string; params: unknown[] }>;

/**
 * The document and the caller's party row, or 404: a document the caller is not a party of, does not
 * see yet (another organisation's draft) or deleted for good does not exist for it. The document and
 * its party rows are one statement (one round trip, one snapshot); `also` adds values to it. A
 * kind the caller may not view is a 403.
 */
export async function loadVisible<A extends AlsoRead = Record<never, never>>(
  db: Db,
  caller: Caller,
  id: string,
  options: { forUpdate?: boolean; includeBinned?: boolean; also?: A } = {},
): Promise<{ doc: DocumentRow; party: PartyRow; parties: PartyRow[]; also: { [K in keyof A]: unknown } }> {
  if (!UUID.test(id)) throw notFound();
  const params: unknown[] = [id];
  const extra = Object.values(options.also ?? {}).map((value, index) => {
    const offset = params.length;
    params.push(...value.params);
    const sql = value.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
    return `, ${sql} as also_${index}`;
  });
  const { rows } = await db.query<DocumentRow & { parties: PartyRow[] } & Record<string, unknown>>(
    `select ${DOCUMENT_COLUMNS}, ${PARTIES_JSON} as parties${extra.join('')}
       from documents d where id = $1${options.forUpdate ? ' for update of d' : ''}`,
    params,
  );
  const row = rows[0];
  if (!row) throw notFound();
  const also = Object.fromEntries(
    Object.keys(options.also ?? {}).map((name, index) => [name, row[`also_${index}`]]),
  ) as { [K in keyof A]: unknown };
  const { parties: read, ...columns } = row;
  Object.keys(options.also ?? {}).forEach((_, index) => {
    delete columns[`also_${index}`];
  });
  const doc = normalize(columns as unknown as DocumentRow);
  const parties = (read ?? []).map(partyOfJson);
  const party = await visibleParty(db, caller, parties, options.includeBinned);
  // Whatever a route reads of a document (its view, a copy's content, versions, print, related
  // documents) needs the kind's view right, as getById does: a 403 with its audit row.
  await requireDocumentRight(db, caller.user, doc.kind, 'view', { documentId: doc.id, ip: caller.ip });
  return { doc, party, parties, also };
}

/** The caller's party row among a document's, or 404 (see loadVisible). */
export async function visibleParty(
  db: Db,
  caller: Caller,
  parties: PartyRow[],
  includeBinned?: boolean,
): Promise<PartyRow> {
  const party = parties.find((candidate) => candidate.identity === caller.identity);
  if (!party || party.box === null || party.bin_state === 'deleted') throw notFound();
  if (party.bin_state === 'binned' && includeBinned === false) throw notFound();
  // A member limited to one branch does not see the other branches' documents.
  const branch = await branchScope(db, caller.user);
  if (branch !== null && (party.branch ?? '') !== branch) throw notFound();
  return party;
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
