import { describe, expect, it } from 'vitest';
import { getKind, listKinds } from '../../src/engine';
import { printLayoutOf } from '../../src/engine/print';
import { checkPrintLayout, viewTableProblems } from '../../src/engine/print/check';
import { knownName, referenceName } from '../../src/engine/reference/names';

// The build-time check of print.json against the kind's schema, and the reference names it prints.

describe('print layout check', () => {
  const schema = getKind('empowerment').schema;
  const layout = printLayoutOf('empowerment')!;

  it('passes the layout as shipped', () => {
    expect(checkPrintLayout(layout, schema)).toEqual([]);
  });

  it('refuses a named code that is not a field of its column, and a column the line lacks', () => {
    const table = layout.tables![0];
    const broken = {
      ...layout,
      tables: [
        {
          ...table,
          columns: [
            { fields: ['Name'], width: 10, names: { MeasureId: 'measures' as const } },
            { fields: ['NoSuchField'], width: 10 },
          ],
        },
      ],
    };
    const problems = checkPrintLayout(broken, schema);
    expect(problems).toContain('tables[0]: MeasureId is named but not a field of its column');
    expect(problems.some((p) => p.includes('NoSuchField is not a field of the schema'))).toBe(true);
  });
});

describe('every product table of a kind has its print table (the document view shows it from there)', () => {
  it.each(listKinds('documents').map((definition) => [definition.kind]))('%s', (kind) => {
    expect(viewTableProblems(printLayoutOf(kind), getKind(kind).ui)).toEqual([]);
  });

  it('refuses a layout without the table of a product table, at any depth', () => {
    const waybill = printLayoutOf('waybill');
    const withoutRailway = {
      ...waybill,
      tables: waybill.tables!.filter((t) => t.each !== '/Railway/ProductGroups'),
    };
    expect(viewTableProblems(withoutRailway, getKind('waybill').ui)).toEqual([
      'tables: the product table Railway/ProductGroups/items/ProductInfo/Products of ui.json has no table here (the view shows it from this layout)',
    ]);
  });
});

describe('reference names', () => {
  it('names countries by any ISO code, regions, districts by SOATO and by the tax district id', () => {
    expect(referenceName('countries', '398', 'ru')).toBe('Казахстан');
    expect(referenceName('countries', 'KZ', 'en')).toBe('Kazakhstan');
    expect(referenceName('regions', '26', 'ru')).toBe('город Ташкент');
    expect(referenceName('districts', '1726266', 'ru')).toBe('Юнусабадский район');
    expect(referenceName('districtIds', '2603', 'uz')).toBe('Yunusobod tumani');
    expect(knownName('districtIds', '1803', 'ru')).toBeNull();
  });

  it('names an ОКЕИ unit in each language and keeps an unknown code as it is', () => {
    expect(referenceName('measures', '796', 'ru')).toBe('Штука');
    expect(referenceName('measures', '796', 'uz')).toBe('Dona');
    expect(referenceName('measures', '796', 'en')).toBe('Piece');
    expect(referenceName('measures', '999999', 'ru')).toBe('999999');
  });
});
