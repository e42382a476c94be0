// The schema build refuses a rule file that does not hold together: an unknown field, a missing
// translation, a fact nobody provides, `reads` that hide what the rule reads, a kind that does not exist.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverKinds } from '../../scripts/build-schemas';
import { readCheckRules } from '../../scripts/checkRules';

const ROOT = path.resolve(__dirname, '../..');
const RULES = path.join(ROOT, 'schemas/checks/rules');
const base = () => JSON.parse(fs.readFileSync(path.join(RULES, 'buyer-vat-payer.json'), 'utf8'));

let dir = '';
function read(rule: Record<string, any>, file = `${rule.id}.json`) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-rule-build-'));
  fs.mkdirSync(path.join(dir, 'checks', 'rules'), { recursive: true });
  fs.copyFileSync(
    path.join(ROOT, 'schemas/checks/rule.schema.json'),
    path.join(dir, 'checks', 'rule.schema.json'),
  );
  fs.writeFileSync(path.join(dir, 'checks', 'rules', file), JSON.stringify(rule));
  return () => readCheckRules(dir, discoverKinds());
}
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('schema build: check rule files', () => {
  it('reads every rule of the repository', () => {
    const rules = readCheckRules(path.join(ROOT, 'schemas'), discoverKinds());
    expect(rules.length).toBe(fs.readdirSync(RULES).filter((f) => f.endsWith('.json')).length);
  });

  it('accepts the base rule as it is', () => {
    expect(read(base())()).toHaveLength(1);
  });

  it('refuses an unknown field, at the top and inside a condition', () => {
    expect(read({ ...base(), severity: 'high' })).toThrow(/unknown field "severity"/);
    expect(read({ ...base(), condition: { value: { fact: 'receiver.vatPayer' }, equalz: false } })).toThrow(
      /buyer-vat-payer\.json/,
    );
  });

  it('refuses a missing translation, a missing text part and a blank one', () => {
    const { uz: _uz, ...text } = base().text;
    expect(read({ ...base(), text })).toThrow(/must have required property 'uz'/);
    const noAction = base();
    delete noAction.text.en.action;
    expect(read(noAction)).toThrow(/action/);
    const blank = base();
    blank.text.ru.reason = '   ';
    expect(read(blank)).toThrow(/reason/);
  });

  it('refuses a fact nobody provides, reads that do not match, an unknown kind, a text placeholder of nothing', () => {
    expect(read({ ...base(), condition: { value: { fact: 'receiver.mood' }, equals: 'bad' } })).toThrow(
      /unknown fact "receiver.mood"/,
    );
    expect(read({ ...base(), reads: ['document'] })).toThrow(/reads must list "taxAuthority"/);
    expect(read({ ...base(), appliesTo: { kinds: ['nokind'] } })).toThrow(/unknown kind "nokind"/);
    const placeholder = base();
    placeholder.text.en.reason = 'Since {{since}}';
    expect(read(placeholder)).toThrow(/\{\{since\}\} is neither/);
  });

  it('refuses a file named otherwise than its id, and a rule without a tripping and a passing fixture', () => {
    expect(read(base(), 'other-name.json')).toThrow(/must be the file name "other-name"/);
    expect(read({ ...base(), fixtures: [base().fixtures[0]] })).toThrow(/fixtures/);
  });
});
