import type { Db } from '../../../db/client';
import { ApiError } from '../../../errors';
import { normalizeSearch } from '../../catalogue/searchText';
import { noteReferenceLoad, recordLoad, referenceDataset } from '../datasets';
import type { Bank, BankInput } from './types';

// Banks by MFO: the list the forms search, the administrators' edits (BankCodes) and whole-file
// loads (import:banks, the demo seeder). Banks are a few thousand rows: the search is a scan of a
// normalized column, the same on PGlite and PostgreSQL.

const SELECT = `select b.mfo, b.name, b.name_ru as "nameRu", b.head_mfo as "headMfo", h.name as "headName",
  b.tin, b.address, b.is_active as "isActive", b.is_demo as "isDemo", b.version, b.updated_at as "updatedAt"
  from ref_banks b left join ref_banks h on h.mfo = b.head_mfo`;

const searchOf = (b: BankInput) => normalizeSearch(`${b.mfo} ${b.name} ${b.nameRu ?? ''}`);

function shape(row: Bank & { updatedAt: unknown }): Bank {
  return { ...row, updatedAt: new Date(row.updatedAt as string | Date).toISOString() };
}

export interface BankListQuery {
  search?: string;
  /** Only banks still operating (default true). */
  activeOnly?: boolean;
  page: number;
  size: number;
}

export async function listBanks(db: Db, q: BankListQuery): Promise<{ rows: Bank[]; totalCount: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const words = normalizeSearch(q.search ?? '')
    .split(' ')
    .filter(Boolean);
  for (const word of words) {
    params.push(`%${word}%`);
    where.push(`b.search like $${params.length}`);
  }
  if (q.activeOnly !== false) where.push('b.is_active');
  const whereSql = where.length ? `where ${where.join(' and ')}` : '';
  const counted = await db.query<{ n: number }>(
    `select count(*)::int as n from ref_banks b ${whereSql}`,
    params,
  );
  const r = await db.query<Bank & { updatedAt: unknown }>(
    `${SELECT} ${whereSql} order by b.mfo limit ${q.size} offset ${(q.page - 1) * q.size}`,
    params,
  );
  return { rows: r.rows.map(shape), totalCount: counted.rows[0].n };
}

export async function getBank(db: Db, mfo: string): Promise<Bank | null> {
  const r = await db.query<Bank & { updatedAt: unknown }>(`${SELECT} where b.mfo = $1`, [mfo]);
  return r.rows[0] ? shape(r.rows[0]) : null;
}

async function assertHead(tx: Db, input: BankInput) {
  if (!input.headMfo) return;
  if (input.headMfo === input.mfo) throw new ApiError(400, 'BANK_HEAD_SELF', 'reference:errors.bankHeadSelf');
  const r = await tx.query('select 1 from ref_banks where mfo = $1', [input.headMfo]);
  if (!r.rows.length)
    throw new ApiError(400, 'BANK_HEAD_UNKNOWN', 'reference:errors.bankHeadUnknown', { mfo: input.headMfo });
}

/** BankCodes/add: a new MFO; 409 when it exists. */
export async function addBank(db: Db, input: BankInput): Promise<Bank> {
  await db.transaction(async (tx) => {
    await assertHead(tx, input);
    const r = await tx.query(
      `insert into ref_banks (mfo, name, name_ru, head_mfo, tin, address, is_active, is_demo, search)
       values ($1, $2, $3, $4, $5, $6, $7, false, $8) on conflict (mfo) do nothing returning mfo`,
      [
        input.mfo,
        input.name,
        input.nameRu ?? null,
        input.headMfo ?? null,
        input.tin ?? null,
        input.address ?? null,
        input.isActive !== false,
        searchOf(input),
      ],
    );
    if (!r.rows.length)
      throw new ApiError(409, 'BANK_EXISTS', 'reference:errors.bankExists', { mfo: input.mfo });
    await recordLoad(
      tx,
      'banks',
      'ref_banks',
      (await referenceDataset(tx, 'banks'))?.source ?? 'import',
      null,
    );
  });
  noteReferenceLoad();
  return (await getBank(db, input.mfo))!;
}

