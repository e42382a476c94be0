import { ApiRequestError, apiFetch } from '../../api/client';

export type LookupResult =
  | { status: 'found'; party: Record<string, unknown> }
  | { status: 'notFound' }
  | { status: 'unavailable' };

/**
 * Asks the server for an organisation or person by TIN/PINFL (spec §7: DocumentOrganization
 * getOrgInfoByTin). When the server has no such route yet or the lookup fails, the party is typed by
 * hand — no invented data is filled in.
 */
export async function lookupParty(tin: string, signal?: AbortSignal): Promise<LookupResult> {
  try {
    const answer = await apiFetch<unknown>('DocumentOrganization/getOrgInfoByTin', {
      query: { tin },
      quiet: true,
      signal,
    });
    const data =
      answer && typeof answer === 'object' && 'data' in answer ? (answer as { data: unknown }).data : answer;
    if (!data || typeof data !== 'object') return { status: 'notFound' };
    return { status: 'found', party: data as Record<string, unknown> };
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    // The server's generic NOT_FOUND is an unknown route (no lookup yet); any other 404 is "no such TIN".
    if (
      error instanceof ApiRequestError &&
      error.status === 404 &&
      error.code &&
      error.code !== 'NOT_FOUND'
    ) {
      return { status: 'notFound' };
    }
    return { status: 'unavailable' };
  }
}

/**
 * Copies the looked-up fields onto the party object the schema allows (case-insensitive names:
 * an API answering `name`/`director` fills Name/Director). Fields typed by the person stay unless
 * the lookup has a value for them.
 */
export function mergeParty(
  current: Record<string, unknown> | null | undefined,
  found: Record<string, unknown>,
  allowed: readonly string[],
): Record<string, unknown> {
  const byLower = new Map(allowed.map((name) => [name.toLowerCase(), name]));
  const next: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(found)) {
    const name = byLower.get(key.toLowerCase());
    if (name && value !== null && value !== undefined && value !== '') next[name] = value;
  }
  return next;
}
