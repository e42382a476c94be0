// DocumentSignAction/run answers the document's view from the rows its transaction read and wrote
// (no statement after the commit). It must be exactly what Document/getById answers afterwards —
// also when another party's bin appended an event without raising the version, and when an
// Idempotency-Key replays the answer (read the plain way). lifecycle.test.ts checks every action of
// every kind the same way.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getLifecycle, writeOne } from '../../../src/engine/lifecycle';
import { type TestContext, withDatabases } from '../harness';
import {
  act,
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
} from './exchange';
import { type KindCase, kindCases } from './kindContent';

let fixture: ExchangeFixture;
let invoice: KindCase;
beforeAll(async () => {
  fixture = await createExchangeFixture();
  // An invoice between two organisations only (no agent to sign first).
  const cases = await kindCases('invoice');
  invoice = cases.find((c) => Object.keys(c.holders).sort().join() === 'receiver,sender') ?? cases[0];
}, 120_000);
afterAll(() => fixture?.dispose());

withDatabases(
  'run answers the view getById reads',
  (ctx: TestContext) => {
    let sender: SignedIn;
    let receiver: SignedIn;

    beforeAll(async () => {
      sender = await signIn(ctx, fixture, invoice.holders.sender![0]);
      receiver = await signIn(ctx, fixture, invoice.holders.receiver![0]);
    }, 60_000);

    async function sameAsGetById(who: SignedIn, answer: { statusCode: number; body: string; json(): any }) {
      expect(answer.statusCode, answer.body).toBe(200);
      const data = answer.json().data;
      const read = await view(ctx, who, data.id);
      expect(JSON.stringify(data)).toBe(JSON.stringify(read.json().data));
    }

    it('after a bin of the other party (an event without a new version)', async () => {
      const id = (await addDraft(ctx, sender, invoice.kind, invoice.content)).json().data.id as string;
      await sameAsGetById(sender, await act(ctx, fixture, sender, id, 'send'));
      // The sender bins its copy: the chain grows, the version stays.
      const binned = await ctx.app.inject({
        method: 'POST',
        url: '/api/Document/bulkBin',
        headers: auth(sender),
        payload: { ids: [id] },
      });
      expect(binned.statusCode, binned.body).toBe(200);
      const accepted = await act(ctx, fixture, receiver, id, 'accept');
      await sameAsGetById(receiver, accepted);
      expect(accepted.json().data.events.map((e: { action: string }) => e.action)).toContain('bin');
    });

    it('an answer replayed for an Idempotency-Key', async () => {
      // Its own number: the same document sent twice is a duplicate (issue 26).
      const content = writeOne(invoice.content, getLifecycle(invoice.kind).document.number, 'RV-2');
      const id = (await addDraft(ctx, sender, invoice.kind, content)).json().data.id as string;
      const model = await getModelSign(ctx, sender, id, 'send');
      const signature = await signBytes(fixture, sender.keyId, model.json().data.toSign);
      const headers = { 'idempotency-key': `run-view-${id}` };
      const first = await run(ctx, sender, { documentId: id, action: 'send', signature }, headers);
      const again = await run(ctx, sender, { documentId: id, action: 'send', signature }, headers);
      await sameAsGetById(sender, first);
      await sameAsGetById(sender, again);
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
