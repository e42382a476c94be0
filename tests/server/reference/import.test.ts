// import:mxik and import:banks: a good file (CSV, XLSX, JSON), a file with bad rows (every error by
// row and column, nothing changes), the same file twice (nothing changes), demo rows replaced.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { referenceDataset } from '../../../src/server/services/reference/datasets';
import { importReferenceFile } from '../../../src/server/services/reference/import/importFile';
import { type TestContext, withDatabases } from '../harness';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-ref-import-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer) {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
}

const MXIK_CSV = [
  'mxikCode;nameRu;nameUzLatn;nameUzCyrl;packageCode;packageNameRu;packageNameUzLatn;label',
  '02009001002000000;Сок виноградный;Uzum sharbati;Узум шарбати;1500242;шт;dona;0',
  '02009001002000000;Сок виноградный;Uzum sharbati;Узум шарбати;1500243;литр;litr;0',
  '02009001003000000;Сок персиковый;Shaftoli sharbati;;;;;1',
].join('\n');

/** Rows of the classifier as the database holds them, to compare before and after. */
async function mxikSnapshot(ctx: TestContext) {
  const items = await ctx.db.query(
    `select code, name_ru, name_uz_latn, name_uz_cyrl, label, source, updated_at from ref_mxik order by code`,
  );
  const packages = await ctx.db.query('select * from ref_mxik_packages order by mxik_code, code');
  return JSON.stringify([items.rows, packages.rows]);
}

async function bankSnapshot(ctx: TestContext) {
  return JSON.stringify((await ctx.db.query('select * from ref_banks order by mfo')).rows);
}

