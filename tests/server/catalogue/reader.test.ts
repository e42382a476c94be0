import { describe, expect, it } from 'vitest';
import { CatalogueReader, type ListFilters } from '../../../src/server/services/catalogue/listQuery';
import type { ListKey } from '../../../src/server/services/catalogue/lists';
import { withDatabases } from '../harness';

// The in-process index and the SQL path must answer every filter identically.
const CASES: [ListKey, ListFilters, number, number][] = [
  ['withoutVat', {}, 1, 50],
  ['withoutVat', {}, 7, 50],
  ['withoutVat', {}, 3, 18],
  ['withoutVat', { tasnifCode: '033' }, 1, 5],
  ['withoutVat', { tasnifCode: '00' }, 2, 18],
  ['withoutVat', { tasnifName: 'антисептик' }, 1, 100],
  ['withoutVat', { tasnifName: 'QO‘L uch' }, 1, 100],
  ['withoutVat', { tasnifName: 'т' }, 2, 36],
  ['withoutVat', { tasnifName: 'nothingmatches' }, 1, 18],
  ['withoutVat', { lgotaName: 'лекарственных' }, 2, 18],
  ['withoutVat', { lgotaName: 'dori vositalari' }, 1, 18],
  ['withoutVat', { lgotaName: 'демо', tasnifCode: '0', tasnifName: 'упаковка' }, 1, 100],
  ['zeroVat', { lgotaName: 'международной перевозке' }, 1, 50],
  ['zeroVat', { tasnifName: 'xalqaro' }, 1, 50],
  ['sellers', {}, 2, 36],
  ['sellers', { tin: '30300001' }, 1, 18],
  ['sellers', { tin: '303000042' }, 1, 18],
  ['buyers', { lgotaName: 'экономической зоны' }, 1, 100],
  ['buyers', { lgotaName: 'zona', tin: '3040000' }, 1, 100],
  ['notIncluded', { searchText: '02401' }, 1, 50],
  ['notIncluded', { searchText: 'сигареты' }, 1, 50],
  ['notIncluded', { searchText: '1' }, 1, 100],
  ['compensation', { searchText: 'ELEKTR montaj' }, 1, 50],
  ['compensation', {}, 3, 36],
];

withDatabases('catalogue reader: index and SQL agree', (ctx) => {
  describe.each(['ru', 'uz'] as const)('language %s', (lang) => {
    it.each(CASES)('%s %j page %i size %i', async (list, filters, page, size) => {
      const sql = new CatalogueReader(ctx.db, { memoryIndexMaxRows: 0 });
      const memory = new CatalogueReader(ctx.db);
      const fromSql = await sql.list(list, filters, { page, size }, lang);
      const fromMemory = await memory.list(list, filters, { page, size }, lang);
      expect(fromMemory).toEqual(fromSql);
    });
  });

  it('a reader that has answered a filter before answers its other pages the same (cached matches)', async () => {
    const sql = new CatalogueReader(ctx.db, { memoryIndexMaxRows: 0 });
    const memory = new CatalogueReader(ctx.db);
    for (const [list, filters, page, size] of CASES) {
      // Another page of the same filter first, so the asked page comes from what the first matched.
      await memory.list(list, filters, { page: page + 1, size }, 'ru');
      for (const p of [page, page + 1, 1]) {
        const fromSql = await sql.list(list, filters, { page: p, size }, 'ru');
        expect(await memory.list(list, filters, { page: p, size }, 'ru')).toEqual(fromSql);
      }
    }
  });

  it('the two paths really differ in how they answer (the SQL one counts in the database)', async () => {
    const sql = new CatalogueReader(ctx.db, { memoryIndexMaxRows: 0 });
    const r = await sql.list('withoutVat', { tasnifCode: '03304' }, { page: 1, size: 5 }, 'ru');
    expect(r.totalCount).toBe(16);
    expect(r.rows).toHaveLength(5);
  });
});
