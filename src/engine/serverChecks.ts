import type { KeywordError, ServerCheckRequest } from './keywords/types';

/**
 * Checks that need the database, declared in schemas with `serverCheck` (see keywords/serverCheck.ts):
 * - oldDocumentSameType: the old-document id must name an existing document of the same kind/type;
 * - uniqueWaybillId: no other waybill has this id;
 * - registeredTin: the TIN/PINFL is (or, with `{ "expect": "absent" }`, is not yet) registered.
 * The checker is injected (server: SQL; browser: an API call), so the engine stays free of I/O.
 * It answers null when the value is fine, or the i18n key (and params) describing the failure.
 */
export type ServerChecker = (
  request: ServerCheckRequest,
  context: ServerCheckContext,
) => Promise<{ key: string; params?: Record<string, unknown> } | null>;

export interface ServerCheckContext {
  /** The stored document being updated, so uniqueness checks do not collide with itself. */
  documentId?: string;
  /** The caller's TIN/PINFL: look-ups of "your" documents (the old document) are scoped to it. */
  identity?: string;
}

export async function runServerChecks(
  requests: ServerCheckRequest[],
  checker: ServerChecker,
  context: ServerCheckContext = {},
): Promise<KeywordError[]> {
  const results = await Promise.all(requests.map((request) => checker(request, context)));
  const errors: KeywordError[] = [];
  results.forEach((result, index) => {
    if (!result) return;
    const request = requests[index];
    errors.push({
      instancePath: request.instancePath,
      schemaPath: `#/serverCheck/${request.check}`,
      keyword: 'serverCheck',
      params: { check: request.check, key: result.key, ...result.params },
      message: `failed server check "${request.check}"`,
    });
  });
  return errors;
}
