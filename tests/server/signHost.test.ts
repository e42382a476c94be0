// The signing calls' subdomain host (spec §7, SIGN_SUBDOMAIN): Config/client names the sign origin of
// the page's host, the sign host lets exactly the page's origin call run and multiRun across the
// names (CORS), pages may connect to it (CSP), and nothing changes when it is not configured.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { type TestContext, withDatabases } from './harness';

const SIGN = 'sign.hujjat.test';
const PAGE = 'http://hujjat.test';

withDatabases(
  'sign host configured',
  (ctx: TestContext) => {
    const preflight = (path: string, host: string, origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: path,
        headers: {
          host,
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, idempotency-key',
        },
      });

    it('names the sign origin of the page’s host, whichever name was asked', async () => {
      for (const host of ['hujjat.test', SIGN]) {
        const res = await ctx.app.inject({ url: '/api/Config/client', headers: { host } });
        expect(res.json().signOrigin).toBe(`http://${SIGN}`);
      }
      const other = await ctx.app.inject({
        url: '/api/Config/client',
        headers: { host: 'edo.example.uz:8443' },
      });
      expect(other.json().signOrigin).toBe('http://sign.edo.example.uz:8443');
    });

    it('lets the page’s origin, and only it, call run and multiRun on the sign host', async () => {
      for (const path of ['/api/DocumentSignAction/run', '/api/DocumentSignAction/multiRun']) {
        const ok = await preflight(path, SIGN, PAGE);
        expect(ok.statusCode, path).toBe(204);
        expect(ok.headers['access-control-allow-origin']).toBe(PAGE);
        expect(String(ok.headers['access-control-allow-headers'])).toContain('authorization');
        expect(String(ok.headers['access-control-allow-headers'])).toContain('idempotency-key');
        for (const [host, origin] of [
          [SIGN, 'http://evil.test'],
          [SIGN, 'https://hujjat.test'],
          [SIGN, 'http://sign.hujjat.test.evil.test'],
          ['hujjat.test', PAGE],
        ]) {
          const refused = await preflight(path, host, origin);
          expect(refused.statusCode, `${host} ${origin}`).toBe(403);
          expect(refused.headers['access-control-allow-origin']).toBeUndefined();
          expect(refused.json().success).toBe(false);
        }
      }
      // The answer itself (here a refusal: no session, no body) carries the grant, so the page can read it.
      const run = await ctx.app.inject({
        method: 'POST',
        url: '/api/DocumentSignAction/run',
        headers: { host: SIGN, origin: PAGE },
        payload: {},
      });
      expect([400, 401]).toContain(run.statusCode);
      expect(run.headers['access-control-allow-origin']).toBe(PAGE);
      const foreign = await ctx.app.inject({
        method: 'POST',
        url: '/api/DocumentSignAction/run',
        headers: { host: SIGN, origin: 'http://evil.test' },
        payload: {},
      });
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
      // Other routes are not opened to other names.
      const list = await ctx.app.inject({
        url: '/api/Document/getList',
        headers: { host: SIGN, origin: PAGE },
      });
      expect(list.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('lets pages connect to the sign origin of their host', async () => {
      const page = await ctx.app.inject({ url: '/api/docs/', headers: { host: 'hujjat.test' } });
      expect(String(page.headers['content-type'])).toContain('text/html');
      expect(String(page.headers['content-security-policy'])).toMatch(
        /connect-src 'self' http:\/\/sign\.hujjat\.test/,
      );
      const json = await ctx.app.inject({ url: '/api/Config/client', headers: { host: 'hujjat.test' } });
      expect(String(json.headers['content-security-policy'])).not.toContain('sign.hujjat.test');
    });
  },
  { seed: false, config: { signSubdomain: 'sign' } },
);

withDatabases(
  'sign host not configured',
  (ctx: TestContext) => {
    it('keeps every call on the page’s host', async () => {
      const res = await ctx.app.inject({ url: '/api/Config/client', headers: { host: 'hujjat.test' } });
      expect(res.json().signOrigin).toBeNull();
      const preflight = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/DocumentSignAction/run',
        headers: { host: SIGN, origin: PAGE, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    });
  },
  { seed: false },
);

describe('SIGN_SUBDOMAIN', () => {
  it('takes one DNS label, lower-cased, and refuses anything else', () => {
    expect(loadConfig({ SIGN_SUBDOMAIN: 'Sign' }, 'test').signSubdomain).toBe('sign');
    expect(loadConfig({}, 'test').signSubdomain).toBeNull();
    for (const bad of ['a.b', '-sign', 'sign_api', 'x'.repeat(64)])
      expect(() => loadConfig({ SIGN_SUBDOMAIN: bad }, 'test'), bad).toThrow(ConfigError);
  });
});
