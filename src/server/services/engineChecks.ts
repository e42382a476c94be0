import type { ServerCheckContext, ServerChecker } from '../../engine';
import type { Db } from '../db/client';

/**
 * The database side of the checks schemas declare with `serverCheck` (engine/serverChecks.ts).
 * Each answers null when the value is fine, or the validation key that explains the failure.
 */
type Check = (
  db: Db,
  value: string,
  options: Record<string, unknown>,
  context: ServerCheckContext,
) => Promise<{ key: string } | null>;

const checks: Record<string, Check> = {
  /** The old (corrected/additional) document must exist and be of the same kind. */
  async oldDocumentSameType(db, value, options) {
    const idField = typeof options.idField === 'string' ? options.idField : 'FacturaId';
    const { rows } = await db.query<{ kind: string }>(
      `select kind from documents where content->>$1 = $2 or id::text = $2 limit 1`,
      [idField, value],
    );
    if (rows.length === 0) return { key: 'validation:oldDocumentNotFound' };
    return rows[0].kind === options.kind ? null : { key: 'validation:oldDocumentType' };
  },
  /** No other document of the kind carries this id (waybill ids are unique). */
  async uniqueDocumentId(db, value, options, context) {
    const idField = String(options.idField ?? 'WaybillLocalId');
    // An update of the stored document itself is not a duplicate.
    const { rows } = await db.query(
      `select 1 from documents where kind = $1 and content->>$2 = $3 and ($4::text is null or id::text <> $4) limit 1`,
      [String(options.kind ?? ''), idField, value, context.documentId ?? null],
    );
    return rows.length ? { key: 'validation:waybillIdExists' } : null;
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
