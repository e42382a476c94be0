import type { KeywordCheck, KeywordSpec } from './types';

type Options = string | { name: string; [option: string]: unknown };

/**
 * Declares a check that needs the database (old document of the same type, unique waybill id,
 * registered TIN). Schema validation cannot do I/O, so this keyword never fails: when the caller
 * passes a context with `serverChecks`, it records what to check, and the server runs those checks
 * (engine/serverChecks.ts) and reports failures as errors of this keyword at the same path.
 */
export const serverCheck: KeywordCheck<Options> = (data, options, _root, context, instancePath) => {
  if (!context?.serverChecks || data === undefined || data === null || data === '') return null;
  const { name, ...rest } = typeof options === 'string' ? { name: options } : options;
  context.serverChecks.push({ check: name, instancePath, value: data, options: rest });
  return null;
};

export default {
  keyword: 'serverCheck',
  check: serverCheck,
  schemaType: ['string', 'object'],
} satisfies KeywordSpec;
