import type { Options } from 'ajv';

/**
 * THE AJV options, shared by RJSF (`customizeValidator({ ajvOptionsOverrides: ajvOptions,
 * extenderFn: registerKeywords })`), the server (validator.ts) and the build step that precompiles
 * the browser validators, so all three give the same errors for the same document.
 *
 * - allErrors: the forms show every error at once. The server is protected from the usual
 *   allErrors DoS by maxItems/maxLength caps in the schemas.
 * - no coercion, no defaults, no removal: the server must see exactly what the client sent
 *   (Fastify's defaults would silently "fix" documents).
 * - passContext: keywords read `now` and collect server checks from `this` (keywords/types.ts).
 * - verbose: errors carry parentSchema/data; RJSF expects it.
 * - strictSchema: a typo in a schema keyword fails the build instead of being ignored.
 * - inlineRefs off: shared definitions (money, party, …) compile once instead of at every use,
 *   which keeps the precompiled browser validators ~25 % smaller at no measurable cost.
 */
export const ajvOptions = {
  allErrors: true,
  verbose: true,
  passContext: true,
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  discriminator: false,
  strictSchema: true,
  strictNumbers: true,
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
  allowUnionTypes: true,
  // ajv-formats is not needed: every format rule is a keyword (keywords/*).
  validateFormats: false,
  messages: true,
  inlineRefs: false,
} as const satisfies Options;

/** Extra options for the build step only (source code generation, ES modules). */
export const standaloneOptions = {
  ...ajvOptions,
  code: { source: true, esm: true, lines: true },
} as const satisfies Options;
