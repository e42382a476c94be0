// Every kind, every action: allowed from its statuses and refused from the others, by the wrong party,
// by an outsider, without a required reason, and with a signature over other bytes — driven from
// each kind's lifecycle.json, on PGlite and on PostgreSQL.
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type ActionDeclaration,
  getLifecycle,
  lifecycleKinds,
  nextStatus,
  partiesOf,
  type Role,
  writeOne,
} from '../../../src/engine/lifecycle';
import { type TestContext, withDatabases } from '../harness';
import {
  act,
  addDraft,
  createExchangeFixture,
  type ExchangeFixture,
  getModelSign,
  PARTIES,
  run,
  type SignedIn,
  signIn,
  signRaw,
  view,
} from './exchange';
import { type KindCase, kindCases } from './kindContent';

let fixture: ExchangeFixture;
const cases: KindCase[] = [];
beforeAll(async () => {
  fixture = await createExchangeFixture();
  for (const kind of lifecycleKinds()) cases.push(...(await kindCases(kind)));
}, 120_000);
afterAll(() => fixture?.dispose());

interface Step {
  action: ActionDeclaration;
  /** Who acts (every holder of the role for a quorum of all). */
  by: Array<{ keyId: string; identity: string }>;
}

/** Shortest ways from the draft to each stored status, given the document's content. */
function pathsOf(c: KindCase): Map<number, Step[]> {
  const lifecycle = getLifecycle(c.kind);
  const parties = partiesOf(c.kind, c.content);
  const paths = new Map<number, Step[]>([[lifecycle.initial, []]]);
  const queue = [lifecycle.initial];
  while (queue.length) {
    const from = queue.shift()!;
    for (const action of lifecycle.actions.filter((a) => a.from.includes(from))) {
      const holders = c.holders[action.by];
      if (!holders?.length) continue;
      const acted = holders
        .slice(0, -1)
        .map((h) => ({ role: action.by, identity: h.identity, action: action.name }));
      const to = nextStatus(c.kind, action.name, {
        status: from,
        content: c.content,
        parties,
        acted: action.quorum === 'all' ? acted : [],
        identity: holders[holders.length - 1].identity,
      });
      if (to === null || paths.has(to)) continue;
      paths.set(to, [...paths.get(from)!, { action, by: action.quorum === 'all' ? holders : [holders[0]] }]);
      queue.push(to);
    }
  }
  return paths;
}

const reasonFor = (action: ActionDeclaration) =>
  action.reason === 'required' ? `Reason for ${action.name} (test)` : undefined;

