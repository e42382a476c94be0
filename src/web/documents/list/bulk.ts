import { type DocDirection, fetchDocumentList, type ListQuery } from '../../api/documents';
import type { Selection } from './selection';

/** The bulk operations each list offers (spec §4: bin, restore, delete permanently). */
export const BULK_BY_DIRECTION: Record<DocDirection, Array<'bulkBin' | 'bulkRestore' | 'bulkDelete'>> = {
  incoming: ['bulkBin'],
  outgoing: ['bulkBin'],
  drafts: ['bulkBin'],
  deleted: ['bulkRestore', 'bulkDelete'],
};

/** The most rows "all matching" gathers for one operation or one printout. */
export const ALL_MATCHING_LIMIT = 10_000;
const PAGE = 90;

/**
 * Every id a selection stands for: the ticked ones, or every row matching the list's filters (read
 * page by page) minus the unticked ones.
 */
export async function idsOf(
  selection: Selection,
  query: Omit<ListQuery, 'Page' | 'Size'>,
  limit = ALL_MATCHING_LIMIT,
): Promise<string[]> {
  if (selection.mode === 'some') return [...selection.ids];
  const rows = await allRows(query, limit);
  return rows.map((r) => r.id).filter((id) => !selection.except.has(id));
}

/** Every row of a filtered list, up to `limit`, in the list's order. */
export async function allRows(query: Omit<ListQuery, 'Page' | 'Size'>, limit = ALL_MATCHING_LIMIT) {
  const rows = [];
  for (let page = 1; rows.length < limit; page++) {
    const answer = await fetchDocumentList({ ...query, Page: page, Size: PAGE } as ListQuery);
    rows.push(...answer.rows);
    if (answer.rows.length < PAGE || rows.length >= answer.totalCount) break;
  }
  return rows.slice(0, limit);
}
