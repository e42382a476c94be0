import { generatedCheckRules } from '../generated/checks';
import type { CheckRule } from './types';

const rules: CheckRule[] = [...(generatedCheckRules as unknown as CheckRule[])];

/** The rules of schemas/checks/rules (checked by the schema build), without their test fixtures. */
export function checkRules(): readonly CheckRule[] {
  return rules;
}

/**
 * A rule checked elsewhere (the build's readCheckRules) added at run time — how a test shows that an
 * analyst's new rule file works without code. Replaces a rule of the same id.
 */
export function registerCheckRule(rule: CheckRule): () => void {
  const index = rules.findIndex((r) => r.id === rule.id);
  const previous = index >= 0 ? rules[index] : null;
  if (index >= 0) rules[index] = rule;
  else rules.push(rule);
  return () => {
    const at = rules.indexOf(rule);
    if (at < 0) return;
    if (previous) rules[at] = previous;
    else rules.splice(at, 1);
  };
}
