import type { RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv from 'ajv';
import { ajvOptions } from '../../engine/ajvOptions';
import { keywordDefinitions } from '../../engine/keywords';
import { type FormValidator, type LineValidateFunction, setRuntimeValidatorFactory } from './validator';

/**
 * AJV's compiler in the page, for schemas the build step did not precompile (a kind registered at
 * run time, a test's own schema). Loaded on demand (form/validator.ts), so form pages of the
 * generated kinds do not carry AJV, its compiler or every keyword's library.
 */

/**
 * The engine's custom keywords for the browser's AJV. Same definitions and code as on the server,
 * without their meta schemas: those only check schemas (which we do not validate here, see below),
 * and AJV compiles each one eagerly — ~200 ms of start-up on a slow machine.
 */
export function registerBrowserKeywords<T extends Ajv>(ajv: T): T {
  for (const definition of keywordDefinitions) {
    if (!ajv.getKeyword(definition.keyword as string))
      ajv.addKeyword({ ...definition, metaSchema: undefined });
  }
  return ajv;
}

/**
 * RJSF's validator with THE shared AJV options and custom keywords (src/engine), so the browser
 * reports exactly what the server will (form-engines.md §7.2). One instance for all schemas: AJV
 * caches compiled schemas per schema object.
 */
let documentValidator: ReturnType<typeof customizeValidator> | undefined;
function rjsfValidator() {
  documentValidator ??= customizeValidator({
    // validateSchema off in the browser only: checking our own schemas against the meta schema costs
    // ~130 ms at start-up and changes no result — the engine's build step and the server compile the
    // same schemas with full checks.
    ajvOptionsOverrides: { ...ajvOptions, validateSchema: false },
    extenderFn: registerBrowserKeywords,
    // Formats are keywords of ours (isoDate, email, …); RJSF need not add ajv-formats.
    ajvFormatOptions: false,
  });
  return documentValidator;
}

/** One AJV instance for product lines, with THE shared options and keywords. */
let lineAjv: Ajv | undefined;

/**
 * A product line's check, compiled on first use: the line schema together with the root's
 * definitions, so its `$ref`s resolve — what the build step precompiles for the generated kinds.
 */
function compileLine(rootSchema: RJSFSchema, lineSchema: RJSFSchema): LineValidateFunction | null {
  try {
    lineAjv ??= registerBrowserKeywords(
      new Ajv({ ...ajvOptions, strictSchema: false, validateSchema: false }),
    );
    const { $id: _id, ...root } = rootSchema as RJSFSchema & { $id?: string };
    return lineAjv.compile({
      ...(root.$defs ? { $defs: root.$defs } : {}),
      ...(root.definitions ? { definitions: root.definitions } : {}),
      ...lineSchema,
    });
  } catch {
    // A line schema that does not compile on its own is still checked by the whole-document validator.
    return null;
  }
}

export function runtimeFormValidator(schema: RJSFSchema): FormValidator {
  const lines = new Map<object, LineValidateFunction | null>();
  return {
    rjsf: rjsfValidator(),
    line(lineSchema) {
      if (!lines.has(lineSchema)) lines.set(lineSchema, compileLine(schema, lineSchema));
      return lines.get(lineSchema) ?? null;
    },
  };
}

setRuntimeValidatorFactory(runtimeFormValidator);
