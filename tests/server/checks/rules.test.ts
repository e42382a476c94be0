// Every rule of schemas/checks/rules against its own fixtures (a document that trips it, one that
// passes, "not checked" when the tax authority does not answer), on both databases, through the
// server's evaluator with the demo registry — so a rule added as data is covered by its data.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runChecks } from '../../../src/server/services/checks';
import { taxAuthorityOf } from '../../../src/server/services/soliq/instance';
import type { TaxAuthority } from '../../../src/server/services/soliq/types';
import { withDatabases } from '../harness';
import { fixtureContent, insertSent, ruleFiles } from './fixtures';

/** The demo registry that never answers (a service slower than any deadline). */
function silent(authority: TaxAuthority): TaxAuthority {
  const never = () => new Promise<never>(() => {});
  return new Proxy(authority, {
    get: (target, name) => (typeof (target as any)[name] === 'function' ? never : (target as any)[name]),
  });
}

const rules = ruleFiles();

describe('rule files', () => {
  it('every rule has a fixture that trips it and one that passes', () => {
    for (const rule of rules) {
      const expected = new Set(rule.fixtures.map((f) => f.expect));
      expect(expected.has('tripped') && expected.has('passed'), rule.id).toBe(true);
    }
  });
});

withDatabases('checks: every rule on its fixtures', (ctx) => {
  const org = { id: '', identity: '302000001' };
  beforeAll(async () => {
    const { rows } = await ctx.db.query<{ id: string }>(`select id from organizations where tin = $1`, [
      org.identity,
    ]);
    org.id = rows[0].id;
  });
  beforeEach(async () => {
    await ctx.db.query(`delete from documents where owner_org_id = $1`, [org.id]);
  });

  for (const rule of rules) {
    rule.fixtures.forEach((fixture, index) => {
      it(`${rule.id} #${index + 1} ${fixture.expect}: ${fixture.about ?? ''}`, async () => {
        for (const sent of fixture.sentBefore ?? []) {
          const kind = sent.kind ?? fixture.kind;
          await insertSent(ctx.db, org, kind, await fixtureContent(kind, sent.set));
        }
        const content = await fixtureContent(fixture.kind, fixture.set, fixture.lines);
        const demo = taxAuthorityOf(ctx.app);
        const { checks } = await runChecks({
          db: ctx.db,
          authority: fixture.taxAuthority === 'timeout' ? silent(demo) : demo,
          caller: { user: { organizationId: org.id }, identity: org.identity, lang: 'en' },
          kind: fixture.kind,
          content,
          moment: rule.on[0],
          now: `${fixture.today ?? '2026-11-06'}T10:00:00+05:00`,
          deadlineMs: 100,
        });
        const result = checks.find((check) => check.id === rule.id);
        // A rule that does not concern the document (another classifier group, type) passes it.
        expect(result?.outcome ?? 'passed').toBe(fixture.expect);
        if (result && result.outcome !== 'passed') {
          expect(result.title).not.toMatch(/^checkRules:/);
          expect(result.reason).not.toMatch(/\{\{/);
        }
        if (result && rule.reads.includes('taxAuthority') && result.outcome !== 'notChecked')
          expect(result.demo).toBe(true);
      });
    });
  }
});
