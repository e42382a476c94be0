import { describe, expect, it } from 'vitest';
import { withDatabases } from '../harness';
import { addStaff, bearer, director, login, newPerson, ROLE, STAFF_PASSWORD, staffMember } from './helpers';
import { expectHistoryLabels } from './historyLabels';

withDatabases('staff and roles API', (ctx) => {
  const get = (url: string, session: { token: string }) =>
    ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${session.token}` } });

  describe('addUser', () => {
    it('adds a person by PINFL with a role; they sign in with phone and password into the company', async () => {
      const boss = await director(ctx);
      const person = newPerson();
      const res = await addStaff(ctx, boss, {
        FullName: 'Sodiqova Malika (demo)',
        Pinfl: person.pinfl,
        Phone: `+${person.phone}`,
        Email: 'malika@demo.hujjat.uz',
        Password: STAFF_PASSWORD,
        roleId: ROLE.accountant,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { staff, linkedExisting } = res.json().data;
      expect(linkedExisting).toBe(false);
      expect(staff).toMatchObject({
        fullName: 'Sodiqova Malika (demo)',
        pinfl: person.pinfl,
        roleCode: 'accountant',
        isActive: true,
        managed: true,
      });
      const session = await login(ctx, person.phone, STAFF_PASSWORD);
      expect(session.organizationId).toBe(boss.organizationId);
      const info = await get('/api/Auth/getUserInfoOwn', session);
      expect(info.json().data).toMatchObject({
        fullName: 'Sodiqova Malika (demo)',
        membership: 'accountant',
      });
    });

    it('validates the person with the staff form (PINFL of 14 digits)', async () => {
      const boss = await director(ctx);
      const res = await addStaff(ctx, boss, { FullName: 'X', Pinfl: '123', roleId: ROLE.viewer });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain('/Pinfl');
    });

    it('links a person who already has an account without touching their password or contacts', async () => {
      const boss = await director(ctx, 2);
      // The director of demo organisation 1 is a person with an account of their own.
      const res = await addStaff(ctx, boss, {
        FullName: 'Someone else',
        Pinfl: '31505850123451',
        Phone: '+998907777777',
        Password: 'Taken#2026x',
        roleId: ROLE.viewer,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.linkedExisting).toBe(true);
      expect(res.json().data.staff).toMatchObject({
        fullName: 'Aliyev Akmal Karimovich (demo)',
        managed: false,
      });
      const { rows } = await ctx.db.query("select phone from users where pinfl = '31505850123451'");
      expect(rows[0].phone).toBe('998901000001');
      // Their own password still signs them in (first to their own organisation).
      await director(ctx, 1);
    });

    it('refuses the same person twice (409) and a role of another organisation (404)', async () => {
      const boss = await director(ctx);
      const other = await director(ctx, 3);
      const role = await ctx.app.inject({
        method: 'POST',
        url: '/api/Roles/add',
        headers: bearer(other),
        payload: { name: 'Foreign role' },
      });
      expect(role.statusCode, role.body).toBe(200);
      const person = newPerson();
      const first = await addStaff(ctx, boss, {
        FullName: 'Twice (demo)',
        Pinfl: person.pinfl,
        roleId: ROLE.viewer,
      });
      expect(first.statusCode).toBe(200);
      const again = await addStaff(ctx, boss, {
        FullName: 'Twice (demo)',
        Pinfl: person.pinfl,
        roleId: ROLE.viewer,
      });
      expect(again.statusCode).toBe(409);
      const foreign = await addStaff(ctx, boss, {
        FullName: 'Y',
        Pinfl: newPerson().pinfl,
        roleId: role.json().data.id,
      });
      expect(foreign.statusCode).toBe(404);
    });
  });

  describe('rights to manage staff', () => {
    it('a staff member without admin:staff gets 403 NO_AUTHORITY and an audit row', async () => {
      const boss = await director(ctx);
      const accountant = await staffMember(ctx, boss, ROLE.accountant);
      const res = await addStaff(ctx, accountant, {
        FullName: 'Z',
        Pinfl: newPerson().pinfl,
        roleId: ROLE.viewer,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('NO_AUTHORITY');
      const { rows } = await ctx.db.query(
        "select detail from audit_log where event = 'access.denied' and user_id = $1",
        [accountant.userId],
      );
      expect(rows.map((r) => r.detail.action)).toContain('admin:staff');
    });

    it('the owner can be neither changed nor deleted, and nobody deletes themself', async () => {
      const boss = await director(ctx);
      const update = await ctx.app.inject({
        method: 'PUT',
        url: '/api/Auth/updateUser',
        headers: bearer(boss),
        payload: { id: boss.userId, roleId: ROLE.viewer },
      });
      expect(update.statusCode).toBe(403);
      const del = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/Auth/deleteUser?id=${boss.userId}`,
        headers: bearer(boss),
      });
      expect(del.statusCode).toBe(403);
    });
  });

  describe('roles and per-user access', () => {
    it('a custom role grants exactly its rights; an override adds or withholds one', async () => {
      const boss = await director(ctx);
      const role = await ctx.app.inject({
        method: 'POST',
        url: '/api/Roles/add',
        headers: bearer(boss),
        payload: { name: 'Invoices only', actions: ['invoice:view', 'invoice:create', 'invoice:send'] },
      });
      expect(role.statusCode, role.body).toBe(200);
      const roleId = role.json().data.id;
      const member = await staffMember(ctx, boss, roleId);
      const own = await get('/api/Auth/getAuthRoleActionsForUser', member);
      expect(own.json().data).toEqual(['invoice:create', 'invoice:send', 'invoice:view']);
      const changed = await ctx.app.inject({
        method: 'POST',
        url: '/api/DocumentAccess/change',
        headers: bearer(boss),
        payload: {
          userId: member.userId,
          changes: [
            { action: 'invoice:send', allowed: false },
            { action: 'waybill:view', allowed: true },
          ],
        },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const entry = (code: string) =>
        changed.json().data.entries.find((e: { code: string }) => e.code === code);
      expect(entry('invoice:send')).toMatchObject({ fromRole: true, override: false, allowed: false });
      expect(entry('waybill:view')).toMatchObject({ fromRole: false, override: true, allowed: true });
      expect((await get('/api/Auth/getAuthRoleActionsForUser', member)).json().data).toEqual([
        'invoice:create',
        'invoice:view',
        'waybill:view',
      ]);
    });

    it('built-in roles are read-only; a role in use cannot be deleted; unknown rights are refused', async () => {
      const boss = await director(ctx);
      const upsertBuiltIn = await ctx.app.inject({
        method: 'POST',
        url: `/api/Auth/upsertAuthRoleActions?roleId=${ROLE.viewer}`,
        headers: bearer(boss),
        payload: { actions: ['invoice:send'] },
      });
      expect(upsertBuiltIn.statusCode).toBe(400);
      expect(upsertBuiltIn.json().code).toBe('BUILT_IN_ROLE');
      const role = await ctx.app.inject({
        method: 'POST',
        url: '/api/Roles/add',
        headers: bearer(boss),
        payload: { name: 'In use' },
      });
      const roleId = role.json().data.id;
      const unknown = await ctx.app.inject({
        method: 'POST',
        url: `/api/Auth/upsertAuthRoleActions?roleId=${roleId}`,
        headers: bearer(boss),
        payload: { actions: ['spaceship:launch'] },
      });
      expect(unknown.statusCode).toBe(400);
      await staffMember(ctx, boss, roleId);
      const del = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/Roles/delete?id=${roleId}`,
        headers: bearer(boss),
      });
      expect(del.statusCode).toBe(409);
      expect(del.json().code).toBe('ROLE_IN_USE');
    });

    it('lists built-in roles localized and own roles; deleted ones only with is_deleted', async () => {
      const boss = await director(ctx, 2);
      const made = await ctx.app.inject({
        method: 'POST',
        url: '/api/Roles/add',
        headers: bearer(boss),
        payload: { name: 'Temporary' },
      });
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/Roles/delete?id=${made.json().data.id}`,
        headers: bearer(boss),
      });
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/Roles/list',
        headers: { ...bearer(boss), 'accept-language': 'en' },
      });
      const names = list.json().data.rows.map((r: { name: string }) => r.name);
      expect(names.slice(0, 4)).toEqual(['Director', 'Accountant', 'Manager', 'Viewer']);
      expect(names).not.toContain('Temporary');
      const deleted = await get('/api/Roles/list?is_deleted=true', boss);
      expect(deleted.json().data.rows.map((r: { name: string }) => r.name)).toEqual(['Temporary']);
    });
  });

  it('names every field a staff, role or access change records in ru, uz and en (issue 26)', async () => {
    expect(await expectHistoryLabels(ctx)).toBeGreaterThan(5);
  });
});
