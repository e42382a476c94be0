import { describe, expect, it } from 'vitest';
import {
  allowedVatRates,
  computeLine,
  invoiceTotals,
  round,
  standardVatRate,
  sum,
  toAmount,
  toDecimal,
  vatOf,
} from '../../src/engine';
import { decimalsOf } from '../../src/engine/money';

describe('money: exact decimals, never floats', () => {
  it('reads numbers by their exact shortest text', () => {
    expect(toDecimal(0.1).plus(toDecimal(0.2)).toFixed()).toBe('0.3');
    expect(toDecimal('1 234,56').toFixed()).toBe('1234.56');
    expect(toDecimal('abc').toFixed()).toBe('0');
    expect(sum([0.1, 0.2, 0.3]).toFixed()).toBe('0.6');
  });
  it('rounds half-up to tiyin', () => {
    expect(round('1.005').toFixed(2)).toBe('1.01');
    expect(round('1.004999').toFixed(2)).toBe('1.00');
    expect(round('-1.005').toFixed(2)).toBe('-1.01');
    expect(round(2.675).toFixed(2)).toBe('2.68'); // the float 2.675 would round to 2.67
  });
  it('computes VAT half-up', () => {
    expect(vatOf(104.17, 12).toFixed(2)).toBe('12.50');
    expect(vatOf(1.04, 12).toFixed(2)).toBe('0.12');
    expect(vatOf(0.125 * 8, 12.5).toFixed(2)).toBe('0.13');
  });
  it('counts decimals exactly', () => {
    expect(decimalsOf(0.1)).toBe(1);
    expect(decimalsOf(1e-7)).toBe(7);
    expect(decimalsOf(123456789.123456)).toBe(6);
    expect(decimalsOf(100)).toBe(0);
  });
  it('returns JSON numbers without float noise', () => {
    expect(toAmount(toDecimal(0.1).times(3))).toBe(0.3);
    expect(toAmount(toDecimal('9999999999999.99'))).toBe(9999999999999.99);
  });
  it('knows the VAT rate of a day', () => {
    expect(standardVatRate('2019-09-30')).toBe(20);
    expect(standardVatRate('2019-10-01')).toBe(15);
    expect(standardVatRate('2022-12-31')).toBe(15);
    expect(standardVatRate('2023-01-01')).toBe(12);
    expect(allowedVatRates('2025-06-01')).toEqual([0, 12]);
  });
  it('computes a line and the totals', () => {
    const line = computeLine({
      Count: 0.333333,
      Summa: 1000,
      VatRate: 12,
      WithoutVat: false,
      DeliverySum: 0,
      VatSum: 0,
      DeliverySumWithVat: 0,
    });
    expect(line).toMatchObject({ DeliverySum: 333.33, VatSum: 40, DeliverySumWithVat: 373.33 });
    const free = computeLine({
      Count: 2,
      Summa: 10.5,
      VatRate: 0,
      WithoutVat: true,
      DeliverySum: 0,
      VatSum: 5,
      DeliverySumWithVat: 0,
    });
    expect(free).toMatchObject({ DeliverySum: 21, VatSum: 0, DeliverySumWithVat: 21 });
    const totals = invoiceTotals([line, free]);
    expect([totals.deliverySum.toFixed(2), totals.vatSum.toFixed(2), totals.total.toFixed(2)]).toEqual([
      '354.33',
      '40.00',
      '394.33',
    ]);
  });
  it('handles nested line fields (hybrid: Vat.Rate / Vat.Sum)', () => {
    const mapping = {
      count: 'Amount',
      price: 'Price',
      deliverySum: 'DeliverySum',
      vatRate: 'Vat/Rate',
      vatSum: 'Vat/Sum',
      total: 'DeliverySumWithVat',
    };
    const line = computeLine(
      { Amount: 3, Price: 7000, DeliverySum: 1, Vat: { Rate: 12, Sum: 1 }, DeliverySumWithVat: 1 },
      mapping,
    );
    expect(line).toEqual({
      Amount: 3,
      Price: 7000,
      DeliverySum: 21000,
      Vat: { Rate: 12, Sum: 2520 },
      DeliverySumWithVat: 23520,
    });
  });
});
