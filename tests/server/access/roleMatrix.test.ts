// The role matrix (issue 15): for every document kind × right (view, create, send/cancel,
// accept/reject), a staff member without the right gets 403 NO_AUTHORITY and nothing changes; a staff
// member with it does the same thing successfully. Driven from each kind's lifecycle.json (a kind
// added later is covered), on PGlite and on PostgreSQL. Staff act with their token; signatures are
// the organisation director's key (the director may sign for any acting member).
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type ActionDeclaration,
  getLifecycle,
  lifecycleKinds,
  nextStatus,
  partiesOf,
  writeOne,
} from '../../../src/engine/lifecycle';
import { DOCUMENT_RIGHTS, type DocumentRight } from '../../../src/server/services/access/actions';
import {
  act,
  addDraft,
  createExchangeFixture,
  type ExchangeFixture,
  PARTIES,
  type SignedIn,
  signIn,
  view,
} from '../documents/exchange';
import { type KindCase, kindCases } from '../documents/kindContent';
import { type TestContext, withDatabases } from '../harness';
import { bearer, type Session, staffMember } from './helpers';

let fixture: ExchangeFixture;
const cases: KindCase[] = [];
beforeAll(async () => {
  fixture = await createExchangeFixture();
  for (const kind of lifecycleKinds()) cases.push((await kindCases(kind))[0]);
}, 120_000);
afterAll(() => fixture?.dispose());

const reasonFor = (action: ActionDeclaration) =>
  action.reason === 'required' ? `Reason for ${action.name} (test)` : undefined;

interface Step {
  action: ActionDeclaration;
  by: { keyId: string; identity: string };
}

/**
 * The shortest way from the draft to an action needing `right`: the steps before it and the action
 * itself. Null when the kind has none (a quorum of several parties is left to the life-cycle tests).
 */
function routeTo(c: KindCase, right: DocumentRight): { before: Step[]; target: Step; status: number } | null {
  const lifecycle = getLifecycle(c.kind);
  const parties = partiesOf(c.kind, c.content);
  const seen = new Map<number, Step[]>([[lifecycle.initial, []]]);
  const queue = [lifecycle.initial];
  while (queue.length) {
    const from = queue.shift()!;
    for (const action of lifecycle.actions.filter((a) => a.from.includes(from))) {
      const holder = c.holders[action.by]?.[0];
      if (!holder || action.quorum === 'all') continue;
      if (action.right === right) {
        return { before: seen.get(from)!, target: { action, by: holder }, status: from };
      }
      const to = nextStatus(c.kind, action.name, {
        status: from,
        content: c.content,
        parties,
        acted: [],
        identity: holder.identity,
      });
      if (to === null || seen.has(to)) continue;
      seen.set(to, [...seen.get(from)!, { action, by: holder }]);
      queue.push(to);
    }
  }
  return null;
}

