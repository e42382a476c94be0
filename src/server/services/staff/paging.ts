/** Page and page size of a settings list (spec §9: 20 for departments, positions and staff). */
export const SETTINGS_PAGE_SIZE = 20;
export const SETTINGS_MAX_PAGE_SIZE = 100;

export interface Paging {
  page: number;
  pageSize: number;
  offset: number;
}

export function paging(page?: number, pageSize?: number): Paging {
  const p = Math.max(1, Math.floor(page ?? 1));
  const size = Math.min(SETTINGS_MAX_PAGE_SIZE, Math.max(1, Math.floor(pageSize ?? SETTINGS_PAGE_SIZE)));
  return { page: p, pageSize: size, offset: (p - 1) * size };
}

export interface ListAnswer<T> {
  rows: T[];
  totalCount: number;
}
