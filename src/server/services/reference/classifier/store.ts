import type { Db } from '../../../db/client';
import { noteReferenceLoad, recordLoad, referenceDataset } from '../datasets';
import { mxikTokens } from './tokens';
import type { MxikGroup, MxikItem, MxikSource } from './types';

// Writes classifier codes, their packages and hierarchy names in one transaction: all rows land or
// none. Batched inserts through unnest() of parameter arrays, as the catalogue store does.

const BATCH = 5000;

export interface MxikLoadOptions {
  source: MxikSource;
  fileName?: string | null;
  /** Delete the codes the load does not contain (a full snapshot of the classifier). */
  replace?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface MxikLoadResult {
  received: number;
  /** Codes repeated in the input; their packages are merged, the last names win. */
  duplicates: number;
  rowCount: number;
  version: number;
}

/** One item per code: repeated codes (one CSV row per package) merge their packages. */
export function mergeItems(items: MxikItem[]): MxikItem[] {
  const byCode = new Map<string, MxikItem>();
  for (const item of items) {
    const seen = byCode.get(item.code);
    if (!seen) {
      byCode.set(item.code, { ...item, packages: [...item.packages] });
      continue;
    }
    const packages = new Map(seen.packages.map((p) => [p.code, p]));
    for (const p of item.packages) packages.set(p.code, p);
    byCode.set(item.code, { ...seen, ...item, packages: [...packages.values()] });
  }
  return [...byCode.values()];
}

async function insertItems(tx: Db, items: MxikItem[], source: MxikSource) {
  await tx.query(
    `insert into ref_mxik (code, name_ru, name_uz_latn, name_uz_cyrl, international_code, label, use_package, tokens, source, updated_at)
     select code, name_ru, name_uz_latn, name_uz_cyrl, gtin, label, use_package, tokens, $9, now()
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::boolean[], $8::text[])
       as u(code, name_ru, name_uz_latn, name_uz_cyrl, gtin, label, use_package, tokens)
     on conflict (code) do update set
       name_ru = excluded.name_ru, name_uz_latn = excluded.name_uz_latn, name_uz_cyrl = excluded.name_uz_cyrl,
       international_code = excluded.international_code, label = excluded.label,
       use_package = excluded.use_package, tokens = excluded.tokens, source = excluded.source,
       updated_at = case
         when (ref_mxik.name_ru, ref_mxik.name_uz_latn, ref_mxik.name_uz_cyrl, ref_mxik.international_code,
               ref_mxik.label, ref_mxik.use_package)
              is not distinct from
              (excluded.name_ru, excluded.name_uz_latn, excluded.name_uz_cyrl, excluded.international_code,
               excluded.label, excluded.use_package)
         then ref_mxik.updated_at else now() end`,
    [
      items.map((i) => i.code),
      items.map((i) => i.nameRu ?? null),
      items.map((i) => i.nameUzLatn ?? null),
      items.map((i) => i.nameUzCyrl ?? null),
      items.map((i) => i.internationalCode ?? null),
      items.map((i) => Boolean(i.label)),
      items.map((i) => i.usePackage !== false),
      items.map(mxikTokens),
      source,
    ],
  );
  // A code's packages are what the latest load says: replaced as a whole.
  await tx.query('delete from ref_mxik_packages where mxik_code = any($1::text[])', [
    items.map((i) => i.code),
  ]);
  const packages = items.flatMap((i) => i.packages.map((p) => ({ ...p, mxikCode: i.code })));
  if (packages.length === 0) return;
  await tx.query(
    `insert into ref_mxik_packages (mxik_code, code, package_type, name_ru, name_uz_latn, name_uz_cyrl)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
    [
      packages.map((p) => p.mxikCode),
      packages.map((p) => p.code),
      packages.map((p) => p.packageType ?? null),
      packages.map((p) => p.nameRu ?? null),
      packages.map((p) => p.nameUzLatn ?? null),
      packages.map((p) => p.nameUzCyrl ?? null),
    ],
  );
}

async function upsertGroups(tx: Db, groups: MxikGroup[], source: MxikSource) {
  for (let i = 0; i < groups.length; i += BATCH) {
    const chunk = groups.slice(i, i + BATCH);
    await tx.query(
      `insert into ref_mxik_groups (code, name_ru, name_uz_latn, name_uz_cyrl, source)
       select code, name_ru, name_uz_latn, name_uz_cyrl, $5
       from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as u(code, name_ru, name_uz_latn, name_uz_cyrl)
       on conflict (code) do update set
         name_ru = coalesce(excluded.name_ru, ref_mxik_groups.name_ru),
         name_uz_latn = coalesce(excluded.name_uz_latn, ref_mxik_groups.name_uz_latn),
         name_uz_cyrl = coalesce(excluded.name_uz_cyrl, ref_mxik_groups.name_uz_cyrl),
         source = excluded.source`,
      [
        chunk.map((g) => g.code),
        chunk.map((g) => g.nameRu ?? null),
        chunk.map((g) => g.nameUzLatn ?? null),
        chunk.map((g) => g.nameUzCyrl ?? null),
        source,
      ],
    );
  }
}

/** Loads classifier codes atomically and records where they came from. */
export async function loadMxik(
  db: Db,
  input: MxikItem[],
  groups: MxikGroup[],
  options: MxikLoadOptions,
): Promise<MxikLoadResult> {
  const items = mergeItems(input);
  const result = await db.transaction(async (tx) => {
    const previous = await referenceDataset(tx, 'mxik');
    if (options.replace) {
      await tx.query('delete from ref_mxik');
      await tx.query(`delete from ref_mxik_groups where source <> 'import'`);
    } else if (options.source === 'import' && previous?.source === 'demo') {
      // Real data never mixes with demo rows: the first real load clears them.
      await tx.query(`delete from ref_mxik where source = 'demo'`);
      await tx.query(`delete from ref_mxik_groups where source = 'demo'`);
    }
    options.onProgress?.(0, items.length);
    for (let i = 0; i < items.length; i += BATCH) {
      await insertItems(tx, items.slice(i, i + BATCH), options.source);
      options.onProgress?.(Math.min(i + BATCH, items.length), items.length);
    }
    await upsertGroups(tx, groups, options.source);
    const saved = await recordLoad(tx, 'mxik', 'ref_mxik', options.source, options.fileName ?? null);
    await tx.exec('analyze ref_mxik');
    return { received: input.length, duplicates: input.length - items.length, ...saved };
  });
  noteReferenceLoad();
  return result;
}
