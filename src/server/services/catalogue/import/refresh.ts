import type { Locale } from '../../../../engine/constants';
import { LGOTA_MAX_PAGE_SIZE } from '../../../../engine/constants';
import type { Db } from '../../../db/client';
import type { ListDef } from '../lists';
import { type LoadResult, loadList } from '../store';
import type { RowError } from '../types';
import { validateRows } from './validateRows';

// Refresh from the tax authority's Lgota API (the same operations and {rows, totalCount} answers as
// spec §7). Off unless an operator sets LGOTA_REFRESH_URL. A refresh is a full snapshot: it pages
// through the whole list first and replaces the stored list in one transaction only when every page
// arrived and every row is valid.

export interface RefreshSource {
  /** Base of the group, e.g. https://example.uz/api/Lgota */
  baseUrl: string;
  /** Sent as a bearer token when set; never logged. */
  token?: string | null;
  pageSize?: number;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export class RefreshError extends Error {
  override name = 'RefreshError';
}

export type RefreshOutcome = { ok: true; result: LoadResult } | { ok: false; errors: RowError[] };

const MAX_PAGES = 100_000;

export async function fetchAll(list: ListDef, source: RefreshSource): Promise<Record<string, unknown>[]> {
  const size = Math.min(source.pageSize ?? LGOTA_MAX_PAGE_SIZE, LGOTA_MAX_PAGE_SIZE);
  const doFetch = source.fetchImpl ?? fetch;
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const url = new URL(`${source.baseUrl.replace(/\/+$/, '')}/${list.operation}`);
    url.searchParams.set('page', String(page));
    url.searchParams.set('size', String(size));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (source.token) headers.authorization = `Bearer ${source.token}`;
    let response: Response;
    try {
      response = await doFetch(url, { headers, signal: AbortSignal.timeout(source.timeoutMs ?? 30_000) });
    } catch (err) {
      throw new RefreshError(`${url.origin}${url.pathname}: ${(err as Error).message}`);
    }
    if (!response.ok)
      throw new RefreshError(`${url.origin}${url.pathname} page ${page}: HTTP ${response.status}`);
    const body = (await response.json().catch(() => null)) as { rows?: unknown; totalCount?: unknown } | null;
    if (!body || !Array.isArray(body.rows) || typeof body.totalCount !== 'number') {
      throw new RefreshError(`${url.origin}${url.pathname} page ${page}: not a {rows, totalCount} answer`);
    }
    rows.push(...(body.rows as Record<string, unknown>[]));
    if (body.rows.length === 0 || rows.length >= body.totalCount) {
      if (rows.length < body.totalCount) {
        throw new RefreshError(`${url.origin}${url.pathname}: got ${rows.length} of ${body.totalCount} rows`);
      }
      return rows;
    }
  }
  throw new RefreshError(`${list.operation}: more than ${MAX_PAGES} pages`);
}

export async function refreshList(
  db: Db,
  list: ListDef,
  source: RefreshSource,
  lang: Locale,
): Promise<RefreshOutcome> {
  const items = await fetchAll(list, source);
  const headers = [...new Set(items.flatMap((i) => Object.keys(i ?? {})))];
  const { rows, errors } = validateRows(
    list,
    { headers, records: items.map((values, i) => ({ row: i + 1, values })) },
    lang,
  );
  if (errors.length) return { ok: false, errors };
  const safeUrl = new URL(source.baseUrl);
  const result = await loadList(db, list.key, rows, {
    source: 'refresh',
    fileName: `${safeUrl.origin}${safeUrl.pathname}`,
    replace: true,
  });
  return { ok: true, result };
}
