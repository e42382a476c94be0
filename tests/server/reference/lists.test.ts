// InvoiceItem lists, Regions, Banks and BankCodes (spec §7): a known value, an unknown one (404 with a
// localized message), bad parameters (400), and the bundled data as data/ gives it.
import { beforeAll, describe, expect, it } from 'vitest';
import regions from '../../../data/regions.json';
import { type TestContext, withDatabases } from '../harness';
import { directorOf, get, type Headers } from './session';

withDatabases('reference lists', (ctx: TestContext) => {
  let auth: Headers;
  beforeAll(async () => {
    auth = await directorOf(ctx);
  });

  it('refuses a caller without a token', async () => {
    expect((await get(ctx, '/api/Regions/list', {})).statusCode).toBe(401);
  });

  describe('Regions', () => {
    it('lists the 14 regions with the tax authority ids, named in the language asked for', async () => {
      const ru = (await get(ctx, '/api/Regions/list', auth, 'ru')).json();
      expect(ru.totalCount).toBe(14);
      expect(ru.rows.map((r: { id: number }) => r.id)).toEqual(regions.map((r) => r.tax_region_id));
      const tashkent = ru.rows.find((r: { id: number }) => r.id === 26);
      expect(tashkent).toMatchObject({ soato: 1726, name: 'город Ташкент', nameUzLatn: 'Toshkent shahri' });
      const uz = (await get(ctx, '/api/Regions/list?lang=uz', auth, 'ru')).json();
      expect(uz.rows.find((r: { id: number }) => r.id === 26).name).toBe('Toshkent shahri');
    });

    it('answers one region, 404 with a localized message for an unknown id, 400 for a bad one', async () => {
      expect((await get(ctx, '/api/Regions/getById?id=3', auth)).json().data.nameUzLatn).toBe(
        'Andijon viloyati',
      );
      const ru = await get(ctx, '/api/Regions/getById?id=4', auth, 'ru');
      expect(ru.statusCode).toBe(404);
      expect(ru.json()).toMatchObject({
        success: false,
        code: 'REGION_NOT_FOUND',
        message: 'Область с кодом 4 не найдена',
      });
      expect((await get(ctx, '/api/Regions/getById?id=4', auth, 'uz')).json().message).toBe(
        '4 kodli viloyat topilmadi',
      );
      expect((await get(ctx, '/api/Regions/getById?id=abc', auth)).statusCode).toBe(400);
      expect((await get(ctx, '/api/Regions/getById', auth)).statusCode).toBe(400);
    });
  });
});
