// Client addresses, protocol and host come from X-Forwarded-* only behind a configured proxy
// (TRUST_PROXY, issue 18): without it a client choosing its own X-Forwarded-For changes nothing —
// not the per-address limits, not the throttling, not the audit log, not the cookie or challenge.
import { expect, it } from 'vitest';
import { PAIR_FREE_FAILURES } from '../../../src/server/auth/throttle';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../src/server/db/seeds/users';
import { type TestContext, withDatabases } from '../harness';

const PROXY = '10.20.30.40';
let counter = 0;
const spoofed = () => `203.0.113.${++counter % 250}`;

async function lastAuditIp(ctx: TestContext, event: string): Promise<string | null> {
  const { rows } = await ctx.db.query<{ ip: string | null }>(
    'select ip from audit_log where event = $1 order by id desc limit 1',
    [event],
  );
  return rows[0]?.ip ?? null;
}

function login(ctx: TestContext, password: string, headers: Record<string, string>, remoteAddress: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/Auth/Login',
    remoteAddress,
    headers,
    payload: { phone: DEMO_USERS[1].phone, password },
  });
}

withDatabases('without TRUST_PROXY, forwarded headers are the client’s own words', (ctx) => {
  const client = '198.51.100.7';

  it('throttles by the connecting address, whatever X-Forwarded-For says', async () => {
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) {
      const res = await login(ctx, `Wrong#${i}pass`, { 'x-forwarded-for': spoofed() }, client);
      expect(res.statusCode).toBe(401);
    }
    const next = await login(ctx, `Wrong#xpass`, { 'x-forwarded-for': spoofed() }, client);
    expect(next.statusCode).toBe(429);
  });

  it('writes the connecting address to the audit log', async () => {
    await login(ctx, 'Wrong#other1', { 'x-forwarded-for': '1.2.3.4' }, '198.51.100.8');
    expect(await lastAuditIp(ctx, 'auth.login.failure')).toBe('198.51.100.8');
  });

  it('caps requests per connecting address, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/Auth/IsRegistered?tinOrPinfl=99999999999999',
        remoteAddress: '198.51.100.9',
        headers: { 'x-forwarded-for': spoofed() },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('ignores X-Forwarded-Proto for the cookie and X-Forwarded-Host for the challenge', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Auth/Login',
      remoteAddress: '198.51.100.10',
      headers: { 'x-forwarded-proto': 'https', host: 'hujjat.test' },
      payload: { phone: DEMO_USERS[0].phone, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'hujjat_refresh')!;
    expect(cookie.secure).toBeFalsy();
    expect(res.headers['strict-transport-security']).toBeUndefined();

    const challenge = await ctx.app.inject({
      method: 'GET',
      url: '/api/Eimzo/getChallenge',
      headers: { host: 'hujjat.test', 'x-forwarded-host': 'evil.example' },
    });
    const { rows } = await ctx.db.query<{ host: string }>(
      'select host from auth_challenges where challenge = $1',
      [challenge.json().data.challenge],
    );
    expect(rows[0].host).toBe('hujjat.test');
  });
});

withDatabases(
  'behind a trusted proxy (TRUST_PROXY=10.20.30.40)',
  (ctx) => {
    it('takes the client address the proxy reports, for throttling and the audit log', async () => {
      for (let i = 0; i < PAIR_FREE_FAILURES; i++) {
        const res = await login(ctx, `Wrong#${i}pass`, { 'x-forwarded-for': '192.0.2.1' }, PROXY);
        expect(res.statusCode).toBe(401);
      }
      expect(await lastAuditIp(ctx, 'auth.login.failure')).toBe('192.0.2.1');
      // Another client behind the same proxy is another address.
      const other = await login(ctx, DEMO_PASSWORD, { 'x-forwarded-for': '192.0.2.2' }, PROXY);
      expect(other.statusCode).toBe(200);
    });

    it('believes X-Forwarded-Proto from the proxy: Secure cookie and HSTS', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/Auth/Login',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '192.0.2.3' },
        payload: { phone: DEMO_USERS[0].phone, password: DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'hujjat_refresh')!.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });

    it('does not believe the same headers from anyone else', async () => {
      await login(ctx, 'Wrong#direct1', { 'x-forwarded-for': '192.0.2.50' }, '198.51.100.20');
      expect(await lastAuditIp(ctx, 'auth.login.failure')).toBe('198.51.100.20');
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '198.51.100.20',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  },
  { config: { trustProxy: [PROXY] } },
);
