import { besidePath, readPath } from './pointer';
import type { KeywordCheck, KeywordSpec } from './types';

type Options = string | { name: string; read?: Record<string, string | string[]>; [option: string]: unknown };

/**
 * The values a check reads beside the checked one (`read`: name → where): a plain name is a field of
 * the object holding the value (a product line's CatalogCode; "../CatalogCode" one level up), a
 * pointer (/FacturaDoc/FacturaDate) a field of the document; a list gives the first that is present.
 */
function readValues(
  read: Record<string, string | string[]>,
  root: unknown,
  instancePath: string,
): Record<string, unknown> {
  const parent = instancePath.split('/').slice(0, -1).join('/');
  const values: Record<string, unknown> = {};
  for (const [name, where] of Object.entries(read)) {
    for (const place of Array.isArray(where) ? where : [where]) {
      const value = readPath(root, besidePath(parent, place));
      if (value !== undefined && value !== null && value !== '') {
        values[name] = value;
        break;
      }
    }
  }
  return values;
}

/**
 * Declares a check that needs the database (old document of the same type, unique waybill id,
 * registered TIN, a benefit that fits its line). Schema validation cannot do I/O, so this keyword
 * never fails: when the caller passes a context with `serverChecks`, it records what to check (and
 * the values named by `read`, as `options.values`), and the server runs those checks
 * (engine/serverChecks.ts) and reports failures as errors of this keyword at the same path.
 */
export const serverCheck: KeywordCheck<Options> = (data, options, root, context, instancePath) => {
  if (!context?.serverChecks || data === undefined || data === null || data === '') return null;
  const { name, read, ...rest } = typeof options === 'string' ? { name: options, read: undefined } : options;
  context.serverChecks.push({
    check: name,
    instancePath,
    value: data,
    options: read ? { ...rest, values: readValues(read, root, instancePath) } : rest,
  });
  return null;
};

export default {
  keyword: 'serverCheck',
  check: serverCheck,
  schemaType: ['string', 'object'],
} satisfies KeywordSpec;
