// "Send for approval" is offered only while the life cycle waits for the caller's organisation (its
// own draft, or a status awaiting one of its roles) — never on a document sent and waiting for the
// other side, nor on a final one (issue 26). Every kind, driven by its lifecycle.json.
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  getLifecycle,
  isAwaiting,
  lifecycleKinds,
  nextStatus,
  partiesOf,
  statusInfo,
} from '../../../src/engine/lifecycle';
import {
  act,
  addDraft,
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  PARTIES,
  type SignedIn,
  signIn,
} from '../documents/exchange';
import { type KindCase, kindCases } from '../documents/kindContent';
import { type TestContext, withDatabases } from '../harness';

let fixture: ExchangeFixture;
const cases: KindCase[] = [];
beforeAll(async () => {
  fixture = await createExchangeFixture();
  for (const kind of lifecycleKinds()) cases.push(...(await kindCases(kind)).slice(0, 1));
}, 120_000);
afterAll(() => fixture?.dispose());

withDatabases(
  'approval offers follow the life cycle',
  (ctx: TestContext) => {
    const tokens = new Map<string, SignedIn>();
    beforeAll(async () => {
      for (const party of PARTIES) tokens.set(party.identity, await signIn(ctx, fixture, party));
    }, 60_000);
    const info = async (who: SignedIn, documentId: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/Document/getAgreementInfo?documentId=${documentId}`,
        headers: auth(who),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { can: { create: boolean } };
    };

    it('offers a route on the sender’s draft and, once sent, only to a party the status waits for', async () => {
      expect(cases.length).toBeGreaterThanOrEqual(10);
      for (const c of cases) {
        const sender = tokens.get(c.holders.sender![0].identity)!;
        const added = await addDraft(ctx, sender, c.kind, c.content);
        expect(added.statusCode, `${c.kind}: ${added.body}`).toBe(200);
        const id = added.json().data.id as string;
        expect((await info(sender, id)).can.create, `${c.kind}: the sender's draft`).toBe(true);

        const sent = await act(ctx, fixture, sender, id, 'send');
        expect(sent.statusCode, `${c.kind} send: ${sent.body}`).toBe(200);
        const status = nextStatus(c.kind, 'send', {
          status: getLifecycle(c.kind).initial,
          content: c.content,
          parties: partiesOf(c.kind, c.content),
        }) as number;
        for (const [role, holders] of Object.entries(c.holders)) {
          for (const holder of holders ?? []) {
            const who = tokens.get(holder.identity)!;
            const roles = Object.entries(c.holders)
              .filter(([, list]) => list?.some((h) => h.identity === holder.identity))
              .map(([r]) => r) as never[];
            const view = await ctx.app.inject({
              method: 'GET',
              url: `/api/Document/getById?documentId=${id}`,
              headers: auth(who),
            });
            if (view.statusCode === 404) continue; // not shown to this party yet (an empowerment's supplier)
            const awaited =
              statusInfo(c.kind, status)?.final !== true && isAwaiting(c.kind, { status, roles });
            expect((await info(who, id)).can.create, `${c.kind} ${role} at ${status}`).toBe(awaited);
          }
        }
        // The sender of a sent document has nothing to sign: a route is refused, with a reason.
        if (!isAwaiting(c.kind, { status, roles: ['sender'] })) {
          const refused = await ctx.app.inject({
            method: 'POST',
            url: '/api/Document/createAgreement',
            headers: auth(sender),
            payload: { documentId: id, performers: ['00000000-0000-4000-8000-000000000000'] },
          });
          expect(refused.statusCode, `${c.kind}: ${refused.body}`).toBe(409);
          expect(refused.json().code).toBe('AGREEMENT_STATE');
        }
      }
    }, 240_000);
  },
  {
    config: {
      get signing() {
        return fixture.config.signing;
      },
    },
  },
);
