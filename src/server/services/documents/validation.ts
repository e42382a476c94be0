import type { ValidationMode } from '../../../engine/draft';
import type { Db } from '../../db/client';
import { checkDocumentBounded, documentInvalid } from '../documentCheck';
import { databaseChecker } from '../engineChecks';
import type { Caller } from './types';

/**
 * The kind's schema, keywords and database checks (spec §5: seller ≠ buyer, no individual buyer,
 * empowerment not to oneself, old document of the same type, unique waybill id, correction deadline)
 * over a document; answers the content with every computed value recomputed by the server, or throws
 * 400 VALIDATION with localized field errors — the same errors the form shows. The work is bounded by
 * the body, not by how much of it is wrong (services/documentCheck.ts).
 */
export async function validateContent(
  db: Db,
  caller: Caller,
  kind: string,
  content: unknown,
  options: { documentId?: string; now: Date; mode?: ValidationMode },
): Promise<Record<string, unknown>> {
  const result = await checkDocumentBounded(kind, content, {
    now: options.now,
    mode: options.mode,
    checker: databaseChecker(db),
    documentId: options.documentId,
    identity: caller.identity,
  });
  if (!result.valid) throw documentInvalid(caller.lang, kind, result);
  return result.content as Record<string, unknown>;
}
