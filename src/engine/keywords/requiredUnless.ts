import { defineKeyword } from './define';
import { isBlank, readPath, toPointer } from './pointer';
import type { KeywordCheck } from './types';

interface Options {
  /** Path of the field deciding the rule, e.g. "FacturaType". */
  field: string;
  /** Values of that field for which the properties may stay empty/null (e.g. [0]). */
  equals: unknown[];
  /** Properties required (non-null) for every other value. */
  properties: string[];
}

/**
 * A conditional "required" without if/then/else: RJSF's precompiled validators would need a
 * separate compiled function for every conditional sub-schema, so the condition is a keyword.
 * Example: the old-document block is required when FacturaType ≠ 0.
 */
export const requiredUnless: KeywordCheck<Options> = (data, options) => {
  if (options.equals.includes(readPath(data, options.field))) return null;
  const missing = options.properties.filter((property) => isBlank(readPath(data, property)));
  return missing.length === 0
    ? null
    : missing.map((property) => ({ path: toPointer(property), params: { missingProperty: property, when: options.field } }));
};

export default defineKeyword('requiredUnless', requiredUnless, {
  type: 'object',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['field', 'equals', 'properties'],
    properties: {
      field: { type: 'string' },
      equals: { type: 'array' },
      properties: { type: 'array', items: { type: 'string' } },
    },
    additionalProperties: false,
  },
});
