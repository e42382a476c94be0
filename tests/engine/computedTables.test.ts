// The build's check that lines with computed amounts are drawn by the product table
// (engine/ui/tables.ts): the waybill's air/water goods groups were plain arrays, their amounts and
// totals never computed in the form.
import { describe, expect, it } from 'vitest';
import { getKind, listKinds } from '../../src/engine';
import { computedTableProblems } from '../../src/engine/ui/tables';

const lines = {
  type: 'array',
  items: { type: 'object', properties: { Count: { type: 'number' }, Price: { type: 'number' } } },
  lineArithmetic: { count: 'Count', price: 'Price', deliverySum: 'Sum' },
};
const schema = {
  type: 'object',
  properties: {
    Groups: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          Info: {
            type: 'object',
            documentTotals: { items: 'Lines', sums: { Total: 'Sum' } },
            properties: { Total: { type: 'number' }, Lines: lines },
          },
        },
      },
    },
  },
};

describe('computed lines are product tables', () => {
  it('finds computed lines inside an array that the UI draws as a plain list', () => {
    expect(computedTableProblems(schema, {})).toEqual([
      '/Groups/items/Info/Lines: the lines documentTotals sums need "ui:field": "productTable"',
      '/Groups/items/Info/Lines: lines with computed amounts (lineArithmetic) need "ui:field": "productTable"',
    ]);
    const table = { Groups: { items: { Info: { Lines: { 'ui:field': 'productTable' } } } } };
    expect(computedTableProblems(schema, table)).toEqual([]);
    expect(computedTableProblems(schema, { Groups: { 'ui:widget': 'hidden' } })).toEqual([]);
  });

  it.each(listKinds('documents').map((k) => k.kind))(
    '%s draws every computed line list as a table',
    (kind) => {
      const { schema: root, ui } = getKind(kind);
      expect(computedTableProblems(root, ui)).toEqual([]);
    },
  );
});
