export { ruleProblems } from './checkRule';
export { describeCheck, type TranslateFn } from './describe';
export { type CheckContext, Evaluation, evaluateRule, evaluateRules, ruleApplies } from './evaluate';
export { partyFact, sourceOfFact } from './facts';
export { namedIn } from './operands';
export { checkRules, registerCheckRule } from './rules';
export * from './types';
