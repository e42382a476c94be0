import { sourceOfFact } from './facts';
import { namedIn } from './operands';
import type { CheckRule, CheckSource } from './types';

export interface KindFacts {
  /** The kinds and, for each, its lifecycle's action names and party roles. */
  kinds: Record<string, { actions: string[]; roles: string[] }>;
}

/**
 * What a rule file must hold together beyond its JSON schema (the build fails with every problem):
 * the facts, fields and params it names exist; `reads` lists exactly the sources they come from; every
 * field is declared for every kind it applies to; its kinds, roles and actions exist.
 */
export function ruleProblems(rule: CheckRule, fileId: string, known: KindFacts): string[] {
  const problems: string[] = [];
  if (rule.id !== fileId) problems.push(`/id "${rule.id}" must be the file name "${fileId}"`);
  const named = namedIn(rule.condition, rule.show);
  const sources = new Set<CheckSource>();
  if (named.fields.size || rule.appliesTo.classifierGroups) sources.add('document');
  if (named.history) sources.add('history');
  for (const fact of named.facts) {
    const source = sourceOfFact(fact);
    if (!source) problems.push(`/condition: unknown fact "${fact}"`);
    else sources.add(source);
    const role = source === 'taxAuthority' ? fact.slice(0, fact.indexOf('.')) : null;
    if (role)
      for (const kind of rule.appliesTo.kinds)
        if (known.kinds[kind] && !known.kinds[kind].roles.includes(role))
          problems.push(`/condition: kind "${kind}" has no party role "${role}" (fact "${fact}")`);
  }
  for (const source of sources)
    if (!rule.reads.includes(source))
      problems.push(`/reads must list "${source}" (a fact or field reads it)`);
  for (const source of rule.reads)
    if (!sources.has(source)) problems.push(`/reads lists "${source}" but nothing in the rule reads it`);
  if (rule.appliesTo.classifierGroups && !rule.fields?.catalogCode)
    problems.push('/appliesTo/classifierGroups needs the field "catalogCode" (the lines\' classifier code)');
  const fieldsUsed = new Set([...named.fields, ...(rule.appliesTo.classifierGroups ? ['catalogCode'] : [])]);
  for (const field of fieldsUsed) {
    const map = rule.fields?.[field];
    if (!map) {
      problems.push(`/fields: "${field}" is used but not declared`);
      continue;
    }
    for (const kind of rule.appliesTo.kinds)
      if (!map[kind]) problems.push(`/fields/${field}: no pointer for kind "${kind}"`);
  }
  for (const field of Object.keys(rule.fields ?? {}))
    if (!fieldsUsed.has(field)) problems.push(`/fields/${field} is declared but never used`);
  for (const param of named.params)
    if (rule.params?.[param] === undefined) problems.push(`/params: "${param}" is used but not declared`);
  for (const kind of rule.appliesTo.kinds)
    if (!known.kinds[kind]) problems.push(`/appliesTo/kinds: unknown kind "${kind}"`);
  for (const moment of rule.on) {
    if (moment === 'editor') continue;
    if (!rule.appliesTo.kinds.some((kind) => known.kinds[kind]?.actions.includes(moment)))
      problems.push(`/on: none of the rule's kinds has the action "${moment}"`);
  }
  const placeholders = new Set([...Object.keys(rule.params ?? {}), ...Object.keys(rule.show ?? {})]);
  for (const [lang, texts] of Object.entries(rule.text))
    for (const [part, value] of Object.entries(texts))
      for (const match of value.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g))
        if (!placeholders.has(match[1]))
          problems.push(`/text/${lang}/${part}: {{${match[1]}}} is neither a param nor a shown value`);
  return problems;
}
