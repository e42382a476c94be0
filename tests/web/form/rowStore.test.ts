import { describe, expect, it } from 'vitest';
import { INVOICE_LINE } from '../../../src/web/form/engine';
import { RowStore } from '../../../src/web/form/productTable/rowStore';
import { line } from './fixtures';

const SUMS = ['DeliverySum', 'VatSum', 'DeliverySumWithVat'];

describe('RowStore totals (tiyin)', () => {
  it('sums exactly where floats would not: 3 × 0.10 is 0.30, 0.1 + 0.2 is 0.30', () => {
    const rows = [0.1, 0.1, 0.1].map((price, i) =>
      line(i + 1, { Count: 1, Summa: price, DeliverySum: price }),
    );
    const store = new RowStore(rows, null, ['DeliverySum'], 'OrdNo');
    expect(store.getTotals().DeliverySum).toBe(30);
    const mixed = new RowStore([line(1, { DeliverySum: 0.1 }), line(2, { DeliverySum: 0.2 })], null, [
      'DeliverySum',
    ]);
    expect(mixed.getTotals().DeliverySum).toBe(30);
  });

  it('follows a committed cell through the line’s arithmetic and keeps the object when nothing changed', () => {
    const store = new RowStore([line(1), line(2)], INVOICE_LINE, SUMS, 'OrdNo');
    expect(store.getTotals()).toEqual({ DeliverySum: 400_000, VatSum: 48_000, DeliverySumWithVat: 448_000 });
    // 3 × 1000.05 = 3000.15; VAT 12 % = 360.018 → 360.02
    store.setCell(0, 'Summa', 1000.05);
    store.setCell(0, 'Count', 3);
    expect(store.getTotals()).toEqual({ DeliverySum: 500_015, VatSum: 60_002, DeliverySumWithVat: 560_017 });
    const before = store.getTotals();
    store.setCell(1, 'Name', 'renamed');
    expect(store.getTotals()).toBe(before);
    store.remove(0);
    expect(store.getTotals()).toEqual({ DeliverySum: 200_000, VatSum: 24_000, DeliverySumWithVat: 224_000 });
  });

  it('counts a value that is not an amount as 0 and reports a zero total as 0', () => {
    const store = new RowStore([line(1, { DeliverySum: 'abc' })], null, ['DeliverySum']);
    expect(store.getTotals().DeliverySum).toBe(0);
  });
});
