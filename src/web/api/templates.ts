import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';
import { type ListAnswer, unwrap } from './documents';

// /api/Template (spec §7: getList, get, change): a company's saved starting points for new documents.

export interface TemplateRow {
  id: string;
  kind: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  createdByName?: string | null;
}

export interface TemplateFull extends TemplateRow {
  content: Record<string, unknown>;
}

export interface TemplateListQuery {
  kind?: string;
  search?: string;
  page: number;
  size: number;
}

export const templateKeys = {
  all: ['Template'] as const,
  list: (query: TemplateListQuery) => ['Template', 'list', query] as const,
  one: (id: string) => ['Template', 'get', id] as const,
};

export function useTemplateList(query: TemplateListQuery) {
  return useQuery({
    queryKey: templateKeys.list(query),
    queryFn: async ({ signal }) =>
      unwrap<ListAnswer<TemplateRow>>(
        await apiFetch('Template/getList', { query: { ...query, kind: query.kind || undefined }, signal }),
      ),
    placeholderData: keepPreviousData,
  });
}

export async function fetchTemplate(id: string, signal?: AbortSignal) {
  return unwrap<TemplateFull>(await apiFetch('Template/get', { query: { id }, signal }));
}

/** Creates ({kind, name, content}), renames ({id, name}) or deletes ({id, delete: true}). */
export type TemplateChange =
  | { kind: string; name: string; content: unknown }
  | { id: string; name: string }
  | { id: string; delete: true };

export async function changeTemplate(change: TemplateChange) {
  return unwrap<TemplateRow | null>(await apiFetch('Template/change', { method: 'POST', body: change }));
}
