import type { RJSFSchema } from '@rjsf/utils';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { ajvOptions } from '../../engine/ajvOptions';
import { registerBrowserKeywords } from './validator';

/** One AJV instance for the table's row checks, with THE shared options and keywords. */
let sharedAjv: Ajv | undefined;
function ajv(): Ajv {
  sharedAjv ??= registerBrowserKeywords(
    new Ajv({ ...ajvOptions, strictSchema: false, validateSchema: false }),
  );
  return sharedAjv;
}

export type FieldErrors = Record<string, ErrorObject>;

/**
 * Validates single product lines on commit (form-engines.md §7.1: the edited row only, not the
 * document). The line schema is compiled together with the root's definitions so its `$ref`s resolve.
 * Returns the FIRST error of every field — a field shows one failing rule at a time.
 */
export function makeRowValidator(
  rootSchema: RJSFSchema,
  lineSchema: RJSFSchema,
): (row: unknown) => FieldErrors | null {
  // Compiled on first use (the first commit), not at mount: first render stays free of AJV work.
  let validate: ValidateFunction | null | undefined;
  const compile = (): ValidateFunction | null => {
    try {
      const { $id: _id, ...root } = rootSchema as RJSFSchema & { $id?: string };
      return ajv().compile({
        ...(root.$defs ? { $defs: root.$defs } : {}),
        ...(root.definitions ? { definitions: root.definitions } : {}),
        ...lineSchema,
      });
    } catch {
      // A line schema that does not compile on its own is still checked by the whole-document validator.
      return null;
    }
  };
  return (row) => {
    if (validate === undefined) validate = compile();
    if (!validate || validate(row)) return null;
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