withDatabases(
  'role matrix: every kind × right',
  (ctx: TestContext) => {
    const directors = new Map<string, SignedIn>();
    /** Per organisation: a staff member holding the role "with" and one holding "without". */
    const staff = new Map<
      string,
      { boss: Session; withRole: string; withoutRole: string; with: Session; without: Session }
    >();

    beforeAll(async () => {
      // Every demo party (organisations and individuals) gets a staff member with the right and one
      // without it; its owner (signed in with its own key) manages their roles.
      for (const party of PARTIES) {
        const owner = await signIn(ctx, fixture, party);
        directors.set(party.identity, owner);
        const info = await ctx.app.inject({
          method: 'GET',
          url: '/api/Auth/getUserInfoOwn',
          headers: bearer({ token: owner.token } as Session),
        });
        const boss: Session = {
          token: owner.token,
          userId: info.json().data.userId,
          organizationId: info.json().data.organizationId,
        };
        const role = async (name: string) => {
          const res = await ctx.app.inject({
            method: 'POST',
            url: '/api/Roles/add',
            headers: bearer(boss),
            payload: { name },
          });
          expect(res.statusCode, res.body).toBe(200);
          return res.json().data.id as string;
        };
        const withRole = await role('Matrix: with the right');
        const withoutRole = await role('Matrix: without the right');
        staff.set(party.identity, {
          boss,
          withRole,
          withoutRole,
          with: await staffMember(ctx, boss, withRole, 'Matrix with (demo)'),
          without: await staffMember(ctx, boss, withoutRole, 'Matrix without (demo)'),
        });
      }
    }, 600_000);

    async function setRights(org: string, roleId: string, actions: string[]) {
      const { boss } = staff.get(org)!;
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/Auth/upsertAuthRoleActions?roleId=${roleId}`,
        headers: bearer(boss),
        payload: { actions },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    /** "With": the right and viewing the kind; "without": every right of every kind but this one. */
    async function grant(org: string, kind: string, right: DocumentRight) {
      const all = lifecycleKinds().flatMap((k) => DOCUMENT_RIGHTS.map((r) => `${k}:${r}`));
      const s = staff.get(org)!;
      await setRights(org, s.withRole, [...new Set([`${kind}:view`, `${kind}:${right}`])]);
      await setRights(
        org,
        s.withoutRole,
        all.filter((code) => code !== `${kind}:${right}`),
      );
    }

    const asStaff = (session: Session, org: { keyId: string; identity: string }): SignedIn => ({
      keyId: org.keyId,
      identity: org.identity,
      token: session.token,
    });

    let serial = 0;
    /** The kind's content with a number of its own: a second send of one number is a duplicate (409). */
    const numbered = (c: KindCase) => {
      serial += 1;
      return writeOne(c.content, getLifecycle(c.kind).document.number, `RM-${serial}`);
    };

    async function newDraft(c: KindCase) {
      const res = await addDraft(ctx, directors.get(c.holders.sender![0].identity)!, c.kind, numbered(c));
      expect(res.statusCode, `${c.kind} add: ${res.body}`).toBe(200);
      return res.json().data.id as string;
    }

    async function snapshot(id: string) {
      const { rows } = await ctx.db.query<{ status: number; version: number; events: string }>(
        'select status, version, (select count(*) from document_events e where e.document_id = d.id)::text as events from documents d where id = $1',
        [id],
      );
      return rows[0];
    }

    it('refuses each right to a member without it and lets a member with it act', async () => {
      const matrix: string[] = [];
      let refusals = 0;
      let successes = 0;
      for (const c of cases) {
        const sender = c.holders.sender![0];
        for (const right of DOCUMENT_RIGHTS) {
          const label = `${c.kind} × ${right}`;
          if (right === 'view') {
            const id = await newDraft(c);
            await grant(sender.identity, c.kind, 'view');
            const s = staff.get(sender.identity)!;
            const refused = await view(ctx, asStaff(s.without, sender), id);
            expect(refused.statusCode, `${label} without: ${refused.body}`).toBe(403);
            expect(refused.json().code).toBe('NO_AUTHORITY');
            const allowed = await view(ctx, asStaff(s.with, sender), id);
            expect(allowed.statusCode, `${label} with: ${allowed.body}`).toBe(200);
            // The list shows the kind only to the member who may view it.
            const list = (session: Session) =>
              ctx.app.inject({
                method: 'GET',
                url: '/api/Document/getList?Size=90&DocDirection=drafts',
                headers: bearer(session),
              });
            const ids = async (session: Session) =>
              (await list(session)).json().rows.map((r: { id: string }) => r.id) as string[];
            expect(await ids(s.without), `${label}: list without`).not.toContain(id);
            expect(await ids(s.with), `${label}: list with`).toContain(id);
            matrix.push(`${label}: 403 / 200`);
          } else if (right === 'create') {
            await grant(sender.identity, c.kind, 'create');
            const s = staff.get(sender.identity)!;
            const count = async () =>
              Number((await ctx.db.query('select count(*)::text as n from documents')).rows[0].n);
            const before = await count();
            const refused = await addDraft(ctx, asStaff(s.without, sender), c.kind, c.content);
            expect(refused.statusCode, `${label} without: ${refused.body}`).toBe(403);
            expect(refused.json().code).toBe('NO_AUTHORITY');
            expect(await count(), `${label}: nothing created`).toBe(before);
            const allowed = await addDraft(ctx, asStaff(s.with, sender), c.kind, c.content);
            expect(allowed.statusCode, `${label} with: ${allowed.body}`).toBe(200);
            matrix.push(`${label}: 403 / 200`);
          } else {
            const route = routeTo(c, right);
            if (!route) {
              matrix.push(`${label}: no action of this right by a single party`);
              continue;
            }
            const id = await newDraft(c);
            for (const step of route.before) {
              const res = await act(ctx, fixture, directors.get(step.by.identity)!, id, step.action.name, {
                reason: reasonFor(step.action),
              });
              expect(res.statusCode, `${label} before (${step.action.name}): ${res.body}`).toBe(200);
            }
            const actor = route.target.by;
            await grant(actor.identity, c.kind, right);
            const s = staff.get(actor.identity)!;
            const before = await snapshot(id);
            const refused = await act(ctx, fixture, asStaff(s.without, actor), id, route.target.action.name, {
              reason: reasonFor(route.target.action),
            });
            expect(refused.statusCode, `${label} without: ${refused.body}`).toBe(403);
            expect(refused.json().code).toBe('NO_AUTHORITY');
            expect(await snapshot(id), `${label}: the document is unchanged`).toEqual(before);
            const allowed = await act(ctx, fixture, asStaff(s.with, actor), id, route.target.action.name, {
              reason: reasonFor(route.target.action),
            });
            expect(allowed.statusCode, `${label} with (${route.target.action.name}): ${allowed.body}`).toBe(
              200,
            );
            expect((await snapshot(id)).version, `${label}: the action happened`).toBeGreaterThan(
              before.version,
            );
            matrix.push(`${label} (${route.target.action.name}): 403 / 200`);
          }
          refusals++;
          successes++;
        }
      }
      // Every kind × right was tried (or has no organisation action of that right).
      expect(matrix).toHaveLength(lifecycleKinds().length * DOCUMENT_RIGHTS.length);
      expect(refusals).toBeGreaterThanOrEqual(lifecycleKinds().length * 3);
      console.info(`role matrix: ${refusals} refusals, ${successes} successes\n${matrix.join('\n')}`);
    }, 1_800_000);
  },
  {
    config: {
      get signing() {
        return fixture.config.signing;
      },
    },
  },
);
