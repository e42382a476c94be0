// Lists and menu counts are remembered per party generation (migration 0031, listCache.ts): a list
// answered from memory must be exactly the list a fresh read answers — after any change of the
// party's rows (whoever writes them, however), after a change of the caller's rights, and never
// another party's.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/client';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../src/server/db/seeds/users';
import { documentAction } from '../../../src/server/services/access';
import {
  ListCache,
  listCacheOf,
  remembered,
  rememberLists,
} from '../../../src/server/services/documents/listCache';
import { type TestContext, withDatabases } from '../harness';

const [DIRECTOR1, DIRECTOR2] = DEMO_USERS;

async function login(ctx: TestContext, phone: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/Auth/Login',
    payload: { phone, password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.accessToken as string;
}

async function get(ctx: TestContext, token: string, url: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const generation = async (ctx: TestContext, identity: string) =>
  (
    await ctx.db.query<{ g: string | null }>(
      'select generation::text as g from party_generations where identity = $1',
      [identity],
    )
  ).rows[0]?.g ?? '0';

/** Two documents between the demo organisations 1 and 2, written as any path writes party rows. */
async function insertDocument(ctx: TestContext, number: string) {
  const { rows } = await ctx.db.query<{ id: string }>(
    `insert into documents (kind, type_id, doc_type, number, doc_date, total_sum, status, version, content, content_hash)
     values ('invoice', 2, '0', $1, '2026-11-02', 100, 1, 1, '{}', md5($1)) returning id`,
    [number],
  );
  await ctx.db.query(
    `insert into document_parties (document_id, identity, roles, name, box, bin_state, awaiting, kind, type_id,
       doc_type, number, doc_date, total_sum, status, view_status, counterparty_identity, search, created_at, updated_at)
     values ($1, $2, array['sender'], 'Seller', 'outgoing', 'active', false, 'invoice', 2, '0', $4, '2026-11-02', 100, 1, 1, $3, lower($4), now(), now()),
            ($1, $3, array['receiver'], 'Buyer', 'incoming', 'active', true, 'invoice', 2, '0', $4, '2026-11-02', 100, 1, 2, $2, lower($4), now(), now())`,
    [rows[0].id, DIRECTOR1.organizationTin, DIRECTOR2.organizationTin, number],
  );
  return rows[0].id;
}

withDatabases('remembered lists', (ctx) => {
  let seller: string;
  let buyer: string;
  const incoming = '/api/Document/getList?DocDirection=incoming';
  const ids = (answer: { rows: Array<{ id: string }> }) => answer.rows.map((r) => r.id);

  beforeAll(async () => {
    seller = await login(ctx, DIRECTOR1.phone);
    buyer = await login(ctx, DIRECTOR2.phone);
  });

  it('raises a party generation with every statement that changes its rows, and only its own', async () => {
    const [s0, b0, other0] = await Promise.all(
      [DIRECTOR1, DIRECTOR2, DEMO_USERS[2]].map((u) => generation(ctx, u.organizationTin)),
    );
    const id = await insertDocument(ctx, 'GEN-1');
    const [s1, b1] = await Promise.all([DIRECTOR1, DIRECTOR2].map((u) => generation(ctx, u.organizationTin)));
    expect(BigInt(s1)).toBeGreaterThan(BigInt(s0));
    expect(BigInt(b1)).toBeGreaterThan(BigInt(b0));
    await ctx.db.query(
      `update document_parties set bin_state = 'binned' where document_id = $1 and identity = $2`,
      [id, DIRECTOR2.organizationTin],
    );
    expect(await generation(ctx, DIRECTOR1.organizationTin)).toBe(s1);
    const b2 = await generation(ctx, DIRECTOR2.organizationTin);
    expect(BigInt(b2)).toBeGreaterThan(BigInt(b1));
    // A document deleted with its rows (the foreign key's cascade) raises both.
    await ctx.db.query('delete from documents where id = $1', [id]);
    expect(BigInt(await generation(ctx, DIRECTOR1.organizationTin))).toBeGreaterThan(BigInt(s1));
    expect(BigInt(await generation(ctx, DIRECTOR2.organizationTin))).toBeGreaterThan(BigInt(b2));
    // A change rolled back raises nothing.
    const before = await generation(ctx, DIRECTOR1.organizationTin);
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.query(`update document_parties set bin_state = 'binned' where identity = $1`, [
          DIRECTOR1.organizationTin,
        ]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await generation(ctx, DIRECTOR1.organizationTin)).toBe(before);
    expect(await generation(ctx, DEMO_USERS[2].organizationTin)).toBe(other0);
  });

  it('answers a repeated list from memory, and a changed party reads again', async () => {
    const cache = listCacheOf(ctx.app.db);
    expect(cache).toBeDefined();
    const first = await get(ctx, buyer, incoming);
    const hits = cache?.hits ?? 0;
    expect(await get(ctx, buyer, incoming)).toEqual(first);
    expect(cache?.hits).toBe(hits + 1);

    // A document arrives: the next list shows it, and the menu counts it.
    const countsBefore = (await get(ctx, buyer, '/api/Document/getCounts')).data;
    expect((await get(ctx, buyer, '/api/Document/getCounts')).data).toEqual(countsBefore);
    const id = await insertDocument(ctx, 'GEN-2');
    const second = await get(ctx, buyer, incoming);
    expect(ids(second)[0]).toBe(id);
    expect(second.totalCount).toBe(first.totalCount + 1);
    // The same statement for the seller (another party): its own incoming list, not the buyer's.
    expect(ids(await get(ctx, seller, incoming))).not.toContain(id);
    expect((await get(ctx, buyer, '/api/Document/getCounts')).data.incoming).toBe(countsBefore.incoming + 1);

    // Binned by the buyer: gone from its list at once; the seller's outgoing list still holds it.
    const outgoing = await get(ctx, seller, '/api/Document/getList?DocDirection=outgoing');
    await ctx.db.query(
      `update document_parties set bin_state = 'binned' where document_id = $1 and identity = $2`,
      [id, DIRECTOR2.organizationTin],
    );
    expect(ids(await get(ctx, buyer, incoming))).toEqual(ids(first));
    expect(await get(ctx, seller, '/api/Document/getList?DocDirection=outgoing')).toEqual(outgoing);

    // A change of a listed row that keeps it listed (its status) shows too.
    await ctx.db.query(
      `update document_parties set view_status = 3, awaiting = false where document_id = $1`,
      [id],
    );
    const sellerAgain = await get(ctx, seller, '/api/Document/getList?DocDirection=outgoing');
    expect(sellerAgain.rows.find((r: { id: string }) => r.id === id)?.viewStatus).toBe(3);
  });

  it('getCounts carries the party generation: a counterparty’s action that moves no count still changes it', async () => {
    const id = await insertDocument(ctx, 'GEN-4');
    const before = (await get(ctx, seller, '/api/Document/getCounts')).data;
    expect(before.generation).toMatch(/^\d+$/);
    expect((await get(ctx, seller, '/api/Document/getCounts')).data).toEqual(before);
    // The buyer rejects (as its action writes the party rows): the seller's outgoing count stays.
    await ctx.db.query(
      `update document_parties set status = 4, view_status = 4, awaiting = false where document_id = $1`,
      [id],
    );
    const after = (await get(ctx, seller, '/api/Document/getCounts')).data;
    expect(after.outgoing).toBe(before.outgoing);
    expect(after.generation).not.toBe(before.generation);
  });

  it('answers another caller of the same organisation by its own rights, not from the owner’s memory', async () => {
    await insertDocument(ctx, 'GEN-3');
    const ownerList = await get(ctx, buyer, incoming);
    expect(ownerList.rows.some((r: { kind: string }) => r.kind === 'invoice')).toBe(true);
    // The director's invoices withheld from him (an override): the same URL, other rights.
    const { rows } = await ctx.db.query<{ user_id: string; organization_id: string }>(
      `select m.user_id, m.organization_id from memberships m join organizations o on o.id = m.organization_id
       where o.tin = $1 and m.role = 'owner' limit 1`,
      [DIRECTOR2.organizationTin],
    );
    await ctx.db.query(
      `update memberships set role = 'staff', role_id = (select id from roles where code = 'viewer')
       where user_id = $1 and organization_id = $2`,
      [rows[0].user_id, rows[0].organization_id],
    );
    await ctx.db.query(
      `insert into user_access (organization_id, user_id, action, allowed) values ($1, $2, $3, false)`,
      [rows[0].organization_id, rows[0].user_id, documentAction('invoice', 'view')],
    );
    try {
      const limited = await get(ctx, buyer, incoming);
      expect(limited.rows.some((r: { kind: string }) => r.kind === 'invoice')).toBe(false);
      expect(limited.totalCount).toBeLessThan(ownerList.totalCount);
    } finally {
      await ctx.db.query('delete from user_access where organization_id = $1 and user_id = $2', [
        rows[0].organization_id,
        rows[0].user_id,
      ]);
      await ctx.db.query(
        `update memberships set role = 'owner', role_id = null where user_id = $1 and organization_id = $2`,
        [rows[0].user_id, rows[0].organization_id],
      );
    }
    expect(await get(ctx, buyer, incoming)).toEqual(ownerList);
  });
});

describe('ListCache', () => {
  const read = (value: string) => async () => value;
  it('keeps at most its rows, the least recently used going first', async () => {
    const cache = new ListCache(3);
    await cache.answer('a', '1', read('A'), () => 1);
    await cache.answer('b', '1', read('B'), () => 2);
    expect(await cache.answer('a', '1', read('fresh'), () => 1)).toBe('A'); // a is now the most recent
    await cache.answer('c', '1', read('C'), () => 1); // 4 rows: b goes
    expect(await cache.answer('b', '1', read('B2'), () => 2)).toBe('B2'); // 4 rows again: a goes
    expect(await cache.answer('c', '1', read('fresh'), () => 1)).toBe('C');
    expect(await cache.answer('a', '1', read('A2'), () => 1)).toBe('A2');
  });

  it('reads again at another generation, and an older reader does not replace a newer answer', async () => {
    const cache = new ListCache(10);
    await cache.answer('k', '5', read('at 5'), () => 1);
    expect(await cache.answer('k', '6', read('at 6'), () => 1)).toBe('at 6');
    expect(await cache.answer('k', '6', read('fresh'), () => 1)).toBe('at 6');
    // A request that read generation 5 before 6 committed: answered by reading, not remembered.
    expect(await cache.answer('k', '5', read('late 5'), () => 1)).toBe('late 5');
    expect(await cache.answer('k', '6', read('fresh'), () => 1)).toBe('at 6');
  });

  it('keys an answer by the statement and every parameter (another party, other rights)', async () => {
    const db = {} as Db;
    rememberLists(db, 100);
    const sql = 'select … where p.identity = $1 and p.kind = any($2)';
    expect(await remembered(db, '7', sql, ['302000001', ['act']], read('org 1'), () => 1)).toBe('org 1');
    expect(await remembered(db, '7', sql, ['302000002', ['act']], read('org 2'), () => 1)).toBe('org 2');
    expect(await remembered(db, '7', sql, ['302000001', ['act', 'invoice']], read('more'), () => 1)).toBe(
      'more',
    );
    expect(await remembered(db, '7', sql, ['302000001', ['act']], read('fresh'), () => 1)).toBe('org 1');
    // No generation (a caller built by hand) or no memory set up: always read.
    expect(await remembered(db, undefined, sql, ['302000001', ['act']], read('read'), () => 1)).toBe('read');
    rememberLists(db, 0);
    expect(await remembered(db, '7', sql, ['302000001', ['act']], read('off'), () => 1)).toBe('off');
  });
});