/** BankCodes/update: checks the version the editor saw; a stale one is 409. */
export async function updateBank(db: Db, input: BankInput, version: number): Promise<Bank> {
  await db.transaction(async (tx) => {
    await assertHead(tx, input);
    const r = await tx.query<{ version: number }>(
      `update ref_banks set name = $2, name_ru = $3, head_mfo = $4, tin = $5, address = $6, is_active = $7,
         search = $8, is_demo = false, version = version + 1, updated_at = now()
       where mfo = $1 and version = $9 returning version`,
      [
        input.mfo,
        input.name,
        input.nameRu ?? null,
        input.headMfo ?? null,
        input.tin ?? null,
        input.address ?? null,
        input.isActive !== false,
        searchOf(input),
        version,
      ],
    );
    if (!r.rows.length) {
      const exists = await tx.query('select 1 from ref_banks where mfo = $1', [input.mfo]);
      if (!exists.rows.length)
        throw new ApiError(404, 'BANK_NOT_FOUND', 'reference:errors.bankNotFound', { mfo: input.mfo });
      throw new ApiError(409, 'VERSION_CONFLICT', 'reference:errors.versionConflict');
    }
  });
  noteReferenceLoad();
  return (await getBank(db, input.mfo))!;
}

/** BankCodes/delete: a branch that other branches name as their head cannot go first. */
export async function deleteBank(db: Db, mfo: string): Promise<void> {
  await db.transaction(async (tx) => {
    const branches = await tx.query('select 1 from ref_banks where head_mfo = $1 limit 1', [mfo]);
    if (branches.rows.length)
      throw new ApiError(409, 'BANK_HAS_BRANCHES', 'reference:errors.bankHasBranches', { mfo });
    const r = await tx.query('delete from ref_banks where mfo = $1 returning mfo', [mfo]);
    if (!r.rows.length) throw new ApiError(404, 'BANK_NOT_FOUND', 'reference:errors.bankNotFound', { mfo });
    await recordLoad(
      tx,
      'banks',
      'ref_banks',
      (await referenceDataset(tx, 'banks'))?.source ?? 'import',
      null,
    );
  });
  noteReferenceLoad();
}

export interface BankLoadOptions {
  source: 'demo' | 'import';
  fileName?: string | null;
  /** Delete the banks the file does not contain (a full snapshot of the directory). */
  replace?: boolean;
  onProgress?: (done: number, total: number) => void;
}

/** One file of banks, all or nothing; heads first so a branch may name a head from the same file. */
export async function loadBanks(db: Db, input: BankInput[], options: BankLoadOptions) {
  const byMfo = new Map(input.map((b) => [b.mfo, b]));
  const banks = [...byMfo.values()];
  const result = await db.transaction(async (tx) => {
    const previous = await referenceDataset(tx, 'banks');
    if (options.replace)
      await tx.query('delete from ref_banks where mfo <> all($1::text[])', [[...byMfo.keys()]]);
    else if (options.source === 'import' && previous?.source === 'demo')
      await tx.query('delete from ref_banks where is_demo');
    options.onProgress?.(0, banks.length);
    // Heads are inserted without their own head first, then every head link is set.
    await tx.query(
      `insert into ref_banks (mfo, name, name_ru, tin, address, is_active, is_demo, search)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::boolean[], $8::text[])
       on conflict (mfo) do update set name = excluded.name, name_ru = excluded.name_ru, tin = excluded.tin,
         address = excluded.address, is_active = excluded.is_active, is_demo = excluded.is_demo,
         search = excluded.search,
         version = case when (ref_banks.name, ref_banks.name_ru, ref_banks.tin, ref_banks.address, ref_banks.is_active)
                        is not distinct from (excluded.name, excluded.name_ru, excluded.tin, excluded.address, excluded.is_active)
                   then ref_banks.version else ref_banks.version + 1 end`,
      [
        banks.map((b) => b.mfo),
        banks.map((b) => b.name),
        banks.map((b) => b.nameRu ?? null),
        banks.map((b) => b.tin ?? null),
        banks.map((b) => b.address ?? null),
        banks.map((b) => b.isActive !== false),
        banks.map(() => options.source === 'demo'),
        banks.map(searchOf),
      ],
    );
    await tx.query(
      `update ref_banks b set head_mfo = u.head from unnest($1::text[], $2::text[]) as u(mfo, head)
       where b.mfo = u.mfo and b.head_mfo is distinct from u.head`,
      [banks.map((b) => b.mfo), banks.map((b) => b.headMfo ?? null)],
    );
    options.onProgress?.(banks.length, banks.length);
    return recordLoad(tx, 'banks', 'ref_banks', options.source, options.fileName ?? null);
  });
  noteReferenceLoad();
  return { received: input.length, duplicates: input.length - banks.length, ...result };
}
