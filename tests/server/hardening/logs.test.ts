// Nothing secret in the request log (issue 18): a log captured while signing in, refreshing (cookie,
// body, and a client that still puts the token in the URL), switching organisation and signing out
// holds no refresh token, access token, password or cookie.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { migrate } from '../../../src/server/db/migrate';
import { seedDemo } from '../../../src/server/db/seeds';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../src/server/db/seeds/users';
import { maskUrl } from '../../../src/server/http/logging';
import { databaseKinds, openTestDatabase, testConfig } from '../harness';

describe('maskUrl', () => {
  it('masks every credential-like query value and keeps the rest', () => {
    expect(maskUrl('/api/Auth/refreshToken?refreshToken=abc.def&x=1')).toBe(
      '/api/Auth/refreshToken?refreshToken=***&x=1',
    );
    expect(maskUrl('/a?access_token=1&password=2&apiKey=3&PKCS7=4&tasnifCode=009&search=tea')).toBe(
      '/a?access_token=***&password=***&apiKey=***&PKCS7=***&tasnifCode=009&search=tea',
    );
    expect(maskUrl('/a?refresh%54oken=abc')).toBe('/a?refresh%54oken=***');
    expect(maskUrl('/api/health')).toBe('/api/health');
  });
});

for (const kind of databaseKinds()) {
  describe(`the request log [${kind}]`, () => {
    const lines: string[] = [];
    let app: FastifyInstance;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      const opened = await openTestDatabase(kind);
      dispose = opened.dispose;
      await migrate(opened.db);
      await seedDemo(opened.db);
      const stream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
      app = await buildApp(testConfig({ logLevel: 'trace' }), {
        db: { ...opened.db, close: async () => {} },
        logger: { stream },
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await dispose?.();
    });

    it('holds no token, password or cookie after a whole session', async () => {
      const secrets: string[] = [DEMO_PASSWORD];
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/Auth/Login',
        payload: { phone: DEMO_USERS[0].phone, password: DEMO_PASSWORD },
      });
      expect(signedIn.statusCode).toBe(200);
      const refreshCookie = () => signedIn.cookies.find((c) => c.name === 'hujjat_refresh')!.value;
      let refreshToken = refreshCookie();
      secrets.push(refreshToken, signedIn.json().data.accessToken);

      const byCookie = await app.inject({
        method: 'GET',
        url: '/api/Auth/refreshToken',
        cookies: { hujjat_refresh: refreshToken },
      });
      expect(byCookie.statusCode).toBe(200);
      refreshToken = byCookie.cookies.find((c) => c.name === 'hujjat_refresh')!.value;
      secrets.push(refreshToken, byCookie.json().data.accessToken);

      const byBody = await app.inject({
        method: 'POST',
        url: '/api/Auth/refreshToken',
        payload: { refreshToken },
      });
      expect(byBody.statusCode).toBe(200);
      refreshToken = byBody.json().data.refreshToken;
      secrets.push(refreshToken, byBody.json().data.accessToken);

      // An old client still sending it in the URL: refused, and masked in the log.
      const inUrl = await app.inject({
        method: 'GET',
        url: `/api/Auth/refreshToken?refreshToken=${encodeURIComponent(refreshToken)}`,
      });
      expect(inUrl.statusCode).toBe(400);

      const info = await app.inject({
        method: 'GET',
        url: '/api/Auth/getUserInfo',
        headers: { authorization: `Bearer ${byBody.json().data.accessToken}` },
      });
      expect(info.statusCode).toBe(200);

      const out = await app.inject({ method: 'POST', url: '/api/Auth/logout', payload: { refreshToken } });
      expect(out.statusCode).toBe(200);

      const log = lines.join('');
      // The log was written (trace level: every request, its URL, its completion).
      expect(log).toContain('/api/Auth/refreshToken?refreshToken=***');
      expect(log).toContain('/api/Auth/logout');
      for (const secret of secrets) expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(refreshToken));
      expect(log).not.toMatch(/hujjat_refresh=/);
    });
  });
}
