import type { Db } from '../../db/client';
import { LISTS, type ListDef, type ListKey } from './lists';
import { normalizeSearch, tokenize } from './searchText';
import type {
  CatalogueRow,
  ClassifierRow,
  DatasetSource,
  EnterpriseRow,
  GoodsRow,
  NonconformityRow,
} from './types';

// Writes a whole list in one transaction: all rows land or none. Multi-row inserts through unnest()
// of parameter arrays keep 50,000 rows within seconds on PGlite and PostgreSQL alike.

const BATCH = 1000;

/**
 * Grows after every load committed by this process, so readers in the same process see the new data
 * at once; other processes (the import CLI against a shared PostgreSQL) are seen through the stored
 * version, which readers re-check every second.
 */
let localLoads = 0;
export const localLoadCount = () => localLoads;

export interface LoadOptions {
  source: DatasetSource;
  fileName?: string | null;
  /** Delete the list's rows that the load does not contain (a full snapshot). */
  replace?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface LoadResult {
  list: ListKey;
  received: number;
  /** Rows repeated in the input under the same key; the last one wins. */
  duplicates: number;
  rowCount: number;
  version: number;
}

interface BenefitInput {
  id: string;
  oldId: string | null;
  nameRu: string;
  nameUz: string | null;
}

function rowKey(list: ListDef, row: CatalogueRow): string {
  switch (list.kind) {
    case 'goods':
      return `${(row as GoodsRow).catalogCode}|${(row as GoodsRow).newLgotaId}`;
    case 'enterprises': {
      const r = row as EnterpriseRow;
      return `${r.tin}|${r.newLgotaId}|${r.dateBegin}`;
    }
    case 'classifier':
      return (row as ClassifierRow).catalogCode;
    case 'nonconformity':
      return `${(row as NonconformityRow).tin}|${(row as NonconformityRow).catalogCode ?? ''}`;
  }
}

function dedupe(list: ListDef, rows: CatalogueRow[]) {
  const byKey = new Map<string, CatalogueRow>();
  for (const row of rows) byKey.set(rowKey(list, row), row);
  return [...byKey.values()];
}

function benefitsOf(rows: CatalogueRow[]): BenefitInput[] {
  const byId = new Map<string, BenefitInput>();
  for (const row of rows) {
    const r = row as GoodsRow | EnterpriseRow;
    if (!r.newLgotaId) continue;
    byId.set(r.newLgotaId, {
      id: r.newLgotaId,
      oldId: r.lgotaId ?? byId.get(r.newLgotaId)?.oldId ?? null,
      nameRu: r.lgotaName,
      nameUz: r.lgotaNameUz ?? null,
    });
  }
  return [...byId.values()];
}

async function upsertBenefits(tx: Db, benefits: BenefitInput[], isDemo: boolean) {
  for (let i = 0; i < benefits.length; i += BATCH) {
    const chunk = benefits.slice(i, i + BATCH);
    await tx.query(
      `insert into catalogue_benefits (id, old_id, name_ru, name_uz, search, is_demo)
       select id, old_id, name_ru, name_uz, search, $6
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
         as u(id, old_id, name_ru, name_uz, search)
       on conflict (id) do update set
         old_id = coalesce(excluded.old_id, catalogue_benefits.old_id),
         name_ru = excluded.name_ru,
         name_uz = coalesce(excluded.name_uz, catalogue_benefits.name_uz),
         search = excluded.search,
         is_demo = catalogue_benefits.is_demo and excluded.is_demo`,
      [
        chunk.map((b) => b.id),
        chunk.map((b) => b.oldId),
        chunk.map((b) => b.nameRu),
        chunk.map((b) => b.nameUz),
        // The code is searchable too: accountants quote benefits by code as often as by wording.
        // …by the new code or the previous one (the catalogue's old/new toggle shows either).
        chunk.map((b) => normalizeSearch(`${b.id} ${b.oldId ?? ''} ${b.nameRu} ${b.nameUz ?? ''}`)),
        isDemo,
      ],
    );
  }
}

async function addToVocabulary(tx: Db, tokens: Set<string>) {
  const all = [...tokens];
  for (let i = 0; i < all.length; i += BATCH * 5) {
    await tx.query(
      `insert into catalogue_vocabulary (token) select unnest($1::text[]) on conflict do nothing`,
      [all.slice(i, i + BATCH * 5)],
    );
  }
}

async function insertChunk(
  tx: Db,
  list: ListDef,
  chunk: CatalogueRow[],
  isDemo: boolean,
  vocabulary: Set<string>,
) {
  const t = list.table;
  const tokensOf = (name: string) => {
    const tokens = tokenize(name);
    for (const token of tokens) vocabulary.add(token);
    return tokens.join(' ');
  };
  switch (list.kind) {
    case 'goods': {
      const rows = chunk as GoodsRow[];
      await tx.query(
        `insert into ${t} (catalog_code, catalog_name, benefit_id, tokens, is_demo)
         select code, name, benefit, string_to_array(tokens, ' '), $5
         from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as u(code, name, benefit, tokens)
         on conflict (catalog_code, benefit_id) do update set
           catalog_name = excluded.catalog_name, tokens = excluded.tokens, is_demo = excluded.is_demo`,
        [
          rows.map((r) => r.catalogCode),
          rows.map((r) => r.catalogName),
          rows.map((r) => r.newLgotaId),
          rows.map((r) => tokensOf(r.catalogName)),
          isDemo,
        ],
      );
      return;
    }
    case 'enterprises': {
      const rows = chunk as EnterpriseRow[];
      await tx.query(
        `insert into ${t} (tin, name, benefit_id, lgota_id, date_begin, date_end, is_demo)
         select tin, name, benefit, lgota, date_begin::date, date_end::date, $7
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
           as u(tin, name, benefit, lgota, date_begin, date_end)
         on conflict (tin, benefit_id, date_begin) do update set
           name = excluded.name, lgota_id = excluded.lgota_id, date_end = excluded.date_end,
           is_demo = excluded.is_demo`,
        [
          rows.map((r) => r.tin),
          rows.map((r) => r.name),
          rows.map((r) => r.newLgotaId),
          rows.map((r) => r.lgotaId),
          rows.map((r) => r.dateBegin),
          rows.map((r) => r.dateEnd),
          isDemo,
        ],
      );
      return;
    }
    case 'classifier': {
      const rows = chunk as ClassifierRow[];
      await tx.query(
        `insert into ${t} (catalog_code, catalog_name, tokens, is_demo)
         select code, name, string_to_array(tokens, ' '), $4
         from unnest($1::text[], $2::text[], $3::text[]) as u(code, name, tokens)
         on conflict (catalog_code) do update set
           catalog_name = excluded.catalog_name, tokens = excluded.tokens, is_demo = excluded.is_demo`,
        [
          rows.map((r) => r.catalogCode),
          rows.map((r) => r.catalogName),
          rows.map((r) => tokensOf(r.catalogName)),
          isDemo,
        ],
      );
      return;
    }
    case 'nonconformity': {
      const rows = chunk as NonconformityRow[];
      await tx.query(
        `insert into ${t} (tin, name, catalog_code, catalog_name, reason, date_begin)
         select tin, name, code, cname, reason, date_begin::date
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
           as u(tin, name, code, cname, reason, date_begin)
         on conflict (tin, catalog_code) do update set
           name = excluded.name, catalog_name = excluded.catalog_name, reason = excluded.reason,
           date_begin = excluded.date_begin`,
        [
          rows.map((r) => r.tin),
          rows.map((r) => r.name),
          rows.map((r) => r.catalogCode),
          rows.map((r) => r.catalogName),
          rows.map((r) => r.reason),
          rows.map((r) => r.dateBegin),
        ],
      );
      return;
    }
  }
}

export async function currentDataset(db: Db, list: ListKey) {
  const r = await db.query<{ source: DatasetSource; version: number }>(
    'select source, version from catalogue_datasets where list = $1',
    [list],
  );
  return r.rows[0] ?? null;
}

/** Loads rows into one list atomically and records where they came from. */
export async function loadList(
  db: Db,
  listKey: ListKey,
  input: CatalogueRow[],
  options: LoadOptions,
): Promise<LoadResult> {
  const list = LISTS[listKey];
  const rows = dedupe(list, input);
  const isDemo = options.source === 'demo';
  const result = await db.transaction(async (tx) => {
    const previous = await currentDataset(tx, listKey);
    // Real data never mixes with demo rows: the first real load of a list clears its demo rows.
    if (options.replace || (previous?.source === 'demo' && !isDemo)) {
      await tx.query(`delete from ${list.table}${options.replace ? '' : ' where is_demo'}`);
    }
    if (list.kind === 'goods' || list.kind === 'enterprises')
      await upsertBenefits(tx, benefitsOf(rows), isDemo);
    const vocabulary = new Set<string>();
    options.onProgress?.(0, rows.length);
    for (let i = 0; i < rows.length; i += BATCH) {
      await insertChunk(tx, list, rows.slice(i, i + BATCH), isDemo, vocabulary);
      options.onProgress?.(Math.min(i + BATCH, rows.length), rows.length);
    }
    await addToVocabulary(tx, vocabulary);
    const counted = await tx.query<{ n: number }>(`select count(*)::int as n from ${list.table}`);
    const rowCount = counted.rows[0].n;
    const saved = await tx.query<{ version: number }>(
      `insert into catalogue_datasets (list, source, file_name, row_count, version, loaded_at)
       values ($1, $2, $3, $4, 1, now())
       on conflict (list) do update set source = excluded.source, file_name = excluded.file_name,
         row_count = excluded.row_count, version = catalogue_datasets.version + 1, loaded_at = now()
       returning version::int as version`,
      [listKey, options.source, options.fileName ?? null, rowCount],
    );
    // Fresh statistics, so the planner picks the indexes for the new size of the list.
    await tx.exec(`analyze ${list.table}`);
    return {
      list: listKey,
      received: input.length,
      duplicates: input.length - rows.length,
      rowCount,
      version: saved.rows[0].version,
    };
  });
  localLoads++;
  return result;
}
