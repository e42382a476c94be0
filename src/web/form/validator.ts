import { customizeValidator } from '@rjsf/validator-ajv8';
import { ajvOptions } from '../../engine/ajvOptions';
import { registerKeywords } from '../../engine/keywords';

/**
 * RJSF's validator with THE shared AJV options and custom keywords (src/engine), so the browser
 * reports exactly what the server will (form-engines.md §7.2). One instance for all kinds: AJV
 * caches compiled schemas per schema object.
 */
export const formValidator = customizeValidator({
  ajvOptionsOverrides: { ...ajvOptions },
  extenderFn: registerKeywords,
  // Formats are keywords of ours (isoDate, email, …); RJSF need not add ajv-formats.
  ajvFormatOptions: false,
});
