// The build's rules for product-table columns as data (engine/ui/tableColumns.ts): each rule is shown
// failing on a planted mistake, and every kind of the repository passes them.
import { describe, expect, it } from 'vitest';
import { cellEditorNames } from '../../scripts/build-schemas';
import { getKind, listKinds } from '../../src/engine';
import { tableColumnProblems } from '../../src/engine/ui/tableColumns';

const { schema, ui } = getKind('invoice');
const editors = cellEditorNames();

function invoiceUiWith(options: Record<string, unknown>) {
  const copy = structuredClone(ui) as Record<string, any>;
  const table = copy.ProductList.Products['ui:options'];
  Object.assign(table, options);
  return copy;
}

describe('product table columns as data', () => {
  it('every kind passes', () => {
    for (const { kind } of listKinds()) {
      const k = getKind(kind);
      expect(tableColumnProblems(k.schema, k.ui, editors), kind).toEqual([]);
    }
  });

  it('refuses a flag that opens a column "columns" does not declare', () => {
    const opens = {
      ...(ui as any).ProductList.Products['ui:options'].opens,
      '/ProductList/HasExcise': ['ExciseRate', 'WarehouseId'],
    };
    expect(tableColumnProblems(schema, invoiceUiWith({ opens }), editors)).toEqual([
      expect.stringContaining('opens "WarehouseId", which "columns" does not declare'),
    ]);
  });

  it('refuses a flag that is not a boolean of the document', () => {
    expect(
      tableColumnProblems(schema, invoiceUiWith({ opens: { '/ProductList/Tin': [] } }), editors),
    ).toEqual([expect.stringContaining('"/ProductList/Tin" must be the JSON pointer of a boolean flag')]);
  });

  it('refuses a column that is no line field, and an object column without an editor', () => {
    const columns = [...(ui as any).ProductList.Products['ui:options'].columns, 'Nonexistent'];
    const problems = tableColumnProblems(
      schema,
      invoiceUiWith({ columns, editors: { LgotaId: 'benefit' } }),
      editors,
    );
    expect(problems).toEqual([
      expect.stringContaining('"Marks" is an object/null: it needs a cell editor'),
      expect.stringContaining('"Nonexistent" is no field of the line'),
    ]);
  });

  it('refuses an editor with no file and an editor of no column', () => {
    const problems = tableColumnProblems(
      schema,
      invoiceUiWith({ editors: { Name: 'noSuchEditor', WarehouseId: 'benefit', Marks: 'markingCodes' } }),
      new Set(['benefit', 'markingCodes']),
    );
    expect(problems).toEqual([
      expect.stringContaining('no editor "noSuchEditor"'),
      expect.stringContaining('"WarehouseId" is not a column'),
    ]);
  });
});

describe('every table column prints', () => {
  it('every kind passes', async () => {
    const { generatedPrintLayouts } = await import('../../src/engine/generated/printLayouts');
    const { printColumnProblems } = await import('../../src/engine/print/check');
    for (const { kind } of listKinds('documents')) {
      const layout = generatedPrintLayouts[kind];
      if (layout) expect(printColumnProblems(layout as never, getKind(kind).ui), kind).toEqual([]);
    }
  });

  it('refuses a form column the print table leaves out', async () => {
    const { generatedPrintLayouts } = await import('../../src/engine/generated/printLayouts');
    const { printColumnProblems } = await import('../../src/engine/print/check');
    const layout = structuredClone(generatedPrintLayouts.invoice) as {
      tables: Array<{ columns: Array<{ fields: string[] }> }>;
    };
    for (const column of layout.tables[0].columns)
      column.fields = column.fields.filter((f) => f !== 'CommittentVatRegCode');
    expect(printColumnProblems(layout as never, ui)).toEqual([
      'tables: the product table ProductList/Products shows "CommittentVatRegCode", which no column here prints',
    ]);
  });
});
