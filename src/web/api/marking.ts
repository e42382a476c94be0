import { apiFetch } from './client';

// POST /api/Document/checkMarkingCodes (docs/documents-api.md, docs/marking.md): the marking system's
// view of a document's codes — the form's content, or the stored document when the body is empty.

export type CodeStatus = 'unknown' | 'retired' | 'otherOwner' | 'invalid' | 'duplicate';

export interface MarkingCheck {
  registry: 'http' | 'demo';
  demo: boolean;
  owner: string;
  checked: number;
  valid: number;
  problems: number;
  lines: Array<{
    path: string;
    ordinal: number;
    quantity: unknown;
    checked: number;
    valid: number;
    units: number | null;
    countMatches: boolean | null;
  }>;
  codes: Array<{ path: string; code: string; level: string; status: CodeStatus; reason?: string }>;
}

export async function checkMarkingCodes(
  kind: string,
  content: unknown,
  documentId?: string,
): Promise<MarkingCheck> {
  const answer = await apiFetch<{ data: MarkingCheck }>('Document/checkMarkingCodes', {
    method: 'POST',
    query: { kind, documentId },
    body: content ?? {},
  });
  return answer.data;
}
