// The Didox client's transport (providers/didox/http.ts, node:http): what fetch did before — the exact
// bytes sent, JSON answered, and an operator that cannot be reached or does not answer is "down".
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIDOX_TIMEOUT_MS, didoxCall } from '../../../src/server/services/operators/providers/didox/http';
import type { OperatorError } from '../../../src/server/services/operators/providers/types';

/** The error a call ends with (an answer fails the test). */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('answered');
    },
    (error: OperatorError) => error,
  );

let server: http.Server;
let base: string;
const seen: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: Buffer }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks) });
      if (req.url === '/silent') return; // never answers
      if (req.url === '/limited') {
        res.writeHead(429, { 'retry-after': '3', 'content-type': 'application/json' });
        return res.end(JSON.stringify({ errorDetails: { message: 'Слишком много запросов' } }));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: 'ответ', echo: Buffer.concat(chunks).toString('base64') }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('didoxCall over node:http', () => {
  it('sends the exact bytes with the session headers and reads a UTF-8 JSON answer', async () => {
    const raw = new TextEncoder().encode('{"Summa": 1.50, "Имя":"Ш"}');
    const answer = await didoxCall<{ data: string; echo: string }>({
      method: 'POST',
      path: '/v1/documents/002/create',
      rawBody: raw,
      session: { token: 'user-token', partnerToken: 'partner', baseUrl: `${base}/` } as never,
    });
    expect(answer.data).toBe('ответ');
    expect(Buffer.from(answer.echo, 'base64').equals(Buffer.from(raw))).toBe(true);
    const request = seen.at(-1);
    expect(request).toMatchObject({ method: 'POST', url: '/v1/documents/002/create' });
    expect(request?.headers).toMatchObject({
      'user-key': 'user-token',
      'partner-authorization': 'partner',
      'content-type': 'application/json',
      'content-length': String(raw.byteLength),
    });
  });

  it('answers 429 as rate-limited with Retry-After and the operator’s message', async () => {
    const err = await failure(didoxCall({ method: 'GET', path: '/limited', baseUrl: base }));
    expect([err.kind, err.httpStatus, err.retryAfterMs, err.message]).toEqual([
      'rateLimited',
      429,
      3000,
      'Слишком много запросов',
    ]);
  });

  it('an operator nobody listens for is down, unreachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await failure(didoxCall({ method: 'GET', path: '/x', baseUrl: `http://127.0.0.1:${port}` }));
    expect([err.kind, err.message, err.transient]).toEqual(['down', 'operator unreachable', true]);
  });

  it('an operator that does not answer in time is down, and the request is given up', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pending = failure(didoxCall({ method: 'GET', path: '/silent', baseUrl: base }));
      await vi.waitFor(() => expect(seen.at(-1)?.url).toBe('/silent'), { interval: 5 });
      vi.advanceTimersByTime(DIDOX_TIMEOUT_MS);
      const err = await pending;
      expect([err.kind, err.message]).toEqual(['down', 'operator no answer in time']);
    } finally {
      vi.useRealTimers();
    }
  });
});
