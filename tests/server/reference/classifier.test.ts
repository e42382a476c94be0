// The classifier (MXIK): search by code prefix and by words in Russian, Uzbek Latin and Uzbek Cyrillic
// (the search index over 100,000 codes and the API over the demo install), packages and tasnif cards.
import { beforeAll, describe, expect, it } from 'vitest';
import { demoMxik } from '../../../src/server/services/reference/classifier/demo';
import { ClassifierReader } from '../../../src/server/services/reference/classifier/reader';
import { MxikIndex } from '../../../src/server/services/reference/classifier/searchIndex';
import { mxikTokens } from '../../../src/server/services/reference/classifier/tokens';
import { type TestContext, withDatabases } from '../harness';
import { directorOf, get, type Headers } from './session';

describe('search index over 100,000 codes', () => {
  const { items } = demoMxik(100_000);
  const byCode = new Map(items.map((i) => [i.code, i]));
  const index = MxikIndex.fromRows(
    1,
    items.map((i) => ({ code: i.code, tokens: mxikTokens(i) })),
  );
  const names = (codes: string[]) => codes.map((c) => byCode.get(c)!);

  it('holds every code', () => {
    expect(index.size).toBe(100_000);
  });

  it('finds by code prefix, in code order, with the true total', () => {
    const hits = index.search('01507001001', 1, 20);
    const expected = items
      .filter((i) => i.code.startsWith('01507001001'))
      .map((i) => i.code)
      .sort();
    expect(hits.totalCount).toBe(expected.length);
    expect(hits.totalCount).toBeGreaterThan(1000);
    expect(hits.codes).toEqual(expected.slice(0, 20));
    expect(index.search('01507001001', 3, 20).codes).toEqual(expected.slice(40, 60));
    expect(index.search(expected[7], 1, 20).codes).toEqual([expected[7]]);
  });

  it('finds by a Russian word (word prefix, any case)', () => {
    const hits = index.search('ПОДСОЛНЕЧ', 1, 50);
    expect(hits.totalCount).toBeGreaterThan(1000);
    for (const item of names(hits.codes)) expect(item.nameRu).toMatch(/подсолнечное/);
    expect(index.search('масло рафинированное', 1, 1).totalCount).toBe(hits.totalCount);
  });

  it('finds by an Uzbek Latin word, with or without the apostrophe', () => {
    const hits = index.search("kungaboqar yog'i", 1, 50);
    expect(hits.totalCount).toBe(index.search('подсолнечное', 1, 1).totalCount);
    for (const item of names(hits.codes)) expect(item.nameUzLatn).toContain("Tozalangan kungaboqar yog'i");
    expect(index.search('yogi kungaboqar', 1, 1).totalCount).toBe(hits.totalCount);
  });

  it('finds by an Uzbek Cyrillic word, which meets the Latin one', () => {
    const cyr = index.search('кунгабоқар', 1, 10);
    expect(cyr.totalCount).toBe(index.search('kungaboqar', 1, 1).totalCount);
    for (const item of names(cyr.codes)) expect(item.nameUzCyrl).toContain('кунгабоқар');
  });

  it('every word must match: a word no name has finds nothing', () => {
    expect(index.search('kungaboqar sement', 1, 10).totalCount).toBe(0);
    expect(index.search('qwertyuiop', 1, 10)).toEqual({ codes: [], totalCount: 0 });
  });

  it('an empty query pages through everything; a page past the end is empty', () => {
    expect(index.search('', 1, 5).totalCount).toBe(100_000);
    expect(index.search('', 20_001, 5).codes).toEqual([]);
  });
});

