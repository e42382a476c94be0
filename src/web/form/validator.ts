import { hashForSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ErrorObject } from 'ajv';
import { loadPrecompiledModule } from '../../engine/precompiled';
import { hasKind, getKind as registeredKind } from '../../engine/registry';

/** A product line's check: true when valid, else the errors on the function (AJV's shape). */
export type LineValidateFunction = ((row: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** What the form validates with: the document (RJSF's validator) and product lines (on commit). */
export interface FormValidator {
  rjsf: ValidatorType;
  /** The check of a product line, by its schema as the table resolves it; null: none known. */
  line(lineSchema: RJSFSchema): LineValidateFunction | null;
}

/**
 * Builds a validator with AJV's compiler in the page (src/web/form/runtimeValidator.ts): for
 * schemas the build step did not precompile — a kind registered at run time, a test's own schema.
 */
export type RuntimeValidatorFactory = (schema: RJSFSchema) => FormValidator;

const ready = new WeakMap<object, FormValidator>();
const pending = new WeakMap<object, Promise<FormValidator>>();
let runtimeFactory: RuntimeValidatorFactory | undefined;

/** Installed by runtimeValidator.ts when it is loaded. */
export function setRuntimeValidatorFactory(factory: RuntimeValidatorFactory): void {
  runtimeFactory = factory;
}

/** The generated kind whose precompiled validator belongs to exactly this schema object, if any. */
function generatedKindOf(schema: RJSFSchema): string | null {
  const id = schema.$id;
  if (typeof id !== 'string' || !hasKind(id)) return null;
  const definition = registeredKind(id);
  return definition.generated && definition.schema === (schema as object) ? id : null;
}

/**
 * The schema's validator if it is ready: the build step's precompiled one (same schema, keywords and
 * options as the server, DESIGN §7; no AJV compiler in the page), or the run-time one when that
 * module was loaded.
 */
export function formValidatorFor(schema: RJSFSchema): FormValidator | undefined {
  const known = ready.get(schema);
  if (known || generatedKindOf(schema) || !runtimeFactory) return known;
  const created = runtimeFactory(schema);
  ready.set(schema, created);
  return created;
}

/**
 * Loads the schema's validator (a chunk per kind, or the run-time AJV module). Pages start it with
 * the kind itself (form/kinds.ts), so the form finds it ready when it mounts.
 */
export function loadFormValidator(schema: RJSFSchema): Promise<FormValidator> {
  const known = formValidatorFor(schema);
  if (known) return Promise.resolve(known);
  let loading = pending.get(schema);
  if (!loading) {
    const kind = generatedKindOf(schema);
    loading = (
      kind
        ? loadPrecompiledModule(kind).then((module) => precompiled(kind, schema, module))
        : import('./runtimeValidator').then(() => formValidatorFor(schema) as FormValidator)
    ).then((validator) => {
      ready.set(schema, validator);
      return validator;
    });
    loading.catch(() => pending.delete(schema));
    pending.set(schema, loading);
  }
  return loading;
}

function precompiled(
  kind: string,
  schema: RJSFSchema,
  module: Awaited<ReturnType<typeof loadPrecompiledModule>>,
): FormValidator {
  const lines = new Map<object, LineValidateFunction | null>();
  return {
    rjsf: createPrecompiledValidator({ [kind]: module.validate } as never, schema),
    line(lineSchema) {
      let validate = lines.get(lineSchema);
      if (validate === undefined) {
        // Keyed as the build step keyed it: RJSF's hash of the line schema the table resolved.
        validate = (module.lines[hashForSchema(lineSchema)] as LineValidateFunction | undefined) ?? null;
        lines.set(lineSchema, validate);
      }
      return validate;
    },
  };
}