withDatabases(
  'life cycle of every kind',
  (ctx: TestContext) => {
    const tokens = new Map<string, SignedIn>();
    const who = (party: { keyId: string; identity: string }) => tokens.get(party.identity)!;

    beforeAll(async () => {
      for (const party of PARTIES) tokens.set(party.identity, await signIn(ctx, fixture, party));
    }, 60_000);

    // Each document its own number: the same document sent twice is a duplicate (issue 26).
    let made = 0;
    async function newDocument(c: KindCase) {
      const sender = who(c.holders.sender![0]);
      const number = `LC-${c.kind}-${++made}`;
      const content = writeOne(c.content, getLifecycle(c.kind).document.number, number);
      const res = await addDraft(ctx, sender, c.kind, content);
      expect(res.statusCode, `${c.kind} add: ${res.body}`).toBe(200);
      return res.json().data.id as string;
    }

    async function drive(c: KindCase, id: string, steps: Step[]) {
      for (const step of steps)
        for (const holder of step.by) {
          const res = await act(ctx, fixture, who(holder), id, step.action.name, {
            reason: reasonFor(step.action),
          });
          expect(res.statusCode, `${c.kind} ${step.action.name}: ${res.body}`).toBe(200);
          // run answers the view from its transaction's rows: exactly what getById reads afterwards.
          const read = await view(ctx, who(holder), id);
          expect(JSON.stringify(res.json().data), `${c.kind} ${step.action.name}: the view answered`).toBe(
            JSON.stringify(read.json().data),
          );
        }
    }

    async function status(c: KindCase, id: string) {
      const res = await view(ctx, who(c.holders.sender![0]), id);
      return res.json().data.status as number;
    }

    it('covers every action of every kind', async () => {
      const seen = new Map<string, Set<string>>();
      let attempts = 0;
      for (const c of cases) {
        const lifecycle = getLifecycle(c.kind);
        const paths = pathsOf(c);
        const done = seen.get(c.kind) ?? new Set<string>();
        seen.set(c.kind, done);
        // Refused from statuses not in `from` (by the role's own holder), checked once per status on a
        // document that is in it anyway.
        const refusalsChecked = new Set<number>();
        const checkRefusals = async (id: string, code: number) => {
          if (refusalsChecked.has(code)) return;
          refusalsChecked.add(code);
          for (const action of lifecycle.actions.filter(
            (a) => !a.from.includes(code) && c.holders[a.by]?.length,
          )) {
            const res = await run(ctx, who(c.holders[action.by]![0]), {
              documentId: id,
              action: action.name,
              signature: 'MIIBAAAAAAAAAAAAAAAAAAAA',
              reason: reasonFor(action),
            });
            expect([404, 409], `${c.kind} ${action.name} from ${code}: ${res.body}`).toContain(
              res.statusCode,
            );
            if (res.statusCode === 409) expect(res.json().code).toBe('ACTION_NOT_ALLOWED');
            attempts++;
          }
          expect(await status(c, id)).toBe(code);
        };
        for (const [code, steps] of paths) {
          for (const action of lifecycle.actions.filter(
            (a) => a.from.includes(code) && c.holders[a.by]?.length,
          )) {
            const id = await newDocument(c);
            await drive(c, id, steps);
            await checkRefusals(id, code);
            const [actor] = c.holders[action.by]!;
            const documentParties = new Set(partiesOf(c.kind, c.content).map((p) => p.identity));
            // The wrong party: a party of the document without the role.
            const wrong = Object.entries(c.holders)
              .filter(([role]) => role !== action.by)
              .flatMap(([, list]) => list!)
              .find((p) => !c.holders[action.by]!.some((h) => h.identity === p.identity));
            if (wrong) {
              const res = await getModelSign(ctx, who(wrong), id, action.name, reasonFor(action));
              expect([404, 409], `${c.kind} ${action.name} by ${wrong.identity}: ${res.body}`).toContain(
                res.statusCode,
              );
            }
            // An outsider does not see the document at all.
            const outsider = PARTIES.find((p) => !documentParties.has(p.identity))!;
            if (outsider) {
              const res = await getModelSign(ctx, who(outsider), id, action.name, reasonFor(action));
              expect(res.statusCode, `${c.kind} ${action.name} by outsider`).toBe(404);
            }
            // Without the reason it needs.
            if (action.reason === 'required') {
              const res = await getModelSign(ctx, who(actor), id, action.name);
              expect(res.statusCode).toBe(400);
              expect(res.json().code).toBe('REASON_REQUIRED');
            }
            // A signature over other bytes.
            const forged = await signRaw(fixture, actor.keyId, new TextEncoder().encode('{"other":"bytes"}'));
            const bad = await run(ctx, who(actor), {
              documentId: id,
              action: action.name,
              signature: forged,
              reason: reasonFor(action),
            });
            expect(bad.statusCode, `${c.kind} ${action.name} other bytes: ${bad.body}`).toBe(409);
            expect(bad.json().code).toBe('CONTENT_MISMATCH');
            expect(await status(c, id)).toBe(code);
            // The allowed action itself.
            await drive(c, id, [{ action, by: action.quorum === 'all' ? c.holders[action.by]! : [actor] }]);
            const expected = nextStatus(c.kind, action.name, {
              status: code,
              content: c.content,
              parties: partiesOf(c.kind, c.content),
              acted: (c.holders[action.by] ?? [])
                .slice(0, -1)
                .map((h) => ({ role: action.by as Role, identity: h.identity, action: action.name })),
              identity: c.holders[action.by]!.at(-1)!.identity,
            });
            expect(await status(c, id), `${c.kind} ${action.name} from ${code}`).toBe(expected);
            if (expected !== null) await checkRefusals(id, expected);
            done.add(action.name);
            attempts++;
          }
        }
        expect(
          [...refusalsChecked].sort(),
          `${c.kind} ${c.variant}: refusals checked in every status`,
        ).toEqual([...paths.keys()].sort());
      }
      for (const kind of lifecycleKinds())
        expect([...seen.get(kind)!].sort(), kind).toEqual(
          getLifecycle(kind)
            .actions.map((a) => a.name)
            .sort(),
        );
      for (const c of cases)
        expect([...pathsOf(c).keys()].length, `${c.kind} ${c.variant}`).toBeGreaterThan(1);
      expect(attempts).toBeGreaterThan(100);
    }, 900_000);
  },
  {
    config: {
      get signing() {
        return fixture.config.signing;
      },
    },
  },
);
