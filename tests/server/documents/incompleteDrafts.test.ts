// Drafts save incomplete (issue 26, spec §2): Document/add and Document/update check a draft with
// the kind's schema less its completeness keywords (engine/draft.ts); what is wrong is still refused;
// signing and sending checks it whole and answers the field errors. Every kind, both databases.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getLifecycle, lifecycleKinds } from '../../../src/engine/lifecycle';
import { type TestContext, withDatabases } from '../harness';
import {
  addDraft,
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  getModelSign,
  PARTIES,
  type SignedIn,
  signIn,
} from './exchange';
import { kindCases } from './kindContent';

let fixture: ExchangeFixture;
const senders = new Map<string, { keyId: string; identity: string }>();
beforeAll(async () => {
  fixture = await createExchangeFixture();
  for (const kind of lifecycleKinds()) senders.set(kind, (await kindCases(kind))[0].holders.sender![0]);
}, 120_000);
afterAll(() => fixture?.dispose());

/** A copy with a value at a pointer of names, the objects on the way created. */
function put(content: Record<string, unknown>, pointer: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(content);
  const steps = pointer.split('/').slice(1);
  let node: Record<string, any> = copy;
  for (const step of steps.slice(0, -1)) node = node[step] ??= {};
  node[steps[steps.length - 1]] = value;
  return copy;
}

/** A draft of only its sender and its number. */
function incomplete(kind: string, sender: string, number: unknown = 'D-1'): Record<string, unknown> {
  const lifecycle = getLifecycle(kind);
  return put(put({}, lifecycle.parties.sender.identity, sender), lifecycle.document.number, number);
}

/** The sender's action that signs and sends the document itself (send, or sign for one-sided kinds). */
function sendAction(kind: string): string {
  const lifecycle = getLifecycle(kind);
  const action = lifecycle.actions.find(
    (a) => a.by === 'sender' && a.from.includes(lifecycle.initial) && a.sign.shape === 'document',
  );
  if (!action) throw new Error(`${kind}: no action sends the document`);
  return action.name;
}

withDatabases(
  'incomplete drafts of every kind',
  (ctx: TestContext) => {
    const tokens = new Map<string, SignedIn>();
    beforeAll(async () => {
      for (const party of PARTIES) tokens.set(party.identity, await signIn(ctx, fixture, party));
    }, 60_000);

    it.each(lifecycleKinds())(
      '%s: saved and updated incomplete, refused on sending with its field errors',
      async (kind) => {
        const sender = tokens.get(senders.get(kind)!.identity)!;
        const added = await addDraft(ctx, sender, kind, incomplete(kind, sender.identity));
        expect(added.statusCode, added.body).toBe(200);
        const id = added.json().data.id as string;

        const updated = await ctx.app.inject({
          method: 'PUT',
          url: `/api/Document/update?documentId=${id}&version=1`,
          headers: auth(sender),
          payload: incomplete(kind, sender.identity, 'D-2'),
        });
        expect(updated.statusCode, updated.body).toBe(200);

        const refused = await getModelSign(ctx, sender, id, sendAction(kind));
        expect(refused.statusCode, refused.body).toBe(400);
        const body = refused.json();
        expect(body.code).toBe('VALIDATION');
        expect(body.errors.length).toBeGreaterThan(0);
        expect(body.errors.some((e: { keyword: string }) => e.keyword === 'required')).toBe(true);
        expect(body.errors.every((e: { path: string; message: string }) => e.message.length > 0)).toBe(true);
      },
    );

    it.each(lifecycleKinds())('%s: a draft is still refused for what it holds wrong', async (kind) => {
      const sender = tokens.get(senders.get(kind)!.identity)!;
      // A number longer than any kind allows (each kind's number has a maximum length).
      const oversize = await addDraft(ctx, sender, kind, incomplete(kind, sender.identity, 'N'.repeat(1000)));
      expect(oversize.statusCode, oversize.body).toBe(400);
      expect(oversize.json().errors.map((e: { keyword: string }) => e.keyword)).toContain('maxLength');
      // A number of the wrong type.
      const wrongType = incomplete(kind, sender.identity, { no: 1 });
      const typed = await addDraft(ctx, sender, kind, wrongType);
      expect(typed.statusCode, typed.body).toBe(400);
      expect(typed.json().errors.map((e: { keyword: string }) => e.keyword)).toContain('type');
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
