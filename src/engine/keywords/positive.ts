import { readPath } from './pointer';
import type { KeywordCheck, KeywordSpec } from './types';

interface Unless {
  /** Path from the document root, e.g. "FacturaType". */
  field: string;
  /** Values of that field for which any sign is allowed (an additional invoice's negative difference). */
  equals: unknown[];
}

type Options = true | { unless: Unless };

/**
 * On a number (a line's price): greater than zero. `{ "unless": { field, equals } }` declares the
 * kind's documents where a negative or zero value is legitimate (uz-edi.md §d.3: an additional
 * invoice shows the negative adjustment of a price). The field is read from the document: the root,
 * or the context's `document` when a part of it (a product line) is validated alone.
 */
export const positive: KeywordCheck<Options> = (data, options, rootData, context) => {
  if (typeof data !== 'number' || data > 0) return null;
  if (options !== true) {
    const document = context?.document ?? rootData;
    const value = readPath(document, options.unless.field);
    if (options.unless.equals.some((allowed) => allowed === value)) return null;
  }
  return [{ params: { value: data } }];
};

export default {
  keyword: 'positive',
  check: positive,
  type: 'number',
  schemaType: ['boolean', 'object'],
  metaSchema: {
    anyOf: [
      { const: true },
      {
        type: 'object',
        required: ['unless'],
        additionalProperties: false,
        properties: {
          unless: {
            type: 'object',
            required: ['field', 'equals'],
            additionalProperties: false,
            properties: { field: { type: 'string' }, equals: { type: 'array', minItems: 1 } },
          },
        },
      },
    ],
  },
} satisfies KeywordSpec;
