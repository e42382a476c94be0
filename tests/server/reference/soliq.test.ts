// The tax-authority group (/api/Soliq), the invoice-service group (/api/Factura) and Lot against the
// labelled demo registry: a known value, an unknown one (404, localized), bad parameters (400).
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, withDatabases } from '../harness';
import { directorOf, get, type Headers } from './session';

withDatabases('Soliq, Factura and Lot (demo registry)', (ctx: TestContext) => {
  let auth: Headers;
  beforeAll(async () => {
    auth = await directorOf(ctx, 1);
  });
  const ask = (url: string, lang = 'ru') => get(ctx, url, auth, lang);

  describe('Soliq', () => {
    it('individualInfo: a person by PINFL or personal TIN; 404; 400', async () => {
      const res = await ask('/api/Soliq/individualInfo?tin=31707920456784');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        pinfl: '31707920456784',
        fullName: 'Rahimov Jasur Anvarovich (demo)',
        isDemo: true,
      });
      expect((await ask('/api/Soliq/individualInfo?tin=505000005')).json().data.pinfl).toBe('30303850678901');
      const unknown = await ask('/api/Soliq/individualInfo?tin=31111111111111', 'en');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({
        code: 'INDIVIDUAL_NOT_FOUND',
        message: 'No individual with PINFL or TIN 31111111111111',
      });
      expect((await ask('/api/Soliq/individualInfo?tin=123')).statusCode).toBe(400);
      expect((await ask('/api/Soliq/individualInfo')).statusCode).toBe(400);
    });

    it('individualInfoV2: with the sole proprietorship registered under the person', async () => {
      const res = await ask('/api/Soliq/individualInfoV2?val=30303850678901&lang=ru');
      expect(res.json().data).toMatchObject({
        fullName: 'Ergashev Bahrom Ravshanovich (demo)',
        entrepreneur: {
          tin: '505000005',
          taxpayerType: 50,
          taxpayerTypeName: 'Индивидуальный предприниматель',
        },
      });
      expect(
        (await ask('/api/Soliq/individualInfoV2?val=31707920456784')).json().data.entrepreneur,
      ).toBeNull();
      expect((await ask('/api/Soliq/individualInfoV2?val=x')).statusCode).toBe(400);
    });

    it('legalEntity, getOrgInfo, individualForOrgs, payerRegCode', async () => {
      const entity = (await ask('/api/Soliq/legalEntity?tin=305000002&lang=ru')).json().data;
      expect(entity).toMatchObject({
        tin: '305000002',
        name: 'AJ «Demo Sement Zavodi» (demo)',
        regionName: 'город Ташкент',
        districtName: 'Бектемирский район',
        districtId: '2611',
        oked: '23510',
        taxpayerTypeName: 'Плательщик НДС+ (сертификат активный)',
      });
      expect(entity).not.toHaveProperty('account');
      const full = (await ask('/api/Soliq/getOrgInfo?tin=305000002')).json().data;
      expect(full).toMatchObject({
        account: '20210000300500000012',
        mfo: '09004',
        bankName: 'DEMO SAVDO BANK AJ BOSH OFISI (demo)',
      });
      expect((await ask('/api/Soliq/individualForOrgs?tin=305000002')).json().data).toEqual({
        tin: '305000002',
        name: 'AJ «Demo Sement Zavodi» (demo)',
        director: 'Rasulov Anvar Toirovich (demo)',
        accountant: 'Hamidova Sevara Olimovna (demo)',
        isDemo: true,
      });
      expect((await ask('/api/Soliq/payerRegCode?tin=305000003&lang=ru')).json().data).toEqual({
        tin: '305000003',
        vatPayer: true,
        vatRegCode: '326050000003',
        vatRegStatus: 21,
        vatRegStatusName: 'Плательщик НДС (неактивный)',
        isDemo: true,
      });
      expect((await ask('/api/Soliq/payerRegCode?tin=305000004')).json().data).toMatchObject({
        vatPayer: false,
        vatRegCode: null,
      });
      for (const op of ['legalEntity', 'getOrgInfo', 'individualForOrgs', 'payerRegCode']) {
        const unknown = await ask(`/api/Soliq/${op}?tin=398765432`, 'uz');
        expect(unknown.statusCode, op).toBe(404);
        expect(unknown.json().message, op).toBe("STIR 398765432 bo'lgan soliq to'lovchi topilmadi");
        expect((await ask(`/api/Soliq/${op}?tin=12345678`)).statusCode, op).toBe(400);
      }
    });

    it('answers in Uzbek when no language is asked for (spec §9)', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/Soliq/legalEntity?tin=305000002',
        headers: auth,
      });
      expect(res.json().data.regionName).toBe('Toshkent shahri');
    });

    it('getLgotaList and the benefits of a company by TIN', async () => {
      const list = (await ask('/api/Soliq/getLgotaList?size=100')).json();
      expect(list.totalCount).toBeGreaterThan(5);
      expect(list.rows.every((r: { id: string }) => r.id.startsWith('DEMO-'))).toBe(true);
      const zero = (await ask('/api/Soliq/getLgotaList?kind=zeroVat&size=100')).json();
      expect(zero.rows.length).toBeGreaterThan(0);
      expect(zero.rows.every((r: { kind: string }) => r.kind === 'zeroVat')).toBe(true);
      // The demo organisations sell with a benefit (catalogue demo set).
      const mine = (await ask('/api/Soliq/getLgotaListByTin?tin=302000001')).json();
      expect(mine.totalCount).toBeGreaterThan(0);
      expect((await ask('/api/Soliq/getBuyerLgotaListByTin?tin=302000001')).json().totalCount).toBe(0);
      expect((await ask('/api/Soliq/getSellerLgotaListByTin?tin=302000001')).json().totalCount).toBe(
        mine.totalCount,
      );
      expect((await ask('/api/Soliq/getLgotaListByTin?tin=398765432')).statusCode).toBe(404);
      expect((await ask('/api/Soliq/getLgotaList?size=1000')).statusCode).toBe(400);
      expect((await ask('/api/Soliq/getLgotaList?kind=other')).statusCode).toBe(400);
    });

    it('turnover and the product list: the caller’s own only', async () => {
      const own = await ask('/api/Soliq/getTurnoverByTin?year=2025');
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toMatchObject({ tin: '302000001', year: 2025, isDemo: true });
      expect(own.json().data.amount).toMatch(/^\d+\.\d{2}$/);
      expect((await ask('/api/Soliq/getTurnoverByTin?tin=302000002')).statusCode).toBe(404);
      expect((await ask('/api/Soliq/getTurnoverByTin?year=1800')).statusCode).toBe(400);
      const products = (await ask('/api/Soliq/getProductListByCompany')).json();
      expect(products.rows.map((p: { catalogCode: string }) => p.catalogCode)).toContain('03304020001027003');
      expect((await ask('/api/Soliq/getProductListByCompany?tin=302000003')).statusCode).toBe(404);
    });

    it('tasnif lists: by code prefix and by words, paged (page 1, size 50 by default)', async () => {
      const all = (await ask('/api/Soliq/tasnifGetWithoutVat')).json();
      expect(all.rows).toHaveLength(50);
      const byCode = (await ask('/api/Soliq/tasnifGetWithoutVat?mxikCode=03304020001')).json();
      expect(byCode.totalCount).toBeGreaterThan(0);
      expect(byCode.rows.every((r: { catalogCode: string }) => r.catalogCode.startsWith('03304020001'))).toBe(
        true,
      );
      expect(byCode.rows[0]).toHaveProperty('newLgotaId');
      const notConsidered = (await ask('/api/Soliq/tasnifGetNotConsidered?searchText=pivo')).json();
      expect(notConsidered.totalCount).toBeGreaterThan(0);
      const refinanced = (await ask('/api/Soliq/tasnifGetRefinanced?mxikCode=04101&page=2&size=5')).json();
      expect(refinanced.rows).toHaveLength(5);
      expect((await ask('/api/Soliq/tasnifGetWithoutVat?mxikCode=abc')).statusCode).toBe(400);
      expect((await ask('/api/Soliq/tasnifGetRefinanced?page=0')).statusCode).toBe(400);
    });

    it('getTaxpayerType and getTaxpayerTypeByOrgId (one of the caller’s organisations only)', async () => {
      expect((await ask('/api/Soliq/getTaxpayerType?tin=302000003&lang=en')).json().data).toEqual({
        tin: '302000003',
        taxpayerType: 30,
        name: 'Turnover tax payer',
        isDemo: true,
      });
      expect((await ask('/api/Soliq/getTaxpayerType?tin=398765432')).statusCode).toBe(404);
      const orgs = await ctx.db.query<{ id: string; tin: string }>(
        `select id, tin from organizations where tin in ('302000001', '302000002') order by tin`,
      );
      const own = await ask(`/api/Soliq/getTaxpayerTypeByOrgId?orgId=${orgs.rows[0].id}`);
      expect(own.json().data).toMatchObject({ tin: '302000001', taxpayerType: 20 });
      const other = await ask(`/api/Soliq/getTaxpayerTypeByOrgId?orgId=${orgs.rows[1].id}`);
      expect(other.statusCode).toBe(404);
      expect((await ask('/api/Soliq/getTaxpayerTypeByOrgId?orgId=not-a-uuid')).statusCode).toBe(400);
    });
  });

  describe('Factura', () => {
    it('guid: a new 24-hex id each time', async () => {
      const a = (await ask('/api/Factura/guid')).json().data;
      const b = (await ask('/api/Factura/guid')).json().data;
      expect(a).toMatch(/^[0-9a-f]{24}$/);
      expect(b).not.toBe(a);
    });

    it('getTaxpayerType, companies and zero-VAT services, measures', async () => {
      expect((await ask('/api/Factura/getTaxpayerType?tin=505000005')).json().data.taxpayerType).toBe(50);
      expect((await ask('/api/Factura/getTaxpayerType?tin=398765432')).statusCode).toBe(404);
      expect((await ask('/api/Factura/getTaxpayerType?tin=x')).statusCode).toBe(400);
      const without = (await ask('/api/Factura/getWithoutVatCompanies?pageLimit=5')).json();
      expect(without.rows).toHaveLength(5);
      expect(without.totalCount).toBe(80);
      // The demo enterprise benefits are exemptions: no company sells at the zero rate.
      expect((await ask('/api/Factura/getZeroVatCompanies')).json()).toEqual({ rows: [], totalCount: 0 });
      const one = (await ask('/api/Factura/getWithoutVatCompanies?tin=302000001')).json();
      expect(one.rows.map((r: { tin: string }) => r.tin)).toEqual(['302000001']);
      expect((await ask('/api/Factura/getWithoutVatCompanies?tin=abc')).statusCode).toBe(400);
      const services = (await ask('/api/Factura/getZeroVatServices?pageNumber=1&pageLimit=3')).json();
      expect(services.rows).toHaveLength(3);
      const lgotaId = services.rows[0].newLgotaId;
      const byLgota = (await ask(`/api/Factura/getZeroVatServices?lgotaId=${lgotaId}&pageLimit=100`)).json();
      expect(byLgota.rows.every((r: { newLgotaId: string }) => r.newLgotaId === lgotaId)).toBe(true);
      expect((await ask('/api/Factura/getZeroVatServices?pageLimit=500')).statusCode).toBe(400);
      const measures = (await ask('/api/Factura/getMeasures?lang=uz')).json();
      expect(measures.rows.find((m: { code: string }) => m.code === '796')).toMatchObject({
        name: 'Dona',
        shortName: 'dona',
      });
    });

    it('timestamp: 400 for a value that is not hex; 503 when no TSA is configured', async () => {
      expect((await ask('/api/Factura/timestamp?signatureHex=zz')).statusCode).toBe(400);
      const res = await ask(`/api/Factura/timestamp?signatureHex=${'ab'.repeat(32)}`, 'en');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'TIMESTAMP_NOT_CONFIGURED' });
    });
  });

  describe('Lot', () => {
    it('GetInfo: a demo lot between its seller and buyer; 404 otherwise; 400 for bad TINs', async () => {
      const ok = await ask('/api/Lot/GetInfo?sellerTin=302000001&buyerTin=302000002&lot=DEMO-XT-000101');
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data).toMatchObject({ lotId: 'DEMO-XT-000101', isDemo: true });
      expect(ok.json().data.products[0]).toMatchObject({ catalogCode: '03304020001027003' });
      const wrongBuyer = await ask(
        '/api/Lot/GetInfo?sellerTin=302000001&buyerTin=302000003&lot=DEMO-XT-000101',
        'en',
      );
      expect(wrongBuyer.statusCode).toBe(404);
      expect(wrongBuyer.json().message).toBe('No lot DEMO-XT-000101 between this seller and buyer');
      expect((await ask('/api/Lot/GetInfo?sellerTin=1&buyerTin=302000002&lot=DEMO-1')).statusCode).toBe(400);
      expect((await ask('/api/Lot/GetInfo?sellerTin=302000001&buyerTin=302000002')).statusCode).toBe(400);
    });

    it('getLotPrefixes in the language asked for', async () => {
      const rows = (await ask('/api/Lot/getLotPrefixes?lang=en')).json().rows;
      expect(rows.map((r: { prefix: string }) => r.prefix)).toEqual(['CPR-', 'XT-', 'DX-P-', 'SHAFFOF-']);
      expect(rows[1]).toMatchObject({ platform: 'tender.mf.uz', name: 'Tenders' });
    });
  });

  it('every operation of the three groups is documented in OpenAPI', async () => {
    const paths = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths as Record<
      string,
      unknown
    >;
    for (const op of [
      'individualInfo',
      'individualInfoV2',
      'individualForOrgs',
      'legalEntity',
      'payerRegCode',
      'getOrgInfo',
      'getLgotaList',
      'getLgotaListByTin',
      'getSellerLgotaListByTin',
      'getBuyerLgotaListByTin',
      'getTurnoverByTin',
      'getProductListByCompany',
      'tasnifGetWithoutVat',
      'tasnifGetNotConsidered',
      'tasnifGetRefinanced',
      'getTaxpayerType',
      'getTaxpayerTypeByOrgId',
    ])
      expect(paths, op).toHaveProperty(`/api/Soliq/${op}`);
    for (const op of [
      'guid',
      'timestamp',
      'getTaxpayerType',
      'getWithoutVatCompanies',
      'getZeroVatCompanies',
      'getZeroVatServices',
      'getMeasures',
    ])
      expect(paths, op).toHaveProperty(`/api/Factura/${op}`);
    expect(paths).toHaveProperty('/api/Lot/GetInfo');
    expect(paths).toHaveProperty('/api/Lot/getLotPrefixes');
  });
});
