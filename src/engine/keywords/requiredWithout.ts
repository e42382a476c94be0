import { isBlank, readPath, toPointer } from './pointer';
import type { KeywordCheck, KeywordSpec } from './types';

/**
 * `{ "MeasureId": "PackageCode" }`: MeasureId is required when PackageCode is empty (acts: a line
 * with a classifier package needs no measure, otherwise the measure is required). Message key
 * validation.requiredWithoutField.
 */
export const requiredWithout: KeywordCheck<Record<string, string>> = (data, options) => {
  const issues = Object.entries(options)
    .filter(([property, other]) => isBlank(readPath(data, other)) && isBlank(readPath(data, property)))
    .map(([property, other]) => ({
      path: toPointer(property),
      params: { missingProperty: property, other },
    }));
  return issues.length ? issues : null;
};

export default {
  keyword: 'requiredWithout',
  check: requiredWithout,
  type: 'object',
  schemaType: 'object',
  metaSchema: { type: 'object', additionalProperties: { type: 'string' } },
} satisfies KeywordSpec;
