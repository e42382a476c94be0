// What every route inherits from the app (issue 18): body limits, the JSON error format of framework
// and parser refusals (413, 415, 431, 408, bad URL), request schemas without allErrors, finite query
// numbers, security headers on API and HTML answers, and timeouts that drop a half-sent request.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../src/server/db/seeds/users';
import { DEFAULT_BODY_LIMIT, SIGN_IN_BODY_LIMIT } from '../../../src/server/limits';
import { withDatabases } from '../harness';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-http-web-'));
fs.mkdirSync(path.join(webRoot, 'assets'));
fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Hujjat</title>');
fs.writeFileSync(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const PLUGIN_WS = 'ws://127.0.0.1:61646/service/cryptapi';
const PLUGIN_WSS = 'wss://127.0.0.1:61443/service/cryptapi';

/** Sends raw bytes to the listening server and collects what comes back until it closes. */
function raw(port: number, text: string, waitMs = 5000): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    socket.on('error', () => {});
  });
}

const jsonOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
const statusOf = (answer: string) => Number(answer.split(' ')[1]);

withDatabases(
  'HTTP hardening every route inherits',
  (ctx) => {
    let port = 0;
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx.app.server.address() as net.AddressInfo).port;
    });

    describe('body limits', () => {
      it('refuses a sign-in body over its few KiB with a localized JSON 413 that echoes nothing', async () => {
        const password = `Aa#1${'x'.repeat(SIGN_IN_BODY_LIMIT)}`;
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/Auth/Login',
          headers: { 'accept-language': 'en' },
          payload: { phone: DEMO_USERS[0].phone, password },
        });
        expect(res.statusCode).toBe(413);
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.json()).toEqual({
          success: false,
          code: 'PAYLOAD_TOO_LARGE',
          message: 'The request is too large (at most 4 KiB)',
        });
        expect(res.body).not.toContain('xxxx');
      });

      it('keeps a route that declares no limit at the small default', async () => {
        const signedIn = await ctx.app.inject({
          method: 'POST',
          url: '/api/Auth/Login',
          payload: { phone: DEMO_USERS[0].phone, password: DEMO_PASSWORD },
        });
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/Auth/chooseOrganization',
          headers: { authorization: `Bearer ${signedIn.json().data.accessToken}` },
          payload: {
            organizationId: signedIn.json().data.organizationId,
            padding: 'x'.repeat(DEFAULT_BODY_LIMIT),
          },
        });
        expect(res.statusCode).toBe(413);
        expect(res.json().message).toBe('Запрос слишком большой (не более 16 KiB)');
      });

      it('answers a body of 1,000 unknown keys with one error, not one per key', async () => {
        // Request schemas validate without allErrors: 200,000 unknown keys answered 26 MiB. The
        // sign-in limit now stops such a body first, so the rule is shown on a small body here.
        const body: Record<string, string> = { organizationId: '00000000-0000-4000-8000-000000000000' };
        for (let i = 0; i < 1000; i++) body[`k${i}`] = '';
        const signedIn = await ctx.app.inject({
          method: 'POST',
          url: '/api/Auth/Login',
          payload: { phone: DEMO_USERS[0].phone, password: DEMO_PASSWORD },
        });
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/Auth/chooseOrganization',
          headers: { authorization: `Bearer ${signedIn.json().data.accessToken}`, 'accept-language': 'en' },
          payload: body,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('VALIDATION');
        expect(res.json().errors).toHaveLength(1);
        expect(res.json().errors[0]).toMatchObject({ path: 'body', keyword: 'additionalProperties' });
        expect(res.json().errors[0].message).not.toMatch(/^must /);
      });
    });

    describe('what a JSON route accepts', () => {
      it('refuses text/plain (what a cross-site form can send) with 415', async () => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/Auth/Login',
          headers: { 'content-type': 'text/plain' },
          payload: JSON.stringify({ phone: DEMO_USERS[0].phone, password: DEMO_PASSWORD }),
        });
        expect(res.statusCode).toBe(415);
        expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
      });

      it('answers broken JSON with a localized 400 that does not quote it', async () => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/Auth/Login',
          headers: { 'content-type': 'application/json', 'accept-language': 'uz' },
          payload: '{"phone": "secret-looking-text',
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          success: false,
          code: 'INVALID_JSON',
          message: 'So‘rov tanasi to‘g‘ri JSON emas',
        });
      });

      it.each([
        ['size=Infinity', 'size'],
        ['size=-Infinity', 'size'],
        ['size=1e400', 'size'],
      ])('refuses a non-finite number in the query (%s)', async (query, name) => {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/Lgota/FilterOptions?tab=tasnifGetWithoutVat&field=catalogName&${query}`,
          headers: { 'accept-language': 'en' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION',
          errors: [{ path: `querystring/${name}`, message: 'Must be a finite number' }],
        });
      });

      it('refuses Infinity as a page of a catalogue list, which answered an empty page', async () => {
        const res = await ctx.app.inject({
          method: 'GET',
          url: '/api/Lgota/WithoutVatProducts?page=Infinity',
        });
        expect(res.statusCode).toBe(400);
        const ok = await ctx.app.inject({
          method: 'GET',
          url: '/api/Lgota/WithoutVatProducts?page=1&size=5',
        });
        expect(ok.statusCode).toBe(200);
      });
    });

    describe('answers of the HTTP parser, on a real socket', () => {
      it('answers headers over 16 KiB with a JSON 431 in the language asked for', async () => {
        const { answer } = await raw(
          port,
          `GET /api/health HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        );
        expect(statusOf(answer)).toBe(431);
        expect(answer).toMatch(/content-type: application\/json/i);
        expect(answer).toMatch(/x-content-type-options: nosniff/i);
        expect(jsonOf(answer)).toEqual({
          success: false,
          code: 'HEADERS_TOO_LARGE',
          message: 'The request headers are too large',
        });
      });

      it.each([
        ['a URL of 9 KiB and a large header', 9_000, 10_000],
        ['a URL of 20 KiB alone', 20_000, 0],
      ])('answers %s with the 431 in the language asked for, after the URL', async (_, url, header) => {
        for (const [lang, message] of [
          ['en', 'The request headers are too large'],
          ['uz', 'So‘rov sarlavhalari juda katta'],
        ]) {
          const { answer } = await raw(
            port,
            `GET /api/health?q=${'a'.repeat(url)} HTTP/1.1\r\nHost: x\r\nAccept-Language: ${lang}\r\n` +
              `${header ? `X-Big: ${'b'.repeat(header)}\r\n` : ''}\r\n`,
          );
          expect(statusOf(answer)).toBe(431);
          expect(jsonOf(answer)).toEqual({ success: false, code: 'HEADERS_TOO_LARGE', message });
        }
      });

      it('answers a URL that cannot be decoded with a JSON 400 that does not repeat it', async () => {
        const { answer } = await raw(
          port,
          'GET /api/%E0%A4%A-secret-path HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
        );
        expect(statusOf(answer)).toBe(400);
        expect(jsonOf(answer)).toEqual({ success: false, code: 'BAD_URL', message: 'Адрес запроса искажён' });
        expect(answer).not.toContain('secret-path');
      });

      it('drops a half-sent body with a JSON 408 once the request timeout passes', async () => {
        const { answer, closedAfterMs } = await raw(
          port,
          'POST /api/Auth/Login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"phone":',
          20_000,
        );
        expect(statusOf(answer)).toBe(408);
        expect(jsonOf(answer)).toMatchObject({ success: false, code: 'REQUEST_TIMEOUT' });
        // Closed by the server (the test's own give-up is 20 s away).
        expect(closedAfterMs).toBeLessThan(20_000);
      });

      it('drops a connection that never finishes its headers', async () => {
        const { answer, closedAfterMs } = await raw(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n', 20_000);
        expect(statusOf(answer)).toBe(408);
        expect(closedAfterMs).toBeLessThan(20_000);
      });
    });

    describe('security headers', () => {
      it('on API answers: a no-content CSP, nosniff, no framing, no referrer, no-store', async () => {
        for (const res of [
          await ctx.app.inject({ method: 'GET', url: '/api/health' }),
          await ctx.app.inject({ method: 'GET', url: '/api/NoSuchGroup/x' }),
        ]) {
          expect(res.headers['content-security-policy']).toBe(
            "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
          );
          expect(res.headers['x-content-type-options']).toBe('nosniff');
          expect(res.headers['x-frame-options']).toBe('DENY');
          expect(res.headers['referrer-policy']).toBe('no-referrer');
          expect(res.headers['permissions-policy']).toContain('camera=()');
          expect(res.headers['cache-control']).toBe('no-store');
          expect(res.headers['strict-transport-security']).toBeUndefined();
        }
      });

      it('on sign-in answers that carry tokens: no-store', async () => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/Auth/Login',
          payload: { phone: DEMO_USERS[0].phone, password: DEMO_PASSWORD },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
      });

      it('on the app page: scripts and styles from itself, the plug-in socket, no framing', async () => {
        for (const url of ['/', '/documents/incoming']) {
          const res = await ctx.app.inject({ method: 'GET', url });
          expect(res.statusCode).toBe(200);
          const csp = String(res.headers['content-security-policy']);
          expect(csp).toContain("script-src 'self'");
          expect(csp).toContain("style-src 'self'");
          expect(csp).toContain("frame-ancestors 'none'");
          expect(csp).toContain("object-src 'none'");
          expect(csp).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:61646 wss:\/\/127\.0\.0\.1:61443(;|$)/);
          expect(csp).not.toContain('unsafe');
          expect(res.headers['x-frame-options']).toBe('DENY');
          expect(res.headers['cache-control']).toBe('no-cache');
        }
        // A revalidated page (304) must not bring a policy of its own: the browser would put it on
        // the cached page, and a resource policy there blocks every script of the app.
        const first = await ctx.app.inject({ method: 'GET', url: '/' });
        const again = await ctx.app.inject({
          method: 'GET',
          url: '/',
          headers: { 'if-none-match': String(first.headers.etag) },
        });
        expect(again.statusCode).toBe(304);
        expect(again.headers['content-security-policy']).toBeUndefined();
        const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
        expect(asset.headers['cache-control']).toContain('immutable');
        expect(asset.headers['x-content-type-options']).toBe('nosniff');
      });

      it('the API documentation: its own scripts only; inline styles (Swagger UI injects them) there alone', async () => {
        const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
        expect(res.statusCode).toBe(200);
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self';");
        expect(csp).toContain("style-src 'self' 'unsafe-inline'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(res.body).not.toMatch(/<script>(?!\s*<\/script>)/);
        const app = await ctx.app.inject({ method: 'GET', url: '/documents/incoming' });
        expect(String(app.headers['content-security-policy'])).toContain("style-src 'self';");
      });
    });
  },
  {
    config: {
      webRoot,
      eimzo: {
        wsUrl: PLUGIN_WS,
        wssUrl: PLUGIN_WSS,
        apiKeys: {},
        minVersion: '3.36',
        emulatorWsPort: 61646,
        emulatorServerPort: 61647,
      },
      timeouts: { requestMs: 1500, headersMs: 1000, checkIntervalMs: 100 },
    },
  },
);
