// The public verification page's rate limit is keyed on the connecting address — or, behind a
// configured proxy, the client address the proxy reports — never on a header the client sets
// (issue 26: a limit keyed on X-Forwarded-For went through the tests). A 404 counts like any answer,
// so no signed document is needed.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { VERIFY_RATE_LIMIT } from '../../../src/server/routes/Verify';
import { type TestContext, withDatabases } from '../harness';

const SPOOFED = [
  'x-forwarded-for',
  'x-real-ip',
  'forwarded',
  'true-client-ip',
  'cf-connecting-ip',
  'x-client-ip',
];

function check(ctx: TestContext, remoteAddress: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/Verify/document/${randomUUID()}?k=x`,
    remoteAddress,
    headers,
  });
}

/** A different value of every address header a client might set, request by request. */
const spoofing = (i: number) =>
  Object.fromEntries(
    SPOOFED.map((name) => [name, name === 'forwarded' ? `for=203.0.113.${i % 250}` : `203.0.113.${i % 250}`]),
  );

withDatabases('verify page rate limit, without TRUST_PROXY', (ctx) => {
  it('counts one connecting address however its address headers change, and no other address', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= VERIFY_RATE_LIMIT.max; i++)
      codes.push((await check(ctx, '198.51.100.21', spoofing(i))).statusCode);
    expect(codes.slice(0, -1).every((code) => code === 404)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // Another connection is not held back by the first one's requests, whatever it claims to be.
    expect((await check(ctx, '198.51.100.22', { 'x-forwarded-for': '198.51.100.21' })).statusCode).toBe(404);
  });
});

withDatabases(
  'verify page rate limit, behind a trusted proxy',
  (ctx) => {
    it('counts the client the proxy reports, each on its own', async () => {
      for (let i = 0; i < VERIFY_RATE_LIMIT.max; i++)
        expect((await check(ctx, '10.9.0.1', { 'x-forwarded-for': '198.51.100.31' })).statusCode).toBe(404);
      expect((await check(ctx, '10.9.0.1', { 'x-forwarded-for': '198.51.100.31' })).statusCode).toBe(429);
      // Another client behind the same proxy has its own count.
      expect((await check(ctx, '10.9.0.1', { 'x-forwarded-for': '198.51.100.32' })).statusCode).toBe(404);
    });

    it('does not believe the headers from a connection that is not the proxy', async () => {
      const codes: number[] = [];
      for (let i = 0; i <= VERIFY_RATE_LIMIT.max; i++)
        codes.push((await check(ctx, '198.51.100.41', spoofing(i))).statusCode);
      expect(codes.at(-1)).toBe(429);
    });
  },
  { seed: false, config: { trustProxy: ['10.9.0.1'] } },
);
