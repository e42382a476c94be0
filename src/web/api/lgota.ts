import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CatalogueTab } from '../../engine/routes';
import { apiFetch, type Query } from './client';

// /api/Lgota: the catalogue of VAT benefits (spec §7).

export interface GoodsBenefitRow {
  catalogCode: string;
  catalogName: string;
  newLgotaId: string;
  lgotaName: string;
  /** The benefit's code in the previous numbering, when the tax authority's list gives it. */
  lgotaId?: string | null;
}

export interface EnterpriseBenefitRow {
  name: string;
  tin: string;
  newLgotaId: string;
  lgotaName: string;
  lgotaId: string | null;
  dateBegin: string;
  dateEnd: string | null;
}

export interface ClassifierRow {
  catalogCode: string;
  catalogName: string;
}

export type CatalogueRow = GoodsBenefitRow | EnterpriseBenefitRow | ClassifierRow;

export interface ListAnswer<T> {
  rows: T[];
  totalCount: number;
}

export interface DatasetInfo {
  list: string;
  source: 'demo' | 'import' | 'refresh';
  fileName: string | null;
  rowCount: number;
  loadedAt: string;
}

export interface FilterOption {
  value: string;
  label: string;
}

export const lgotaKeys = {
  /** The language is part of the key: benefit names come back in the request's language. */
  list: (operation: string, query: Query, lang: string) => ['Lgota', operation, query, lang] as const,
  datasets: ['Lgota', 'Datasets'] as const,
  options: (tab: string, field: string, search: string, size: number, lang: string) =>
    ['Lgota', 'FilterOptions', tab, field, search, size, lang] as const,
};

export function fetchLgotaList<T = CatalogueRow>(operation: string, query: Query, signal?: AbortSignal) {
  return apiFetch<ListAnswer<T>>(`Lgota/${operation}`, { query, signal });
}

/** One page of a list; the previous page stays on screen while the next one loads. */
export function useLgotaList<T = CatalogueRow>(
  operation: string,
  query: Query,
  lang: string,
  enabled = true,
) {
  return useQuery({
    queryKey: lgotaKeys.list(operation, query, lang),
    queryFn: ({ signal }) => fetchLgotaList<T>(operation, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useLgotaDatasets() {
  return useQuery({
    queryKey: lgotaKeys.datasets,
    queryFn: ({ signal }) => apiFetch<{ rows: DatasetInfo[] }>('Lgota/Datasets', { signal }),
    staleTime: 60_000,
  });
}

export function useFilterOptions(
  tab: CatalogueTab,
  field: string,
  search: string,
  size: number,
  lang: string,
  enabled: boolean,
) {
  return useQuery({
    queryKey: lgotaKeys.options(tab, field, search, size, lang),
    queryFn: ({ signal }) =>
      apiFetch<{ rows: FilterOption[] }>('Lgota/FilterOptions', {
        query: { tab, field, search, size },
        signal,
        quiet: true,
      }),
    enabled,
    staleTime: 60_000,
  });
}
