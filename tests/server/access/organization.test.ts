import { describe, expect, it } from 'vitest';
import { withDatabases } from '../harness';
import { bearer, director, ROLE, type Session, staffMember } from './helpers';
import { expectHistoryLabels } from './historyLabels';

withDatabases(
  'organisation settings: requisites, accounts, branches, accountants, structure, own profile',
  (ctx) => {
    const call = (
      session: Session,
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
    ) => ctx.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
    const audit = async (event: string, organizationId: string) =>
      (
        await ctx.db.query<{ detail: any; user_id: string }>(
          'select detail, user_id from audit_log where event = $1 and organization_id = $2 order by id desc',
          [event, organizationId],
        )
      ).rows;

    describe('requisites', () => {
      it('saves through the company form, audits who changed what, and refuses a stale version', async () => {
        const boss = await director(ctx, 1);
        const read = await call(boss, 'GET', `/api/Organization/getById?id=${boss.organizationId}`);
        expect(read.statusCode, read.body).toBe(200);
        const org = read.json().data;
        expect(org.requisites).toMatchObject({ Tin: '302000001', Name: 'OOO «Demo Savdo» (demo)' });

        const bad = await call(boss, 'PUT', '/api/Organization/update', {
          id: org.id,
          version: org.version,
          requisites: { ...org.requisites, Email: 'not-an-email' },
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().errors.map((e: { path: string }) => e.path)).toContain('/Email');

        const saved = await call(boss, 'PUT', '/api/Organization/update', {
          id: org.id,
          version: org.version,
          requisites: { ...org.requisites, Email: 'info@savdo.demo.uz', PostIndex: '100100' },
        });
        expect(saved.statusCode, saved.body).toBe(200);
        expect(saved.json().data.requisites).toMatchObject({
          Email: 'info@savdo.demo.uz',
          PostIndex: '100100',
        });
        expect(saved.json().data.version).not.toBe(org.version);
        const [entry] = await audit('settings.requisites.updated', org.id);
        expect(entry.user_id).toBe(boss.userId);
        expect(entry.detail.changes).toEqual({
          Email: { from: null, to: 'info@savdo.demo.uz' },
          PostIndex: { from: null, to: '100100' },
        });

        const stale = await call(boss, 'PUT', '/api/Organization/update', {
          id: org.id,
          version: org.version,
          requisites: { ...org.requisites, Email: 'other@savdo.demo.uz' },
        });
        expect(stale.statusCode).toBe(409);
        expect(stale.json().code).toBe('VERSION_CONFLICT');

        const tin = await call(boss, 'PUT', '/api/Organization/update', {
          id: org.id,
          requisites: { ...saved.json().data.requisites, Tin: '302000009' },
        });
        expect(tin.statusCode).toBe(400);
        expect(tin.json().code).toBe('TIN_IMMUTABLE');
      });

      it('a staff member without admin:requisites reads them but cannot change them', async () => {
        const boss = await director(ctx, 1);
        const manager = await staffMember(ctx, boss, ROLE.manager);
        const read = await call(manager, 'GET', `/api/Organization/getById?id=${boss.organizationId}`);
        expect(read.statusCode).toBe(200);
        const write = await call(manager, 'PUT', '/api/Organization/update', {
          id: boss.organizationId,
          requisites: read.json().data.requisites,
        });
        expect(write.statusCode).toBe(403);
        expect(write.json().code).toBe('NO_AUTHORITY');
      });

      it('change requisites: shows what the tax registry would change, applies only the accepted fields', async () => {
        const boss = await director(ctx, 2);
        const org = (await call(boss, 'GET', `/api/Organization/getById?id=${boss.organizationId}`)).json()
          .data;
        const edited = await call(boss, 'PUT', '/api/Organization/update', {
          id: org.id,
          requisites: {
            ...org.requisites,
            Address: 'Hand-typed address (test)',
            Director: 'Hand-typed director (test)',
          },
        });
        expect(edited.statusCode, edited.body).toBe(200);
        const preview = await call(boss, 'GET', '/api/Organization/getRequisitesChanges');
        expect(preview.statusCode, preview.body).toBe(200);
        expect(preview.json().data.isDemo).toBe(true);
        const changes = preview.json().data.changes as Array<{ field: string; from: unknown; to: unknown }>;
        const address = changes.find((c) => c.field === 'Address');
        const directorChange = changes.find((c) => c.field === 'Director');
        expect(address?.from).toBe('Hand-typed address (test)');
        expect(directorChange?.from).toBe('Hand-typed director (test)');
        // Nothing is saved by looking.
        const still = (await call(boss, 'GET', `/api/Organization/getById?id=${org.id}`)).json().data;
        expect(still.requisites.Address).toBe('Hand-typed address (test)');

        const applied = await call(boss, 'POST', '/api/Organization/applyRequisitesChanges', {
          fields: ['Address'],
        });
        expect(applied.statusCode, applied.body).toBe(200);
        expect(applied.json().data.requisites.Address).toBe(address?.to);
        expect(applied.json().data.requisites.Director).toBe('Hand-typed director (test)');
        const [entry] = await audit('settings.requisites.refreshed', org.id);
        expect(Object.keys(entry.detail.changes)).toEqual(['Address']);
      });
    });

    describe('bank accounts, branches, accountants', () => {
      it('the first account is the main one and fills the company form; another main one takes over', async () => {
        const boss = await director(ctx, 3);
        const bad = await call(boss, 'POST', '/api/OrganizationAccount/add', {
          account: '2020800090012345600',
          mfo: '00440',
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().errors.map((e: { path: string }) => e.path)).toContain('/account');
        const first = await call(boss, 'POST', '/api/OrganizationAccount/add', {
          account: '20208000900123450301',
          mfo: '00440',
        });
        expect(first.json().data).toMatchObject({ isMain: true, isActive: true, currency: 'UZS' });
        const second = await call(boss, 'POST', '/api/OrganizationAccount/add', {
          account: '20208000900123450302',
          mfo: '01071',
          isMain: true,
        });
        expect(second.json().data.isMain).toBe(true);
        const list = (await call(boss, 'GET', '/api/OrganizationAccount/GetOrganizationAccounts')).json().data
          .rows;
        expect(
          list.filter((a: { isMain: boolean }) => a.isMain).map((a: { account: string }) => a.account),
        ).toEqual(['20208000900123450302']);
        const org = (await call(boss, 'GET', `/api/Organization/getById?id=${boss.organizationId}`)).json()
          .data;
        expect(org.requisites).toMatchObject({ Account: '20208000900123450302', BankId: '01071' });
        const twice = await call(boss, 'POST', '/api/OrganizationAccount/add', {
          account: '20208000900123450302',
          mfo: '01071',
        });
        expect(twice.statusCode).toBe(409);
        const off = await call(
          boss,
          'GET',
          `/api/OrganizationAccount/toggleActivation?id=${second.json().data.id}`,
        );
        expect(off.json().data).toMatchObject({ isActive: false, isMain: false });
        const gone = await call(boss, 'DELETE', `/api/OrganizationAccount/delete?id=${first.json().data.id}`);
        expect(gone.statusCode).toBe(200);
        expect((await audit('settings.account.deleted', boss.organizationId)).length).toBe(1);
      });

      it('an account saved without its bank name gets the banks directory’s name for the MFO (issue 26)', async () => {
        await ctx.db.query(
          `insert into ref_banks (mfo, name, search) values ('00977', 'Directory Bank (test)', '00977 directory bank'),
             ('00978', 'Other Directory Bank (test)', '00978 other directory bank') on conflict (mfo) do nothing`,
        );
        const boss = await director(ctx, 2);
        const added = await call(boss, 'POST', '/api/OrganizationAccount/add', {
          account: '20208000900123450977',
          mfo: '00977',
        });
        expect(added.statusCode, added.body).toBe(200);
        expect(added.json().data.bankName).toBe('Directory Bank (test)');
        const { rows } = await ctx.db.query('select bank_name from organization_accounts where id = $1', [
          added.json().data.id,
        ]);
        expect(rows[0].bank_name).toBe('Directory Bank (test)');
        // A name typed by hand is kept; the old bank's name left in the form after the MFO changed is not.
        const typed = await call(boss, 'POST', '/api/OrganizationAccount/add', {
          account: '20208000900123450978',
          mfo: '00977',
          bankName: 'Our branch of Directory Bank',
        });
        expect(typed.json().data.bankName).toBe('Our branch of Directory Bank');
        const moved = await call(boss, 'PUT', '/api/OrganizationAccount/update', {
          id: added.json().data.id,
          account: '20208000900123450977',
          mfo: '00978',
          bankName: 'Directory Bank (test)',
        });
        expect(moved.statusCode, moved.body).toBe(200);
        expect(moved.json().data.bankName).toBe('Other Directory Bank (test)');
        // An account saved empty before this fix shows the directory's name too.
        await ctx.db.query(`update organization_accounts set bank_name = '' where id = $1`, [
          typed.json().data.id,
        ]);
        const list = (await call(boss, 'GET', '/api/OrganizationAccount/GetOrganizationAccounts')).json().data
          .rows;
        expect(list.find((a: { id: string }) => a.id === typed.json().data.id).bankName).toBe(
          'Directory Bank (test)',
        );
      });

      it('staff of a branch follow its new code and lose it when it is deleted', async () => {
        const boss = await director(ctx, 3);
        const branch = (
          await call(boss, 'POST', '/api/Organization/add', { code: 'B1', name: 'Branch one (test)' })
        ).json().data;
        const member = await staffMember(ctx, boss, ROLE.viewer);
        await call(boss, 'PUT', '/api/Auth/updateUser', {
          id: member.userId,
          roleId: ROLE.viewer,
          branchCode: 'B1',
        });
        const renamed = await call(boss, 'PUT', '/api/Organization/updateBranch', {
          id: branch.id,
          code: 'B2',
          name: 'Branch two (test)',
        });
        expect(renamed.statusCode, renamed.body).toBe(200);
        expect(
          (await call(boss, 'GET', `/api/Auth/getById?id=${member.userId}`)).json().data.branchCode,
        ).toBe('B2');
        await call(boss, 'DELETE', `/api/Organization/delete?id=${branch.id}`);
        expect(
          (await call(boss, 'GET', `/api/Auth/getById?id=${member.userId}`)).json().data.branchCode,
        ).toBeNull();
        const unknown = await call(boss, 'PUT', '/api/Auth/updateUser', {
          id: member.userId,
          roleId: ROLE.viewer,
          branchCode: 'B2',
        });
        expect(unknown.statusCode).toBe(404);
      });

      it('a staff member made chief accountant becomes the company form’s Accountant; documents get active accountants', async () => {
        const boss = await director(ctx, 3);
        const member = await staffMember(ctx, boss, ROLE.accountant, 'Chief Accountant (test)');
        const chief = await call(boss, 'POST', `/api/Organization/setAccountant?userId=${member.userId}`);
        expect(chief.statusCode, chief.body).toBe(200);
        expect(chief.json().data).toMatchObject({
          isMain: true,
          userId: member.userId,
          fullName: 'Chief Accountant (test)',
        });
        const org = (await call(boss, 'GET', `/api/Organization/getById?id=${boss.organizationId}`)).json()
          .data;
        expect(org.requisites.Accountant).toBe('Chief Accountant (test)');
        expect((await call(boss, 'GET', '/api/Organization/getAccountant')).json().data.userId).toBe(
          member.userId,
        );
        const other = (
          await call(boss, 'POST', '/api/OrganizationAccountant/upsertAccountant', {
            fullName: 'Second Accountant (test)',
            pinfl: '52222222222222',
          })
        ).json().data;
        await call(boss, 'GET', `/api/OrganizationAccountant/toggleAccountantActivation?id=${other.id}`);
        const forDocument = (
          await call(boss, 'GET', '/api/OrganizationAccountant/getAccountantsForDocument')
        ).json().data.rows;
        expect(forDocument.map((a: { fullName: string }) => a.fullName)).toEqual(['Chief Accountant (test)']);
        const badPinfl = await call(boss, 'POST', '/api/OrganizationAccountant/upsertAccountant', {
          fullName: 'X',
          pinfl: '123',
        });
        expect(badPinfl.statusCode).toBe(400);
      });
    });

    describe('departments and positions', () => {
      it('lists 20 a page by default; deleting a department keeps its staff and positions without it', async () => {
        const boss = await director(ctx, 2);
        for (let i = 1; i <= 21; i++) {
          const res = await call(boss, 'POST', '/api/Department/add', {
            name: `Department ${String(i).padStart(2, '0')} (test)`,
          });
          expect(res.statusCode).toBe(200);
        }
        const page = (await call(boss, 'GET', '/api/Department/list')).json().data;
        expect(page.rows).toHaveLength(20);
        expect(page.totalCount).toBe(21);
        const second = (await call(boss, 'GET', '/api/Department/list?page=2')).json().data;
        expect(second.rows.map((d: { name: string }) => d.name)).toEqual(['Department 21 (test)']);
        const duplicate = await call(boss, 'POST', '/api/Department/add', { name: 'department 21 (TEST)' });
        expect(duplicate.statusCode).toBe(409);
        const department = second.rows[0];
        const position = (
          await call(boss, 'POST', '/api/Positions/add', {
            name: 'Clerk (test)',
            departmentId: department.id,
          })
        ).json().data;
        const member = await staffMember(ctx, boss, ROLE.viewer);
        await call(boss, 'PUT', '/api/Auth/updateUser', {
          id: member.userId,
          roleId: ROLE.viewer,
          departmentId: department.id,
          positionId: position.id,
        });
        expect(
          (await call(boss, 'GET', `/api/Positions/getByDep?departmentId=${department.id}`)).json().data.rows,
        ).toHaveLength(1);
        await call(boss, 'DELETE', `/api/Department/delete?id=${department.id}`);
        const after = (await call(boss, 'GET', `/api/Auth/getById?id=${member.userId}`)).json().data;
        expect(after).toMatchObject({ departmentId: null, positionId: position.id });
        expect(
          (await call(boss, 'GET', `/api/Positions/getById?id=${position.id}`)).json().data.departmentId,
        ).toBeNull();
      });
    });

    describe('own profile and sessions', () => {
      it('changes own contacts and language through the profile form', async () => {
        const boss = await director(ctx, 1);
        const member = await staffMember(ctx, boss, ROLE.viewer);
        const bad = await call(member, 'POST', '/api/Auth/upsertUserInfoOwn', { phone: '+99890' });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().errors.map((e: { path: string }) => e.path)).toContain('/Phone');
        const ok = await call(member, 'POST', '/api/Auth/upsertUserInfoOwn', {
          email: 'me@demo.hujjat.uz',
          language: 'uz',
        });
        expect(ok.statusCode, ok.body).toBe(200);
        expect(ok.json().data).toMatchObject({ email: 'me@demo.hujjat.uz', language: 'uz' });
        const [entry] = await audit('settings.profile.updated', boss.organizationId);
        expect(entry.detail.changes.language).toEqual({ from: null, to: 'uz' });
      });

      it('signing out elsewhere ends the other sessions and keeps this one', async () => {
        const boss = await director(ctx, 1);
        const member = await staffMember(ctx, boss, ROLE.viewer);
        const { login } = await import('./helpers');
        const other = await login(ctx, member.phone, 'Xodim#2026');
        const sessions = (await call(member, 'GET', '/api/Auth/getSessions')).json().data.rows;
        expect(sessions.length).toBeGreaterThanOrEqual(2);
        expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
        const ended = await call(member, 'POST', '/api/Auth/signOutOtherSessions');
        expect(ended.json().data.ended).toBeGreaterThanOrEqual(1);
        expect((await call(member, 'GET', '/api/Auth/getUserInfoOwn')).statusCode).toBe(200);
        expect((await call(other, 'GET', '/api/Auth/getUserInfoOwn')).statusCode).toBe(401);
      });
    });

    describe('settings history', () => {
      it('lists the organisation’s settings changes with who made them, newest first', async () => {
        const boss = await director(ctx, 3);
        const history = await call(boss, 'GET', '/api/Organization/getChangeHistory?pageSize=100');
        expect(history.statusCode).toBe(200);
        const rows = history.json().data.rows;
        expect(rows.length).toBeGreaterThan(3);
        expect(rows[0].at >= rows.at(-1).at).toBe(true);
        expect(rows.find((r: { event: string }) => r.event === 'settings.accountant.set')).toMatchObject({
          userId: boss.userId,
          userName: 'Tursunov Bobur Olimovich (demo)',
        });
      });

      it('names every changed field in ru, uz and en, never by its name in the code (issue 26)', async () => {
        expect(await expectHistoryLabels(ctx)).toBeGreaterThan(15);
      });
    });
  },
);
