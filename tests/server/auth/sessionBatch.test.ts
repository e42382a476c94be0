// Session checks that arrive together share one statement (sessionState.ts askSession): each must still
// get its own answer — a revoked session, a switched-off member or a stranger among standing sessions
// is refused alone — and one check's bad claims must not fail the others.
import { beforeAll, expect, it } from 'vitest';
import { currentSession, SESSION_BATCH_MAX } from '../../../src/server/auth/sessionState';
import type { Db, QueryOptions } from '../../../src/server/db/client';
import { type TestContext, withDatabases } from '../harness';

withDatabases('session statement: checks asked together', (ctx: TestContext) => {
  interface Member {
    claims: { userId: string; organizationId: string; sessionId: string; tin: string };
    /** What the check must answer: the membership role, or null (refused). */
    expected: string | null;
  }
  const members: Member[] = [];
  let statements = 0;
  const counting = (db: Db): Db => ({
    ...db,
    async query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
      if (sql.includes('party_generations')) statements++;
      return db.query<T>(sql, params, options);
    },
  });
  let db: Db;

  beforeAll(async () => {
    db = counting(ctx.db);
    const { rows: orgs } = await ctx.db.query<{ id: string; tin: string }>(
      `select id, tin from organizations where tin is not null order by tin limit 2`,
    );
    const roles = ['owner', 'admin', 'accountant', 'staff'] as const;
    for (let i = 0; i < 12; i++) {
      const org = orgs[i % 2];
      const { rows: users } = await ctx.db.query<{ id: string }>(
        `insert into users (phone, full_name, is_demo, is_active) values ($1, $2, true, $3) returning id`,
        [`99897888${String(i).padStart(4, '0')}`, `Batch tester ${i} (demo)`, i !== 7],
      );
      const role = roles[i % roles.length];
      await ctx.db.query(
        `insert into memberships (user_id, organization_id, role, is_active) values ($1, $2, $3, $4)`,
        [users[0].id, org.id, role, i !== 4],
      );
      const { rows: tokens } = await ctx.db.query<{ family_id: string }>(
        `insert into refresh_tokens (user_id, organization_id, token_hash, family_id, expires_at, revoked_at)
         values ($1, $2, $3, gen_random_uuid(), now() + interval '1 day', $4) returning family_id`,
        [users[0].id, org.id, `batch-test-${i}`, i === 9 ? new Date() : null],
      );
      // 4: membership switched off; 7: account switched off; 9: session revoked.
      const refused = i === 4 || i === 7 || i === 9;
      members.push({
        claims: { userId: users[0].id, organizationId: org.id, sessionId: tokens[0].family_id, tin: org.tin },
        expected: refused ? null : role,
      });
    }
    // A member of one organisation claiming the other: no such membership.
    members.push({ claims: { ...members[0].claims, organizationId: orgs[1].id }, expected: null });
  });

  it('answers each of many concurrent checks for itself, in fewer statements than checks', async () => {
    const asked = [...members, ...members, ...members];
    statements = 0;
    const answers = await Promise.all(asked.map((m) => currentSession(db, m.claims)));
    expect(answers.map((a) => a?.role ?? null)).toEqual(asked.map((m) => m.expected));
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThan(asked.length);
  });

  it('splits a crowd larger than one statement takes, and answers all of it', async () => {
    const asked = Array.from({ length: SESSION_BATCH_MAX * 2 + 3 }, (_, i) => members[i % members.length]);
    statements = 0;
    const answers = await Promise.all(asked.map((m) => currentSession(db, m.claims)));
    expect(answers.map((a) => a?.role ?? null)).toEqual(asked.map((m) => m.expected));
    expect(statements).toBe(3);
  });

  it('fails a check with malformed claims alone: the others asked with it are answered', async () => {
    const bad = { ...members[0].claims, sessionId: 'not-a-uuid' };
    const results = await Promise.allSettled([
      currentSession(db, members[0].claims),
      currentSession(db, bad),
      currentSession(db, members[1].claims),
      currentSession(db, members[9].claims),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const roles = results.map((r) => (r.status === 'fulfilled' ? (r.value?.role ?? null) : 'error'));
    expect(roles).toEqual([members[0].expected, 'error', members[1].expected, null]);
  });
});
