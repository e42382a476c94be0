import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { seedDemo } from '../../../src/server/db/seeds';
import { importFile } from '../../../src/server/services/catalogue/import/importFile';
import { LISTS } from '../../../src/server/services/catalogue/lists';
import { withDatabases } from '../harness';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-import-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: string | Buffer) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

function xlsx(name: string, rows: unknown[][]) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return write(name, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

const GOODS_HEADER = 'catalogCode,catalogName,newLgotaId,lgotaName';

withDatabases('catalogue importer', (ctx) => {
  const count = async (table: string, where = 'true') =>
    (await ctx.db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`)).rows[0].n;
  const dataset = async (list: string) =>
    (
      await ctx.db.query(
        'select source, file_name, row_count, version::int as version from catalogue_datasets where list = $1',
        [list],
      )
    ).rows[0];

  describe('CSV', () => {
    it('replaces the demo rows on the first real import and upserts idempotently', async () => {
      expect(await count('catalogue_without_vat', 'is_demo')).toBe(320);
      const file = write(
        'goods.csv',
        `\uFEFF${GOODS_HEADER}\r\n03304020001027003,"Антисептик для рук: ARN Antiseptic, ПЭТ флакон 50 мл.",100001,"(ст.263 НК) пункт 1, ""пример"""\r\n00902001001031001,Зеленый чай развесной,100002,Льгота Б\r\n`,
      );
      const first = await importFile(ctx.db, LISTS.withoutVat, file, { lang: 'en' });
      expect(first.ok).toBe(true);
      expect(await count('catalogue_without_vat')).toBe(2);
      expect(await count('catalogue_without_vat', 'is_demo')).toBe(0);
      expect(await dataset('withoutVat')).toMatchObject({
        source: 'import',
        file_name: 'goods.csv',
        row_count: 2,
      });
      const v1 = (await dataset('withoutVat')).version;

      const again = await importFile(ctx.db, LISTS.withoutVat, file, { lang: 'en' });
      expect(again.ok).toBe(true);
      expect(await count('catalogue_without_vat')).toBe(2);
      expect((await dataset('withoutVat')).version).toBe(v1 + 1);

      const r = await ctx.app.inject('/api/Lgota/WithoutVatProducts?tasnifName=arn');
      expect(r.json()).toEqual({
        rows: [
          {
            catalogCode: '03304020001027003',
            catalogName: 'Антисептик для рук: ARN Antiseptic, ПЭТ флакон 50 мл.',
            newLgotaId: '100001',
            lgotaName: '(ст.263 НК) пункт 1, "пример"',
            lgotaId: null,
          },
        ],
        totalCount: 1,
      });
      // The list is no longer demo: the screen drops its badge.
      const ds = (await ctx.app.inject('/api/Lgota/Datasets'))
        .json()
        .rows.find((d: { list: string }) => d.list === 'withoutVat');
      expect(ds.source).toBe('import');

      // A restart seeds the demo data again: the imported list must stay as imported, without demo rows.
      await seedDemo(ctx.db);
      expect(await count('catalogue_without_vat')).toBe(2);
      expect(await count('catalogue_without_vat', 'is_demo')).toBe(0);
      expect(await dataset('withoutVat')).toMatchObject({ source: 'import', version: v1 + 1 });
    });

    it('accepts semicolon-separated files', async () => {
      const file = write(
        'goods-semicolon.csv',
        'catalogCode;catalogName;newLgotaId;lgotaName\n10112008001000001;Международные перевозки;200001;Нулевая ставка\n',
      );
      const r = await importFile(ctx.db, LISTS.zeroVat, file, { lang: 'en' });
      expect(r.ok).toBe(true);
      expect(await count('catalogue_zero_vat')).toBe(1);
    });

    it('changes nothing when one row is bad, and names row, column and problem of each error', async () => {
      const before = await dataset('withoutVat');
      const file = write(
        'bad.csv',
        `${GOODS_HEADER}\n03304020001027004,Good row,100001,Льгота А\n3304020001027005,Short code,100001,Льгота А\n00902001001031009,,100003,\n`,
      );
      const r = await importFile(ctx.db, LISTS.withoutVat, file, { lang: 'en' });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.errors).toEqual([
        {
          row: 3,
          column: 'catalogCode',
          message: 'An MXIK code is exactly 17 digits, got "3304020001027005"',
        },
        { row: 4, column: 'catalogName', message: 'Required field is empty' },
        { row: 4, column: 'lgotaName', message: 'Required field is empty' },
      ]);
      expect(await count('catalogue_without_vat')).toBe(2);
      expect(await dataset('withoutVat')).toEqual(before);
    });

    it('reports a missing required column once, on the header row', async () => {
      const file = write('nocol.csv', 'catalogCode,catalogName\n03304020001027003,x\n');
      const r = await importFile(ctx.db, LISTS.withoutVat, file, { lang: 'ru' });
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.errors.map((e) => [e.row, e.column])).toEqual([
          [1, 'newLgotaId'],
          [1, 'lgotaName'],
        ]);
        expect(r.errors[0].message).toBe('В заголовке нет обязательного столбца');
      }
    });

    it('refuses an end date before the start date, changing nothing', async () => {
      const before = await count('catalogue_privileged_sellers');
      const file = write(
        'sellers.csv',
        'tin,name,newLgotaId,lgotaName,dateBegin,dateEnd\n303999001,Firm A (demo),300001,Benefit,2024-01-01,\n303999002,Firm B (demo),300001,Benefit,2024-01-01,2023-01-01\n',
      );
      const r = await importFile(ctx.db, LISTS.sellers, file, { lang: 'en' });
      expect(r.ok).toBe(false);
      if (!r.ok)
        expect(r.errors).toEqual([
          { row: 3, column: 'dateEnd', message: 'The end date is before the start date (dateBegin)' },
        ]);
      expect(await count('catalogue_privileged_sellers')).toBe(before);
    });
  });

  describe('XLSX', () => {
    it('imports text and date cells, with dd.MM.yyyy and ISO dates', async () => {
      const file = xlsx('buyers.xlsx', [
        ['TIN', 'Name', 'newLgotaId', 'lgotaName', 'lgotaId', 'dateBegin', 'dateEnd'],
        [304999001, 'Firm X (demo)', 400001, 'Льгота покупателя', 'OLD-1', '01.02.2024', null],
        [
          '304999002',
          'Firm Y (demo)',
          '400001',
          'Льгота покупателя',
          null,
          new Date(2023, 4, 15),
          '2026-12-31',
        ],
      ]);
      const r = await importFile(ctx.db, LISTS.buyers, file, { lang: 'en' });
      expect(r.ok).toBe(true);
      const rows = (await ctx.app.inject('/api/Lgota/PrivilegedBuyerCompanies?tin=304999')).json().rows;
      expect(rows).toEqual([
        {
          name: 'Firm X (demo)',
          tin: '304999001',
          newLgotaId: '400001',
          lgotaName: 'Льгота покупателя',
          lgotaId: 'OLD-1',
          dateBegin: '2024-02-01',
          dateEnd: null,
        },
        {
          name: 'Firm Y (demo)',
          tin: '304999002',
          newLgotaId: '400001',
          lgotaName: 'Льгота покупателя',
          lgotaId: 'OLD-1',
          dateBegin: '2023-05-15',
          dateEnd: '2026-12-31',
        },
      ]);
    });

    it('refuses a classifier code stored as a number, naming the cell', async () => {
      const file = xlsx('numeric.xlsx', [
        ['catalogCode', 'catalogName'],
        ['02401001001000001', 'Сигареты'],
        [2401001001000002, 'Сигареты 2'],
      ]);
      const r = await importFile(ctx.db, LISTS.notIncluded, file, { lang: 'en' });
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.errors).toHaveLength(1);
        expect(r.errors[0]).toMatchObject({ row: 3, column: 'catalogCode' });
        expect(r.errors[0].message).toMatch(/stored as a number/);
      }
    });
  });

  describe('JSON', () => {
    it('reads the API shape {rows} and a bare array; --replace drops rows missing from the file', async () => {
      const first = write(
        'works.json',
        JSON.stringify({
          rows: [
            { catalogCode: '04101001001000001', catalogName: 'Строительные работы' },
            { catalogCode: '04101001001000002', catalogName: 'Ремонтные работы' },
          ],
          totalCount: 2,
        }),
      );
      expect((await importFile(ctx.db, LISTS.compensation, first, { lang: 'en' })).ok).toBe(true);
      expect(await count('catalogue_compensation_works')).toBe(2);
      const second = write(
        'works2.json',
        JSON.stringify([{ catalogCode: '04101001001000003', catalogName: 'Дорожные работы' }]),
      );
      expect((await importFile(ctx.db, LISTS.compensation, second, { lang: 'en', replace: true })).ok).toBe(
        true,
      );
      const rows = (
        await ctx.db.query<{ catalog_code: string }>('select catalog_code from catalogue_compensation_works')
      ).rows;
      expect(rows.map((r) => r.catalog_code)).toEqual(['04101001001000003']);
    });

    it('numbers JSON items from 1 in errors and rejects a file that is not JSON', async () => {
      const file = write(
        'bad.json',
        JSON.stringify([
          { tin: '303000001', name: 'A' },
          { tin: 'x', name: 'B' },
        ]),
      );
      const r = await importFile(ctx.db, LISTS.nonconformity, file, { lang: 'en' });
      expect(r.ok).toBe(false);
      if (!r.ok)
        expect(r.errors).toEqual([{ row: 2, column: 'tin', message: 'A TIN is exactly 9 digits, got "x"' }]);
      const broken = await importFile(ctx.db, LISTS.nonconformity, write('broken.json', '{"rows": ['), {
        lang: 'en',
      });
      expect(broken.ok).toBe(false);
      const other = await importFile(ctx.db, LISTS.nonconformity, write('list.pdf', 'x'), { lang: 'en' });
      expect(other.ok).toBe(false);
    });
  });

  it('rolls back everything already written when the database fails midway', async () => {
    const before = await count('catalogue_not_included');
    const datasetBefore = await dataset('notIncluded');
    let inserts = 0;
    // A Db whose second batch insert fails, as a full disk or a dropped connection would.
    const failing = {
      ...ctx.db,
      transaction: <T>(fn: (tx: typeof ctx.db) => Promise<T>) =>
        ctx.db.transaction((tx) =>
          fn({
            ...tx,
            query: async (sql: string, params?: unknown[]) => {
              if (sql.includes('insert into catalogue_not_included') && ++inserts === 2)
                throw new Error('disk full');
              return tx.query(sql, params);
            },
          } as typeof ctx.db),
        ),
    } as typeof ctx.db;
    const lines = ['catalogCode,catalogName'];
    for (let i = 1; i <= 1500; i++)
      lines.push(`${String(2402001001000000 + i).padStart(17, '0')},Изделие ${i}`);
    await expect(
      importFile(failing, LISTS.notIncluded, write('midway.csv', lines.join('\n')), { lang: 'en' }),
    ).rejects.toThrow('disk full');
    expect(inserts).toBe(2);
    expect(await count('catalogue_not_included')).toBe(before);
    expect(await dataset('notIncluded')).toEqual(datasetBefore);
  });

  it('reports progress up to the total', async () => {
    const lines = ['catalogCode,catalogName'];
    for (let i = 1; i <= 2500; i++)
      lines.push(`${String(2401001001000000 + i).padStart(17, '0')},Товар ${i}`);
    const seen: [number, number][] = [];
    const r = await importFile(ctx.db, LISTS.notIncluded, write('many.csv', lines.join('\n')), {
      lang: 'en',
      onProgress: (done, total) => seen.push([done, total]),
    });
    expect(r.ok).toBe(true);
    expect(seen).toEqual([
      [0, 2500],
      [1000, 2500],
      [2000, 2500],
      [2500, 2500],
    ]);
    expect(await count('catalogue_not_included')).toBe(2500);
  });
});
