import { apiFetch } from './client';

// The counterparty register (issue 27.5; server services/organizations/register.ts): organisations
// registered here, the caller's counterparties and the tax authority's answer, by TIN, PINFL or name.

export type RegisterSource = 'registered' | 'counterparty' | 'registry';

export interface RegisterRow {
  identity: string;
  tin: string | null;
  pinfl: string | null;
  name: string;
  sources: RegisterSource[];
  documents: number;
  isDemo: boolean;
}

export interface RegisterAnswer {
  rows: RegisterRow[];
  totalCount: number;
  registryUnavailable: boolean;
}

/** Organization/getOrgs: the first matches of the register (quiet: the picker says what failed). */
export async function searchRegister(str: string, signal?: AbortSignal): Promise<RegisterAnswer> {
  const answer = await apiFetch<{ data: RegisterAnswer }>('Organization/getOrgs', {
    query: { str },
    signal,
    quiet: true,
  });
  return answer.data;
}
