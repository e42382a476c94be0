import type { Condition, Operand } from './types';

// Walks a rule's conditions and operands: what the build checks (facts, fields, params named) and what
// the evaluator needs to know before it asks anyone (the facts a rule reads).

export interface Named {
  facts: Set<string>;
  fields: Set<string>;
  params: Set<string>;
  /** Operands that need the caller's history (kindOf, earliestDateOf). */
  history: boolean;
}

const COMPARISONS = [
  'equals',
  'notEquals',
  'greaterThan',
  'atLeast',
  'lessThan',
  'atMost',
  'before',
  'after',
] as const;
export const COMPARISON_KEYS = [
  ...COMPARISONS,
  'in',
  'isEmpty',
  'someStartsWith',
  'everyStartsWith',
] as const;

function walkOperand(operand: Operand, named: Named) {
  if (operand === null || typeof operand !== 'object') return;
  if ('fact' in operand) named.facts.add(operand.fact);
  else if ('field' in operand) named.fields.add(operand.field);
  else if ('param' in operand) named.params.add(operand.param);
  else if ('kindOf' in operand) {
    named.history = true;
    walkOperand(operand.kindOf, named);
  } else if ('earliestDateOf' in operand) {
    named.history = true;
    walkOperand(operand.earliestDateOf, named);
  } else if ('nextMonthDay' in operand) walkOperand(operand.nextMonthDay, named);
  else if ('addDays' in operand) walkOperand(operand.addDays, named);
  else if ('count' in operand) walkOperand(operand.count, named);
}

export function walkCondition(condition: Condition, named: Named) {
  if ('all' in condition) for (const c of condition.all) walkCondition(c, named);
  else if ('any' in condition) for (const c of condition.any) walkCondition(c, named);
  else if ('not' in condition) walkCondition(condition.not, named);
  else {
    walkOperand(condition.value, named);
    for (const key of COMPARISONS) if (condition[key] !== undefined) walkOperand(condition[key], named);
    for (const item of condition.in ?? []) walkOperand(item, named);
  }
}

export function namedIn(condition: Condition, show: Record<string, Operand> = {}): Named {
  const named: Named = { facts: new Set(), fields: new Set(), params: new Set(), history: false };
  walkCondition(condition, named);
  for (const operand of Object.values(show)) walkOperand(operand, named);
  return named;
}
