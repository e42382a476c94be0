// The engine's evaluator: the browser's share of the checks (document-only rules), and the
// three-valued logic that keeps a fact nobody obtained from reading as "passed".
import { describe, expect, it } from 'vitest';
import { type CheckRule, checkRules, evaluateRules, UNKNOWN } from '../../src/engine/checks';
import { fixtureContent } from '../server/checks/fixtures';

const rule = (condition: CheckRule['condition'], extra: Partial<CheckRule> = {}): CheckRule => ({
  id: 'test-rule',
  level: 'warn',
  reads: ['document', 'taxAuthority'],
  on: ['editor'],
  appliesTo: { kinds: ['invoice'] },
  condition,
  text: {} as CheckRule['text'],
  ...extra,
});

describe('engine checks', () => {
  it('the browser evaluates only the rules the document alone decides', async () => {
    const content = await fixtureContent('invoice');
    const results = await evaluateRules(
      checkRules(),
      { kind: 'invoice', content, now: '2026-11-06' },
      {
        moment: 'editor',
        documentOnly: true,
      },
    );
    const ids = results.map((r) => r.id);
    expect(ids).toContain('waybill-missing');
    expect(ids).not.toContain('buyer-vat-payer');
    expect(results.find((r) => r.id === 'waybill-missing')?.outcome).toBe('tripped');
  });

  it('a fact nobody provides makes the rule "not checked", in all, any and not alike', async () => {
    const content = await fixtureContent('invoice');
    const unknown = { value: { fact: 'receiver.vatPayer' }, equals: false } as const;
    const truths = { value: 1, equals: 1 } as const;
    const falsity = { value: 1, equals: 2 } as const;
    const cases: Array<[CheckRule['condition'], string]> = [
      [unknown, 'notChecked'],
      [{ not: unknown }, 'notChecked'],
      [{ all: [truths, unknown] }, 'notChecked'],
      [{ all: [falsity, unknown] }, 'passed'],
      [{ any: [truths, unknown] }, 'tripped'],
      [{ any: [falsity, unknown] }, 'notChecked'],
    ];
    for (const [condition, outcome] of cases) {
      const [result] = await evaluateRules([rule(condition)], { kind: 'invoice', content });
      expect(result.outcome, JSON.stringify(condition)).toBe(outcome);
    }
  });

  it('a provider that fails or answers UNKNOWN is "not checked"; its answer decides otherwise', async () => {
    const content = await fixtureContent('invoice');
    const condition = { value: { fact: 'receiver.vatPayer' }, equals: false } as const;
    const run = (fact: () => unknown) =>
      evaluateRules([rule(condition)], { kind: 'invoice', content, provider: { fact } as never });
    expect((await run(() => UNKNOWN))[0].outcome).toBe('notChecked');
    expect((await run(() => Promise.reject(new Error('down'))))[0].outcome).toBe('notChecked');
    expect((await run(() => false))[0].outcome).toBe('tripped');
    expect((await run(() => true))[0].outcome).toBe('passed');
  });

  it('dates: the 10th and the 20th of the next month, December into January', async () => {
    const content = await fixtureContent('invoice', { '/FacturaDoc/FacturaDate': '2026-12-31' });
    const late = rule(
      { value: { fact: 'today' }, after: { nextMonthDay: { fact: 'document.date' }, day: 20 } },
      { reads: ['document'], show: { deadline: { nextMonthDay: { fact: 'document.date' }, day: 20 } } },
    );
    const on = async (now: string) => (await evaluateRules([late], { kind: 'invoice', content, now }))[0];
    expect((await on('2027-01-20T12:00:00+05:00')).outcome).toBe('passed');
    const after = await on('2027-01-21T12:00:00+05:00');
    expect(after.outcome).toBe('tripped');
    expect(after.params.deadline).toBe('2027-01-20');
  });
});
