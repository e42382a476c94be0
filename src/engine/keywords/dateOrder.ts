import { parseIsoDate } from './dates';
import { readPath, toPointer } from './pointer';
import type { KeywordCheck, KeywordIssue, KeywordSpec } from './types';

interface Rule {
  /** Path of the earlier date (e.g. "DateOfIssue"). */
  from: string;
  /** Path of the later date (e.g. "DateOfExpire"); it may equal `from`. */
  to: string;
}

/**
 * On an object: the `to` date is not before the `from` date (an empowerment expires after it is
 * issued, a rent ends after it starts). Bad or missing dates are left to isoDate/required.
 */
export const dateOrder: KeywordCheck<Rule | Rule[]> = (data, rules) => {
  let issues: KeywordIssue[] | null = null;
  for (const rule of Array.isArray(rules) ? rules : [rules]) {
    const from = readPath(data, rule.from);
    const to = readPath(data, rule.to);
    if (parseIsoDate(from) === null || parseIsoDate(to) === null) continue;
    if ((to as string) >= (from as string)) continue;
    issues ??= [];
    issues.push({ path: toPointer(rule.to), params: { from, to, fromField: rule.from } });
  }
  return issues;
};

const ruleSchema = {
  type: 'object',
  required: ['from', 'to'],
  properties: { from: { type: 'string' }, to: { type: 'string' } },
  additionalProperties: false,
};

export default {
  keyword: 'dateOrder',
  check: dateOrder,
  type: 'object',
  schemaType: ['object', 'array'],
  metaSchema: { anyOf: [ruleSchema, { type: 'array', items: ruleSchema }] },
} satisfies KeywordSpec;
