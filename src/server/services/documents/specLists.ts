// The spec's other document lists (spec §7: Document getByStatus, outDocByType, inDocByType,
// getAllDocuments): the caller's party rows with getList's conditions and row shape (lists.ts), under
// the spec's parameter names and limits. Like every list they read `document_parties` only.
import { DOCUMENTS_BY_TYPE_LIMIT } from '../../../engine/constants';
import { getLifecycle, lifecycleKinds } from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { requireDocumentRight } from '../access';
import { type ListFilters, type ListRow, listAnswerOf, listDocuments, whereOf } from './lists';
import type { Caller } from './types';

/**
 * A kind as integrators name it: its key (`invoice`), its Didox code (`002`) or its DocType id (`2`).
 * Anything else is a 400 naming the value.
 */
export function kindOfDocType(value: string): string {
  const text = value.trim();
  const found = lifecycleKinds().find((kind) => {
    const lifecycle = getLifecycle(kind);
    return kind === text || lifecycle.didoxCode === text || String(lifecycle.typeId) === text;
  });
  if (!found)
    throw new ApiError(400, 'UNKNOWN_DOC_TYPE', 'exchange:errors.unknownDocType', { docType: text });
  return found;
}

/** The kind of a DocType id, or a 400 (getAllDocuments' docTypeId). */
export function kindOfTypeId(typeId: number): string {
  return kindOfDocType(String(typeId));
}

/** A list asked for one kind needs the right to view it: 403 NO_AUTHORITY as on a document. */
async function requireView(db: Db, caller: Caller, kind: string | undefined) {
  if (kind) await requireDocumentRight(db, caller.user, kind, 'view', { ip: caller.ip });
}

/** getByStatus and getAllDocuments: getList's pages (18…90 rows), remembered like it. */
export async function listPaged(db: Db, caller: Caller, filters: ListFilters) {
  await requireView(db, caller, filters.kind);
  return listDocuments(db, caller, filters);
}

/**
 * outDocByType / inDocByType: one box of the caller's documents, newest change first, up to
 * {@link DOCUMENTS_BY_TYPE_LIMIT} rows a page (an integrator's export). Not remembered: a page of
 * ten thousand rows would crowd the list memory out.
 */
export async function listByBox(
  db: Db,
  caller: Caller,
  box: 'incoming' | 'outgoing',
  filters: Omit<ListFilters, 'direction' | 'page' | 'size'>,
  page: number,
  limit: number,
): Promise<{ rows: ListRow[]; totalCount: number }> {
  if (!Number.isInteger(limit) || limit < 1 || limit > DOCUMENTS_BY_TYPE_LIMIT)
    throw new ApiError(400, 'BAD_LIMIT', 'exchange:errors.badLimit', { max: DOCUMENTS_BY_TYPE_LIMIT });
  await requireView(db, caller, filters.kind);
  const where = await whereOf(db, caller, { ...filters, direction: box });
  if (!where) return { rows: [], totalCount: 0 };
  const params = [...where.params, limit, (page - 1) * limit];
  const { rows } = await db.query<Record<string, any>>(
    `select c.total_count, r.*
       from (select count(*)::int as total_count from document_parties p where ${where.sql}) c
       left join (
         select p.document_id, p.kind, p.type_id, p.doc_type, p.number, p.doc_date, p.total_sum, p.status,
           p.view_status, p.box, p.bin_state, p.awaiting, p.roles, p.counterparty_identity, p.counterparty_name,
           p.created_at, p.updated_at, p.sent_at
         from document_parties p where ${where.sql}
         order by p.updated_at desc, p.document_id desc
         limit $${params.length - 1} offset $${params.length}
       ) r on true
      order by r.updated_at desc, r.document_id desc`,
    params,
  );
  return listAnswerOf(rows);
}
