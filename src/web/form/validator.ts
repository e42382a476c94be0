import { customizeValidator } from '@rjsf/validator-ajv8';
import type Ajv from 'ajv';
import { ajvOptions } from '../../engine/ajvOptions';
import { keywordDefinitions } from '../../engine/keywords';

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
 * reports exactly what the server will (form-engines.md §7.2). One instance for all kinds: AJV
 * caches compiled schemas per schema object.
 */
export const formValidator = customizeValidator({
  // validateSchema off in the browser only: checking our own schemas against the meta schema costs
  // ~130 ms at start-up and changes no result — the engine's build step and the server compile the
  // same schemas with full checks.
  ajvOptionsOverrides: { ...ajvOptions, validateSchema: false },
  extenderFn: registerBrowserKeywords,
  // Formats are keywords of ours (isoDate, email, …); RJSF need not add ajv-formats.
  ajvFormatOptions: false,
});
