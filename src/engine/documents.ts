import { computeDocument } from './compute';
import type { ValidationContext } from './keywords/types';
import { runServerChecks, type ServerChecker } from './serverChecks';
import { createValidator, type ValidationError } from './validator';

export interface DocumentCheckResult<T> {
  valid: boolean;
  errors: ValidationError[];
  /** The document with every computed value recomputed by the server (only when valid). */
  content?: T;
}

/**
 * What the server does with a document: validate it as sent with the bundled schema and keywords
 * (so wrong sums are rejected with the same errors the form shows), run the database checks the
 * schema declared, and return the content with every computed value recomputed — what gets stored
 * never comes from the client's arithmetic.
 */
export async function checkDocument<T>(
  kind: string,
  content: T,
  options: { now?: Date | string; checker?: ServerChecker; documentId?: string; identity?: string } = {},
): Promise<DocumentCheckResult<T>> {
  const context: ValidationContext = { now: options.now };
  const result = createValidator(kind)(content, context);
  if (!result.valid) return { valid: false, errors: result.errors };
  const serverErrors = options.checker
    ? await runServerChecks(result.serverChecks, options.checker, {
        documentId: options.documentId,
        identity: options.identity,
      })
    : [];
  if (serverErrors.length) return { valid: false, errors: serverErrors };
  return { valid: true, errors: [], content: computeDocument(kind, content) };
}
