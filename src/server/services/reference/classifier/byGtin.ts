import type { Db } from '../../../db/client';

/**
 * The classifier code of a brand-level product by its international id (GTIN, the barcode tasnif
 * keeps as internationalCode): Soliq/getProductById. Null when no code carries it. Several codes
 * with one GTIN (a tasnif data error) answer the first by code.
 */
export async function codeByInternationalCode(db: Db, gtin: string): Promise<string | null> {
  const { rows } = await db.query<{ code: string }>(
    'select code from ref_mxik where international_code = $1 order by code limit 1',
    [gtin],
  );
  return rows[0]?.code ?? null;
}
