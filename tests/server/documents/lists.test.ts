// Document/getList answers its page and count in one statement (the page picked from the list index,
// a search walked once) and getCounts counts in one grouped scan: both must answer exactly what the
// plain queries of the same conditions answer — every filter, page and size, for an owner and for a
// member limited to some kinds and one branch.
import { beforeAll, expect, it } from 'vitest';
import { benchTin, seedBenchDocuments } from '../../../scripts/bench/documentsSeed';
import { getLifecycle, lifecycleKinds } from '../../../src/engine/lifecycle';
import type { AuthUser } from '../../../src/server/auth/types';
import { documentAction } from '../../../src/server/services/access';
import {
  countDocuments,
  type ListFilters,
  listDocuments,
  whereOf,
} from '../../../src/server/services/documents/lists';
import type { Caller } from '../../../src/server/services/documents/types';
import { type TestContext, withDatabases } from '../harness';

const ORGS = 40;

async function member(ctx: TestContext, index: number, role: string, branch: string | null): Promise<Caller> {
  const tin = benchTin(index);
  const { rows } = await ctx.db.query<{ user_id: string; organization_id: string }>(
    `with u as (insert into users (phone, full_name, is_demo) values ($1, 'List tester', true) returning id)
     insert into memberships (user_id, organization_id, role, role_id, branch_code)
     select u.id, o.id, $2, (select id from roles where code = $3), $4 from u, organizations o where o.tin = $5
     returning user_id, organization_id`,
    [
      `99877${String(index).padStart(7, '0')}${role.length}`,
      role === 'owner' ? 'owner' : 'staff',
      role,
      branch,
      tin,
    ],
  );
  const user: AuthUser = {
    userId: rows[0].user_id,
    organizationId: rows[0].organization_id,
    role: role === 'owner' ? 'owner' : 'staff',
    tin,
  };
  return { user, identity: tin, lang: 'ru' };
}

/** What the list answers with the plain queries: the rows in order, the page, and the count. */
async function plainList(ctx: TestContext, caller: Caller, filters: ListFilters) {
  const where = await whereOf(ctx.db, caller, filters);
  if (!where) return { ids: [], totalCount: 0 };
  const size = filters.size ?? 18;
  const offset = ((filters.page ?? 1) - 1) * size;
  const { rows } = await ctx.db.query<{ document_id: string }>(
    `select p.document_id from document_parties p where ${where.sql}
     order by p.updated_at desc, p.document_id desc limit ${size} offset ${offset}`,
    where.params,
  );
  const { rows: counted } = await ctx.db.query<{ count: number }>(
    `select count(*)::int as count from document_parties p where ${where.sql}`,
    where.params,
  );
  return { ids: rows.map((r) => r.document_id), totalCount: counted[0].count };
}

