import { getLifecycle, hasLifecycle, readOne, statusInfo } from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import { type Caller, loadVisible, scopeOf } from '../documents';

// The documents one document refers to (the original of a corrected invoice, the waybills and the
// empowerment an invoice names …): every text in its content that is the national id of another
// document the caller can see. Read from the data, not per kind: a reference field the national
// format adds later is found too; ids of things that are not documents (a product list's id) match
// nothing and are left out.

export interface RelatedDocument {
  /** JSON pointer of the reference in the document (/OldFacturaDoc/OldFacturaId, /WaybillLocalIds/0 …). */
  path: string;
  nationalId: string;
  document: {
    id: string;
    kind: string;
    number: string | null;
    date: string | null;
    viewStatus: number;
    statusKey: string | null;
  };
}

const NATIONAL_ID = /^([0-9a-fA-F]{24}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** A document names a few others; a huge list (a malformed import) is not walked further. */
const MAX_REFERENCES = 200;

/** Every text of the content that looks like a national id, with its pointer. */
export function candidateReferences(
  content: unknown,
  skip: string | null,
): Array<{ path: string; value: string }> {
  const found: Array<{ path: string; value: string }> = [];
  const walk = (node: unknown, path: string) => {
    if (found.length >= MAX_REFERENCES) return;
    if (typeof node === 'string') {
      if (path !== skip && NATIONAL_ID.test(node)) found.push({ path, value: node });
    } else if (Array.isArray(node))
      node.forEach((item, index) => {
        walk(item, `${path}/${index}`);
      });
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) walk(value, `${path}/${key}`);
  };
  walk(content, '');
  return found;
}

const isoDay = (value: unknown) =>
  value instanceof Date
    ? value.toISOString().slice(0, 10)
    : typeof value === 'string'
      ? value.slice(0, 10)
      : null;

export async function relatedDocuments(db: Db, caller: Caller, id: string): Promise<RelatedDocument[]> {
  const { doc } = await loadVisible(db, caller, id);
  const own = hasLifecycle(doc.kind) ? (getLifecycle(doc.kind).document.id ?? null) : null;
  const ownId = own ? readOne(doc.content, own) : null;
  const references = candidateReferences(doc.content, own).filter((ref) => ref.value !== ownId);
  if (references.length === 0) return [];
  const params: unknown[] = [caller.identity, [...new Set(references.map((ref) => ref.value))], id];
  // Only documents the caller may read: of a kind it may view, in its branch.
  const scope = await scopeOf(db, caller, params, 'p.');
  const { rows } = await db.query<{
    id: string;
    kind: string;
    national_id: string;
    number: string | null;
    doc_date: Date | string | null;
    view_status: number;
  }>(
    `select d.id, d.kind, d.national_id, d.number, d.doc_date, p.view_status
     from documents d join document_parties p on p.document_id = d.id and p.identity = $1
     where d.national_id = any($2) and d.id <> $3 and p.box is not null and p.bin_state <> 'deleted'${scope}`,
    params,
  );
  const byNationalId = new Map(rows.map((row) => [row.national_id.toLowerCase(), row]));
  return references.flatMap((ref) => {
    const row = byNationalId.get(ref.value.toLowerCase());
    if (!row) return [];
    return [
      {
        path: ref.path,
        nationalId: ref.value,
        document: {
          id: row.id,
          kind: row.kind,
          number: row.number,
          date: isoDay(row.doc_date),
          viewStatus: row.view_status,
          statusKey: hasLifecycle(row.kind) ? (statusInfo(row.kind, row.view_status)?.key ?? null) : null,
        },
      },
    ];
  });
}
