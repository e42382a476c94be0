// The VAT a benefit relieves (LgotaVatSum), computed with the line's arithmetic in exact decimals.
import { describe, expect, it } from 'vitest';
import { computeLine, getKind } from '../../src/engine';
import type { LineMapping } from '../../src/engine/lines';

const mapping = (getKind('invoice').schema as any).properties.ProductList.properties.Products
  .lineArithmetic as LineMapping;
const line = { Count: 3, Summa: 33333.33, VatRate: 0, WithoutVat: true };

describe('benefit VAT sum', () => {
  it('is 12 % of the delivery sum for a VAT benefit, half-up to tiyin', () => {
    // 3 × 33 333.33 = 99 999.99; × 12 % = 11 999.9988 → 12 000.00
    expect(computeLine({ ...line, LgotaId: 100001, LgotaType: 1 }, mapping)).toMatchObject({
      DeliverySum: 99999.99,
      LgotaVatSum: 12000,
    });
  });

  it('is 0 for a turnover-tax benefit and absent without a benefit', () => {
    expect(
      computeLine<Record<string, unknown>>({ ...line, LgotaId: 100001, LgotaType: 2 }, mapping).LgotaVatSum,
    ).toBe(0);
    expect(computeLine({ ...line, LgotaId: null }, mapping)).not.toHaveProperty('LgotaVatSum');
  });
});