withDatabases(
  'document lists',
  (ctx) => {
    let owner: Caller;
    let limited: Caller;
    beforeAll(async () => {
      await seedBenchDocuments(ctx.db, { documents: 12_000, organizations: ORGS, batch: 4000 });
      owner = await member(ctx, 0, 'owner', null);
      // A viewer of branch B1, withheld invoices: the lists narrow by kind and branch.
      limited = await member(ctx, 0, 'viewer', 'B1');
      await ctx.db.query(
        `insert into user_access (organization_id, user_id, action, allowed) values ($1, $2, $3, false)`,
        [limited.user.organizationId, limited.user.userId, documentAction('invoice', 'view')],
      );
      await ctx.db.query(
        `update document_parties set branch = 'B1' where identity = $1 and right(number, 1) in ('1', '4', '7')`,
        [owner.identity],
      );
    });

    const counterparty = benchTin(3);
    const cases: ListFilters[] = [
      {},
      { direction: 'incoming' },
      { direction: 'incoming', page: 2 },
      { direction: 'incoming', page: 4, size: 90 },
      { direction: 'incoming', page: 400 },
      { direction: 'outgoing', size: 36, page: 3 },
      { direction: 'outgoing', kind: 'waybill', size: 36 },
      { direction: 'outgoing', dateFrom: '2025-07-01', dateTo: '2025-09-30' },
      { direction: 'incoming', status: 2 },
      { direction: 'outgoing', status: 3, page: 2 },
      { direction: 'outgoing', statusKey: 'cancelled' },
      { direction: 'incoming', statusKey: 'waitingYou', page: 2 },
      { statusKey: 'cancelled', kind: 'waybill' },
      { direction: 'deleted' },
      { direction: 'drafts' },
      { search: 'company 3' },
      { search: 'company 3', page: 2, size: 36 },
      { search: 'no such company' },
      // Short texts walk the list index; longer ones start from the party's piece index (0032).
      { search: 'co' },
      { search: 'y 3' },
      { search: 'COMPANY 3', direction: 'outgoing' },
      { search: `${benchTin(3).slice(0, 7)}` },
      { search: '100%' },
      { search: 'company', direction: 'deleted' },
      // In every row: more candidates than SEARCH_CANDIDATES_MAX, the walk answers.
      { search: 'company' },
      { search: 'company', page: 3, size: 36 },
      { number: 'B-12', search: 'company 1' },
      { number: 'b-' },
      { number: 'B-12' },
      { number: 'b-1', page: 3 },
      { direction: 'incoming', counterparty },
      { direction: 'incoming', counterparty, search: 'company', awaiting: true },
      { kind: 'completionAct', typeId: 5, createdFrom: '2025-03-01', updatedTo: '2026-01-01' },
    ];

    it('answers every page and count as the plain queries of its filters do', async () => {
      let seen = 0;
      for (const caller of [owner, limited]) {
        for (const filters of cases) {
          const answer = await listDocuments(ctx.db, caller, filters);
          const plain = await plainList(ctx, caller, filters);
          expect({ filters, ids: answer.rows.map((r) => r.id), totalCount: answer.totalCount }).toEqual({
            filters,
            ...plain,
          });
          seen += answer.rows.length;
        }
      }
      expect(seen).toBeGreaterThan(300);
    });

    it('a status key finds every kind’s statuses of that name, as the rows show them (issue 26)', async () => {
      const { rows: mine } = await ctx.db.query<{ kind: string; view_status: number; box: string }>(
        `select kind, view_status, box from document_parties where identity = $1 and bin_state = 'active' and box is not null`,
        [owner.identity],
      );
      const keyOf = (kind: string, code: number) =>
        getLifecycle(kind).statuses.find((s) => s.code === code)?.key;
      for (const statusKey of ['cancelled', 'waitingYou', 'signed', 'rejected', 'delivered']) {
        for (const direction of [undefined, 'incoming', 'outgoing'] as const) {
          const expected = mine.filter(
            (r) => keyOf(r.kind, r.view_status) === statusKey && (!direction || r.box === direction),
          );
          const answer = await listDocuments(ctx.db, owner, { statusKey, direction, size: 90 });
          expect({ statusKey, direction, count: answer.totalCount }).toEqual({
            statusKey,
            direction,
            count: expected.length,
          });
          expect(answer.rows.every((r) => r.statusKey === statusKey)).toBe(true);
        }
      }
      // "Отменён" is one entry for an invoice's 5 and a waybill's 120.
      const cancelled = await listDocuments(ctx.db, owner, { statusKey: 'cancelled', size: 90 });
      const codes = new Set(cancelled.rows.map((r) => `${r.kind}:${r.viewStatus}`));
      expect(codes.has('invoice:5') && codes.has('waybill:120')).toBe(true);
      expect((await listDocuments(ctx.db, owner, { statusKey: 'noSuchStatus' })).totalCount).toBe(0);
    });

    it('answers the whole row of a listed document, whichever way the page was picked', async () => {
      const { rows } = await listDocuments(ctx.db, owner, { search: 'company 3' });
      const { rows: plain } = await ctx.db.query(
        `select * from document_parties where identity = $1 and document_id = $2`,
        [owner.identity, rows[0].id],
      );
      expect(rows[0]).toMatchObject({
        kind: plain[0].kind,
        number: plain[0].number,
        status: plain[0].status,
        viewStatus: plain[0].view_status,
        box: plain[0].box,
        myRoles: plain[0].roles,
        counterparty: { identity: plain[0].counterparty_identity, name: plain[0].counterparty_name },
        updatedAt: plain[0].updated_at,
      });
    });

    it('finds a party row by its search text as it is now, through the piece index', async () => {
      // The seed builds the index after its load (documentsSeed.ts): it is there, as the migration made it.
      const { rows: indexes } = await ctx.db.query<{ indexdef: string }>(
        `select indexdef from pg_indexes where indexname = 'document_party_search_grams_idx' and schemaname = current_schema()`,
      );
      expect(indexes.map((i) => i.indexdef)).toEqual([expect.stringContaining('party_search_grams')]);
      const { rows } = await ctx.db.query<{ document_id: string }>(
        `select document_id from document_parties where identity = $1 and box is not null and bin_state = 'active'
         order by updated_at desc limit 1`,
        [owner.identity],
      );
      const id = rows[0].document_id;
      const search = (text: string) => listDocuments(ctx.db, owner, { search: text });
      expect((await search('zebra renamed')).rows).toEqual([]);
      // The counterparty's name changes (the trigger copies the new text), and the old name goes.
      await ctx.db.query(
        `update document_parties set search = 'zebra renamed ltd', counterparty_name = 'Zebra renamed LTD'
         where document_id = $1 and identity = $2`,
        [id, owner.identity],
      );
      expect((await search('zebra renamed')).rows.map((r) => r.id)).toEqual([id]);
      expect((await search('ebra ren')).totalCount).toBe(1);
      // The piece index is what finds it: without its row there, the search does not (a list that
      // walked every row instead would still answer it).
      await ctx.db.query('delete from document_party_search where document_id = $1 and identity = $2', [
        id,
        owner.identity,
      ]);
      expect((await search('zebra renamed')).rows).toEqual([]);
      // A short text walks the rows themselves.
      expect((await search('ze')).rows.map((r) => r.id)).toContain(id);
    });

    it('counts the menu as a plain grouped count does', async () => {
      for (const [caller, kinds, branch] of [
        [owner, lifecycleKinds(), null],
        [limited, lifecycleKinds().filter((k) => k !== 'invoice'), 'B1'],
      ] as const) {
        const { rows } = await ctx.db.query<{ box: string; bin_state: string; n: number; awaiting: number }>(
          `select box, bin_state, count(*)::int as n, count(*) filter (where awaiting)::int as awaiting
           from document_parties where identity = $1 and kind = any($2) and box is not null
             and bin_state <> 'deleted' and ($3::text is null or coalesce(branch, '') = $3)
           group by box, bin_state`,
          [caller.identity, kinds, branch],
        );
        const sum = (test: (r: (typeof rows)[number]) => boolean, field: 'n' | 'awaiting' = 'n') =>
          rows.filter(test).reduce((total, r) => total + r[field], 0);
        const active = (box: string) => (r: (typeof rows)[number]) =>
          r.bin_state === 'active' && r.box === box;
        expect(await countDocuments(ctx.db, caller)).toEqual({
          incoming: sum(active('incoming')),
          incomingAwaiting: sum(active('incoming'), 'awaiting'),
          outgoing: sum(active('outgoing')),
          drafts: sum(active('drafts')),
          deleted: sum((r) => r.bin_state === 'binned'),
        });
      }
      const limitedCounts = await countDocuments(ctx.db, limited);
      const ownerCounts = await countDocuments(ctx.db, owner);
      expect(limitedCounts.incoming).toBeGreaterThan(0);
      expect(limitedCounts.incoming).toBeLessThan(ownerCounts.incoming);
    });
  },
  { seed: true },
);
