// The bin is each party's own (issue 26, a rule no test held): a signed action by one party never
// changes another party's bin state. For every kind, from its data: the sender bins its copy and the
// first other party that is offered an action takes it — the sender's copy stays in its bin; then on
// a second document every other holder bins its copy and the sender acts (cancels) — theirs stay.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getLifecycle, lifecycleKinds, writeOne } from '../../../src/engine/lifecycle';
import { type TestContext, withDatabases } from '../harness';
import {
  act,
  addDraft,
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  type SignedIn,
  signIn,
  view,
} from './exchange';
import { type KindCase, kindCases } from './kindContent';

let fixture: ExchangeFixture;
const cases: KindCase[] = [];
beforeAll(async () => {
  fixture = await createExchangeFixture();
  for (const kind of lifecycleKinds()) cases.push((await kindCases(kind))[0]);
}, 120_000);
afterAll(() => fixture?.dispose());

withDatabases(
  'per-party bin: one party’s action leaves the others’ bins alone',
  (ctx: TestContext) => {
    const sessions = new Map<string, SignedIn>();
    const as = async (party: { keyId: string; identity: string }) => {
      if (!sessions.has(party.identity)) sessions.set(party.identity, await signIn(ctx, fixture, party));
      return sessions.get(party.identity)!;
    };
    const binStates = async (id: string) =>
      Object.fromEntries(
        (
          await ctx.db.query<{ identity: string; bin_state: string }>(
            'select identity, bin_state from document_parties where document_id = $1',
            [id],
          )
        ).rows.map((row) => [row.identity, row.bin_state]),
      );
    const bin = async (who: SignedIn, id: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/Document/bulkBin',
        headers: auth(who),
        payload: { ids: [id] },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.results[0], res.body).toMatchObject({ success: true });
    };
    /** The first signed action the view offers `who`, taken (with a reason where one is asked). */
    const actOffered = async (who: SignedIn, id: string) => {
      const offered = (await view(ctx, who, id)).json().data.actions.find((a: any) => a.kind === 'sign');
      if (!offered) return null;
      const reason = offered.reason === 'required' ? 'Per-party bin (test)' : undefined;
      const res = await act(ctx, fixture, who, id, offered.name, { reason });
      expect(res.statusCode, `${offered.name}: ${res.body}`).toBe(200);
      return offered.name as string;
    };
    let serial = 0;
    /** A document of the kind sent by its sender, with a number of its own (a duplicate is refused). */
    const sent = async (c: KindCase) => {
      const sender = await as(c.holders.sender![0]);
      serial += 1;
      const content = writeOne(c.content, getLifecycle(c.kind).document.number, `PPB-${serial}`);
      const added = await addDraft(ctx, sender, c.kind, content);
      expect(added.statusCode, `${c.kind}: ${added.body}`).toBe(200);
      const id = added.json().data.id as string;
      expect((await act(ctx, fixture, sender, id, 'send')).statusCode).toBe(200);
      return { sender, id };
    };
    /** The other parties that hold the document now (their lists show it). */
    const othersHolding = async (c: KindCase, id: string, sender: SignedIn) => {
      const { rows } = await ctx.db.query<{ identity: string }>(
        `select identity from document_parties where document_id = $1 and box is not null and identity <> $2`,
        [id, sender.identity],
      );
      const parties = Object.values(c.holders).flat() as Array<{ keyId: string; identity: string }>;
      return Promise.all(rows.map((row) => as(parties.find((p) => p.identity === row.identity)!)));
    };

    it('every kind: another party acts while the sender’s copy is binned, and the sender cancels while the others’ are', async () => {
      let actedOn = 0;
      for (const c of cases) {
        // The sender bins; the first other party offered a signed action takes it.
        const first = await sent(c);
        await bin(first.sender, first.id);
        let acted: string | null = null;
        for (const other of await othersHolding(c, first.id, first.sender)) {
          acted = await actOffered(other, first.id);
          if (acted) break;
        }
        if (acted) {
          actedOn += 1;
          expect((await binStates(first.id))[first.sender.identity], `${c.kind} after ${acted}`).toBe(
            'binned',
          );
        }

        // Every other holder bins; the sender takes the action it is offered (cancel).
        const second = await sent(c);
        const others = await othersHolding(c, second.id, second.sender);
        for (const other of others) await bin(other, second.id);
        const cancelled = await actOffered(second.sender, second.id);
        if (cancelled && others.length) {
          actedOn += 1;
          const states = await binStates(second.id);
          for (const other of others)
            expect(states[other.identity], `${c.kind}: ${other.identity} after ${cancelled}`).toBe('binned');
          expect(states[second.sender.identity]).toBe('active');
        }
      }
      // Both directions were walked for nearly every kind (a one-sided one has no other actor).
      expect(actedOn).toBeGreaterThanOrEqual(2 * cases.length - 2);
    }, 600_000);
  },
  {
    config: {
      get signing() {
        return fixture.config.signing;
      },
    },
  },
);
