import { describe, expect, it } from 'vitest';
import { withDatabases } from '../harness';

type Goods = { catalogCode: string; catalogName: string; newLgotaId: string; lgotaName: string };
type Enterprise = {
  name: string;
  tin: string;
  newLgotaId: string;
  lgotaName: string;
  lgotaId: string | null;
  dateBegin: string;
  dateEnd: string | null;
};

withDatabases('Lgota API', (ctx) => {
  const get = async <T = any>(url: string, lang = 'ru') => {
    const r = await ctx.app.inject({ url: `/api/Lgota/${url}`, headers: { 'accept-language': lang } });
    return { status: r.statusCode, body: r.json() as T };
  };
  const list = <T>(url: string) => get<{ rows: T[]; totalCount: number }>(url);

  describe('goods lists (WithoutVatProducts, ZeroVatProducts)', () => {
    it('defaults to page 1 of 50 rows ordered by code, with the spec row fields', async () => {
      const { status, body } = await list<Goods>('WithoutVatProducts');
      expect(status).toBe(200);
      expect(body.totalCount).toBe(320);
      expect(body.rows).toHaveLength(50);
      expect(Object.keys(body.rows[0]).sort()).toEqual([
        'catalogCode',
        'catalogName',
        'lgotaId',
        'lgotaName',
        'newLgotaId',
      ]);
      const codes = body.rows.map((r) => r.catalogCode);
      expect(codes).toEqual([...codes].sort());
      expect(codes.every((c) => /^\d{17}$/.test(c))).toBe(true);
    });

    it('filters by classifier code prefix', async () => {
      const { body } = await list<Goods>('WithoutVatProducts?tasnifCode=03304&size=100');
      expect(body.totalCount).toBe(16);
      expect(body.rows.every((r) => r.catalogCode.startsWith('03304'))).toBe(true);
      const none = await list<Goods>('WithoutVatProducts?tasnifCode=99999');
      expect(none.body).toEqual({ rows: [], totalCount: 0 });
    });

    it('searches names case-insensitively in Cyrillic and Latin, across scripts', async () => {
      const lower = await list<Goods>('WithoutVatProducts?tasnifName=антисептик&size=100');
      const upper = await list<Goods>(
        `WithoutVatProducts?tasnifName=${encodeURIComponent('АНТИСЕПТИК')}&size=100`,
      );
      const latin = await list<Goods>('WithoutVatProducts?tasnifName=ANTISEPTIK&size=100');
      expect(lower.body.totalCount).toBe(16);
      expect(upper.body).toEqual(lower.body);
      expect(latin.body).toEqual(lower.body);
      // Both scripts are among the hits: Russian names and Uzbek Latin ones.
      expect(lower.body.rows.some((r) => r.catalogName.startsWith('Антисептик'))).toBe(true);
      expect(lower.body.rows.some((r) => r.catalogName.startsWith("Qo'l uchun"))).toBe(true);
      // Every word must start a word of the name: "qol uch" finds only the Uzbek ones.
      const uz = await list<Goods>(
        `WithoutVatProducts?tasnifName=${encodeURIComponent('QO‘L UCH')}&size=100`,
      );
      expect(uz.body.totalCount).toBeGreaterThan(0);
      expect(uz.body.totalCount).toBeLessThan(16);
      expect(uz.body.rows.every((r) => r.catalogName.startsWith("Qo'l uchun"))).toBe(true);
    });

    it('filters by benefit name and combines filters', async () => {
      const { body } = await list<Goods>(
        `WithoutVatProducts?lgotaName=${encodeURIComponent('ЛЕКАРСТВЕННЫХ средств')}&size=100`,
      );
      expect(body.totalCount).toBe(96);
      expect(body.rows.every((r) => r.newLgotaId === 'DEMO-101')).toBe(true);
      const byCode = await list<Goods>('WithoutVatProducts?lgotaName=demo-101&size=100');
      expect(byCode.body.totalCount).toBe(96);
      const both = await list<Goods>(
        `WithoutVatProducts?lgotaName=${encodeURIComponent('лекарственных')}&tasnifCode=0300400&tasnifName=ibuprofen`,
      );
      expect(both.body.totalCount).toBe(16);
      expect(
        both.body.rows.every((r) => r.catalogCode.startsWith('0300400') && r.newLgotaId === 'DEMO-101'),
      ).toBe(true);
    });

    it('serves the zero-VAT list with its own benefits', async () => {
      const { body } = await list<Goods>(
        `ZeroVatProducts?lgotaName=${encodeURIComponent('международной перевозке')}`,
      );
      expect(body.totalCount).toBe(24);
      expect(body.rows[0]).toMatchObject({ catalogCode: '10112008001000001', newLgotaId: 'DEMO-201' });
      const all = await list<Goods>('ZeroVatProducts?size=100');
      expect(all.body.totalCount).toBe(60);
    });

    it('pages: page 2 continues page 1; past the end gives no rows and the true total', async () => {
      const all = await list<Goods>('WithoutVatProducts?size=36');
      const p1 = await list<Goods>('WithoutVatProducts?size=18&page=1');
      const p2 = await list<Goods>('WithoutVatProducts?size=18&page=2');
      expect([...p1.body.rows, ...p2.body.rows]).toEqual(all.body.rows);
      const last = await list<Goods>('WithoutVatProducts?size=100&page=4');
      expect(last.body.rows).toHaveLength(20);
      const past = await list<Goods>('WithoutVatProducts?size=100&page=5');
      expect(past.body).toEqual({ rows: [], totalCount: 320 });
      const farPast = await list<Goods>('WithoutVatProducts?tasnifCode=03304&page=999');
      expect(farPast.body).toEqual({ rows: [], totalCount: 16 });
    });
  });

  describe('enterprise lists (PrivilegedSellerCompanies, PrivilegedBuyerCompanies)', () => {
    it('lists 80 demo enterprises with the spec row fields', async () => {
      for (const op of ['PrivilegedSellerCompanies', 'PrivilegedBuyerCompanies']) {
        const { body } = await list<Enterprise>(`${op}?size=100`);
        expect(body.totalCount).toBe(80);
        expect(Object.keys(body.rows[0]).sort()).toEqual([
          'dateBegin',
          'dateEnd',
          'lgotaId',
          'lgotaName',
          'name',
          'newLgotaId',
          'tin',
        ]);
        expect(body.rows.every((r) => r.name.includes('(demo)') && /^\d{9}$/.test(r.tin))).toBe(true);
        expect(body.rows.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.dateBegin))).toBe(true);
        expect(body.rows.some((r) => r.dateEnd === null)).toBe(true);
      }
    });

    it('filters by TIN prefix and by benefit name', async () => {
      const byTin = await list<Enterprise>('PrivilegedSellerCompanies?tin=30300001');
      expect(byTin.body.totalCount).toBe(10);
      expect(byTin.body.rows.every((r) => r.tin.startsWith('30300001'))).toBe(true);
      const exact = await list<Enterprise>('PrivilegedSellerCompanies?tin=303000042');
      expect(exact.body.rows.map((r) => r.tin)).toEqual(['303000042']);
      const byBenefit = await list<Enterprise>(
        `PrivilegedBuyerCompanies?lgotaName=${encodeURIComponent('ЭКОНОМИЧЕСКОЙ ЗОНЫ')}&size=100`,
      );
      expect(byBenefit.body.totalCount).toBe(20);
      expect(byBenefit.body.rows.every((r) => r.newLgotaId === 'DEMO-301')).toBe(true);
      // The purchasing tab reports its real total, not a fixed number.
      const buyers = await list<Enterprise>('PrivilegedBuyerCompanies?tin=30400000');
      expect(buyers.body.totalCount).toBe(9);
    });
  });

  describe('classifier lists (NotIncludedProducts, CompensationWorks)', () => {
    it('searches by words of the name in either script and by code prefix', async () => {
      const words = await list<{ catalogCode: string; catalogName: string }>(
        `NotIncludedProducts?searchText=${encodeURIComponent('сигареты')}`,
      );
      expect(words.body.totalCount).toBeGreaterThan(0);
      expect(words.body.rows.every((r) => /sigaret|сигарет/i.test(r.catalogName))).toBe(true);
      expect(Object.keys(words.body.rows[0]).sort()).toEqual(['catalogCode', 'catalogName']);
      const code = await list<{ catalogCode: string }>('NotIncludedProducts?searchText=02401');
      expect(code.body.totalCount).toBe(20);
      const latin = await list<{ catalogName: string }>('CompensationWorks?searchText=ELEKTR');
      expect(latin.body.totalCount).toBe(20);
      expect(latin.body.rows.some((r) => r.catalogName.startsWith('Электромонтажные'))).toBe(true);
      const all = await list('CompensationWorks');
      expect(all.body.totalCount).toBe(100);
    });
  });

  describe('bad parameters', () => {
    it.each([
      ['WithoutVatProducts?size=101', 'size'],
      ['WithoutVatProducts?size=0', 'size'],
      ['WithoutVatProducts?size=ten', 'size'],
      ['WithoutVatProducts?page=0', 'page'],
      ['WithoutVatProducts?page=1.5', 'page'],
      ['WithoutVatProducts?tasnifCode=0330A', 'tasnifCode'],
      ['WithoutVatProducts?tasnifCode=033040200010270031', 'tasnifCode'],
      ['PrivilegedSellerCompanies?tin=3030000011', 'tin'],
      [`ZeroVatProducts?lgotaName=${'x'.repeat(201)}`, 'lgotaName'],
      ['GetLgota', 'companyTin'],
      ['GetLgota?companyTin=303000001&language=de', 'language'],
      ['nonconformitygoodscompanies?tin=12', 'tin'],
    ])('%s → 400 naming %s', async (url, field) => {
      const r = await get<{ success: boolean; code: string; message: string; errors: { path: string }[] }>(
        url,
      );
      expect(r.status).toBe(400);
      expect(r.body.success).toBe(false);
      expect(r.body.code).toBe('VALIDATION');
      expect(r.body.message).toContain(field);
      expect(r.body.errors[0].path).toBe(`querystring/${field}`);
    });

    it('localizes the message by Accept-Language', async () => {
      const ru = await get<{ message: string }>('WithoutVatProducts?size=500', 'ru');
      const uz = await get<{ message: string }>('WithoutVatProducts?size=500', 'uz');
      const en = await get<{ message: string }>('WithoutVatProducts?size=500', 'en');
      expect(ru.body.message).toBe('Параметр size — размер страницы: целое число от 1 до 100');
      expect(uz.body.message).toBe('size parametri — sahifa hajmi: 1 dan 100 gacha butun son');
      expect(en.body.message).toBe('Parameter size is the page size: a whole number from 1 to 100');
    });
  });

  describe('company look-ups', () => {
    it('GetLgota lists the benefits a company holds, names in the asked language', async () => {
      const ru = await get<{
        rows: { kind: string; newLgotaId: string; lgotaName: string; active: boolean }[];
      }>('GetLgota?companyTin=302000001');
      expect(ru.status).toBe(200);
      expect(ru.body.rows).toEqual([
        expect.objectContaining({ kind: 'seller', newLgotaId: 'DEMO-301', dateEnd: null, active: true }),
      ]);
      expect(ru.body.rows[0].lgotaName).toMatch(/^Демо-льгота/);
      const uz = await get<typeof ru.body>('GetLgota?companyTin=302000001&language=uz');
      expect(uz.body.rows[0].lgotaName).toMatch(/^Demo imtiyoz/);
      const none = await get<typeof ru.body>('GetLgota?companyTin=399999999');
      expect(none.body.rows).toEqual([]);
    });

    it('nonconformitygoodscompanies wants a whole TIN', async () => {
      const r = await get<{ message: string }>('nonconformitygoodscompanies?tin=30300', 'en');
      expect(r.status).toBe(400);
      expect(r.body.message).toBe("Parameter tin is an organisation's TIN: exactly 9 digits");
    });

    it('nonconformitygoodscompanies answers for a TIN', async () => {
      const r = await get('nonconformitygoodscompanies?tin=303000001');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ tin: '303000001', listed: false, rows: [] });
    });
  });

  describe('screen helpers', () => {
    it('Datasets says every list holds demo data', async () => {
      const r = await get<{ rows: { list: string; source: string; rowCount: number }[] }>('Datasets');
      expect(r.body.rows.map((d) => [d.list, d.source, d.rowCount])).toEqual([
        ['buyers', 'demo', 80],
        ['compensation', 'demo', 100],
        ['notIncluded', 'demo', 100],
        ['sellers', 'demo', 80],
        ['withoutVat', 'demo', 320],
        ['zeroVat', 'demo', 60],
      ]);
    });

    it('FilterOptions suggests distinct values of one field', async () => {
      const benefits = await get<{ rows: { value: string }[] }>(
        `FilterOptions?tab=tasnifGetWithoutVat&field=lgotaName&search=${encodeURIComponent('демо')}`,
      );
      expect(benefits.body.rows).toHaveLength(5);
      expect(new Set(benefits.body.rows.map((r) => r.value)).size).toBe(5);
      const codes = await get<{ rows: { value: string }[] }>(
        'FilterOptions?tab=tasnifGetWithoutVat&field=catalogCode&search=03304',
      );
      expect(codes.body.rows.map((r) => r.value)).toEqual([1, 2, 3, 4, 5].map((n) => `0330402000100000${n}`));
      const tins = await get<{ rows: { value: string }[] }>(
        'FilterOptions?tab=enterprisesPurchasingWithoutOrZeroVAT&field=tin&search=30400000&size=3',
      );
      expect(tins.body.rows.map((r) => r.value)).toEqual(['304000001', '304000002', '304000003']);
      const names = await get<{ rows: { value: string }[] }>(
        'FilterOptions?tab=tasnifGetWithoutVat&field=catalogName&search=ANTISEP',
      );
      expect(names.body.rows).toHaveLength(5);
      expect(names.body.rows.every((r) => /антисептик|antiseptik/i.test(r.value))).toBe(true);
      const works = await get<{ rows: { value: string }[] }>(
        `FilterOptions?tab=tasnifGetRefinanced&field=searchText&search=${encodeURIComponent('электро')}`,
      );
      expect(works.body.rows.map((r) => r.value)).toContain('Электромонтажные работы, вариант 1');
      const tooMany = await get<{ message: string }>(
        'FilterOptions?tab=tasnifGetWithoutVat&field=tin&size=21',
        'en',
      );
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe('Parameter size is the page size: a whole number from 1 to 20');
      const wrong = await get('FilterOptions?tab=tasnifGetNotConsidered&field=tin&search=1');
      expect(wrong.status).toBe(400);
    });
  });
});
