import type { Locale } from '../../../../engine/constants';
import type { Db } from '../../../db/client';
import { ApiError } from '../../../errors';
import { normalizeSearch } from '../../catalogue/searchText';
import { classifierReaderOf } from '../classifier/reader';

// OrgSetting: the organisation's own products with their classifier codes, offered first in the
// goods table and the classifier picker. Scoped to the caller's organisation; another organisation's
// product is a 404.

export interface OrgProduct {
  id: string;
  name: string;
  catalogCode: string;
  catalogName: string | null;
  packageCode: string | null;
  packageName: string | null;
  measureCode: string | null;
  barcode: string | null;
  version: number;
  updatedAt: string;
}

export interface ProductInput {
  id?: string;
  version?: number;
  name: string;
  catalogCode: string;
  catalogName?: string | null;
  packageCode?: string | null;
  packageName?: string | null;
  measureCode?: string | null;
  barcode?: string | null;
}

const SELECT = `select id, name, catalog_code as "catalogCode", catalog_name as "catalogName",
  package_code as "packageCode", package_name as "packageName", measure_code as "measureCode", barcode,
  version, updated_at as "updatedAt" from org_products`;

const shape = (row: OrgProduct & { updatedAt: unknown }): OrgProduct => ({
  ...row,
  updatedAt: new Date(row.updatedAt as string | Date).toISOString(),
});

export async function listProducts(
  db: Db,
  organizationId: string,
  q: { search?: string; page: number; size: number },
): Promise<{ rows: OrgProduct[]; totalCount: number }> {
  const params: unknown[] = [organizationId];
  const where = ['organization_id = $1'];
  for (const word of normalizeSearch(q.search ?? '')
    .split(' ')
    .filter(Boolean)) {
    params.push(`%${word}%`);
    where.push(`search like $${params.length}`);
  }
  const whereSql = `where ${where.join(' and ')}`;
  const counted = await db.query<{ n: number }>(
    `select count(*)::int as n from org_products ${whereSql}`,
    params,
  );
  const r = await db.query<OrgProduct & { updatedAt: unknown }>(
    `${SELECT} ${whereSql} order by name, catalog_code limit ${q.size} offset ${(q.page - 1) * q.size}`,
    params,
  );
  return { rows: r.rows.map(shape), totalCount: counted.rows[0].n };
}

/**
 * Fills the classifier name and checks the package against the code's packages when the classifier
 * holds the code. A code the classifier does not hold is accepted (the bundled classifier is only a
 * sample until the operator imports the real one) and kept with the name given.
 */
async function withClassifier(db: Db, input: ProductInput, lang: Locale): Promise<ProductInput> {
  const known = await classifierReaderOf(db).get(input.catalogCode, lang);
  if (!known) return input;
  const out = { ...input, catalogName: input.catalogName?.trim() || known.name || null };
  if (input.packageCode && known.packages.length) {
    const pkg = known.packages.find((p) => p.code === input.packageCode);
    if (!pkg)
      throw new ApiError(400, 'PACKAGE_NOT_OF_CODE', 'reference:errors.packageNotOfCode', {
        package: input.packageCode,
        code: input.catalogCode,
      });
    out.packageName = input.packageName?.trim() || pkg.name;
  }
  return out;
}

/** Adds a product (no id) or changes one (id and the version read; stale → 409). */
export async function saveProduct(
  db: Db,
  organizationId: string,
  raw: ProductInput,
  lang: Locale,
): Promise<OrgProduct> {
  const input = await withClassifier(db, { ...raw, name: raw.name.trim() }, lang);
  const search = normalizeSearch(
    `${input.name} ${input.catalogCode} ${input.catalogName ?? ''} ${input.barcode ?? ''}`,
  );
  const values = [
    input.name,
    input.catalogCode,
    input.catalogName ?? null,
    input.packageCode ?? null,
    input.packageName ?? null,
    input.measureCode ?? null,
    input.barcode ?? null,
    search,
  ];
  return db.transaction(async (tx) => {
    let r: { rows: Array<OrgProduct & { updatedAt: unknown }> };
    try {
      if (!input.id) {
        r = await tx.query(
          `insert into org_products (organization_id, name, catalog_code, catalog_name, package_code, package_name,
             measure_code, barcode, search)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           returning id, name, catalog_code as "catalogCode", catalog_name as "catalogName", package_code as "packageCode",
             package_name as "packageName", measure_code as "measureCode", barcode, version, updated_at as "updatedAt"`,
          [organizationId, ...values],
        );
      } else {
        r = await tx.query(
          `update org_products set name = $3, catalog_code = $4, catalog_name = $5, package_code = $6, package_name = $7,
             measure_code = $8, barcode = $9, search = $10, version = version + 1, updated_at = now()
           where id = $1 and organization_id = $2 and version = $11
           returning id, name, catalog_code as "catalogCode", catalog_name as "catalogName", package_code as "packageCode",
             package_name as "packageName", measure_code as "measureCode", barcode, version, updated_at as "updatedAt"`,
          [input.id, organizationId, ...values, input.version ?? -1],
        );
        if (!r.rows.length) {
          const exists = await tx.query('select 1 from org_products where id = $1 and organization_id = $2', [
            input.id,
            organizationId,
          ]);
          if (!exists.rows.length)
            throw new ApiError(404, 'PRODUCT_NOT_FOUND', 'reference:errors.productNotFound');
          throw new ApiError(409, 'VERSION_CONFLICT', 'reference:errors.versionConflict');
        }
      }
    } catch (err) {
      if ((err as { code?: string }).code === '23505')
        throw new ApiError(409, 'PRODUCT_EXISTS', 'reference:errors.productExists', { name: input.name });
      throw err;
    }
    return shape(r.rows[0]);
  });
}

export async function deleteProduct(db: Db, organizationId: string, id: string): Promise<void> {
  const r = await db.query('delete from org_products where id = $1 and organization_id = $2 returning id', [
    id,
    organizationId,
  ]);
  if (!r.rows.length) throw new ApiError(404, 'PRODUCT_NOT_FOUND', 'reference:errors.productNotFound');
}
