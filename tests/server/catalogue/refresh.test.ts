import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefreshError, refreshList } from '../../../src/server/services/catalogue/import/refresh';
import { LISTS } from '../../../src/server/services/catalogue/lists';
import { withDatabases } from '../harness';

// A stand-in for the tax authority's Lgota API on 127.0.0.1: pages of {rows, totalCount}.
const SELLERS = Array.from({ length: 230 }, (_, i) => ({
  name: `Firm ${i + 1} (demo)`,
  tin: String(305000001 + i),
  newLgotaId: String(500000 + (i % 3)),
  lgotaName: `Benefit ${i % 3}`,
  lgotaId: null,
  dateBegin: '2024-01-01',
  dateEnd: i % 2 ? '2027-12-31' : null,
}));

let server: http.Server;
let baseUrl: string;
const seen: { path: string; page: string | null; size: string | null; auth?: string }[] = [];
let mode: 'ok' | 'fail-page-2' | 'bad-row' | 'short' = 'ok';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push({
      path: url.pathname,
      page: url.searchParams.get('page'),
      size: url.searchParams.get('size'),
      auth: req.headers.authorization,
    });
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('size'));
    if (url.pathname !== '/api/Lgota/PrivilegedSellerCompanies') {
      res.writeHead(404).end();
      return;
    }
    if (mode === 'fail-page-2' && page === 2) {
      res.writeHead(503).end('maintenance');
      return;
    }
    let rows = SELLERS.slice((page - 1) * size, page * size);
    if (mode === 'bad-row' && page === 1) rows = [{ ...rows[0], tin: '12' }, ...rows.slice(1)];
    if (mode === 'short' && page === 3) rows = [];
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ rows, totalCount: SELLERS.length }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/Lgota`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

withDatabases('catalogue refresh from the tax authority', (ctx) => {
  const sellers = async () =>
    (await ctx.db.query<{ n: number }>('select count(*)::int as n from catalogue_privileged_sellers')).rows[0]
      .n;

  describe('refreshList', () => {
    it('pages through the whole list, sends the token, replaces the demo rows', async () => {
      mode = 'ok';
      seen.length = 0;
      expect(await sellers()).toBe(80);
      const r = await refreshList(ctx.db, LISTS.sellers, { baseUrl, token: 'secret-token' }, 'en');
      expect(r.ok).toBe(true);
      expect(seen.map((s) => [s.path, s.page, s.size])).toEqual([
        ['/api/Lgota/PrivilegedSellerCompanies', '1', '100'],
        ['/api/Lgota/PrivilegedSellerCompanies', '2', '100'],
        ['/api/Lgota/PrivilegedSellerCompanies', '3', '100'],
      ]);
      expect(seen.every((s) => s.auth === 'Bearer secret-token')).toBe(true);
      expect(await sellers()).toBe(230);
      const ds = (
        await ctx.db.query('select source, file_name from catalogue_datasets where list = $1', ['sellers'])
      ).rows[0];
      expect(ds).toEqual({ source: 'refresh', file_name: baseUrl });
      const api = (await ctx.app.inject('/api/Lgota/PrivilegedSellerCompanies?tin=305000230')).json();
      expect(api.rows).toEqual([
        expect.objectContaining({
          tin: '305000230',
          name: 'Firm 230 (demo)',
          newLgotaId: '500001',
          dateEnd: '2027-12-31',
        }),
      ]);
    });

    it('keeps the stored list when a page fails', async () => {
      mode = 'fail-page-2';
      await expect(refreshList(ctx.db, LISTS.sellers, { baseUrl }, 'en')).rejects.toThrow(RefreshError);
      await expect(refreshList(ctx.db, LISTS.sellers, { baseUrl }, 'en')).rejects.toThrow(/HTTP 503/);
      expect(await sellers()).toBe(230);
    });

    it('keeps the stored list when the source ends early or sends a bad row', async () => {
      mode = 'short';
      await expect(refreshList(ctx.db, LISTS.sellers, { baseUrl }, 'en')).rejects.toThrow(/got 200 of 230/);
      mode = 'bad-row';
      const r = await refreshList(ctx.db, LISTS.sellers, { baseUrl }, 'en');
      expect(r.ok).toBe(false);
      if (!r.ok)
        expect(r.errors).toEqual([{ row: 1, column: 'tin', message: 'A TIN is exactly 9 digits, got "12"' }]);
      expect(await sellers()).toBe(230);
    });

    it('reports an unreachable server as a refresh error', async () => {
      await expect(
        refreshList(
          ctx.db,
          LISTS.sellers,
          { baseUrl: 'http://127.0.0.1:1/api/Lgota', timeoutMs: 2000 },
          'en',
        ),
      ).rejects.toThrow(RefreshError);
    });
  });
});
