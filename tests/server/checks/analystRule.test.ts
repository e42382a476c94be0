// An analyst's new rule added as data (a rule file, checked by the schema build's reader) works
// without code: the panel's route shows it, and as a block it refuses the send and the accept on the
// server — the browser bypassed, the API called directly — with its id and message.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { discoverKinds } from '../../../scripts/build-schemas';
import { readCheckRules, ruleLocales } from '../../../scripts/checkRules';
import { registerCheckRule } from '../../../src/engine/checks';
import { addTranslations } from '../../../src/server/i18n';
import {
  act,
  addDraft,
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  getModelSign,
  ORG1,
  ORG2,
  type SignedIn,
  signIn,
} from '../documents/exchange';
import { kindCases } from '../documents/kindContent';
import { withDatabases } from '../harness';

const SCHEMA = path.resolve(__dirname, '../../../schemas/checks/rule.schema.json');

/** The analyst's file: an invoice above a total is refused at send and at accept. */
function analystRule(limit: number) {
  return {
    $schema: '../rule.schema.json',
    id: 'invoice-total-limit',
    note: 'Written by a test as an analyst would: no code.',
    level: 'block',
    reads: ['document'],
    on: ['editor', 'send', 'accept'],
    appliesTo: { kinds: ['invoice'] },
    params: { limit },
    condition: { value: { fact: 'document.total' }, greaterThan: { param: 'limit' } },
    show: { total: { fact: 'document.total' } },
    text: {
      ru: {
        title: 'Сумма выше предела',
        reason: 'Сумма {{total}} больше {{limit}}.',
        action: 'Разделите поставку.',
      },
      uz: {
        title: 'Summa chegaradan yuqori',
        reason: '{{total}} summa {{limit}} dan katta.',
        action: "Yetkazib berishni bo'ling.",
      },
      en: {
        title: 'Total above the limit',
        reason: 'The total {{total}} exceeds {{limit}}.',
        action: 'Split the delivery.',
      },
    },
    fixtures: [
      { expect: 'tripped', kind: 'invoice' },
      { expect: 'passed', kind: 'invoice', set: { '/ProductList/Products/0/Count': 1 } },
    ],
  };
}

/** Reads the rule as the build does (schema, references) from a folder of its own. */
function readAsBuild(rule: object) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-rules-'));
  fs.mkdirSync(path.join(dir, 'checks', 'rules'), { recursive: true });
  fs.copyFileSync(SCHEMA, path.join(dir, 'checks', 'rule.schema.json'));
  fs.writeFileSync(path.join(dir, 'checks', 'rules', 'invoice-total-limit.json'), JSON.stringify(rule));
  try {
    return readCheckRules(dir, discoverKinds());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let fixture: ExchangeFixture;
beforeAll(async () => {
  fixture = await createExchangeFixture();
}, 120_000);
afterAll(async () => fixture?.dispose());

describe('an analyst rule file', () => {
  it('passes the build reader unchanged', () => {
    expect(readAsBuild(analystRule(1)).map((r) => r.id)).toEqual(['invoice-total-limit']);
  });
});

withDatabases(
  'checks: an analyst rule added as data',
  (ctx) => {
    let seller: SignedIn;
    let buyer: SignedIn;
    let unregister: (() => void) | null = null;
    const register = (limit: number) => {
      unregister?.();
      const [rule] = readAsBuild(analystRule(limit));
      // What the build writes to locales/<lang>/checkRules.json for it.
      addTranslations('checkRules', ruleLocales([rule]));
      unregister = registerCheckRule(rule);
    };
    afterEach(() => {
      unregister?.();
      unregister = null;
    });
    beforeAll(async () => {
      seller = await signIn(ctx, fixture, ORG1);
      buyer = await signIn(ctx, fixture, ORG2);
    });
    let serial = 0;
    async function draft() {
      // Without the agent: the buyer accepts right after the send.
      const cases = await kindCases('invoice');
      const content = structuredClone((cases.find((c) => c.variant === 'minimal') ?? cases[0]).content);
      content.FacturaDoc.FacturaNo = `CHK-AN-${ctx.kind}-${++serial}`;
      const added = await addDraft(ctx, seller, 'invoice', content);
      expect(added.statusCode, added.body).toBe(200);
      return { id: added.json().data.id as string, content };
    }

    it('shows in the panel and refuses the send with its id and message', async () => {
      const { id, content } = await draft();
      register(1);
      const checks = await ctx.app.inject({
        method: 'POST',
        url: `/api/Document/checks?kind=invoice&documentId=${id}`,
        headers: auth(seller, { 'accept-language': 'en' }),
        payload: content,
      });
      expect(checks.statusCode, checks.body).toBe(200);
      const shown = checks.json().data;
      expect(shown.blocked).toBe(true);
      const mine = shown.checks.find((c: { id: string }) => c.id === 'invoice-total-limit');
      expect(mine).toMatchObject({ level: 'block', outcome: 'tripped', title: 'Total above the limit' });
      expect(mine.reason).toContain('exceeds 1');

      const refused = await getModelSign(ctx, seller, id, 'send');
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().code).toBe('CHECK_BLOCKED');
      expect(refused.json().errors[0].params.rule).toBe('invoice-total-limit');

      // The same rule with a higher limit (retuned as data) lets it go.
      register(1_000_000_000_000);
      expect((await getModelSign(ctx, seller, id, 'send')).statusCode).toBe(200);
    });

    it('bulk signing runs the same rules and reports the refusal per document', async () => {
      const blocked = await draft();
      register(1);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/DocumentSignAction/multiGetModelSign',
        headers: auth(seller, { 'accept-language': 'en' }),
        payload: { items: [{ documentId: blocked.id, action: 'send' }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [item] = res.json().data;
      expect(item).toMatchObject({ documentId: blocked.id, success: false, code: 'CHECK_BLOCKED' });
      expect(item.message).toContain('invoice-total-limit');
      expect(item.message).toContain('Total above the limit');
    });

    it('refuses a run whose bytes were obtained before the rule: the check runs again at run', async () => {
      const { id } = await draft();
      const model = await getModelSign(ctx, seller, id, 'send');
      expect(model.statusCode).toBe(200);
      register(1);
      const { signBytes, run } = await import('../documents/exchange');
      const signature = await signBytes(fixture, seller.keyId, model.json().data.toSign);
      const res = await run(ctx, seller, { documentId: id, action: 'send', signature });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('CHECK_BLOCKED');
    });

    it("refuses the buyer's accept when the rule is on accept", async () => {
      const { id } = await draft();
      const sent = await act(ctx, fixture, seller, id, 'send');
      expect(sent.statusCode, sent.body).toBe(200);
      register(1);
      const refused = await getModelSign(ctx, buyer, id, 'accept');
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors[0].params.rule).toBe('invoice-total-limit');
      const incoming = await ctx.app.inject({
        method: 'GET',
        url: `/api/Document/checks?documentId=${id}&moment=accept`,
        headers: auth(buyer),
      });
      expect(incoming.json().data.checks.map((c: { id: string }) => c.id)).toContain('invoice-total-limit');
    });
  },
  {
    config: {
      get signing() {
        return fixture.config.signing;
      },
    },
  },
);