withDatabases('reference importers', (ctx: TestContext) => {
  describe('import:mxik', () => {
    it('loads a good CSV (one row per package), clears the demo codes, keeps the public sample', async () => {
      expect((await referenceDataset(ctx.db, 'mxik'))?.source).toBe('demo');
      const outcome = await importReferenceFile(ctx.db, 'mxik', file('mxik.csv', MXIK_CSV), { lang: 'ru' });
      expect(outcome).toMatchObject({ ok: true, result: { received: 3, duplicates: 1 } });
      const codes = (
        await ctx.db.query<{ code: string; source: string }>(
          'select code, source from ref_mxik order by code',
        )
      ).rows;
      expect(codes.filter((c) => c.source === 'demo')).toEqual([]);
      expect(codes.filter((c) => c.source === 'sample')).toHaveLength(6);
      expect(codes.filter((c) => c.source === 'import').map((c) => c.code)).toEqual([
        '02009001002000000',
        '02009001003000000',
      ]);
      const packages = await ctx.db.query(
        'select code, name_uz_latn from ref_mxik_packages where mxik_code = $1 order by code',
        ['02009001002000000'],
      );
      expect(packages.rows).toEqual([
        { code: '1500242', name_uz_latn: 'dona' },
        { code: '1500243', name_uz_latn: 'litr' },
      ]);
      const dataset = await referenceDataset(ctx.db, 'mxik');
      expect(dataset).toMatchObject({ source: 'import', fileName: 'mxik.csv', rowCount: 8 });
    });

    it('the same file twice changes nothing', async () => {
      const before = await mxikSnapshot(ctx);
      const again = await importReferenceFile(ctx.db, 'mxik', file('mxik.csv', MXIK_CSV), { lang: 'ru' });
      expect(again.ok).toBe(true);
      expect(await mxikSnapshot(ctx)).toBe(before);
    });

    it('a file with bad rows: every error by row and column, nothing changes', async () => {
      const before = await mxikSnapshot(ctx);
      const bad = [
        'mxikCode,nameRu,nameUzLatn,packageCode,packageNameRu,label',
        '02009001004000000,Сок новый,Yangi sharbat,1500250,шт,0',
        '0200900100,Короткий код,,,,0',
        '02009001005000000,,,,,0',
        '02009001006000000,Сок,,12ab,шт,maybe',
      ].join('\n');
      const outcome = await importReferenceFile(ctx.db, 'mxik', file('bad.csv', bad), { lang: 'en' });
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.errors.map((e) => [e.row, e.column])).toEqual([
        [3, 'mxikCode'],
        [4, 'nameRu'],
        [5, 'label'],
        [5, 'packageCode'],
      ]);
      expect(outcome.errors[0].message).toBe('Exactly 17 digits are needed, got "0200900100"');
      expect(await mxikSnapshot(ctx)).toBe(before);
    });

    it('reads tasnif cards in JSON (packages nested, mxikNameUz is Cyrillic) and XLSX', async () => {
      const cards = [
        {
          mxikCode: '02009001007000000',
          mxikNameRu: 'Сок гранатовый',
          mxikNameLat: 'Anor sharbati',
          mxikNameUz: 'Анор шарбати',
          packages: [{ code: 1500260, packageType: '1', nameRu: 'шт', nameLat: 'dona', nameUz: 'дона' }],
        },
      ];
      const json = await importReferenceFile(
        ctx.db,
        'mxik',
        file('cards.json', JSON.stringify({ rows: cards })),
        { lang: 'ru' },
      );
      expect(json.ok).toBe(true);
      const row = (
        await ctx.db.query('select name_uz_cyrl from ref_mxik where code = $1', ['02009001007000000'])
      ).rows[0];
      expect(row).toEqual({ name_uz_cyrl: 'Анор шарбати' });
      const pkg = (
        await ctx.db.query(
          'select code, package_type, name_uz_cyrl from ref_mxik_packages where mxik_code = $1',
          ['02009001007000000'],
        )
      ).rows;
      expect(pkg).toEqual([{ code: '1500260', package_type: '1', name_uz_cyrl: 'дона' }]);

      const sheet = XLSX.utils.aoa_to_sheet([
        ['MXIK code', 'Name RU'],
        ['02009001008000000', 'Сок абрикосовый'],
        [2009001009000000, 'Код числом'],
      ]);
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'tasnif');
      const xlsx = await importReferenceFile(
        ctx.db,
        'mxik',
        file('codes.xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' })),
        {
          lang: 'ru',
        },
      );
      expect(xlsx.ok).toBe(false);
      if (!xlsx.ok) expect(xlsx.errors).toEqual([expect.objectContaining({ row: 3, column: 'mxikCode' })]);
    });

    it('a file without the code column, an empty file, an unknown format', async () => {
      const noCode = await importReferenceFile(ctx.db, 'mxik', file('nocode.csv', 'nameRu\nСок\n'), {
        lang: 'ru',
      });
      expect(noCode).toMatchObject({ ok: false, errors: [{ row: 1, column: 'mxikCode' }] });
      expect(
        (await importReferenceFile(ctx.db, 'mxik', file('empty.csv', 'mxikCode,nameRu\n'), { lang: 'ru' }))
          .ok,
      ).toBe(false);
      expect((await importReferenceFile(ctx.db, 'mxik', file('codes.txt.gz', 'x'), { lang: 'ru' })).ok).toBe(
        false,
      );
    });
  });

  describe('import:banks', () => {
    const BANKS = [
      'MFO,Name,NameRu,HeadMfo,Tin,IsActive',
      '00450,"TIF MILLIY BANKI AJ BOSH OFISI (test)","ГОЛОВНОЙ ОФИС (test)",,,1',
      '00451,"TIF MILLIY BANKI AJ FILIALI (test)",,00450,,да',
      '00999,"YOPILGAN BANK (test)",,,,0',
    ].join('\n');

    it('loads a good file, replacing the demo banks; branches may name a head in the same file', async () => {
      expect((await referenceDataset(ctx.db, 'banks'))?.source).toBe('demo');
      const outcome = await importReferenceFile(ctx.db, 'banks', file('banks.csv', BANKS), { lang: 'ru' });
      expect(outcome).toMatchObject({ ok: true, result: { received: 3, rowCount: 3 } });
      const rows = (
        await ctx.db.query('select mfo, head_mfo, is_active, is_demo from ref_banks order by mfo')
      ).rows;
      expect(rows).toEqual([
        { mfo: '00450', head_mfo: null, is_active: true, is_demo: false },
        { mfo: '00451', head_mfo: '00450', is_active: true, is_demo: false },
        { mfo: '00999', head_mfo: null, is_active: false, is_demo: false },
      ]);
    });

    it('the same file twice changes nothing', async () => {
      const before = await bankSnapshot(ctx);
      expect((await importReferenceFile(ctx.db, 'banks', file('banks.csv', BANKS), { lang: 'ru' })).ok).toBe(
        true,
      );
      expect(await bankSnapshot(ctx)).toBe(before);
    });

    it('a file with bad rows: every error by row and column, nothing changes', async () => {
      const before = await bankSnapshot(ctx);
      const bad = [
        'mfo,name,headMfo,tin',
        '00452,Yangi filial (test),00450,',
        '4501,Qisqa MFO (test),,',
        '00453,,00450,',
        '00454,Filial (test),00777,',
        '00455,Filial (test),,12345',
      ].join('\n');
      const outcome = await importReferenceFile(ctx.db, 'banks', file('bad-banks.csv', bad), { lang: 'uz' });
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.errors.map((e) => [e.row, e.column])).toEqual([
        [3, 'mfo'],
        [4, 'name'],
        [5, 'headMfo'],
        [6, 'tin'],
      ]);
      expect(outcome.errors[2].message).toBe("MFO 00777 bo'lgan bosh bank na faylda, na ma'lumotnomada bor");
      expect(await bankSnapshot(ctx)).toBe(before);
    });

    it('--replace keeps exactly the banks of the file', async () => {
      const outcome = await importReferenceFile(
        ctx.db,
        'banks',
        file(
          'two.json',
          JSON.stringify([
            { mfo: '00450', name: 'BOSH OFIS (test)' },
            { mfo: '00460', name: 'BOSHQA (test)' },
          ]),
        ),
        {
          lang: 'ru',
          replace: true,
        },
      );
      expect(outcome).toMatchObject({ ok: true, result: { rowCount: 2 } });
      expect((await ctx.db.query('select mfo from ref_banks order by mfo')).rows).toEqual([
        { mfo: '00450' },
        { mfo: '00460' },
      ]);
    });
  });
});

beforeAll(() => {
  fs.mkdirSync(dir, { recursive: true });
});
