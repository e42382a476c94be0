// A member who may view but not answer a document its organisation is awaited on (issue 26: a chief
// accountant signing in by key for the first time is a viewer): the view offers no signed action,
// does not say "awaits your signature", and says which rights are missing and who can grant them.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lifecycleKinds } from '../../../src/engine/lifecycle';
import {
  act,
  addDraft,
  createExchangeFixture,
  type ExchangeFixture,
  signIn,
  view,
} from '../documents/exchange';
import { type KindCase, kindCases } from '../documents/kindContent';
import { type TestContext, withDatabases } from '../harness';
import { bearer, ROLE, type Session, staffMember } from './helpers';

let fixture: ExchangeFixture;
const cases: KindCase[] = [];
beforeAll(async () => {
  fixture = await createExchangeFixture();
  for (const kind of lifecycleKinds()) cases.push((await kindCases(kind))[0]);
}, 120_000);
afterAll(() => fixture?.dispose());

withDatabases(
  'what a viewer is told on a document awaiting its organisation',
  (ctx: TestContext) => {
    it('every kind: no signed action, not "waitingYou", the missing right and the owner by name', async () => {
      let checked = 0;
      for (const c of cases) {
        const sender = await signIn(ctx, fixture, c.holders.sender![0]);
        const added = await addDraft(ctx, sender, c.kind, c.content);
        expect(added.statusCode, added.body).toBe(200);
        const id = added.json().data.id;
        expect((await act(ctx, fixture, sender, id, 'send')).statusCode).toBe(200);
        // The first other party the document awaits: its owner sees the actions, its viewer does not.
        const awaited = (
          await ctx.db.query<{ identity: string }>(
            'select identity from document_parties where document_id = $1 and awaiting order by identity limit 1',
            [id],
          )
        ).rows[0];
        if (!awaited) continue;
        const party = (Object.values(c.holders).flat() as Array<{ keyId: string; identity: string }>).find(
          (p) => p.identity === awaited.identity,
        )!;
        const owner = await signIn(ctx, fixture, party);
        const ownerView = (await view(ctx, owner, id)).json().data;
        expect(
          ownerView.actions.some((a: any) => a.kind === 'sign'),
          c.kind,
        ).toBe(true);
        expect(ownerView.withheld, c.kind).toBeNull();
        const info = (
          await ctx.app.inject({
            method: 'GET',
            url: '/api/Auth/getUserInfoOwn',
            headers: { authorization: `Bearer ${owner.token}` },
          })
        ).json().data;
        if (!info.organizationId) continue; // a person without an organisation has no staff
        const boss: Session = {
          token: owner.token,
          userId: info.userId,
          organizationId: info.organizationId,
        };
        const viewer = await staffMember(ctx, boss, ROLE.viewer, `Viewer ${c.kind} (demo)`);
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/Document/getById?documentId=${id}`,
          headers: { ...bearer(viewer), 'accept-language': 'ru' },
        });
        expect(res.statusCode, res.body).toBe(200);
        const shown = res.json().data;
        expect(
          shown.actions.filter((a: any) => a.kind === 'sign'),
          c.kind,
        ).toEqual([]);
        expect(shown.statusKey, c.kind).toBe('waitingYourOrganization');
        expect(shown.withheld.rights.length, c.kind).toBeGreaterThan(0);
        expect(shown.withheld.grantors, c.kind).toContain(info.fullName);
        checked += 1;
      }
      expect(checked).toBeGreaterThanOrEqual(5);
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
