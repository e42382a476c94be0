import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type ListFilters, type ListState, readListUrl, writeListUrl } from './listUrl';

/**
 * A list's state from the URL, and setters that push a history entry (Back restores the previous
 * filters). A filter change starts again from page 1, as in the catalogue.
 */
export function useListUrl() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListUrl(params), [params]);

  const replaceState = useCallback(
    (change: (current: ListState) => ListState) =>
      setParams((current) => writeListUrl(change(readListUrl(current)))),
    [setParams],
  );

  const setFilters = useCallback(
    (patch: Partial<ListFilters>) => replaceState((current) => ({ ...current, ...patch, page: 1 })),
    [replaceState],
  );
  const clearFilters = useCallback(
    () => replaceState((current) => ({ period: 'all', page: 1, size: current.size })),
    [replaceState],
  );
  const setPage = useCallback(
    (page: number) => replaceState((current) => ({ ...current, page })),
    [replaceState],
  );
  const setSize = useCallback(
    (size: number) => replaceState((current) => ({ ...current, size, page: 1 })),
    [replaceState],
  );

  return { state, setFilters, clearFilters, setPage, setSize };
}
