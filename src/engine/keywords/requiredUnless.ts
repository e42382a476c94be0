import { isBlank, readPath, toPointer } from './pointer';
import type { KeywordCheck, KeywordSpec } from './types';

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
 * Example: the old-document block is required when FacturaType ≠ 0. Takes one rule or a list.
 */
export const requiredUnless: KeywordCheck<Options | Options[]> = (data, options) => {
  const issues = (Array.isArray(options) ? options : [options]).flatMap((rule) =>
    rule.equals.includes(readPath(data, rule.field))
      ? []
      : rule.properties
          .filter((property) => isBlank(readPath(data, property)))
          .map((property) => ({
            path: toPointer(property),
            params: { missingProperty: property, when: rule.field },
          })),
  );
  return issues.length ? issues : null;
};

export default {
  keyword: 'requiredUnless',
  check: requiredUnless,
  type: 'object',
  schemaType: ['object', 'array'],
  metaSchema: {
    anyOf: [{ $ref: '#/definitions/rule' }, { type: 'array', items: { $ref: '#/definitions/rule' } }],
    definitions: {
      rule: {
        type: 'object',
        required: ['field', 'equals', 'properties'],
        properties: {
          field: { type: 'string' },
          equals: { type: 'array' },
          properties: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    },
  },
} satisfies KeywordSpec;
