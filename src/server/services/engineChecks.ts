import type { ServerCheckContext, ServerChecker } from '../../engine';
import type { Db } from '../db/client';
import { checkLineBenefit } from './catalogue/lineBenefits';

/**
 * The database side of the checks schemas declare with `serverCheck` (engine/serverChecks.ts).
 * Each answers null when the value is fine, or the validation key that explains the failure.
 */
type Check = (
  db: Db,
  value: string,
  options: Record<string, unknown>,
  context: ServerCheckContext,
) => Promise<{ key: string; params?: Record<string, unknown> } | null>;

const checks: Record<string, Check> = {
  /**
   * The old (corrected/additional) document must be one of the caller's documents, by its national id
   * or Hujjat's id, and of the same kind. Without a caller (the public validation) any document counts.
   */
  async oldDocumentSameType(db, value, options, context) {
    const { rows } = await db.query<{ kind: string }>(
      `select d.kind from documents d
       where (d.national_id = $1 or d.id::text = $1)
         and ($2::text is null or exists (
           select 1 from document_parties p
           where p.document_id = d.id and p.identity = $2 and p.box is not null and p.bin_state <> 'deleted'))
       limit 1`,
      [value, context.identity ?? null],
    );
    if (rows.length === 0) return { key: 'validation:oldDocumentNotFound' };
    return rows[0].kind === options.kind ? null : { key: 'validation:oldDocumentType' };
  },
  /** No other document of the kind carries this national id (waybill ids are unique everywhere). */
  async uniqueDocumentId(db, value, options, context) {
    // An update of the stored document itself is not a duplicate.
    const { rows } = await db.query(
      `select 1 from documents where kind = $1 and national_id = $2 and ($3::uuid is null or id <> $3::uuid) limit 1`,
      [String(options.kind ?? ''), value, context.documentId ?? null],
    );
    return rows.length ? { key: 'validation:waybillIdExists' } : null;
  },
  /**
   * A line's VAT benefit (LgotaId) fits its classifier code and the document date (engine/benefits.ts,
   * the one rule; `values` read beside it by the schema: code, date, seller, buyer).
   */
  async benefitFitsLine(db, value, options) {
    const values = (options.values ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
    return checkLineBenefit(db, value, {
      code: text(values.code),
      date: text(values.date),
      seller: text(values.seller),
      buyer: text(values.buyer),
    });
  },
  /** Registration: the TIN/PINFL must not have an account yet. */
  async notRegistered(db, value) {
    const { rows } = await db.query(`select 1 from users where tin = $1 or pinfl = $1 limit 1`, [value]);
    return rows.length ? { key: 'validation:allreadyRegisteredInSystem' } : null;
  },
};

export function databaseChecker(db: Db): ServerChecker {
  return async (request, context) => {
    const check = checks[request.check];
    if (!check) throw new Error(`Unknown server check "${request.check}"`);
    return check(db, String(request.value), request.options, context);
  };
}
