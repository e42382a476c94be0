import { expect, it } from 'vitest';
import { migrate, readMigrations } from '../../src/server/db/migrate';
import { withDatabases } from './harness';

withDatabases('foundation', (ctx) => {
  it('reports health with the database kind', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      version: 'test',
      db: ctx.kind,
      checks: { database: 'up', queue: 'up' },
    });
  });

  it('answers an unknown API path with a localized JSON 404', async () => {
    for (const [lang, text] of [
      ['uz', 'Topilmadi'],
      ['en-US,en;q=0.9', 'Not found'],
      ['de', 'Не найдено'],
      [undefined, 'Не найдено'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/NoSuchGroup/x',
        headers: lang ? { 'accept-language': lang } : {},
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: text });
    }
  });

  it('publishes an OpenAPI 3 document built from the route schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health']).toBeDefined();
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('applies migrations once: a second run applies nothing', async () => {
    const again = await migrate(ctx.db);
    expect(again).toEqual([]);
    const { rows } = await ctx.db.query<{ version: string }>(
      'select version from schema_migrations order by 1',
    );
    expect(rows.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version));
  });

  it('keeps dates as yyyy-MM-dd and numeric as exact strings', async () => {
    const { rows } = await ctx.db.query<{ d: string; n: string; c: number }>(
      "select date '2024-02-29' as d, 0.1::numeric + 0.2::numeric as n, count(*) as c from organizations",
    );
    expect(rows[0].d).toBe('2024-02-29');
    expect(rows[0].n).toBe('0.3');
    expect(typeof rows[0].c).toBe('number');
  });

  it('rolls a failed transaction back completely', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.query("insert into organizations (tin, name) values ('299999999', 'rollback probe')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await ctx.db.query("select 1 from organizations where tin = '299999999'");
    expect(rows).toHaveLength(0);
  });
});
