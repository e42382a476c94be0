import { useQuery } from '@tanstack/react-query';
import { getLifecycle, hasLifecycle } from '../../../engine/lifecycle';
import type { KindDefinition } from '../../../engine/registry';
import { apiFetch } from '../../api/client';
import { fetchDocumentCopy, unwrap } from '../../api/documents';
import { fetchTemplate } from '../../api/templates';
import { blankDocument, withFreshIds } from './blankDocument';
import { prefillNew, todayIso, withSenderDefaults, writeDeep } from './prefill';

type Content = Record<string, unknown>;

export interface NewDocumentSource {
  kind: string | null;
  template: string | null;
  copy: string | null;
}

/** Where a new document starts: a template, a copy of a document, or nothing (the kind alone). */
export function useStartingContent(source: NewDocumentSource) {
  return useQuery({
    queryKey: ['newDocument', source],
    queryFn: async ({ signal }): Promise<{ kind: string | null; content: Content; name?: string }> => {
      if (source.template) {
        const template = await fetchTemplate(source.template, signal);
        return { kind: template.kind, content: template.content, name: template.name };
      }
      if (source.copy) {
        const copy = (await fetchDocumentCopy(source.copy, signal)) as { kind?: string; content?: Content };
        return { kind: copy.kind ?? source.kind, content: copy.content ?? {} };
      }
      return { kind: source.kind, content: {} };
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

/** The signed-in organisation's requisites (DocumentOrganization/getOrgInfo), for the sender. */
export function useOwnRequisites() {
  return useQuery({
    queryKey: ['DocumentOrganization', 'getOrgInfo'],
    queryFn: async ({ signal }) =>
      unwrap<Content>(await apiFetch('DocumentOrganization/getOrgInfo', { signal, quiet: true })),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * The content a new document opens with: the kind's blank document with what starts from the
 * sender's requisites ("with VAT" for a VAT payer), under it what the source brings (a template starts
 * with today's date and no number), then the sender's requisites and today's date where still empty.
 */
export function startingContent(
  definition: KindDefinition,
  fromSource: Content,
  fromTemplate: boolean,
  own: Content | null,
  identity: string | null,
): Content {
  const blank = blankDocument(definition.schema as never, definition.ui, identity);
  let content: Content = { ...withSenderDefaults(definition.ui, blank, own), ...fromSource };
  if (fromTemplate && hasLifecycle(definition.kind)) {
    content = withFreshIds(blank, content) as Content;
    const { document } = getLifecycle(definition.kind);
    content = writeDeep(content, document.date, todayIso());
    content = writeDeep(content, document.number, '');
  }
  return prefillNew(definition.kind, definition.schema as never, content, own, identity);
}
