// Every column of the product table through a spreadsheet: the help page's Excel template has a
// header for each column the invoice table declares (flag columns too), and for every kind whose
// table opens columns by flags (derived from the schemas) a sheet with every column filled imports
// into the same line, which then validates in the engine.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { createValidator, getKind } from '../../../src/engine';
import { resolveRef, schemaAtPath } from '../../../src/engine/bundle';
import { readPath } from '../../../src/engine/keywords/pointer';
import { textFormOf } from '../../../src/engine/textForms';
import { recomputeRow } from '../../../src/web/form/engine';
import { columnsFor, type TableOptions } from '../../../src/web/form/productTable/columns';
import { readSheet, rowsFromMatrix } from '../../../src/web/form/productTable/xlsxImport';
import { buildProductTemplate } from '../../../src/web/pages/help/productTemplate';
import { everyColumnCases, fieldOf } from '../../engine/everyColumn';
import { FIXTURE_NOW } from '../../engine/fixtures';

const cases = everyColumnCases();

describe('Excel template and import', () => {
  it('the template has a header for every column the invoice table declares', async () => {
    const t = i18next.getFixedT('ru');
    const book = await buildProductTemplate(t);
    const [header] = await readSheet(new Blob([book]));
    const keys = (header as string[]).map((h) => /\[([A-Za-z]+)\]$/.exec(h)?.[1]);
    const invoice = cases.find((c) => c.kind === 'invoice')!;
    expect(keys).toEqual(invoice.typed);
    // Titled in the reader's language by the schema's titles.
    expect(header[keys.indexOf('ExciseRate')]).toBe(`${t('forms:line.ExciseRate')} [ExciseRate]`);
    expect(t('forms:line.ExciseRate')).not.toBe('line.ExciseRate');
  });

  it.each(cases.map((c) => [c.name, c] as const))(
    '%s: a sheet with every column imports the line',
    async (_kind, c) => {
      const { schema } = getKind(c.kind);
      const arraySchema = schemaAtPath(schema, c.lines) as Record<string, any>;
      const lineSchema = schemaAtPath(schema, `${c.lines}/0`) as Record<string, any>;
      const columns = columnsFor(
        lineSchema,
        arraySchema.lineArithmetic ?? null,
        c.table.options as TableOptions,
        (node) => resolveRef(node, schema) as never,
      );
      const line = (readPath(c.document, c.lines) as Array<Record<string, unknown>>)[0];
      // An object column (Marks) is written by the text form its schema names, as a person fills it.
      const cell = (key: string, value: unknown) => {
        const form = textFormOf(columns.find((column) => column.name === key)?.schema);
        if (form) return form.write(value);
        return typeof value === 'boolean' ? (value ? 'да' : 'нет') : value;
      };
      const written = [c.typed, c.typed.map((key) => cell(key, fieldOf(line, key)))];
      // Through a real workbook: line breaks and the GS substitute of marking codes survive the file.
      const XLSX = await import('xlsx');
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(written), 'Products');
      const matrix = await readSheet(new Blob([XLSX.write(book, { type: 'array', bookType: 'xlsx' })]));
      const result = rowsFromMatrix(
        matrix,
        columns,
        (column) => column.name,
        () => null,
        lineSchema.properties?.OrdNo ? { OrdNo: 1 } : {},
        (row) => recomputeRow(row, arraySchema.lineArithmetic ?? null),
      );
      expect(result.issues).toEqual([]);
      const [imported] = result.rows;
      for (const key of c.typed) expect(fieldOf(imported, key), key).toEqual(fieldOf(line, key));
      const document = structuredClone(c.document);
      (readPath(document, c.lines) as unknown[])[0] = imported;
      expect(createValidator(c.kind)(document, { now: FIXTURE_NOW }).errors).toEqual([]);
    },
  );
});
