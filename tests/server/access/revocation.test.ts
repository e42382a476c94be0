import { describe, expect, it } from 'vitest';
import { withDatabases } from '../harness';
import { bearer, director, login, ROLE, STAFF_PASSWORD, staffMember } from './helpers';

// Switching a staff member off or deleting them ends their access at once: the refresh tokens of
// their sessions in the organisation are revoked, and \`authenticate\` refuses a switched-off
// membership or a revoked session on the very next request.
withDatabases('staff: deactivation and deletion', (ctx) => {
  const get = (url: string, session: { token: string }) =>
    ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${session.token}` } });

  describe('deactivation and deletion', () => {
    it('a switched-off staff member’s token stops at once, and works again when switched on', async () => {
      const boss = await director(ctx);
      const member = await staffMember(ctx, boss, ROLE.manager);
      expect((await get('/api/Auth/getUserInfoOwn', member)).statusCode).toBe(200);
      const off = await ctx.app.inject({
        method: 'PUT',
        url: '/api/Auth/updateUser',
        headers: bearer(boss),
        payload: { id: member.userId, roleId: ROLE.manager, isActive: false },
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().data.isActive).toBe(false);
      expect((await get('/api/Auth/getUserInfoOwn', member)).statusCode).toBe(401);
      // Their password no longer opens the organisation either.
      const signIn = await ctx.app.inject({
        method: 'POST',
        url: '/api/Auth/Login',
        payload: { phone: member.phone, password: STAFF_PASSWORD },
      });
      expect(signIn.statusCode).not.toBe(200);
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/Auth/updateUser',
        headers: bearer(boss),
        payload: { id: member.userId, roleId: ROLE.manager, isActive: true },
      });
      const again = await login(ctx, member.phone, STAFF_PASSWORD);
      expect((await get('/api/Auth/getUserInfoOwn', again)).statusCode).toBe(200);
    });

    it('deletes a staff member forever: membership, access and the person the company added', async () => {
      const boss = await director(ctx);
      const member = await staffMember(ctx, boss, ROLE.viewer);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/DocumentAccess/change',
        headers: bearer(boss),
        payload: { userId: member.userId, changes: [{ action: 'invoice:create', allowed: true }] },
      });
      const del = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/Auth/deleteUser?id=${member.userId}`,
        headers: bearer(boss),
      });
      expect(del.statusCode, del.body).toBe(200);
      expect((await get('/api/Auth/getUserInfoOwn', member)).statusCode).toBe(401);
      const { rows: users } = await ctx.db.query('select 1 from users where id = $1', [member.userId]);
      expect(users).toHaveLength(0);
      const { rows: access } = await ctx.db.query('select 1 from user_access where user_id = $1', [
        member.userId,
      ]);
      expect(access).toHaveLength(0);
      const list = await get('/api/Auth/getUsersList?pageSize=100', boss);
      expect(list.json().data.rows.map((r: { userId: string }) => r.userId)).not.toContain(member.userId);
      const { rows: audit } = await ctx.db.query(
        "select 1 from audit_log where event = 'settings.staff.deleted' and detail->>'target' = $1",
        [member.userId],
      );
      expect(audit).toHaveLength(1);
    });
  });
});
