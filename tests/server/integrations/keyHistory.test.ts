// Every action taken with an API key is attributed to it in the document's history (issue 30): the
// view names the key ("via API key «ERP»") for the key's own organisation — in getById and in the
// answer of a signed action the key posted (run's view from its transaction's rows, which must equal
// getById) — and not for the counterparty, nor for events a person took.
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  addDraft,
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  getModelSign,
  run,
  type SignedIn,
  signBytes,
  signIn,
  view,
} from '../documents/exchange';
import { type KindCase, kindCases } from '../documents/kindContent';
import { type TestContext, withDatabases } from '../harness';

let fixture: ExchangeFixture;
let invoice: KindCase;
beforeAll(async () => {
  fixture = await createExchangeFixture();
  const cases = await kindCases('invoice');
  invoice = cases.find((c) => Object.keys(c.holders).sort().join() === 'receiver,sender') ?? cases[0];
}, 120_000);
afterAll(() => fixture?.dispose());

interface ViewEvent {
  action: string;
  actor: { apiKey: string | null } | null;
}
const keysOf = (events: ViewEvent[]) => events.map((e) => [e.action, e.actor?.apiKey ?? null]);

withDatabases(
  'API key attribution in history',
  (ctx: TestContext) => {
    let sender: SignedIn;
    let receiver: SignedIn;
    let keyAuth: SignedIn;

    beforeAll(async () => {
      sender = await signIn(ctx, fixture, invoice.holders.sender![0]);
      receiver = await signIn(ctx, fixture, invoice.holders.receiver![0]);
      const roles = await ctx.app.inject({ method: 'GET', url: '/api/Roles/list', headers: auth(sender) });
      expect(roles.statusCode, roles.body).toBe(200);
      const director = roles.json().data.rows.find((r: { code: string }) => r.code === 'director');
      const added = await ctx.app.inject({
        method: 'POST',
        url: '/api/ApiKey/add',
        headers: auth(sender),
        payload: { name: 'ERP', roleId: director.id },
      });
      expect(added.statusCode, added.body).toBe(200);
      keyAuth = { ...sender, token: added.json().data.secret };
    }, 60_000);

    it('names the key in its own organisation’s history, in getById and in the run’s answer alike', {
      timeout: 60_000,
    }, async () => {
      const draft = await addDraft(ctx, keyAuth, invoice.kind, invoice.content);
      expect(draft.statusCode, draft.body).toBe(200);
      const id = draft.json().data.id as string;
      // A person changes nothing here, but the person's own view names the key too (same organisation).
      const model = await getModelSign(ctx, keyAuth, id, 'send');
      expect(model.statusCode, model.body).toBe(200);
      // Signing stays the signer's: the key posts a signature made with the organisation's own key.
      const signature = await signBytes(fixture, sender.keyId, model.json().data.toSign);
      const sent = await run(ctx, keyAuth, { documentId: id, action: 'send', signature });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(keysOf(sent.json().data.events)).toEqual([
        ['create', 'ERP'],
        ['send', 'ERP'],
      ]);
      const read = await view(ctx, keyAuth, id);
      expect(JSON.stringify(sent.json().data)).toBe(JSON.stringify(read.json().data));
      const byPerson = await view(ctx, sender, id);
      expect(keysOf(byPerson.json().data.events)).toEqual([
        ['create', 'ERP'],
        ['send', 'ERP'],
      ]);
      // The counterparty sees who acted, never the other organisation's key names.
      const theirs = await view(ctx, receiver, id);
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect(theirs.body).not.toContain('ERP');
      expect(keysOf(theirs.json().data.events).every(([, key]) => key === null)).toBe(true);
    });

    it('names no key for a person’s events', async () => {
      const draft = await addDraft(ctx, sender, invoice.kind, invoice.content);
      const id = draft.json().data.id as string;
      const read = await view(ctx, sender, id);
      expect(keysOf(read.json().data.events)).toEqual([['create', null]]);
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
