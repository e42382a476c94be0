// Which page buttons a pager shows (spec §2 "Catalogue screen"): every page when there are at most
// nine; otherwise nine slots — the first seven pages while the active page is 5 or less, the last
// seven near the end, and a window of five centred on the active page in between, with the first
// and last page always reachable.

export type PageSlot = number | 'gap-start' | 'gap-end';

export const ALL_PAGES_LIMIT = 9;
const EDGE_RUN = 7;
const EDGE_ACTIVE = 5;

export function pageCount(total: number, size: number): number {
  return size > 0 ? Math.max(1, Math.ceil(total / size)) : 1;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export function paginationWindow(active: number, pages: number): PageSlot[] {
  if (pages <= ALL_PAGES_LIMIT) return range(1, Math.max(1, pages));
  const current = Math.min(Math.max(1, active), pages);
  if (current <= EDGE_ACTIVE) return [...range(1, EDGE_RUN), 'gap-end', pages];
  if (current > pages - EDGE_ACTIVE) return [1, 'gap-start', ...range(pages - EDGE_RUN + 1, pages)];
  return [1, 'gap-start', ...range(current - 2, current + 2), 'gap-end', pages];
}

/** "1–18 of 320": the rows shown, counting from 1; 0–0 when there are none. */
export function rangeOf(
  firstPage: number,
  lastPage: number,
  size: number,
  total: number,
): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = Math.min((firstPage - 1) * size + 1, total);
  return { from, to: Math.min(lastPage * size, total) };
}
