import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';
import { unwrap } from './documents';

// /api/DocType and /api/DocStatus (docs/documents-api.md §3): the kinds and their statuses as the
// server publishes them from the kinds' folders. Names come localized by Accept-Language.

export interface DocTypeInfo {
  /** The DocType id (Didox doctype number where it has one). */
  id: number;
  /** The kind (schemas/documents/<kind>). */
  key: string;
  name: string;
}

export interface DocStatusInfo {
  kind: string;
  code: number;
  key: string;
  name: string;
  final: boolean;
  view?: boolean;
}

export function useDocTypes(lang: string) {
  return useQuery({
    queryKey: ['DocType', 'list', lang],
    queryFn: async ({ signal }) => unwrap<DocTypeInfo[]>(await apiFetch('DocType/getList', { signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDocStatuses(lang: string, kind?: string) {
  return useQuery({
    queryKey: ['DocStatus', 'list', kind ?? '*', lang],
    queryFn: async ({ signal }) =>
      unwrap<DocStatusInfo[]>(await apiFetch('DocStatus/getList', { query: { kind }, signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
