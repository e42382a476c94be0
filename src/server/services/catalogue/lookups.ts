import type { Locale } from '../../../engine/constants';
import type { Db } from '../../db/client';
import { LISTS, type ListKey } from './lists';
import { normalizeSearch } from './searchText';

// Suggestions for the screen's filter dropdowns: distinct values of one field of one list that match
// what the user typed. A benefit shared by 2,000 goods is one suggestion, not 2,000.

export type LookupField = 'catalogCode' | 'catalogName' | 'lgotaName' | 'tin' | 'searchText';

export interface LookupOption {
  value: string;
  label: string;
}

export const LOOKUP_FIELDS: Record<string, LookupField[]> = {
  goods: ['catalogCode', 'catalogName', 'lgotaName'],
  enterprises: ['tin', 'lgotaName'],
  classifier: ['searchText'],
};

/** Each typed word expanded through the vocabulary first, so the GIN index on tokens applies. */
async function namePrefixConditions(db: Db, text: string, params: unknown[]): Promise<string[]> {
  const conditions: string[] = [];
  for (const word of normalizeSearch(text).split(' ').filter(Boolean)) {
    const r = await db.query<{ token: string }>(
      'select token from catalogue_vocabulary where token like $1',
      [`${word}%`],
    );
    params.push(r.rows.map((row) => row.token));
    conditions.push(`t.tokens && $${params.length}::text[]`);
  }
  return conditions;
}

export async function lookup(
  db: Db,
  key: ListKey,
  field: LookupField,
  search: string,
  size: number,
  lang: Locale,
): Promise<LookupOption[]> {
  const list = LISTS[key];
  const t = list.table;
  const params: unknown[] = [];
  const limit = () => {
    params.push(size);
    return `$${params.length}`;
  };
  const text = search.trim();
  if (field === 'lgotaName') {
    const name = lang === 'uz' ? 'coalesce(b.name_uz, b.name_ru)' : 'b.name_ru';
    params.push(`%${normalizeSearch(text)}%`);
    const r = await db.query<{ id: string; name: string }>(
      `select b.id, ${name} as name from catalogue_benefits b
       where b.search like $1 and exists (select 1 from ${t} t where t.benefit_id = b.id)
       order by b.id limit ${limit()}`,
      params,
    );
    return r.rows.map((row) => ({ value: row.name, label: `${row.id} — ${row.name}` }));
  }
  if (field === 'tin') {
    params.push(`${text.replace(/\D/g, '')}%`);
    const r = await db.query<{ tin: string; name: string }>(
      `select t.tin, min(t.name) as name from ${t} t where t.tin like $1 group by t.tin order by t.tin limit ${limit()}`,
      params,
    );
    return r.rows.map((row) => ({ value: row.tin, label: `${row.tin} — ${row.name}` }));
  }
  if (field === 'catalogCode') {
    params.push(`${text.replace(/\D/g, '')}%`);
    const r = await db.query<{ code: string; name: string }>(
      `select distinct on (t.catalog_code) t.catalog_code as code, t.catalog_name as name from ${t} t
       where t.catalog_code like $1 order by t.catalog_code limit ${limit()}`,
      params,
    );
    return r.rows.map((row) => ({ value: row.code, label: `${row.code} — ${row.name}` }));
  }
  // catalogName and searchText: names whose words start with the typed words.
  const conditions = await namePrefixConditions(db, text, params);
  if (conditions.length === 0) return [];
  const r = await db.query<{ code: string; name: string }>(
    `select distinct on (t.catalog_code) t.catalog_code as code, t.catalog_name as name from ${t} t
     where ${conditions.join(' and ')} order by t.catalog_code limit ${limit()}`,
    params,
  );
  return r.rows.map((row) => ({ value: row.name, label: `${row.code} — ${row.name}` }));
}
