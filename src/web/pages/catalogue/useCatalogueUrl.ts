import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LIST_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../../engine/constants';
import type { FilterKey } from './tabs';

// The catalogue's state lives in the URL query (size, page, catalogCode, catalogName, lgotaName,
// searchText, tin, and codes=old for the benefits' previous numbering), so a result can be shared and
// back/forward restore it. Every change pushes a history entry.

/** Which benefit codes the tables show: the current numbering (newLgotaId) or the previous (lgotaId). */
export type BenefitCodes = 'new' | 'old';

export interface CatalogueUrlState {
  page: number;
  size: number;
  filters: Partial<Record<FilterKey, string>>;
  codes: BenefitCodes;
}

const FILTER_KEYS: FilterKey[] = ['catalogCode', 'catalogName', 'lgotaName', 'tin', 'searchText'];

export function readCatalogueUrl(params: URLSearchParams): CatalogueUrlState {
  const size = Number(params.get('size'));
  const page = Number(params.get('page'));
  const filters: CatalogueUrlState['filters'] = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return {
    size: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : LIST_PAGE_SIZE,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    filters,
    codes: params.get('codes') === 'old' ? 'old' : 'new',
  };
}

export function useCatalogueUrl() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readCatalogueUrl(params), [params]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      });
    },
    [setParams],
  );

  /** A filter change starts again from page 1. */
  const setFilter = useCallback(
    (key: FilterKey, value: string | undefined) =>
      update((next) => {
        if (value?.trim()) next.set(key, value.trim());
        else next.delete(key);
        next.delete('page');
      }),
    [update],
  );

  const clearFilters = useCallback(
    () =>
      update((next) => {
        for (const key of FILTER_KEYS) next.delete(key);
        next.delete('page');
      }),
    [update],
  );

  const setPage = useCallback(
    (page: number) =>
      update((next) => {
        if (page > 1) next.set('page', String(page));
        else next.delete('page');
      }),
    [update],
  );

  /** A new page size starts again from page 1. */
  const setSize = useCallback(
    (size: number) =>
      update((next) => {
        next.set('size', String(size));
        next.delete('page');
      }),
    [update],
  );

  /** The old/new benefit-code toggle (spec §2): the rows stay, only their code column changes. */
  const setCodes = useCallback(
    (codes: BenefitCodes) =>
      update((next) => {
        if (codes === 'old') next.set('codes', 'old');
        else next.delete('codes');
      }),
    [update],
  );

  return { ...state, setFilter, clearFilters, setPage, setSize, setCodes };
}
