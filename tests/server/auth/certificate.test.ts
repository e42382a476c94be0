// Certificate sign-in (POST /api/Eimzo/EimzoAuth) with demo-PKI signatures, and its refusals.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findOrCreateFromCertificate, IdentityError, partyOf } from '../../../src/server/auth/identity';
import { DEMO_ORGANIZATIONS } from '../../../src/server/db/seeds/organizations';
import { type TestContext, withDatabases } from '../harness';
import { createDemoPki, type DemoPki, demoPkiDataDir, localSigningConfig } from './demoSigner';

const dataDir = demoPkiDataDir();
let pki: DemoPki;
beforeAll(async () => {
  pki = await createDemoPki(dataDir);
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const HOST = 'hujjat.test';
const ORG = DEMO_ORGANIZATIONS[0];

async function challenge(ctx: TestContext, host = HOST, purpose = 'auth'): Promise<string> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/Eimzo/getChallenge?purpose=${purpose}`,
    headers: { host },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ success: true, code: 1 });
  return body.data.challenge;
}

function eimzoAuth(ctx: TestContext, pkcs7: string, host = HOST) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/Eimzo/EimzoAuth',
    headers: { host },
    payload: { pkcs7, pkcs7b64: pkcs7 },
  });
}

async function auditCount(ctx: TestContext, event: string): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>('select count(*) as n from audit_log where event = $1', [
    event,
  ]);
  return rows[0].n;
}

/** Runs a refused sign-in and checks it answered `status` with `code`, a message, and one more audit row. */
async function expectRefused(ctx: TestContext, pkcs7: string, status: number, code: string, host = HOST) {
  const before = await auditCount(ctx, 'auth.certificate.failure');
  const res = await eimzoAuth(ctx, pkcs7, host);
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body.success).toBe(false);
  expect(body.code).toBe(code);
  expect(body.message).toEqual(expect.any(String));
  expect(body.message).not.toBe('');
  expect(await auditCount(ctx, 'auth.certificate.failure')).toBe(before + 1);
  return body;
}

withDatabases(
  'certificate sign-in',
  (ctx) => {
    it('signs a director in with a signed challenge and returns the profile and an access token', async () => {
      const pkcs7 = await pki.sign(`org-${ORG.tin}`, await challenge(ctx));
      const res = await eimzoAuth(ctx, pkcs7);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.data).toMatchObject({
        tin: ORG.tin,
        organizationName: ORG.name,
        role: 'owner',
        userPinfl: ORG.directorPinfl,
      });
      const cookie = res.cookies.find((c) => c.name === 'hujjat_refresh');
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.path).toBe('/api/Auth');

      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/Auth/getUserInfo',
        headers: { authorization: `Bearer ${body.data.accessToken}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().data.organizationId).toBe(body.data.organizationId);
      expect(await auditCount(ctx, 'auth.certificate.success')).toBeGreaterThanOrEqual(1);
    });

    it('refuses a challenge used a second time', async () => {
      const pkcs7 = await pki.sign(`org-${ORG.tin}`, await challenge(ctx));
      expect((await eimzoAuth(ctx, pkcs7)).statusCode).toBe(200);
      await expectRefused(ctx, pkcs7, 400, 'CHALLENGE_REFUSED');
    });

    it('lets only one of two simultaneous uses of a challenge succeed', async () => {
      const pkcs7 = await pki.sign(`org-${ORG.tin}`, await challenge(ctx));
      const results = await Promise.all([eimzoAuth(ctx, pkcs7), eimzoAuth(ctx, pkcs7)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    });

    it('refuses a challenge issued for another host', async () => {
      const pkcs7 = await pki.sign(`org-${ORG.tin}`, await challenge(ctx, 'other.example'));
      const body = await expectRefused(ctx, pkcs7, 400, 'CHALLENGE_REFUSED', HOST);
      expect(body.message).toBe('Запрос был выдан для другого сайта');
    });

    it('refuses signed text that is not one of its challenges', async () => {
      await expectRefused(
        ctx,
        await pki.sign(`org-${ORG.tin}`, '00000000-0000-4000-8000-000000000000'),
        400,
        'CHALLENGE_REFUSED',
      );
      await expectRefused(ctx, await pki.sign(`org-${ORG.tin}`, 'hello'), 400, 'CHALLENGE_REFUSED');
    });

    it('refuses a challenge past its lifetime', async () => {
      const text = await challenge(ctx);
      await ctx.db.query(
        "update auth_challenges set expires_at = now() - interval '1 second' where challenge = $1",
        [text],
      );
      const body = await expectRefused(ctx, await pki.sign(`org-${ORG.tin}`, text), 400, 'CHALLENGE_REFUSED');
      expect(body.message).toBe('Время на подпись истекло: войдите снова');
    });

    it('refuses a registration challenge used to sign in', async () => {
      const pkcs7 = await pki.sign(`org-${ORG.tin}`, await challenge(ctx, HOST, 'register'));
      await expectRefused(ctx, pkcs7, 400, 'CHALLENGE_REFUSED');
    });

    it('refuses a tampered signature', async () => {
      const text = await challenge(ctx);
      const der = Buffer.from(await pki.sign(`org-${ORG.tin}`, text), 'base64');
      // Change one character of the signed challenge inside the CMS.
      const at = der.indexOf(Buffer.from(text));
      expect(at).toBeGreaterThan(0);
      der[at] = der[at] === 0x61 ? 0x62 : 0x61;
      await expectRefused(ctx, der.toString('base64'), 400, 'BAD_SIGNATURE');
    });

    it('refuses garbage as malformed', async () => {
      await expectRefused(ctx, 'not base64 at all', 400, 'MALFORMED');
      await expectRefused(ctx, Buffer.from('just some bytes').toString('base64'), 400, 'MALFORMED');
    });

    it('refuses an expired certificate', async () => {
      const pkcs7 = await pki.sign(`expired-${ORG.tin}`, await challenge(ctx));
      await expectRefused(ctx, pkcs7, 400, 'CERT_EXPIRED');
    });

    it('refuses a certificate from an unknown CA', async () => {
      const pkcs7 = await pki.sign(`untrusted-${DEMO_ORGANIZATIONS[2].tin}`, await challenge(ctx));
      await expectRefused(ctx, pkcs7, 400, 'UNTRUSTED_CHAIN');
    });

    it('refuses a certificate with neither TIN nor PINFL', async () => {
      const pkcs7 = await pki.sign('no-identity', await challenge(ctx));
      await expectRefused(ctx, pkcs7, 400, 'NO_IDENTITY');
    });

    it('creates the account of an individual on first sign-in, acting for the individual', async () => {
      const key = pki.manifest.keys.find((k) => k.kind === 'individual')!;
      const res = await eimzoAuth(ctx, await pki.sign(key.id, await challenge(ctx)));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        pinfl: key.pinfl,
        tin: null,
        role: 'owner',
        hasPassword: false,
      });
    });

    it('adds a second holder of an organisation certificate as staff', async () => {
      const key = pki.manifest.keys.find((k) => k.kind === 'token')!;
      const res = await eimzoAuth(ctx, await pki.sign(key.id, await challenge(ctx)));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        tin: DEMO_ORGANIZATIONS[1].tin,
        role: 'staff',
        userPinfl: key.pinfl,
      });
    });

    it('answers an unconfigured challenge request body without a 500', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/Eimzo/EimzoAuth',
        headers: { host: HOST },
        payload: {},
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('MALFORMED');
    });

    it('refuses, not crashes, on a certificate naming an organisation but no person', async () => {
      const holder = {
        serialNumber: 'abc',
        subjectCN: 'Seal',
        tin: '305000009',
        subject: { '1.2.860.3.16.1.1': '305000009' },
      };
      expect(partyOf(holder)).toEqual({ tin: '305000009' });
      const error = await ctx.db.transaction((tx) => findOrCreateFromCertificate(tx, holder)).catch((e) => e);
      expect(error).toBeInstanceOf(IdentityError);
      expect(error.code).toBe('NO_IDENTITY');
      const { rows } = await ctx.db.query('select 1 from organizations where tin = $1', ['305000009']);
      expect(rows).toHaveLength(0);
    });

    it('timestamps only for a signed-in caller', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/Eimzo/getTimeStamp',
        payload: { pkcs7: 'x' },
      });
      expect(res.statusCode).toBe(401);
    });
  },
  { config: { jwtSecret: 'test-secret-for-certificate-sign-in-0123456789', ...localSigningConfig(dataDir) } },
);
