import type { RJSFSchema } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';
import { formValidatorFor, type LineValidateFunction, loadFormValidator } from './validator';

export type FieldErrors = Record<string, ErrorObject>;

/**
 * Validates single product lines on commit (form-engines.md §7.1: the edited row only, not the
 * document) with the form's validator: for the generated kinds the build step's precompiled line
 * check (the line schema with the root's definitions, same keywords and options as the server).
 * Returns the FIRST error of every field — a field shows one failing rule at a time.
 */
export function makeRowValidator(
  rootSchema: RJSFSchema,
  lineSchema: RJSFSchema,
  /** The document the line belongs to: a rule may depend on it (a price's `positive.unless`). */
  documentOf?: () => unknown,
): (row: unknown) => FieldErrors | null {
  // Looked up on first use (the first commit), not at mount. DocumentForm renders only once its
  // validator is ready, so it is there; on its own the table starts loading it and checks lines once
  // it is (the document check on submit still covers them).
  let validate: LineValidateFunction | null | undefined;
  return (row) => {
    if (validate === undefined) {
      const validator = formValidatorFor(rootSchema);
      if (!validator) {
        void loadFormValidator(rootSchema).catch(() => {});
        return null;
      }
      validate = validator.line(lineSchema);
    }
    if (!validate || validate.call({ document: documentOf?.() }, row)) return null;
    return firstErrorPerField(validate.errors ?? []);
  };
}

/** The field path an error belongs to ("Count", "Vat/Rate"); `required` names it in its params. */
export function fieldOfError(error: ErrorObject): string {
  const base = error.instancePath.replace(/^\//, '');
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty?: string }).missingProperty ?? '');
    return base ? `${base}/${missing}` : missing;
  }
  return base;
}

export function firstErrorPerField(errors: readonly ErrorObject[]): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors) {
    const field = fieldOfError(error);
    if (!(field in result)) result[field] = error;
  }
  return result;
}
