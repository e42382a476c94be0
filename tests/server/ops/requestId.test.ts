// The request id: a trusted proxy's X-Request-Id names the request in this instance's log and answer
// (one id across nginx and every instance); a client that is not a trusted proxy cannot choose it.
import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import type { TrustProxy } from '../../../src/server/config';
import { type Db, openDatabase } from '../../../src/server/db/client';
import { migrate } from '../../../src/server/db/migrate';
import { requestIdGenerator } from '../../../src/server/http/requestId';
import { testConfig } from '../harness';

const PROXY_ID = '4f6c0d2e9a8b47c1b3d5e7f9a1c3e5d7';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request id rule', () => {
  const request = (address: string, id: string) =>
    ({ headers: { 'x-request-id': id }, socket: { remoteAddress: address } }) as unknown as IncomingMessage;
  const idOf = (trust: TrustProxy, address: string, sent: string) =>
    requestIdGenerator(trust)(request(address, sent));

  it('takes the id from a proxy that TRUST_PROXY names, by address, range or hop count', () => {
    expect(idOf(['127.0.0.1'], '127.0.0.1', PROXY_ID)).toBe(PROXY_ID);
    expect(idOf(['10.0.0.0/8'], '10.1.2.3', PROXY_ID)).toBe(PROXY_ID);
    expect(idOf(['loopback'], '::1', PROXY_ID)).toBe(PROXY_ID);
    expect(idOf(1, '192.0.2.7', PROXY_ID)).toBe(PROXY_ID);
    expect(idOf(['127.0.0.1'], '127.0.0.1', 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d')).toBe(
      'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d',
    );
  });

  it('makes its own for anyone else, and for an id that is not an id', () => {
    for (const [trust, address, sent] of [
      [false, '127.0.0.1', PROXY_ID],
      [0, '127.0.0.1', PROXY_ID],
      [['10.0.0.5'], '127.0.0.1', PROXY_ID],
      [['127.0.0.1'], '127.0.0.1', 'has spaces and "quotes"'],
      [['127.0.0.1'], '127.0.0.1', 'x'.repeat(200)],
      [['127.0.0.1'], '127.0.0.1', 'short'],
    ] as Array<[TrustProxy, string, string]>) {
      const id = idOf(trust, address, sent);
      expect(id, `${JSON.stringify(trust)} ${address} ${sent}`).toMatch(UUID);
    }
    expect(idOf(false, '127.0.0.1', '')).not.toBe(idOf(false, '127.0.0.1', ''));
  });
});

describe('request id in the server', () => {
  let db: Db;
  let app: FastifyInstance;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: null, dataDir: null });
    await migrate(db);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp(testConfig({ trustProxy: ['127.0.0.1'], logLevel: 'info' }), {
      db: { ...db, close: async () => {} },
      logger: { stream },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it("logs a trusted proxy's request under its id and answers it", async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '127.0.0.1',
      headers: { 'x-request-id': PROXY_ID },
    });
    expect(res.headers['x-request-id']).toBe(PROXY_ID);
    expect(lines.some((l) => l.reqId === PROXY_ID && l.msg === 'request completed')).toBe(true);
  });

  it('answers and logs its own id to a client that is not a trusted proxy, on every route', async () => {
    const a = await app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.9.9.9',
      headers: { 'x-request-id': 'chosen-by-the-client-0001' },
    });
    const b = await app.inject({ method: 'GET', url: '/api/no-such-route', remoteAddress: '10.9.9.9' });
    for (const res of [a, b]) {
      const id = String(res.headers['x-request-id']);
      expect(id).toMatch(UUID);
      expect(lines.some((l) => l.reqId === id)).toBe(true);
    }
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    expect(lines.some((l) => l.reqId === 'chosen-by-the-client-0001')).toBe(false);
  });
});
