import { getLifecycle, readAll } from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import { sendKeyOf } from '../documents/duplicates';

// "Same lines and sum within a day": a standing sent document of the organisation to the same
// counterparty, of the same kind and total, dated at most a day apart, with the same product lines
// (another number — the same number is duplicates.ts's refusal).

const LINE_ID_FIELDS = new Set(['OrdNo']);

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((key) => !LINE_ID_FIELDS.has(key))
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** The lines of a document as its kind declares its total (`…/*\/Sum` → the items of `…`). */
export function linesOf(kind: string, content: unknown): unknown[] {
  const total = getLifecycle(kind).document.total;
  const pointers = total === undefined ? [] : typeof total === 'string' ? [] : [total.sum].flat();
  const lines: unknown[] = [];
  for (const pointer of pointers) {
    const star = pointer.lastIndexOf('/*/');
    if (star >= 0) lines.push(...readAll(content, `${pointer.slice(0, star)}/*`));
  }
  return lines;
}

export async function sameLinesWithinDay(
  db: Db,
  organizationId: string,
  kind: string,
  content: unknown,
  documentId: string | null,
): Promise<boolean> {
  const key = sendKeyOf(kind, content, organizationId);
  const lines = linesOf(kind, content);
  if (!key || lines.length === 0) return false;
  const { rows } = await db.query<{ content: unknown }>(
    `select d.content from document_send_keys k join documents d on d.id = k.document_id
      where k.owner_org_id = $1 and k.kind = $2 and k.counterparty = $3 and k.number <> $4
        and k.doc_date between $5::date - 1 and $5::date + 1
        and k.document_id is distinct from $6::uuid
      limit 20`,
    [key.ownerOrgId, key.kind, key.counterparty, key.number, key.date, documentId],
  );
  if (rows.length === 0) return false;
  const mine = canonical(lines);
  return rows.some((row) => canonical(linesOf(kind, row.content)) === mine);
}
