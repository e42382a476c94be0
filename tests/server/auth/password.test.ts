// Password sign-in and its throttling, refresh token rotation and reuse detection, registration by
// signature, organisations, password change and logout.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ACCOUNT_FREE_FAILURES,
  ADDRESS_FREE_FAILURES,
  PAIR_FREE_FAILURES,
} from '../../../src/server/auth/throttle';
import { DEMO_ORGANIZATIONS } from '../../../src/server/db/seeds/organizations';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../src/server/db/seeds/users';
import { type TestContext, withDatabases } from '../harness';
import { createDemoPki, type DemoPki, demoPkiDataDir, localSigningConfig } from './demoSigner';

const dataDir = demoPkiDataDir();
let pki: DemoPki;
beforeAll(async () => {
  pki = await createDemoPki(dataDir);
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const HOST = 'hujjat.test';
let ipCounter = 0;
/** Each test signs in from its own address so per-address counts do not leak between tests. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function login(ctx: TestContext, body: Record<string, unknown>, ip: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/Auth/Login', remoteAddress: ip, payload: body });
}

/** Pretends every recorded sign-in attempt happened `seconds` earlier (the delays run out). */
async function age(ctx: TestContext, seconds: number) {
  await ctx.db.query('update login_attempts set at = at - make_interval(secs => $1)', [seconds]);
}

function refresh(ctx: TestContext, token: string) {
  return ctx.app.inject({ method: 'GET', url: '/api/Auth/refreshToken', cookies: { hujjat_refresh: token } });
}

const refreshCookie = (res: { cookies: Array<{ name: string; value: string; expires?: Date }> }) =>
  res.cookies.find((c) => c.name === 'hujjat_refresh');

async function auditCount(ctx: TestContext, event: string): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>('select count(*) as n from audit_log where event = $1', [
    event,
  ]);
  return rows[0].n;
}

async function signRegistration(ctx: TestContext, keyId: string, fields: Record<string, string>) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/Eimzo/getChallenge?purpose=register',
    headers: { host: HOST },
  });
  const challenge = res.json().data.challenge as string;
  return pki.sign(keyId, JSON.stringify({ ...fields, challenge }));
}

function register(ctx: TestContext, signature: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/Auth/RegisterBySignature',
    headers: { host: HOST },
    payload: { signature },
  });
}

