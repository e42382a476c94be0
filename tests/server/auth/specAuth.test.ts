// The Auth group's spec operations that were absent (issue 26): loginBySignature (existing accounts
// only), loginBySignatureWithAuto, createTempToken + LoginByTempToken, hasUser, getUserFullList,
// getUsersListNew, getUsersListForAgent, getUserInfoByUserId, upsertUserInfoByUserId — answers built
// from what the test made, refused without rights, never another organisation's, bad input a 400.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, director, ROLE, type Session, staffMember } from '../access/helpers';
import { createExchangeFixture, type ExchangeFixture, signRaw } from '../documents/exchange';
import { type TestContext, withDatabases } from '../harness';

let fixture: ExchangeFixture;
beforeAll(async () => {
  fixture = await createExchangeFixture();
});
afterAll(() => fixture?.dispose());

const HOST = 'hujjat.test';

withDatabases(
  'Auth spec operations',
  (ctx: TestContext) => {
    let boss: Session;
    let other: Session;
    let clerk: Session & { pinfl: string };
    let agent: Session & { pinfl: string };
    let gone: Session & { pinfl: string };

    const call = (who: Session | null, method: string, url: string, payload?: object) =>
      ctx.app.inject({
        method: method as 'GET',
        url,
        headers: { ...(who ? bearer(who) : {}), 'accept-language': 'en', host: HOST },
        ...(payload ? { payload } : {}),
      });

    /** A PKCS#7 by a demo key over a fresh sign-in challenge of this host. */
    const signedChallenge = async (keyId: string) => {
      const challenge = (await call(null, 'GET', '/api/Eimzo/getChallenge?purpose=auth')).json().data
        .challenge;
      return signRaw(fixture, keyId, new TextEncoder().encode(challenge));
    };

    beforeAll(async () => {
      boss = await director(ctx, 1);
      other = await director(ctx, 2);
      const role = async (name: string, actions: string[]) => {
        const res = await call(boss, 'POST', '/api/Roles/add', { name, actions });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.id as string;
      };
      clerk = await staffMember(
        ctx,
        boss,
        await role('Viewer only (auth test)', ['invoice:view']),
        'Clerk (auth test)',
      );
      agent = await staffMember(
        ctx,
        boss,
        await role('Invoicer (auth test)', ['invoice:create']),
        'Agent (auth test)',
      );
      gone = await staffMember(ctx, boss, ROLE.viewer, 'Former (auth test)');
      const off = await call(boss, 'PUT', '/api/Auth/updateUser', {
        id: gone.userId,
        roleId: ROLE.viewer,
        isActive: false,
      });
      expect(off.statusCode, off.body).toBe(200);
    }, 120_000);

    it('loginBySignature signs in an existing account only; WithAuto creates it on first use', async () => {
      const existing = await call(null, 'POST', '/api/Auth/loginBySignature', {
        pkcs7: await signedChallenge('org-302000001'),
      });
      expect(existing.statusCode, existing.body).toBe(200);
      expect(existing.json().data).toMatchObject({ tin: '302000001', organizationId: boss.organizationId });

      const fresh = await call(null, 'POST', '/api/Auth/loginBySignature', {
        pkcs7: await signedChallenge('fresh-52909960789012'),
      });
      expect(fresh.statusCode, fresh.body).toBe(404);
      expect(fresh.json().code).toBe('NOT_REGISTERED');
      const created = await call(null, 'POST', '/api/Auth/loginBySignatureWithAuto', {
        pkcs7b64: await signedChallenge('fresh-52909960789012'),
      });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().data).toMatchObject({ pinfl: '52909960789012', role: 'owner' });
      const again = await call(null, 'POST', '/api/Auth/loginBySignature', {
        pkcs7: await signedChallenge('fresh-52909960789012'),
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.organizationId).toBe(created.json().data.organizationId);

      // A challenge works once; a body without a signature or with junk is a 400.
      const once = await signedChallenge('org-302000002');
      expect((await call(null, 'POST', '/api/Auth/loginBySignature', { pkcs7: once })).statusCode).toBe(200);
      const replay = await call(null, 'POST', '/api/Auth/loginBySignature', { pkcs7: once });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().code).toBe('CHALLENGE_REFUSED');
      for (const body of [{}, { pkcs7: 'not base64 at all' }, { pkcs7: 5 }, { extra: 'x' }]) {
        const res = await call(null, 'POST', '/api/Auth/loginBySignatureWithAuto', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
    });

    it('LoginByTempToken opens the issuing session’s person and organisation, once', async () => {
      expect((await call(null, 'POST', '/api/Auth/createTempToken')).statusCode).toBe(401);
      const issued = await call(clerk, 'POST', '/api/Auth/createTempToken');
      expect(issued.statusCode, issued.body).toBe(200);
      const { token, expiresIn } = issued.json().data;
      expect(expiresIn).toBe(60);
      const used = await call(null, 'POST', `/api/Auth/LoginByTempToken?token=${token}`);
      expect(used.statusCode, used.body).toBe(200);
      expect(used.json().data).toMatchObject({ userId: clerk.userId, organizationId: boss.organizationId });
      const twice = await call(null, 'POST', `/api/Auth/LoginByTempToken?token=${token}`);
      expect(twice.statusCode).toBe(401);
      expect(twice.json().code).toBe('TEMP_TOKEN_INVALID');
      const unknown = await call(null, 'POST', `/api/Auth/LoginByTempToken?token=${'A'.repeat(43)}`);
      expect(unknown.statusCode).toBe(401);
      for (const bad of ['', 'short', `${'A'.repeat(42)}!`])
        expect((await call(null, 'POST', `/api/Auth/LoginByTempToken?token=${bad}`)).statusCode).toBe(400);
      // A person switched off since cannot use one issued before.
      const late = (await call(gone, 'POST', '/api/Auth/createTempToken')).statusCode;
      expect(late).toBe(401);
    });

    it('hasUser tells whether someone can sign in for a TIN or PINFL', async () => {
      const has = async (tin: string) =>
        (await call(clerk, 'GET', `/api/Auth/hasUser?tin=${tin}`)).json().data;
      expect(await has('302000002')).toEqual({ tin: '302000002', hasUser: true });
      expect(await has(agent.pinfl)).toEqual({ tin: agent.pinfl, hasUser: true });
      expect(await has('399999991')).toEqual({ tin: '399999991', hasUser: false });
      expect(await has('59999999999991')).toEqual({ tin: '59999999999991', hasUser: false });
      expect((await call(null, 'GET', '/api/Auth/hasUser?tin=302000002')).statusCode).toBe(401);
      for (const bad of ['', '12345', '3020000011', 'abcdefghi'])
        expect((await call(clerk, 'GET', `/api/Auth/hasUser?tin=${bad}`)).statusCode).toBe(400);
    });

    it('lists the organisation’s staff in full and newest first, to the staff manager only', async () => {
      const full = await call(boss, 'GET', '/api/Auth/getUserFullList');
      expect(full.statusCode, full.body).toBe(200);
      const rows = full.json().data.rows as Array<{ userId: string; isActive: boolean }>;
      expect(rows.map((r) => r.userId)).toEqual(
        expect.arrayContaining([clerk.userId, agent.userId, gone.userId]),
      );
      expect(rows.find((r) => r.userId === gone.userId)?.isActive).toBe(false);
      expect(full.json().data.totalCount).toBe(rows.length);

      const newest = await call(boss, 'GET', '/api/Auth/getUsersListNew?pageSize=2');
      expect(newest.json().data.rows.map((r: { userId: string }) => r.userId)).toEqual([
        gone.userId,
        agent.userId,
      ]);
      const inactive = await call(boss, 'GET', '/api/Auth/getUsersListNew?isActive=false');
      expect(inactive.json().data.rows.map((r: { userId: string }) => r.userId)).toEqual([gone.userId]);

      for (const url of ['/api/Auth/getUserFullList', '/api/Auth/getUsersListNew']) {
        const theirs = await call(other, 'GET', url);
        expect(theirs.statusCode).toBe(200);
        for (const id of [clerk.userId, agent.userId, gone.userId])
          expect(theirs.body, url).not.toContain(id);
        const refused = await call(clerk, 'GET', url);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().code).toBe('NO_AUTHORITY');
      }
      for (const bad of ['?pageSize=0', '?page=1e308', '?isActive=maybe', '?roleId=x', '?order=name'])
        expect((await call(boss, 'GET', `/api/Auth/getUsersListNew${bad}`)).statusCode, bad).toBe(400);
    });

    it('getUsersListForAgent lists active members with a PINFL to those who create documents with agents', async () => {
      const listed = await call(agent, 'GET', '/api/Auth/getUsersListForAgent');
      expect(listed.statusCode, listed.body).toBe(200);
      const rows = listed.json().data.rows as Array<{ userId: string; pinfl: string }>;
      expect(rows.map((r) => r.userId)).toContain(agent.userId);
      expect(rows.find((r) => r.userId === clerk.userId)?.pinfl).toBe(clerk.pinfl);
      expect(rows.map((r) => r.userId)).not.toContain(gone.userId);
      const theirs = await call(other, 'GET', '/api/Auth/getUsersListForAgent');
      for (const id of [clerk.userId, agent.userId]) expect(theirs.body).not.toContain(id);
      // A viewer creates nothing: refused.
      const refused = await call(clerk, 'GET', '/api/Auth/getUsersListForAgent');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('NO_AUTHORITY');
    });

    it('reads and changes a member’s own data for the staff manager; another organisation’s is a 404', async () => {
      const changed = await call(boss, 'POST', `/api/Auth/upsertUserInfoByUserId?userId=${clerk.userId}`, {
        email: 'clerk.auth-test@example.uz',
        language: 'uz',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const read = await call(boss, 'GET', `/api/Auth/getUserInfoByUserId?userId=${clerk.userId}`);
      expect(read.json().data).toMatchObject({
        userId: clerk.userId,
        email: 'clerk.auth-test@example.uz',
        language: 'uz',
        pinfl: clerk.pinfl,
        organizationId: boss.organizationId,
      });
      // The member sees the same as their own data.
      expect((await call(clerk, 'GET', '/api/Auth/getUserInfoOwn')).json().data.email).toBe(
        'clerk.auth-test@example.uz',
      );
      for (const [method, url, body] of [
        ['GET', `/api/Auth/getUserInfoByUserId?userId=${clerk.userId}`, undefined],
        ['POST', `/api/Auth/upsertUserInfoByUserId?userId=${clerk.userId}`, { email: 'x@example.uz' }],
      ] as const) {
        const res = await call(other, method, url, body);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
        expect(res.body).not.toContain('clerk.auth-test');
        expect((await call(clerk, method, url.replace(clerk.userId, agent.userId), body)).statusCode).toBe(
          403,
        );
      }
      for (const [url, body] of [
        [`/api/Auth/upsertUserInfoByUserId?userId=${clerk.userId}`, { email: 'not an email' }],
        [`/api/Auth/upsertUserInfoByUserId?userId=${clerk.userId}`, { language: 'fr' }],
        [`/api/Auth/upsertUserInfoByUserId?userId=${clerk.userId}`, { phone: '12' }],
        ['/api/Auth/upsertUserInfoByUserId?userId=nope', { email: 'a@b.uz' }],
        ['/api/Auth/upsertUserInfoByUserId', { email: 'a@b.uz' }],
      ] as const) {
        const res = await call(boss, 'POST', url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      }
      expect((await call(boss, 'GET', '/api/Auth/getUserInfoByUserId?userId=1')).statusCode).toBe(400);
    });
  },
  {
    config: {
      get signing() {
        return fixture.config.signing;
      },
    },
  },
);
