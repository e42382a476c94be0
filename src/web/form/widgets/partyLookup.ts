import { ApiRequestError, apiFetch } from '../../api/client';

export type LookupResult =
  | { status: 'found'; party: Record<string, unknown> }
  | { status: 'notFound' }
  | { status: 'unavailable' };

/**
 * Asks the server for an organisation or person by TIN/PINFL (spec §7: DocumentOrganization
 * getOrgInfoByTin, answering the party in national field names). 404 ORGANIZATION_NOT_FOUND →
 * notFound; anything else that fails (network, 5xx, an older server without the route) → unavailable.
 * Either way the party is typed by hand — no invented data is filled in.
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
    // The server's generic NOT_FOUND is an unknown route (an older server); any other 404
    // (ORGANIZATION_NOT_FOUND) is "no such TIN".
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

/**
 * Removes from `current` what an earlier lookup filled in and nobody has changed since, so that the
 * requisites of a previously looked-up party never stay beside a different TIN. Values the person
 * typed or edited stay.
 */
export function withoutLookedUp(
  current: Record<string, unknown> | null | undefined,
  filled: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(filled ?? {})) {
    if (next[key] === value) delete next[key];
  }
  return next;
}

/** The fields of `merged` that came from the lookup (for a later withoutLookedUp). */
export function filledByLookup(
  merged: Record<string, unknown>,
  found: Record<string, unknown>,
  allowed: readonly string[],
): Record<string, unknown> {
  const fromLookup = mergeParty({}, found, allowed);
  return Object.fromEntries(Object.keys(fromLookup).map((key) => [key, merged[key]]));
}
