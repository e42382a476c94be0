// The session statement reads a member's role rights and overrides again only when their versions
// moved (migration 0054): every change of role_rights, user_access or the membership's role must show
// on the very next check, and an unchanged member's aggregates must not be read again.
import { beforeAll, expect, it } from 'vitest';
import { currentSession } from '../../../src/server/auth/sessionState';
import type { Db, QueryOptions } from '../../../src/server/db/client';
import { type TestContext, withDatabases } from '../harness';

withDatabases('session statement: grants by version', (ctx: TestContext) => {
  let claims: { userId: string; organizationId: string; sessionId: string; tin: string };
  let roleA: string;
  let roleB: string;

  /** The session statement's own answer rows, to see which aggregates PostgreSQL was asked for. */
  const answered: Array<Record<string, unknown>> = [];
  const watching = (db: Db): Db => ({
    ...db,
    async query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
      const result = await db.query<T>(sql, params, options);
      if (sql.includes('party_generations'))
        answered.push(...(result.rows as Array<Record<string, unknown>>));
      return result;
    },
  });
  let db: Db;

  const check = async () => {
    const session = await currentSession(db, claims);
    if (!session) throw new Error('the session should stand');
    return session.grants;
  };
  const sorted = (values: string[]) => [...values].sort();

  beforeAll(async () => {
    db = watching(ctx.db);
    const { rows } = await ctx.db.query<{ id: string; tin: string }>(
      `select o.id, o.tin from organizations o order by o.tin limit 1`,
    );
    const org = rows[0];
    const { rows: users } = await ctx.db.query<{ id: string }>(
      `insert into users (phone, full_name, is_demo) values ('998977770001', 'Grants tester (demo)', true) returning id`,
    );
    const { rows: roles } = await ctx.db.query<{ id: string }>(
      `insert into roles (organization_id, name) values ($1, 'Role A'), ($1, 'Role B') returning id`,
      [org.id],
    );
    [roleA, roleB] = roles.map((r) => r.id);
    await ctx.db.query(
      `insert into role_rights (role_id, action) values ($1, 'invoice:view'), ($1, 'invoice:create'), ($2, 'act:view')`,
      [roleA, roleB],
    );
    await ctx.db.query(
      `insert into memberships (user_id, organization_id, role, role_id) values ($1, $2, 'staff', $3)`,
      [users[0].id, org.id, roleA],
    );
    const { rows: tokens } = await ctx.db.query<{ family_id: string }>(
      `insert into refresh_tokens (user_id, organization_id, token_hash, family_id, expires_at)
       values ($1, $2, 'grants-test', gen_random_uuid(), now() + interval '1 day') returning family_id`,
      [users[0].id, org.id],
    );
    claims = { userId: users[0].id, organizationId: org.id, sessionId: tokens[0].family_id, tin: org.tin };
  });

  it('answers every change of rights, overrides and role on the next check, and reads them once otherwise', async () => {
    expect(sorted((await check()).roleActions)).toEqual(['invoice:create', 'invoice:view']);
    answered.length = 0;
    expect(sorted((await check()).roleActions)).toEqual(['invoice:create', 'invoice:view']);
    // Unchanged: neither aggregate was read again.
    expect(answered.map((row) => [row.role_actions, row.overrides])).toEqual([[null, null]]);

    await ctx.db.query(`insert into role_rights (role_id, action) values ($1, 'waybill:view')`, [roleA]);
    expect(sorted((await check()).roleActions)).toEqual(['invoice:create', 'invoice:view', 'waybill:view']);
    await ctx.db.query(`delete from role_rights where role_id = $1 and action = 'invoice:create'`, [roleA]);
    expect(sorted((await check()).roleActions)).toEqual(['invoice:view', 'waybill:view']);
    await ctx.db.query(
      `update role_rights set action = 'act:create' where role_id = $1 and action = 'waybill:view'`,
      [roleA],
    );
    expect(sorted((await check()).roleActions)).toEqual(['act:create', 'invoice:view']);

    await ctx.db.query(
      `insert into user_access (organization_id, user_id, action, allowed) values ($1, $2, 'invoice:view', false)`,
      [claims.organizationId, claims.userId],
    );
    expect((await check()).overrides).toEqual([['invoice:view', false]]);
    await ctx.db.query(`update user_access set allowed = true where user_id = $1`, [claims.userId]);
    expect((await check()).overrides).toEqual([['invoice:view', true]]);
    await ctx.db.query(`delete from user_access where user_id = $1`, [claims.userId]);
    expect((await check()).overrides).toEqual([]);

    // Another role: its own rights, whatever was known of the first.
    await ctx.db.query(`update memberships set role_id = $2 where user_id = $1`, [claims.userId, roleB]);
    expect((await check()).roleActions).toEqual(['act:view']);
    await ctx.db.query(`update memberships set role_id = null where user_id = $1`, [claims.userId]);
    expect((await check()).roleActions).toEqual([]);
  });

  it('does not take a membership made anew for the one remembered before it', async () => {
    // A member of their own: made, given one override, removed, made again and given another — as
    // many changes each time, so only versions that never repeat tell the two memberships apart.
    const { rows } = await ctx.db.query<{ id: string }>(
      `insert into users (phone, full_name, is_demo) values ('998977770002', 'Grants tester 2 (demo)', true) returning id`,
    );
    const again = { ...claims, userId: rows[0].id };
    const join = async (action: string) => {
      await ctx.db.query(
        `insert into memberships (user_id, organization_id, role, role_id) values ($1, $2, 'staff', $3)`,
        [again.userId, again.organizationId, roleA],
      );
      await ctx.db.query(
        `insert into user_access (organization_id, user_id, action, allowed) values ($1, $2, $3, true)`,
        [again.organizationId, again.userId, action],
      );
    };
    const overrides = async () => (await currentSession(db, again))?.grants.overrides;
    await join('act:view');
    expect(await overrides()).toEqual([['act:view', true]]);
    await ctx.db.query(`delete from memberships where user_id = $1`, [again.userId]);
    expect(await currentSession(db, again)).toBeNull();
    await join('invoice:view');
    expect(await overrides()).toEqual([['invoice:view', true]]);
  });
});
