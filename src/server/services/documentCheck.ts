import Ajv from 'ajv';
import {
  ajvOptions,
  computeDocument,
  createValidator,
  type DocumentCheckResult,
  getKind,
  localizeErrors,
  registerKeywords,
} from '../../engine';
import type { Locale } from '../../engine/constants';
import { draftErrors, draftSchema, type ValidationMode } from '../../engine/draft';
import { onKindRegistered } from '../../engine/schemas';
import { runServerChecks, type ServerCheckContext, type ServerChecker } from '../../engine/serverChecks';
import { type DocumentValidator, wrapValidateFunction } from '../../engine/validationResult';
import { ApiError, type FieldError } from '../errors';
import { translate } from '../i18n';
import { MAX_REPORTED_ERRORS } from '../limits';

// Document validation on the server with work bounded by the body, not by what the client got wrong
// (OWASP: no `allErrors` on untrusted input). The same bundled schema and keywords as the browser
// and the engine's checkDocument, compiled a second time without allErrors:
//  1. a fail-fast pass decides valid/invalid and stops at the first error (cost ≤ one pass over the
//     document, which DOCUMENT_BODY_LIMIT bounds);
//  2. only for an invalid document of at most FULL_REPORT_MAX_VALUES JSON values and
//     FULL_REPORT_MAX_ITEMS lines (a few hundred real lines), the all-errors validator lists its errors for the form — bounded by that size;
//     a larger invalid document gets its first error;
//  3. a valid one goes on to the database checks and the recomputation, as checkDocument does.
// Measured with `npm run bench:hardening` (docs/auth.md has the table).

/** Invalid documents up to this many JSON values get every error listed (at most MAX_REPORTED_ERRORS). */
export const FULL_REPORT_MAX_VALUES = 20_000;
/**
 * …and with no list longer than this. Empty lines are cheap in values but each brings a dozen errors,
 * and the all-errors pass grows faster than linearly with them (measured on one core: 1,000 empty lines
 * 88 ms, 2,000 222 ms, 4,000 1.5 s; bench:hardening's 10,000 blocked 9.7 s).
 */
export const FULL_REPORT_MAX_ITEMS = 1_000;

let failFastAjv: Ajv | undefined;
const failFast = new Map<string, DocumentValidator>();
onKindRegistered((kind) => {
  for (const key of [kind, `${kind}.draft`]) {
    if (failFast.has(key)) failFastAjv?.removeSchema(key);
    failFast.delete(key);
  }
});

/**
 * The kind's validator that stops at its first error (same schema, keywords and options otherwise);
 * in draft mode the same schema without its completeness keywords (engine/draft.ts).
 */
export function failFastValidator(kind: string, mode: ValidationMode = 'complete'): DocumentValidator {
  const key = mode === 'draft' ? `${kind}.draft` : kind;
  let validate = failFast.get(key);
  if (!validate) {
    failFastAjv ??= registerKeywords(new Ajv({ ...ajvOptions, allErrors: false }));
    const schema = getKind(kind).schema;
    validate = wrapValidateFunction(failFastAjv.compile(mode === 'draft' ? draftSchema(schema) : schema));
    failFast.set(key, validate);
  }
  return validate;
}

/**
 * Whether `value` holds at most `limit` JSON values and no array of more than `maxItems` items
 * (stops counting past either limit).
 */
export function hasAtMostValues(value: unknown, limit: number, maxItems = Number.POSITIVE_INFINITY): boolean {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const next = stack.pop();
    if (++count > limit) return false;
    if (Array.isArray(next) && next.length > maxItems) return false;
    if (next && typeof next === 'object') {
      for (const child of Object.values(next)) stack.push(child);
    }
  }
  return true;
}

export interface BoundedCheckResult<T> extends DocumentCheckResult<T> {
  /** False when the document had more errors than `errors` holds (or their count was not computed). */
  complete: boolean;
}

/**
 * checkDocument of the engine for request bodies: validate (bounded, see above), run the database
 * checks the schema declared, and answer the content with every computed value recomputed. A draft
 * (`mode: 'draft'`) is checked without the completeness keywords: its error list is the full check's
 * less the completeness errors (the same list the form shows when saving a draft).
 */
export async function checkDocumentBounded<T>(
  kind: string,
  content: T,
  options: { now?: Date | string; checker?: ServerChecker; mode?: ValidationMode } & ServerCheckContext = {},
): Promise<BoundedCheckResult<T>> {
  const { now, checker, mode = 'complete', ...serverContext } = options;
  const first = failFastValidator(kind, mode)(content, { now });
  if (!first.valid) {
    if (!hasAtMostValues(content, FULL_REPORT_MAX_VALUES, FULL_REPORT_MAX_ITEMS)) {
      return { valid: false, errors: first.errors, complete: false };
    }
    const every = createValidator(kind)(content, { now }).errors;
    const all = mode === 'draft' ? draftErrors(every) : every;
    // The draft schema and the filtered full check agree (no combinators: engine/draft.ts); should
    // they not, the fail-fast pass's own error still says why.
    if (all.length === 0) return { valid: false, errors: first.errors, complete: true };
    return {
      valid: false,
      errors: all.slice(0, MAX_REPORTED_ERRORS),
      complete: all.length <= MAX_REPORTED_ERRORS,
    };
  }
  const serverErrors = checker ? await runServerChecks(first.serverChecks, checker, serverContext) : [];
  if (serverErrors.length) {
    return { valid: false, errors: serverErrors.slice(0, MAX_REPORTED_ERRORS), complete: true };
  }
  return { valid: true, errors: [], complete: true, content: computeDocument(kind, content) };
}

/** The 400 of an invalid document: its errors localized at their fields (the form shows them there). */
export function documentInvalid(
  lang: Locale,
  kind: string,
  result: Pick<BoundedCheckResult<unknown>, 'errors' | 'complete'>,
): ApiError {
  const errors: FieldError[] = localizeErrors(
    result.errors.slice(0, MAX_REPORTED_ERRORS),
    (key, params) => translate(lang, key, params),
    getKind(kind).schema,
  ).map(({ path, keyword, key, params, message }) => ({ path, keyword, key, params, message }));
  return new ApiError(
    400,
    'VALIDATION',
    result.complete ? 'validation:documentInvalid' : 'errors:documentInvalidPartial',
    { count: errors.length },
    errors,
  );
}
