import { checkDocument, getKind, localizeErrors } from '../../../engine';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { databaseChecker } from '../engineChecks';
import type { Caller } from './types';

/**
 * The kind's schema, keywords and database checks (spec §5: seller ≠ buyer, no individual buyer,
 * empowerment not to oneself, old document of the same type, unique waybill id, correction deadline)
 * over a document; answers the content with every computed value recomputed by the server, or throws
 * 400 VALIDATION with localized field errors — the same errors the form shows.
 */
export async function validateContent(
  db: Db,
  caller: Caller,
  kind: string,
  content: unknown,
  options: { documentId?: string; now: Date },
): Promise<Record<string, unknown>> {
  const result = await checkDocument(kind, content, {
    now: options.now,
    checker: databaseChecker(db),
    documentId: options.documentId,
    identity: caller.identity,
  });
  if (result.valid) return result.content as Record<string, unknown>;
  const errors = localizeErrors(
    result.errors,
    (key, params) => translate(caller.lang, key, params),
    getKind(kind).schema,
  ).map(({ path, keyword, key, params, message }) => ({ path, keyword, key, params, message }));
  throw new ApiError(400, 'VALIDATION', 'validation:documentInvalid', { count: errors.length }, errors);
}
