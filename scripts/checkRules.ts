// The schema build's part for pre-sign checks (issue 29): every schemas/checks/rules/<id>.json is
// validated against schemas/checks/rule.schema.json (an unknown field or a missing translation fails
// the build) and for references that hold together (engine/checks/checkRule.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { ruleProblems } from '../src/engine/checks/checkRule';
import type { CheckRule } from '../src/engine/checks/types';
import type { Lifecycle } from '../src/engine/lifecycle/types';

interface KindDir {
  kind: string;
  group: string;
  dir: string;
}

function knownKinds(kinds: KindDir[]) {
  const known: Record<string, { actions: string[]; roles: string[] }> = {};
  for (const { kind, group, dir } of kinds) {
    const file = join(dir, 'lifecycle.json');
    if (group !== 'documents' || !existsSync(file)) continue;
    const lifecycle = JSON.parse(readFileSync(file, 'utf8')) as Lifecycle;
    known[kind] = {
      actions: lifecycle.actions.map((action) => action.name),
      roles: Object.keys(lifecycle.parties),
    };
  }
  return known;
}

/** Every rule file, checked; throws with every problem of every file. */
export function readCheckRules(schemasDir: string, kinds: KindDir[]): CheckRule[] {
  const dir = join(schemasDir, 'checks', 'rules');
  if (!existsSync(dir)) return [];
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(
    JSON.parse(readFileSync(join(schemasDir, 'checks', 'rule.schema.json'), 'utf8')),
  );
  const known = { kinds: knownKinds(kinds) };
  const rules: CheckRule[] = [];
  const problems: string[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const rule = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CheckRule;
    const found = validate(rule)
      ? ruleProblems(rule, file.replace(/\.json$/, ''), known)
      : (validate.errors ?? [])
          .filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'if')
          .map((e) =>
            e.keyword === 'additionalProperties'
              ? `${e.instancePath || '/'}: unknown field "${(e.params as { additionalProperty: string }).additionalProperty}"`
              : `${e.instancePath || '/'} ${e.message}`,
          );
    if (found.length)
      problems.push(`schemas/checks/rules/${file}:\n    ${[...new Set(found)].join('\n    ')}`);
    else rules.push(rule);
  }
  if (problems.length) throw new Error(problems.join('\n  '));
  return rules;
}

/** generated/checks.ts: the rules as the evaluators read them (fixtures and notes stay in the files). */
export function checkRulesModule(rules: CheckRule[], header: string): string {
  const stripped = rules.map(
    ({ fixtures: _f, note: _n, text: _t, $schema: _s, ...rule }: CheckRule & { $schema?: string }) => rule,
  );
  return `${header}\n/** The pre-sign checks of schemas/checks/rules (texts: locales/<lang>/checkRules.json). */\nexport const generatedCheckRules = ${JSON.stringify(stripped, null, 2)} as const;\n`;
}

/** The rules' texts by language: { ru: { <id>: { title, reason, action } }, … }. */
export function ruleLocales(rules: CheckRule[]): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = { ru: {}, uz: {}, en: {} };
  for (const rule of rules) for (const lang of Object.keys(out)) out[lang][rule.id] = rule.text[lang as 'ru'];
  return out;
}
