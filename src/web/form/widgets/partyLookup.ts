import { PARTY_ANSWER_FIELDS } from '../../../engine/ui/parties';
import { ApiRequestError } from '../../api/client';
import { fetchParty, fetchPartyAsOf } from '../../api/reference';
import type { RequisitesAsOf } from './requisitesAsOf';

export type LookupResult =
  | { status: 'found'; party: Record<string, unknown> }
  | { status: 'notFound' }
  | { status: 'unavailable' };

/**
 * Asks the server for an organisation or person by TIN/PINFL (spec §7: DocumentOrganization
 * getOrgInfoByTin — the tax registry and the organisations registered here — answering the party in
 * national field names). 404 ORGANIZATION_NOT_FOUND → notFound; anything else that fails (network,
 * 5xx such as the tax authority's service being down, an older server without the route) →
 * unavailable. Either way the party is typed by hand — no invented data is filled in.
 */
export async function lookupParty(
  tin: string,
  signal?: AbortSignal,
  asOf?: RequisitesAsOf | null,
): Promise<LookupResult> {
  if (asOf) {
    // As the earlier document holds the party; a party it does not name (or an older server) is
    // looked up as of today instead.
    try {
      const answer = await fetchPartyAsOf(tin, asOf.documentId, asOf.date, signal);
      if (answer?.data && typeof answer.data === 'object') return { status: 'found', party: answer.data };
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
    }
  }
  try {
    const answer = await fetchParty(tin, signal);
    const data = answer && typeof answer === 'object' && 'data' in answer ? answer.data : answer;
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
 * Party fields some kinds name differently from the invoice's party (the hybrid invoice-waybill:
 * AccountNumber, BankMfo): the look-up answers in the invoice's names, these fill the others.
 */
const ALIASES: Record<string, readonly string[]> = {
  accountnumber: ['Account'],
  bankmfo: ['BankId'],
  mfo: ['BankId'],
  bankaccount: ['Account'],
};

/** The looked-up value for a schema field: by its own name (any case), else by an alias. */
function valueFor(found: Record<string, unknown>, field: string): unknown {
  const byLower = new Map(Object.entries(found).map(([k, v]) => [k.toLowerCase(), v]));
  const own = byLower.get(field.toLowerCase());
  if (own !== undefined && own !== null && own !== '') return own;
  for (const alias of ALIASES[field.toLowerCase()] ?? []) {
    const value = byLower.get(alias.toLowerCase());
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

/**
 * Copies the looked-up fields onto the party object the schema allows (case-insensitive names and
 * the aliases above: an API answering `name`/`director` fills Name/Director, BankId fills BankMfo).
 * Fields typed by the person stay unless the lookup has a value for them.
 */
export function mergeParty(
  current: Record<string, unknown> | null | undefined,
  found: Record<string, unknown>,
  allowed: readonly string[],
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...(current ?? {}) };
  for (const field of allowed) {
    const value = valueFor(found, field);
    if (value !== undefined) next[field] = value;
  }
  return next;
}

/**
 * The look-up's values for a party's fields (`fields`: field → the answer's field, from the schema:
 * engine/ui/parties.ts), each only when the answer has it and its type is the one the field holds:
 * a string field never receives an object.
 */
export function partyValues(
  found: Record<string, unknown>,
  fields: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [field, answer] of Object.entries(fields)) {
    const value = valueFor(found, answer);
    const type = PARTY_ANSWER_FIELDS[answer];
    if (type === 'string' ? typeof value === 'string' : Number.isInteger(value)) values[field] = value;
  }
  return values;
}
