import Decimal from 'decimal.js';
import { decimalCount } from './scaled';

/**
 * Exact decimal arithmetic for money and quantities.
 *
 * Representation (documented in schemas/defs/money.json): stored documents follow the national JSON,
 * where sums and counts are JSON numbers with at most 2 (sums) or 6 (counts) decimals. We never do
 * arithmetic on those numbers: every value goes through `toDecimal`, which reads the number's shortest
 * round-trip text (String(0.1) === "0.1"), so the decimal is exactly what the user typed. Results go
 * back to numbers with `toAmount` — exact because the schemas cap values at 15 significant digits,
 * which a double represents and prints back without loss.
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type MoneyValue = InstanceType<typeof Money>;

export const SUM_DECIMALS = 2;
export const COUNT_DECIMALS = 6;

export function toDecimal(value: unknown): MoneyValue {
  if (value instanceof Money) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return new Money(String(value));
  if (typeof value === 'string' && value.trim() !== '') {
    // Forms in ru/uz type a comma as the decimal separator; thousands separators are spaces.
    const text = value.replace(/[\s\u00a0]/g, '').replace(',', '.');
    if (/^-?\d+(\.\d+)?$/.test(text)) return new Money(text);
  }
  return new Money(0);
}

/** True when `value` is a finite number or numeric text. */
export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && /^-?\d+([.,]\d+)?$/.test(value.replace(/[\s\u00a0]/g, ''));
}

/** Number of decimals written in the value's shortest text form. */
export function decimalsOf(value: number | string): number {
  if (typeof value === 'number') return decimalCount(value);
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** Rounds half-up to `decimals` places. */
export function round(value: unknown, decimals = SUM_DECIMALS): MoneyValue {
  return toDecimal(value).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
}

/** Back to a JSON number for the national format (exact, see the module comment). */
export function toAmount(value: MoneyValue): number {
  return Number(value.toFixed());
}

/** Fixed 2-decimal text, e.g. for comparisons and messages. */
export function toMoneyText(value: unknown): string {
  return round(value).toFixed(SUM_DECIMALS);
}

export function sameAmount(a: unknown, b: unknown, decimals = SUM_DECIMALS): boolean {
  return round(a, decimals).equals(round(b, decimals));
}

export function sum(values: Iterable<unknown>): MoneyValue {
  let total = new Money(0);
  for (const value of values) total = total.plus(toDecimal(value));
  return total;
}

// ---------------------------------------------------------------------------------------------
// VAT rates by date (uz-edi.md §d.7): 20 % until 2019-09-30, 15 % from 2019-10-01 to 2022-12-31,
// 12 % from 2023-01-01. Zero rate and "without VAT" are allowed at any date.

export const VAT_RATE_PERIODS: ReadonlyArray<{ from: string; to: string; rate: number }> = [
  { from: '0000-01-01', to: '2019-09-30', rate: 20 },
  { from: '2019-10-01', to: '2022-12-31', rate: 15 },
  { from: '2023-01-01', to: '9999-12-31', rate: 12 },
];

/** The standard VAT rate on a yyyy-MM-dd day. */
export function standardVatRate(date: string): number {
  return VAT_RATE_PERIODS.find((period) => date >= period.from && date <= period.to)?.rate ?? 12;
}

/** Rates a line may carry on that day. */
export function allowedVatRates(date: string): number[] {
  return [0, standardVatRate(date)];
}

/** VatSum = DeliverySum × rate / 100, half-up to 2 decimals. */
export function vatOf(deliverySum: unknown, rate: unknown): MoneyValue {
  return round(toDecimal(deliverySum).times(toDecimal(rate)).dividedBy(100));
}