withDatabases(
  'password sign-in, tokens and registration',
  (ctx) => {
    const director = DEMO_USERS[0];

    it('signs a demo director in by phone and by the organisation TIN', async () => {
      const byPhone = await login(ctx, { phone: `+${director.phone}`, password: DEMO_PASSWORD }, nextIp());
      expect(byPhone.statusCode).toBe(200);
      expect(byPhone.json().data).toMatchObject({
        tin: director.organizationTin,
        role: 'owner',
        isDemo: true,
      });
      expect(refreshCookie(byPhone)?.expires).toBeUndefined();

      const byTin = await login(
        ctx,
        { phone: director.organizationTin, password: DEMO_PASSWORD, rememberMe: true },
        nextIp(),
      );
      expect(byTin.statusCode).toBe(200);
      // Remember-me makes the refresh cookie outlive the browser session.
      expect(refreshCookie(byTin)?.expires).toBeInstanceOf(Date);
    });

    it('refuses a wrong password and an unknown login alike, with an audit row each', async () => {
      const before = await auditCount(ctx, 'auth.login.failure');
      const wrong = await login(ctx, { phone: director.phone, password: 'Wrong#Pass1' }, nextIp());
      const unknown = await login(ctx, { phone: '998990000000', password: 'Wrong#Pass1' }, nextIp());
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({
          success: false,
          code: 'INVALID_CREDENTIALS',
          message: 'Неверный логин или пароль',
        });
      }
      expect(await auditCount(ctx, 'auth.login.failure')).toBe(before + 2);
      const { rows } = await ctx.db.query<{ detail: Record<string, unknown> }>(
        "select detail from audit_log where event = 'auth.login.failure' order by id desc limit 2",
      );
      expect(JSON.stringify(rows)).not.toContain('Wrong#Pass1');
    });

    it('slows an account down after repeated failures from one address, not from others', async () => {
      const target = DEMO_USERS[1];
      const ip = nextIp();
      for (let i = 0; i < PAIR_FREE_FAILURES; i++) {
        expect((await login(ctx, { phone: target.phone, password: `Nope#${i}aaA` }, ip)).statusCode).toBe(
          401,
        );
      }
      const before = await auditCount(ctx, 'auth.login.throttled');
      // The right password waits too: a slowed-down account cannot be probed meanwhile.
      const slowed = await login(ctx, { phone: target.phone, password: DEMO_PASSWORD }, ip);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json()).toMatchObject({
        code: 'TOO_MANY_ATTEMPTS',
        message: expect.stringMatching(/\d+ с/),
      });
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(await auditCount(ctx, 'auth.login.throttled')).toBe(before + 1);
      // The owner at another address is not locked out by someone failing elsewhere …
      expect((await login(ctx, { phone: target.phone, password: DEMO_PASSWORD }, nextIp())).statusCode).toBe(
        200,
      );
      // … and once the delay has passed, the same address is heard again.
      await age(ctx, 5);
      expect((await login(ctx, { phone: target.phone, password: DEMO_PASSWORD }, ip)).statusCode).toBe(200);
    });

    it('grows the delay with each failure and counts the account under any of its logins', async () => {
      const target = DEMO_USERS[1];
      const ip = nextIp();
      // Phone and organisation TIN name the same person: alternating them buys no extra attempts.
      const logins = [target.phone, target.organizationTin];
      for (let i = 0; i < PAIR_FREE_FAILURES; i++) {
        expect((await login(ctx, { phone: logins[i % 2], password: `Nope#${i}aaA` }, ip)).statusCode).toBe(
          401,
        );
      }
      const waits: number[] = [];
      for (let i = 0; i < 3; i++) {
        const slowed = await login(ctx, { phone: logins[i % 2], password: `Nope#${i}bbB` }, ip);
        expect(slowed.statusCode).toBe(429);
        waits.push(Number(slowed.headers['retry-after']));
        await age(ctx, waits[i]);
        // The wait is over: the attempt is heard (and fails, making the next wait longer).
        expect((await login(ctx, { phone: logins[i % 2], password: `Nope#${i}ccC` }, ip)).statusCode).toBe(
          401,
        );
      }
      expect(waits[1]).toBeGreaterThan(waits[0]);
      expect(waits[2]).toBeGreaterThan(waits[1]);
      await age(ctx, 3600);
      expect((await login(ctx, { phone: target.phone, password: DEMO_PASSWORD }, ip)).statusCode).toBe(200);
    });

    it('slows an account down after failures from many addresses, for a minute at most', async () => {
      const target = DEMO_USERS[1];
      for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
        expect(
          (await login(ctx, { phone: target.phone, password: `Nope#${i}aaA` }, nextIp())).statusCode,
        ).toBe(401);
      }
      const slowed = await login(ctx, { phone: target.phone, password: DEMO_PASSWORD }, nextIp());
      expect(slowed.statusCode).toBe(429);
      expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Other accounts are unaffected.
      expect(
        (await login(ctx, { phone: DEMO_USERS[2].phone, password: DEMO_PASSWORD }, nextIp())).statusCode,
      ).toBe(200);
      await age(ctx, 61);
      expect((await login(ctx, { phone: target.phone, password: DEMO_PASSWORD }, nextIp())).statusCode).toBe(
        200,
      );
    });

    it('slows down an address that fails on many accounts', async () => {
      const ip = nextIp();
      for (let i = 0; i < ADDRESS_FREE_FAILURES; i++) {
        expect(
          (await login(ctx, { phone: `99899${String(i).padStart(7, '0')}`, password: 'Nope#1aaA' }, ip))
            .statusCode,
        ).toBe(401);
      }
      const slowed = await login(ctx, { phone: DEMO_USERS[2].phone, password: DEMO_PASSWORD }, ip);
      expect(slowed.statusCode).toBe(429);
      expect(
        (await login(ctx, { phone: DEMO_USERS[2].phone, password: DEMO_PASSWORD }, nextIp())).statusCode,
      ).toBe(200);
    });

    it('never counts successful sign-ins: 25 people of one office behind one address sign in', async () => {
      const ip = nextIp();
      for (let i = 0; i < ADDRESS_FREE_FAILURES + 5; i++) {
        const user = DEMO_USERS[i % DEMO_USERS.length];
        const res = await login(ctx, { phone: user.phone, password: DEMO_PASSWORD }, ip);
        expect(res.statusCode, `sign-in ${i + 1}`).toBe(200);
      }
      // Nor do they hide failures: the office's next typo is an ordinary 401.
      expect((await login(ctx, { phone: DEMO_USERS[0].phone, password: 'Typo#2026x' }, ip)).statusCode).toBe(
        401,
      );
    });

    it('rotates the refresh token and revokes the family when a used one comes back', async () => {
      const signedIn = await login(
        ctx,
        { phone: director.phone, password: DEMO_PASSWORD, rememberMe: true },
        nextIp(),
      );
      const first = refreshCookie(signedIn)!.value;

      const rotated = await refresh(ctx, first);
      expect(rotated.statusCode).toBe(200);
      expect(rotated.json().data.accessToken).toEqual(expect.any(String));
      expect(rotated.json().data.refreshToken).toBeUndefined();
      const second = refreshCookie(rotated)!.value;
      expect(second).not.toBe(first);

      // Moments after a rotation a second use is a race of the same browser (a reload that dropped the
      // answer, two tabs): it gets another successor of the family, and nothing is revoked.
      const raced = await refresh(ctx, first);
      expect(raced.statusCode).toBe(200);
      const sibling = refreshCookie(raced)!.value;
      expect([first, second]).not.toContain(sibling);

      // Later, the same use means a copy of the token is in someone else's hands.
      await ctx.db.query(
        "update refresh_tokens set used_at = used_at - interval '1 minute' where used_at is not null",
      );
      const before = await auditCount(ctx, 'auth.refresh.reuse');
      const reused = await refresh(ctx, first);
      expect(reused.statusCode).toBe(401);
      expect(reused.json().code).toBe('REFRESH_TOKEN_REUSED');
      expect(await auditCount(ctx, 'auth.refresh.reuse')).toBe(before + 1);
      // The thief's copy and the owner's newer tokens are all dead now …
      expect((await refresh(ctx, second)).statusCode).toBe(401);
      expect((await refresh(ctx, sibling)).statusCode).toBe(401);
      // … and so are the access tokens of the family, at once.
      const accessToken = rotated.json().data.accessToken;
      const info = await ctx.app.inject({
        method: 'GET',
        url: '/api/Auth/getUserInfo',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(info.statusCode).toBe(401);
      // Only that family: another session of the same person goes on.
      const other = await login(ctx, { phone: director.phone, password: DEMO_PASSWORD }, nextIp());
      expect((await refresh(ctx, refreshCookie(other)!.value)).statusCode).toBe(200);
    });

    it('keeps the session when two tabs refresh at once: each gets its own successor', async () => {
      const signedIn = await login(ctx, { phone: director.phone, password: DEMO_PASSWORD }, nextIp());
      const token = refreshCookie(signedIn)!.value;
      const results = await Promise.all([refresh(ctx, token), refresh(ctx, token)]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const successors = results.map((r) => refreshCookie(r)!.value);
      expect(new Set(successors).size).toBe(2);
      for (const successor of successors) expect((await refresh(ctx, successor)).statusCode).toBe(200);
    });

    it('does not stretch the leeway: a third use after it passed is a stolen copy', async () => {
      const signedIn = await login(ctx, { phone: director.phone, password: DEMO_PASSWORD }, nextIp());
      const token = refreshCookie(signedIn)!.value;
      expect((await refresh(ctx, token)).statusCode).toBe(200);
      const hash = createHash('sha256').update(token).digest('hex');
      await ctx.db.query(
        "update refresh_tokens set used_at = now() - interval '9 seconds' where token_hash = $1",
        [hash],
      );
      // Within the leeway: exchanged again; its rotation time stays where it was …
      expect((await refresh(ctx, token)).statusCode).toBe(200);
      await ctx.db.query(
        "update refresh_tokens set used_at = used_at - interval '2 seconds' where token_hash = $1",
        [hash],
      );
      // … so 11 seconds after the first rotation it is reuse, not a race.
      expect((await refresh(ctx, token)).json().code).toBe('REFRESH_TOKEN_REUSED');
    });

    it('takes the refresh token in a POST body and answers the next one there', async () => {
      const signedIn = await login(ctx, { phone: director.phone, password: DEMO_PASSWORD }, nextIp());
      const token = refreshCookie(signedIn)!.value;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/Auth/refreshToken',
        payload: { refreshToken: token },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.refreshToken).toEqual(expect.any(String));
      expect(res.json().data.refreshToken).not.toBe(token);
      // Without a body the browser's cookie is used and no token is put in the answer.
      const byCookie = await ctx.app.inject({
        method: 'POST',
        url: '/api/Auth/refreshToken',
        cookies: { hujjat_refresh: res.json().data.refreshToken },
      });
      expect(byCookie.statusCode).toBe(200);
      expect(byCookie.json().data.refreshToken).toBeUndefined();
    });

    it('refuses a refresh token in the URL without using it', async () => {
      const signedIn = await login(ctx, { phone: director.phone, password: DEMO_PASSWORD }, nextIp());
      const token = refreshCookie(signedIn)!.value;
      for (const method of ['GET', 'POST'] as const) {
        const res = await ctx.app.inject({
          method,
          url: `/api/Auth/refreshToken?refreshToken=${encodeURIComponent(token)}`,
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('REFRESH_TOKEN_IN_URL');
        expect(res.body).not.toContain(token);
      }
      const logout = await ctx.app.inject({
        method: 'POST',
        url: `/api/Auth/logout?refreshToken=${encodeURIComponent(token)}`,
      });
      expect(logout.statusCode).toBe(400);
      // Not rotated, not revoked: the cookie still works.
      expect((await refresh(ctx, token)).statusCode).toBe(200);
    });

    it('refuses an expired refresh token, and one whose membership was switched off', async () => {
      const first = await login(ctx, { phone: director.phone, password: DEMO_PASSWORD }, nextIp());
      const expired = refreshCookie(first)!.value;
      await ctx.db.query(
        "update refresh_tokens set expires_at = now() - interval '1 second' where user_id = $1 and used_at is null and revoked_at is null",
        [first.json().data.userId],
      );
      expect((await refresh(ctx, expired)).json().code).toBe('INVALID_REFRESH_TOKEN');

      const second = await login(ctx, { phone: director.phone, password: DEMO_PASSWORD }, nextIp());
      const { userId, organizationId } = second.json().data;
      await ctx.db.query(
        'update memberships set is_active = false where user_id = $1 and organization_id = $2',
        [userId, organizationId],
      );
      try {
        const res = await refresh(ctx, refreshCookie(second)!.value);
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('INVALID_REFRESH_TOKEN');
        // A switched-off member cannot sign in with the password either.
        expect(
          (await login(ctx, { phone: director.phone, password: DEMO_PASSWORD }, nextIp())).statusCode,
        ).toBe(403);
      } finally {
        await ctx.db.query(
          'update memberships set is_active = true where user_id = $1 and organization_id = $2',
          [userId, organizationId],
        );
      }
    });

    it('refuses a missing or unknown refresh token with 401', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/Auth/refreshToken' })).statusCode).toBe(401);
      expect((await refresh(ctx, 'made-up-token')).statusCode).toBe(401);
    });

    const userInfo = (accessToken: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/Auth/getUserInfo',
        headers: { authorization: `Bearer ${accessToken}` },
      });

    it('ends the session on logout: its refresh token and, at once, its access token', async () => {
      const signedIn = await login(ctx, { phone: director.phone, password: DEMO_PASSWORD }, nextIp());
      const other = await login(ctx, { phone: director.phone, password: DEMO_PASSWORD }, nextIp());
      const token = refreshCookie(signedIn)!.value;
      expect((await userInfo(signedIn.json().data.accessToken)).statusCode).toBe(200);
      const out = await ctx.app.inject({
        method: 'POST',
        url: '/api/Auth/logout',
        cookies: { hujjat_refresh: token },
      });
      expect(out.statusCode).toBe(200);
      expect((await refresh(ctx, token)).statusCode).toBe(401);
      expect((await userInfo(signedIn.json().data.accessToken)).statusCode).toBe(401);
      // The person's other session (another browser) goes on.
      expect((await userInfo(other.json().data.accessToken)).statusCode).toBe(200);
    });

    it('signs out everywhere: every session and access token of the person stops', async () => {
      const first = await login(ctx, { phone: director.phone, password: DEMO_PASSWORD }, nextIp());
      const second = await login(ctx, { phone: director.phone, password: DEMO_PASSWORD }, nextIp());
      const someoneElse = await login(ctx, { phone: DEMO_USERS[2].phone, password: DEMO_PASSWORD }, nextIp());
      const out = await ctx.app.inject({
        method: 'POST',
        url: '/api/Auth/logout',
        payload: { refreshToken: refreshCookie(first)!.value, allSessions: true },
      });
      expect(out.statusCode).toBe(200);
      for (const session of [first, second]) {
        expect((await userInfo(session.json().data.accessToken)).statusCode).toBe(401);
        expect((await refresh(ctx, refreshCookie(session)!.value)).statusCode).toBe(401);
      }
      expect((await userInfo(someoneElse.json().data.accessToken)).statusCode).toBe(200);
      expect(await auditCount(ctx, 'auth.logout.all')).toBeGreaterThanOrEqual(1);
    });

    it('stops the access token of a member switched off, at once', async () => {
      const signedIn = await login(ctx, { phone: director.phone, password: DEMO_PASSWORD }, nextIp());
      const { userId, organizationId, accessToken } = signedIn.json().data;
      await ctx.db.query(
        'update memberships set is_active = false where user_id = $1 and organization_id = $2',
        [userId, organizationId],
      );
      try {
        expect((await userInfo(accessToken)).statusCode).toBe(401);
      } finally {
        await ctx.db.query(
          'update memberships set is_active = true where user_id = $1 and organization_id = $2',
          [userId, organizationId],
        );
      }
      expect((await userInfo(accessToken)).statusCode).toBe(200);
    });

    it('answers the role the membership has now, not the one in the token', async () => {
      const signedIn = await login(ctx, { phone: director.phone, password: DEMO_PASSWORD }, nextIp());
      const { userId, organizationId, accessToken } = signedIn.json().data;
      await ctx.db.query(
        "update memberships set role = 'staff' where user_id = $1 and organization_id = $2",
        [userId, organizationId],
      );
      try {
        expect((await userInfo(accessToken)).json().data.role).toBe('staff');
      } finally {
        await ctx.db.query(
          "update memberships set role = 'owner' where user_id = $1 and organization_id = $2",
          [userId, organizationId],
        );
      }
    });

    it('protects routes behind authenticate', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/Auth/getUserInfo' })).statusCode).toBe(401);
      const forged = await ctx.app.inject({
        method: 'GET',
        url: '/api/Auth/getUserInfo',
        headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' },
      });
      expect(forged.statusCode).toBe(401);
    });

    it('lists the organisations of a member of several and switches between them', async () => {
      const signedIn = await login(ctx, { phone: DEMO_USERS[2].phone, password: DEMO_PASSWORD }, nextIp());
      const profile = signedIn.json().data;
      const other = DEMO_ORGANIZATIONS[0];
      await ctx.db.query(
        `insert into memberships (user_id, organization_id, role) select $1, id, 'accountant' from organizations where tin = $2`,
        [profile.userId, other.tin],
      );
      const auth = { authorization: `Bearer ${profile.accessToken}` };
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/Auth/getUserOrganization',
        headers: auth,
      });
      expect(list.statusCode).toBe(200);
      const orgs = list.json().data as Array<{ id: string; tin: string; current: boolean }>;
      expect(orgs.map((o) => o.tin).sort()).toEqual([other.tin, DEMO_USERS[2].organizationTin].sort());
      const target = orgs.find((o) => o.tin === other.tin)!;
      expect(target.current).toBe(false);

      const chosen = await ctx.app.inject({
        method: 'POST',
        url: '/api/Auth/chooseOrganization',
        headers: auth,
        cookies: { hujjat_refresh: refreshCookie(signedIn)!.value },
        payload: { organizationId: target.id },
      });
      expect(chosen.statusCode).toBe(200);
      expect(chosen.json().data).toMatchObject({
        organizationId: target.id,
        tin: other.tin,
        role: 'accountant',
      });
      // The previous session's refresh token is revoked, and its access token stops at once.
      expect((await refresh(ctx, refreshCookie(signedIn)!.value)).statusCode).toBe(401);
      expect((await userInfo(profile.accessToken)).statusCode).toBe(401);
      const newAuth = { authorization: `Bearer ${chosen.json().data.accessToken}` };
      expect((await userInfo(chosen.json().data.accessToken)).json().data.organizationId).toBe(target.id);

      const before = await auditCount(ctx, 'auth.organization.refused');
      const { rows } = await ctx.db.query<{ id: string }>('select id from organizations where tin = $1', [
        DEMO_ORGANIZATIONS[1].tin,
      ]);
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/Auth/chooseOrganization',
        headers: newAuth,
        payload: { organizationId: rows[0].id },
      });
      expect(refused.statusCode).toBe(403);
      expect(await auditCount(ctx, 'auth.organization.refused')).toBe(before + 1);
    });

    it('registers a fresh certificate once, then signs in with the password', async () => {
      const fresh = pki.manifest.keys.find((k) => k.kind === 'fresh')!;
      const probe = await ctx.app.inject({
        method: 'GET',
        url: `/api/Auth/IsRegistered?tinOrPinfl=${fresh.pinfl}`,
      });
      expect(probe.statusCode).toBe(200);
      expect(probe.json()).toMatchObject({ success: true, data: { registered: false } });

      const fields = { phone: '998935551122', email: 'otabek@example.uz', password: 'Fresh#2026x' };
      const res = await register(ctx, await signRegistration(ctx, fresh.id, fields));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { tinOrPinfl: fresh.pinfl } });

      const registered = await ctx.app.inject({
        method: 'GET',
        url: `/api/Auth/IsRegistered?tinOrPinfl=${fresh.pinfl}`,
      });
      expect(registered.statusCode).toBe(400);
      expect(registered.json()).toMatchObject({ success: false, code: 'ALREADY_REGISTERED' });

      const before = await auditCount(ctx, 'auth.register.failure');
      const again = await register(
        ctx,
        await signRegistration(ctx, fresh.id, { ...fields, phone: '998935551133' }),
      );
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('ALREADY_REGISTERED');
      expect(await auditCount(ctx, 'auth.register.failure')).toBe(before + 1);

      const signedIn = await login(ctx, { phone: fields.phone, password: fields.password }, nextIp());
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().data).toMatchObject({
        pinfl: fresh.pinfl,
        email: fields.email,
        hasPassword: true,
      });
    });

    it('says an organisation with a demo account is registered', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/Auth/IsRegistered?tinOrPinfl=${DEMO_ORGANIZATIONS[0].tin}`,
      });
      expect(res.statusCode).toBe(400);
      const bad = await ctx.app.inject({ method: 'GET', url: '/api/Auth/IsRegistered?tinOrPinfl=12345' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION');
    });

    it('refuses a registration with a weak password, a bad phone or a replayed signature', async () => {
      const individual = pki.manifest.keys.find((k) => k.kind === 'individual')!;
      const weak = await register(
        ctx,
        await signRegistration(ctx, individual.id, {
          phone: '998935550001',
          email: 'a@b.uz',
          password: 'weakpass',
        }),
      );
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors.map((e: { path: string }) => e.path)).toEqual(['/password']);

      const badPhone = await register(
        ctx,
        await signRegistration(ctx, individual.id, { phone: '12', email: 'a@b.uz', password: 'Strong#2026' }),
      );
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.json().errors[0].path).toBe('/phone');

      const signature = await signRegistration(ctx, individual.id, {
        phone: '998935550002',
        email: 'a@b.uz',
        password: 'Strong#2026',
      });
      expect((await register(ctx, signature)).statusCode).toBe(200);
      const replay = await register(ctx, signature);
      expect(replay.statusCode).toBe(400);
      expect(replay.json().code).toBe('CHALLENGE_REFUSED');
    });

    it('refuses a registration signed without the challenge or by an unknown CA', async () => {
      const fresh = pki.manifest.keys.find(
        (k) => k.kind === 'organization' && k.tin === DEMO_ORGANIZATIONS[2].tin,
      )!;
      const noChallenge = await register(
        ctx,
        await pki.sign(
          fresh.id,
          JSON.stringify({ phone: '998935550003', email: 'a@b.uz', password: 'Strong#2026' }),
        ),
      );
      expect(noChallenge.statusCode).toBe(400);
      expect(noChallenge.json().code).toBe('PAYLOAD_INVALID');
      const untrusted = pki.manifest.keys.find((k) => k.kind === 'untrusted')!;
      const res = await register(
        ctx,
        await signRegistration(ctx, untrusted.id, {
          phone: '998935550004',
          email: 'a@b.uz',
          password: 'Strong#2026',
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('UNTRUSTED_CHAIN');
    });

    it('caps requests per address on top of the failure throttling', async () => {
      const ip = nextIp();
      const probe = () =>
        ctx.app.inject({
          method: 'GET',
          url: '/api/Auth/IsRegistered?tinOrPinfl=99999999999999',
          remoteAddress: ip,
        });
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) statuses.push((await probe()).statusCode);
      expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
      const limited = await probe();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      // Another address is not affected.
      const other = await ctx.app.inject({
        method: 'GET',
        url: '/api/Auth/IsRegistered?tinOrPinfl=99999999999999',
        remoteAddress: nextIp(),
      });
      expect(other.statusCode).toBe(200);
    });

    it('changes the password: the current one is required and other sessions end', async () => {
      const user = DEMO_USERS[2];
      const signedIn = await login(ctx, { phone: user.phone, password: DEMO_PASSWORD }, nextIp());
      const auth = { authorization: `Bearer ${signedIn.json().data.accessToken}` };
      const wrong = await ctx.app.inject({
        method: 'POST',
        url: '/api/Auth/updatePassword',
        headers: auth,
        payload: { oldPassword: 'Nope#123a', newPassword: 'Changed#2026' },
      });
      expect(wrong.statusCode).toBe(400);
      const weak = await ctx.app.inject({
        method: 'POST',
        url: '/api/Auth/updatePassword',
        headers: auth,
        payload: { oldPassword: DEMO_PASSWORD, newPassword: 'short' },
      });
      expect(weak.statusCode).toBe(400);
      const changed = await ctx.app.inject({
        method: 'POST',
        url: '/api/Auth/updatePassword',
        headers: auth,
        payload: { oldPassword: DEMO_PASSWORD, newPassword: 'Changed#2026', confirmPassword: 'Changed#2026' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await refresh(ctx, refreshCookie(signedIn)!.value)).statusCode).toBe(401);
      // An access token from before the change is refused at once; the new session's works.
      expect((await userInfo(signedIn.json().data.accessToken)).statusCode).toBe(401);
      expect((await userInfo(changed.json().data.accessToken)).statusCode).toBe(200);
      expect((await login(ctx, { phone: user.phone, password: DEMO_PASSWORD }, nextIp())).statusCode).toBe(
        401,
      );
      expect((await login(ctx, { phone: user.phone, password: 'Changed#2026' }, nextIp())).statusCode).toBe(
        200,
      );
    });

    it('slows updatePassword down after wrong current passwords, like failed sign-ins', async () => {
      const user = DEMO_USERS[0];
      const ip = nextIp();
      const signedIn = await login(ctx, { phone: user.phone, password: DEMO_PASSWORD }, ip);
      const change = (oldPassword: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/Auth/updatePassword',
          remoteAddress: ip,
          headers: { authorization: `Bearer ${signedIn.json().data.accessToken}` },
          payload: { oldPassword, newPassword: 'Another#2026' },
        });
      for (let i = 0; i < PAIR_FREE_FAILURES; i++) {
        const wrong = await change(`Guess#${i}xyz`);
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().errors[0].path).toBe('/oldPassword');
      }
      const before = await auditCount(ctx, 'auth.password.throttled');
      // Even the right password waits: the guesses cannot go on at full speed.
      const slowed = await change(DEMO_PASSWORD);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json().code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(await auditCount(ctx, 'auth.password.throttled')).toBe(before + 1);
      // The guesses count for the account's sign-in from that address too.
      expect((await login(ctx, { phone: user.phone, password: DEMO_PASSWORD }, ip)).statusCode).toBe(429);
      await age(ctx, 60);
      expect((await change(DEMO_PASSWORD)).statusCode).toBe(200);
    });
  },
  { config: { jwtSecret: 'test-secret-for-password-sign-in-0123456789abc', ...localSigningConfig(dataDir) } },
);
