// Published limits (issue 30): counts kept in the database hold across instances (two apps on one
// database share one count); 429 carries Retry-After and RateLimit-* headers; the table in the OpenAPI
// description and in docs/integrating.md list every limited route, the same way.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { buildApp } from '../../../src/server/app';
import { bearer, director, type Session } from '../access/helpers';
import { type TestContext, testConfig, withDatabases } from '../harness';

const DOC = path.resolve(__dirname, '../../../docs/integrating.md');

withDatabases('published limits', (ctx: TestContext) => {
  let second: FastifyInstance;
  let boss: Session;
  beforeAll(async () => {
    second = await buildApp(testConfig({ logLevel: 'silent' }), {
      db: { ...ctx.db, close: async () => {} },
      logger: false,
    });
    await second.ready();
    boss = await director(ctx, 1);
  });
  afterAll(() => second?.close());

  it('one count across two instances; 429 with Retry-After and RateLimit-* headers', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const max = Number(/\| GET \/api\/Events\/getList \| (\d+) \|/.exec(spec.info.description)?.[1]);
    expect(max).toBeGreaterThan(1);
    // An event in the caller's feed: every read from the start is a full page (limit 1) and answered
    // at once — a caught-up follower asking again at once would be held 600 ms (feed pacing).
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/Document/add?kind=invoice',
      headers: bearer(boss),
      payload: {
        ...invoice,
        FacturaId: '',
        FacturaDoc: { FacturaNo: `LIMITS-${ctx.kind}`, FacturaDate: invoice.FacturaDoc.FacturaDate },
        SellerTin: '302000001',
        BuyerTin: '302000002',
        ProductList: { ...invoice.ProductList, Tin: '302000001' },
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    let last: Awaited<ReturnType<FastifyInstance['inject']>> | null = null;
    for (let i = 0; i < max; i++) {
      const app = i % 2 ? second : ctx.app;
      last = await app.inject({ method: 'GET', url: '/api/Events/getList?limit=1', headers: bearer(boss) });
      expect(last.statusCode, last.body).toBe(200);
    }
    expect(last!.headers['ratelimit-limit']).toBe(String(max));
    expect(last!.headers['ratelimit-remaining']).toBe('0');
    const over = await second.inject({
      method: 'GET',
      url: '/api/Events/getList?limit=1',
      headers: bearer(boss),
    });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['ratelimit-limit']).toBe(String(max));
    expect(over.headers['ratelimit-reset']).toBeDefined();
    // Another caller has a count of its own.
    const other = await director(ctx, 2);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/Events/getList?limit=1', headers: bearer(other) }))
        .statusCode,
    ).toBe(200);
  });

  it('the OpenAPI description and the docs list every limited route alike', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const table = (text: string) =>
      text
        .split('\n')
        .filter((line) => /^\| (GET|POST|PUT|DELETE|PATCH) \//.test(line))
        .sort();
    const published = table(spec.info.description);
    expect(published.length).toBeGreaterThan(15);
    expect(published).toContain('| POST /api/Auth/Login | 30 | 1 minute | client address |');
    expect(table(fs.readFileSync(DOC, 'utf8'))).toEqual(published);
    // Each limited operation says its limit.
    const op = spec.paths['/api/Events/getList'].get;
    expect(op.description).toMatch(/Limit: \d+ requests per 1 minute per person or API key/);
  });
});
