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

  describe('InvoiceItem', () => {
    it('banks: search by MFO and by words of the name, paged; one bank; 404; 400', async () => {
      const all = (await get(ctx, '/api/InvoiceItem/getBankList', auth)).json();
      expect(all.totalCount).toBe(8);
      expect(all.rows.every((b: { isDemo: boolean }) => b.isDemo)).toBe(true);
      const words = (
        await get(ctx, `/api/InvoiceItem/getBankList?search=${encodeURIComponent('agro andijon')}`, auth)
      ).json();
      expect(words.rows.map((b: { mfo: string }) => b.mfo)).toEqual(['09007']);
      const cyr = (
        await get(ctx, `/api/InvoiceItem/getBankList?search=${encodeURIComponent('АНДИЖАНСКИЙ')}`, auth)
      ).json();
      expect(cyr.rows.map((b: { mfo: string }) => b.mfo)).toEqual(['09007']);
      expect(
        (await get(ctx, '/api/InvoiceItem/getBankList?search=0900&size=3&page=2', auth)).json().rows,
      ).toHaveLength(3);
      const one = (await get(ctx, '/api/InvoiceItem/getBank/09002', auth)).json().data;
      expect(one).toMatchObject({
        mfo: '09002',
        headMfo: '09001',
        headName: 'DEMO MILLIY BANK AJ BOSH OFISI (demo)',
      });
      const unknown = await get(ctx, '/api/InvoiceItem/getBank/00001', auth, 'ru');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Банк с МФО 00001 не найден');
      expect((await get(ctx, '/api/InvoiceItem/getBank/123', auth)).statusCode).toBe(400);
      expect((await get(ctx, '/api/InvoiceItem/getBankList?size=500', auth)).statusCode).toBe(400);
    });

    it('districts: all, of a region, one by SOATO (with the tax district code where public); 404; 400', async () => {
      expect((await get(ctx, '/api/InvoiceItem/getDistrictList', auth)).json().totalCount).toBe(209);
      const tashkent = (await get(ctx, '/api/InvoiceItem/getDistrictsByRegionId/26?lang=uz', auth)).json();
      expect(tashkent.rows.map((d: { districtId: string }) => d.districtId).filter(Boolean)).toHaveLength(12);
      const chilonzor = (await get(ctx, '/api/InvoiceItem/getDistrict/1726294', auth, 'uz')).json().data;
      expect(chilonzor).toMatchObject({
        regionId: 26,
        taxDistrictCode: 6,
        districtId: '2606',
        name: 'Chilonzor tumani',
      });
      const andijan = (await get(ctx, '/api/InvoiceItem/getDistrict/1703202', auth, 'ru')).json().data;
      expect(andijan).toMatchObject({
        regionId: 3,
        taxDistrictCode: null,
        districtId: null,
        name: 'Алтынкульский район',
      });
      expect(
        (await get(ctx, '/api/InvoiceItem/getDistrictList?regionId=3', auth))
          .json()
          .rows.every((d: { regionId: number }) => d.regionId === 3),
      ).toBe(true);
      expect((await get(ctx, '/api/InvoiceItem/getDistrict/1799999', auth)).statusCode).toBe(404);
      const noRegion = await get(ctx, '/api/InvoiceItem/getDistrictsByRegionId/99', auth, 'en');
      expect(noRegion.statusCode).toBe(404);
      expect(noRegion.json().message).toBe('No region with id 99');
      expect((await get(ctx, '/api/InvoiceItem/getDistrict/17262', auth)).statusCode).toBe(400);
      expect((await get(ctx, '/api/InvoiceItem/getDistrictsByRegionId/x', auth)).statusCode).toBe(400);
    });

    it('countries by alpha-2, alpha-3 or numeric code, sorted by name in the language', async () => {
      const list = (await get(ctx, '/api/InvoiceItem/getCountryList', auth, 'ru')).json();
      expect(list.totalCount).toBe(250);
      const names = list.rows.map((c: { name: string }) => c.name);
      expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'ru')));
      for (const id of ['UZ', 'uzb', '860'])
        expect((await get(ctx, `/api/InvoiceItem/getCountry/${id}`, auth, 'uz')).json().data).toMatchObject({
          code: 'UZ',
          numeric: '860',
          name: "O'zbekiston",
        });
      expect((await get(ctx, '/api/InvoiceItem/getCountry/XX', auth)).statusCode).toBe(404);
      expect((await get(ctx, '/api/InvoiceItem/getCountry/U1', auth)).statusCode).toBe(400);
    });

    it('measures (ОКЕИ codes) and currencies; 404; 400', async () => {
      const measures = (await get(ctx, '/api/InvoiceItem/getMeasureList', auth, 'en')).json();
      expect(measures.totalCount).toBe(31);
      expect((await get(ctx, '/api/InvoiceItem/getMeasure/166', auth, 'ru')).json().data).toMatchObject({
        name: 'Килограмм',
        shortName: 'кг',
      });
      expect((await get(ctx, '/api/InvoiceItem/getMeasure/999', auth)).statusCode).toBe(404);
      expect((await get(ctx, '/api/InvoiceItem/getMeasure/12', auth)).statusCode).toBe(400);
      expect((await get(ctx, '/api/InvoiceItem/getCurrencyList', auth)).json().totalCount).toBe(179);
      for (const id of ['UZS', 'uzs', '860'])
        expect((await get(ctx, `/api/InvoiceItem/getCurrency/${id}`, auth, 'en')).json().data).toMatchObject({
          code: 'UZS',
          numeric: '860',
          minorDigits: 2,
        });
      expect((await get(ctx, '/api/InvoiceItem/getCurrency/ABC', auth)).statusCode).toBe(404);
      expect((await get(ctx, '/api/InvoiceItem/getCurrency/US', auth)).statusCode).toBe(400);
    });
  });

  describe('Banks and BankCodes', () => {
    it('Banks/getByMfo; 404; 400', async () => {
      expect((await get(ctx, '/api/Banks/getByMfo?mfo=09005', auth)).json().data.name).toBe(
        'DEMO SAVDO BANK AJ SAMARQAND FILIALI (demo)',
      );
      expect((await get(ctx, '/api/Banks/getByMfo?mfo=00001', auth)).statusCode).toBe(404);
      expect((await get(ctx, '/api/Banks/getByMfo?mfo=1', auth)).statusCode).toBe(400);
    });

    it('Banks/paymentInfo: the demo recipient with the caller in the payment purpose', async () => {
      const data = (await get(ctx, '/api/Banks/paymentInfo', auth, 'ru')).json().data;
      expect(data).toMatchObject({
        recipient: 'MChJ «Hujjat Demo Operator» (demo)',
        mfo: '09001',
        isDemo: true,
      });
      expect(data.bankName).toBe('DEMO MILLIY BANK AJ BOSH OFISI (demo)');
      expect(data.purpose).toContain('302000001');
    });

    it('BankCodes: only the reference administrators change the directory', async () => {
      const other = await directorOf(ctx, 2);
      const body = { mfo: '09100', name: 'TEST BANK (demo)' };
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/BankCodes/add',
        headers: { ...other, 'accept-language': 'ru' },
        payload: body,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'NOT_REFERENCE_ADMIN',
        message: 'Изменять справочник банков могут только администраторы сервиса',
      });
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: '/api/BankCodes/delete?id=09008', headers: other }))
          .statusCode,
      ).toBe(403);
      expect((await get(ctx, '/api/BankCodes/list', other)).statusCode).toBe(200);
    });

    it('BankCodes: add, read, update with the version read, delete; 409 for a duplicate, a stale version, a head with branches', async () => {
      const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
        ctx.app.inject({ method, url, headers: auth, payload });
      const added = await send('POST', '/api/BankCodes/add', {
        mfo: '09100',
        name: 'TEST BANK AJ (demo)',
        headMfo: '09001',
      });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().data).toMatchObject({
        mfo: '09100',
        version: 1,
        isDemo: false,
        headName: 'DEMO MILLIY BANK AJ BOSH OFISI (demo)',
      });
      expect((await send('POST', '/api/BankCodes/add', { mfo: '09100', name: 'Again' })).statusCode).toBe(
        409,
      );
      expect(
        (await send('POST', '/api/BankCodes/add', { mfo: '09101', name: 'X', headMfo: '00001' })).statusCode,
      ).toBe(400);
      expect((await send('POST', '/api/BankCodes/add', { mfo: '9100', name: 'X' })).statusCode).toBe(400);
      expect((await get(ctx, '/api/BankCodes/getById?id=09100', auth)).json().data.name).toBe(
        'TEST BANK AJ (demo)',
      );
      const updated = await send('PUT', '/api/BankCodes/update', {
        mfo: '09100',
        name: 'TEST BANK AJ, renamed (demo)',
        version: 1,
      });
      expect(updated.json().data).toMatchObject({ name: 'TEST BANK AJ, renamed (demo)', version: 2 });
      expect(
        (await send('PUT', '/api/BankCodes/update', { mfo: '09100', name: 'Stale', version: 1 })).statusCode,
      ).toBe(409);
      expect(
        (await send('PUT', '/api/BankCodes/update', { mfo: '09199', name: 'Nobody', version: 1 })).statusCode,
      ).toBe(404);
      const head = await send('DELETE', '/api/BankCodes/delete?id=09001');
      expect(head.statusCode).toBe(409);
      expect(head.json().code).toBe('BANK_HAS_BRANCHES');
      expect((await send('DELETE', '/api/BankCodes/delete?id=09100')).statusCode).toBe(200);
      expect((await send('DELETE', '/api/BankCodes/delete?id=09100')).statusCode).toBe(404);
      expect((await get(ctx, '/api/BankCodes/getById?id=09100', auth)).statusCode).toBe(404);
    });
  });

  describe('Localization', () => {
    it('texts of a namespace in a language, the key list and the languages — without a session', async () => {
      const errors = await ctx.app.inject({
        method: 'GET',
        url: '/api/Localization/getValuesByLang?type=errors&lang=uz',
      });
      expect(errors.statusCode).toBe(200);
      expect(errors.json().data.notFound).toBe('Topilmadi');
      const all = (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/Localization/getValuesByLang',
          headers: { 'accept-language': 'en' },
        })
      ).json().data;
      expect(Object.keys(all)).toEqual(expect.arrayContaining(['common', 'errors', 'reference']));
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/Localization/getValuesByLang?type=nothing' }))
          .statusCode,
      ).toBe(404);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/Localization/getValuesByLang?type=../x' }))
          .statusCode,
      ).toBe(400);
      const list = (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/Localization/getList?type=errors&search=notFound&size=5',
        })
      ).json();
      expect(list.rows[0]).toEqual({
        key: 'errors:notFound',
        ru: 'Не найдено',
        uz: 'Topilmadi',
        en: 'Not found',
      });
      const languages = (
        await ctx.app.inject({ method: 'GET', url: '/api/Localization/languages?lang=en' })
      ).json().rows;
      expect(languages).toEqual([
        { code: 'ru', name: 'Russian', nativeName: 'Русский', isDefault: true },
        { code: 'uz', name: 'Uzbek', nativeName: 'O‘zbekcha', isDefault: false },
        { code: 'en', name: 'English', nativeName: 'English', isDefault: false },
      ]);
    });
  });
});
