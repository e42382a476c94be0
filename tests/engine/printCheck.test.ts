import { describe, expect, it } from 'vitest';
import { getKind } from '../../src/engine';
import { printLayoutOf } from '../../src/engine/print';
import { checkPrintLayout } from '../../src/engine/print/check';
import { referenceName } from '../../src/engine/reference/names';

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

describe('reference names', () => {
  it('names an ОКЕИ unit in each language and keeps an unknown code as it is', () => {
    expect(referenceName('measures', '796', 'ru')).toBe('Штука');
    expect(referenceName('measures', '796', 'uz')).toBe('Dona');
    expect(referenceName('measures', '796', 'en')).toBe('Piece');
    expect(referenceName('measures', '999999', 'ru')).toBe('999999');
  });
});
