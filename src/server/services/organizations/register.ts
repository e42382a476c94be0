import type { Locale } from '../../../engine/constants';
import type { Db } from '../../db/client';
import { normalizeSearch } from '../catalogue/searchText';
import { documentOrgs } from '../documents/lists';
import type { Caller } from '../documents/types';
import { type TaxAuthority, TaxServiceError } from '../soliq/types';

// The counterparty register (issue 27.5: Organization/getOrgs, Document/getDocumentOrgsFull): every
// organisation this server knows — registered here, or met as a counterparty of the caller's
// documents — and what the tax authority's adapter answers, searched by TIN, PINFL or name.
//
// What each source answers, and to whom:
//  - registered legal entities: by TIN prefix or by the words of the name; an individual's own
//    account only by its whole PINFL (a person is not found by name or part of a number);
//  - the caller's counterparties (document_parties, scoped by the kinds it may view and its branch);
//  - the tax authority: by a whole TIN (taxpayer) or PINFL (individual); by name where the adapter
//    can (the demo registry) — the public service looks taxpayers up by number only.
// Names, numbers and where a row came from; requisites come from getOrgInfoByTin once one is chosen.

/** At most this many rows of each source are merged (a page of the search is at most 100). */
export const REGISTER_SOURCE_LIMIT = 200;
export const REGISTER_PAGE_MAX = 100;

export type RegisterSource = 'registered' | 'counterparty' | 'registry';

export interface RegisterRow {
  /** The TIN (9 digits) or PINFL (14): what a document's party field takes. */
  identity: string;
  tin: string | null;
  pinfl: string | null;
  name: string;
  sources: RegisterSource[];
  /** Documents of the caller with this counterparty (0 when none). */
  documents: number;
  isDemo: boolean;
}

export interface RegisterAnswer {
  rows: RegisterRow[];
  totalCount: number;
  /** The tax authority could not be asked (down, not configured): the rows are this server's only. */
  registryUnavailable: boolean;
}

const isDigits = (text: string) => /^\d+$/.test(text);

function likeWords(text: string): string[] {
  return normalizeSearch(text)
    .split(' ')
    .filter(Boolean)
    .map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

async function registered(db: Db, text: string): Promise<RegisterRow[]> {
  const params: unknown[] = [];
  let where: string;
  if (isDigits(text)) {
    params.push(`${text}%`, text);
    where = `(o.tin like $1 or o.pinfl = $2)`;
  } else {
    const words = likeWords(text);
    if (words.length === 0) return [];
    // The name as normalizeSearch writes it, approximated in SQL: lower case, letters and digits.
    const name = `regexp_replace(lower(o.name), '[^[:alnum:]]+', ' ', 'g')`;
    where = `o.tin is not null and ${words.map((w) => `${name} like $${params.push(w)}`).join(' and ')}`;
  }
  const { rows } = await db.query<{
    tin: string | null;
    pinfl: string | null;
    name: string;
    is_demo: boolean;
  }>(
    `select o.tin, o.pinfl, o.name, o.is_demo from organizations o where ${where}
      order by o.name limit ${REGISTER_SOURCE_LIMIT}`,
    params,
  );
  return rows.map((r) => ({
    identity: r.tin ?? r.pinfl ?? '',
    tin: r.tin,
    pinfl: r.tin ? null : r.pinfl,
    name: r.name,
    sources: ['registered'],
    documents: 0,
    isDemo: r.is_demo,
  }));
}

async function counterparties(db: Db, caller: Caller, text: string): Promise<RegisterRow[]> {
  const rows = await documentOrgs(db, caller, text, REGISTER_SOURCE_LIMIT);
  return rows.map((r) => ({
    identity: r.identity,
    tin: r.identity.length === 9 ? r.identity : null,
    pinfl: r.identity.length === 14 ? r.identity : null,
    name: r.name ?? '',
    sources: ['counterparty'],
    documents: r.count,
    isDemo: false,
  }));
}

async function registry(authority: TaxAuthority, text: string, lang: Locale): Promise<RegisterRow[]> {
  if (isDigits(text) && text.length === 9) {
    const taxpayer = await authority.taxpayer(text, lang);
    if (taxpayer)
      return [
        {
          identity: taxpayer.tin,
          tin: taxpayer.tin,
          pinfl: null,
          name: taxpayer.name,
          sources: ['registry'],
          documents: 0,
          isDemo: taxpayer.isDemo === true,
        },
      ];
    // A 9-digit number may be an individual's personal TIN.
  }
  if (isDigits(text) && (text.length === 9 || text.length === 14)) {
    const person = await authority.individual(text, lang);
    if (!person) return [];
    const identity = person.pinfl ?? person.tin ?? text;
    return [
      {
        identity,
        tin: identity.length === 9 ? identity : null,
        pinfl: identity.length === 14 ? identity : null,
        name: person.fullName,
        sources: ['registry'],
        documents: 0,
        isDemo: person.isDemo === true,
      },
    ];
  }
  if (isDigits(text) || !authority.searchTaxpayers) return [];
  const found = await authority.searchTaxpayers(text, REGISTER_SOURCE_LIMIT, lang);
  return found.map((t) => ({
    identity: t.tin,
    tin: t.tin,
    pinfl: null,
    name: t.name,
    sources: ['registry'],
    documents: 0,
    isDemo: t.isDemo === true,
  }));
}

/** One row per identity: the sources joined, the registry's name first (it is the legal one). */
function merge(lists: RegisterRow[][]): RegisterRow[] {
  const byIdentity = new Map<string, RegisterRow>();
  for (const list of lists)
    for (const row of list) {
      if (!row.identity) continue;
      const known = byIdentity.get(row.identity);
      if (!known) {
        byIdentity.set(row.identity, { ...row, sources: [...row.sources] });
        continue;
      }
      for (const source of row.sources) if (!known.sources.includes(source)) known.sources.push(source);
      known.documents = Math.max(known.documents, row.documents);
      known.isDemo ||= row.isDemo;
      if (row.sources.includes('registry') || !known.name) known.name = row.name || known.name;
    }
  return [...byIdentity.values()];
}

/**
 * Searches the register for `text` (a TIN or PINFL, whole or its start, or words of a name): the
 * exact number first, then the caller's counterparties by how many documents it has with them,
 * then by name. Text shorter than 2 characters answers nothing.
 */
export async function searchRegister(
  db: Db,
  authority: TaxAuthority,
  caller: Caller,
  query: { text: string; page?: number; size?: number },
): Promise<RegisterAnswer> {
  const text = query.text.trim();
  const size = Math.min(Math.max(query.size ?? REGISTER_PAGE_MAX, 1), REGISTER_PAGE_MAX);
  const page = Math.max(query.page ?? 1, 1);
  if (text.length < 2) return { rows: [], totalCount: 0, registryUnavailable: false };
  let registryUnavailable = false;
  const fromRegistry = registry(authority, text, caller.lang).catch((error: unknown) => {
    if (!(error instanceof TaxServiceError)) throw error;
    registryUnavailable = true;
    return [] as RegisterRow[];
  });
  const lists = await Promise.all([fromRegistry, counterparties(db, caller, text), registered(db, text)]);
  const rows = merge(lists).sort(
    (a, b) =>
      Number(b.identity === text) - Number(a.identity === text) ||
      b.documents - a.documents ||
      a.name.localeCompare(b.name, caller.lang) ||
      a.identity.localeCompare(b.identity),
  );
  return {
    rows: rows.slice((page - 1) * size, page * size),
    totalCount: rows.length,
    registryUnavailable,
  };
}
