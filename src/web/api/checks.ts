import { useQuery } from '@tanstack/react-query';
import type { CheckResult } from '../../engine/checks/types';
import { apiFetch } from './client';
import { unwrap } from './documents';

// /api/Document/checks (issue 29; docs/checks.md): the pre-sign checks as the server evaluates them.

export interface ShownCheck {
  id: string;
  level: CheckResult['level'];
  outcome: CheckResult['outcome'];
  title: string;
  reason: string;
  action: string;
  reads: string[];
  demo: boolean;
  authorityReply: string | null;
}

export interface ChecksAnswer {
  checks: ShownCheck[];
  blocked: boolean;
}

/** The checks of content being edited (quiet: a failure is shown in the panel, not as a modal). */
export async function fetchDraftChecks(
  kind: string,
  content: unknown,
  options: { documentId?: string; moment?: string; signal?: AbortSignal } = {},
): Promise<ChecksAnswer> {
  return unwrap<ChecksAnswer>(
    await apiFetch('Document/checks', {
      method: 'POST',
      query: {
        kind,
        moment: options.moment ?? 'editor',
        ...(options.documentId ? { documentId: options.documentId } : {}),
      },
      body: content,
      signal: options.signal,
      quiet: true,
    }),
  );
}

/** The checks of a stored document at an action (an incoming one before accepting). */
export function useStoredChecks(documentId: string, moment: string | null) {
  return useQuery({
    queryKey: ['checks', documentId, moment],
    enabled: moment !== null,
    staleTime: 60_000,
    queryFn: async () =>
      unwrap<ChecksAnswer>(
        await apiFetch('Document/checks', { query: { documentId, moment: moment ?? '' }, quiet: true }),
      ),
  });
}