withDatabases('Document classifier calls', (ctx: TestContext) => {
  let auth: Headers;
  beforeAll(async () => {
    auth = await directorOf(ctx);
  });
  const ask = (url: string, lang = 'ru') => get(ctx, url, auth, lang);

  it('finds a public sample code by an Uzbek word, with its package, in the language asked for', async () => {
    const res = await ask(
      `/api/Document/getProductsClassifier?search=${encodeURIComponent("qo'l antiseptik")}&lang=uz`,
    );
    expect(res.statusCode).toBe(200);
    const row = res.json().rows.find((r: { code: string }) => r.code === '03304020001027003');
    expect(row).toMatchObject({
      name: 'Qo’l uchun antiseptik: ARN Antiseptic, Antiseptik qo’l uchun, PET flakon 50 ml.',
      isDemo: false,
      internationalCode: '4780083550024',
      packages: [{ code: '1309398', name: 'dona (flakon) 50 millilitr', packageType: '1' }],
    });
  });

  it('finds by a Russian word and by a code prefix; pages with the true total', async () => {
    const tea = (
      await ask(`/api/Document/getProductsClassifier?search=${encodeURIComponent('зелёный чай')}`)
    ).json();
    expect(tea.rows.map((r: { code: string }) => r.code)).toContain('00902001001031001');
    const prefix = (await ask('/api/Document/getProductsClassifier?search=00401001002&size=5&page=2')).json();
    expect(prefix.totalCount).toBeGreaterThan(10);
    expect(prefix.rows).toHaveLength(5);
    for (const r of prefix.rows) {
      expect(r.code.startsWith('00401001002')).toBe(true);
      expect(r.isDemo).toBe(true);
      expect(r.name).toMatch(/\(demo\)$/);
    }
  });

  it('needs no session: the classifier is public reference data', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/Document/getPackagesTasnif?code=03304020001027003',
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers the same whether rows are held in memory or read from the database', async () => {
    const inMemory = new ClassifierReader(ctx.db);
    const fromDb = new ClassifierReader(ctx.db, { memoryRowsMax: 0 });
    for (const [search, page] of [
      ['sharbat', 1],
      ['00902', 1],
      ['масло', 2],
      ['', 3],
    ] as const) {
      const a = await inMemory.search(search, page, 7, 'uz');
      expect(a.rows.length, search).toBeGreaterThan(0);
      expect(await fromDb.search(search, page, 7, 'uz'), search).toEqual(a);
    }
    expect(await fromDb.get('03304020001027003', 'ru')).toEqual(
      await inMemory.get('03304020001027003', 'ru'),
    );
  });

  it('rejects bad parameters with 400', async () => {
    for (const q of ['size=0', 'size=101', 'page=0', 'lang=fr', `search=${'x'.repeat(201)}`])
      expect((await ask(`/api/Document/getProductsClassifier?${q}`)).statusCode, q).toBe(400);
  });

  it('getPackagesTasnif: the packages of a code; 404 unknown; 400 malformed', async () => {
    const res = await ask('/api/Document/getPackagesTasnif?code=00902001001031001');
    expect(res.json()).toEqual({
      rows: [
        {
          code: '1392342',
          name: 'шт. (коробка) 100 грамм',
          packageType: null,
          nameRu: 'шт. (коробка) 100 грамм',
          nameUzLatn: null,
          nameUzCyrl: null,
        },
      ],
      totalCount: 1,
    });
    const unknown = await ask('/api/Document/getPackagesTasnif?code=99999999999999999', 'en');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Classifier code 99999999999999999 is not in the classifier');
    expect((await ask('/api/Document/getPackagesTasnif?code=123')).statusCode).toBe(400);
  });

  it('getProductsClassifierTasnif: tasnif card fields with the hierarchy names', async () => {
    const card = (await ask('/api/Document/getProductsClassifierTasnif?code=00101001001000000')).json()
      .rows[0];
    expect(card).toMatchObject({
      mxikCode: '00101001001000000',
      mxikNameLat: 'Tirik otlar',
      groupCode: '001',
      groupName: 'ЖИВЫЕ ЖИВОТНЫЕ',
      classCode: '00101',
      className: 'Tirik otlar, eshaklar',
      subPositionCode: '00101001001',
      subPositionName: 'Tirik otlar',
      label: 0,
      usePackage: 1,
    });
    const searched = (await ask('/api/Document/getProductsClassifierTasnif?search=tirik')).json();
    expect(searched.rows.map((r: { mxikCode: string }) => r.mxikCode)).toContain('00101001001000000');
    expect((await ask('/api/Document/getProductsClassifierTasnif?code=99999999999999999')).statusCode).toBe(
      404,
    );
  });
});
