import { readPath } from './keywords/pointer';
import { COUNT_DECIMALS, type MoneyValue, Money, round, sum, toAmount, toDecimal, vatOf } from './money';

/**
 * Which fields of a product line take part in the arithmetic. Declared in the schemas (keyword
 * `lineArithmetic`) because the kinds name them differently: the invoice uses Count/Summa/VatRate,
 * the hybrid invoice-waybill Amount/Price/Vat{Rate,Sum}. Paths may be nested ("Vat/Rate").
 */
export interface LineMapping {
  count: string;
  price: string;
  deliverySum: string;
  vatRate?: string;
  vatSum?: string;
  total?: string;
  withoutVat?: string;
}

/** The ESF (invoice) product line, uz-edi.md §b.1. */
export const INVOICE_LINE: LineMapping = {
  count: 'Count',
  price: 'Summa',
  deliverySum: 'DeliverySum',
  vatRate: 'VatRate',
  vatSum: 'VatSum',
  total: 'DeliverySumWithVat',
  withoutVat: 'WithoutVat',
};

export interface LineAmounts {
  deliverySum: MoneyValue;
  vatSum: MoneyValue;
  total: MoneyValue;
}

/**
 * DeliverySum = Count × Summa (half-up to 2 decimals); VatSum = DeliverySum × rate / 100 (half-up);
 * DeliverySumWithVat = DeliverySum + VatSum. A line "without VAT" has VatSum 0.
 */
export function lineAmounts(line: unknown, mapping: LineMapping = INVOICE_LINE): LineAmounts {
  const count = toDecimal(readPath(line, mapping.count)).toDecimalPlaces(COUNT_DECIMALS);
  const deliverySum = round(count.times(toDecimal(readPath(line, mapping.price))));
  const withoutVat = mapping.withoutVat ? readPath(line, mapping.withoutVat) === true : false;
  const rate = mapping.vatRate ? readPath(line, mapping.vatRate) : 0;
  const vatSum = withoutVat || !mapping.vatRate ? new Money(0) : vatOf(deliverySum, rate);
  return { deliverySum, vatSum, total: deliverySum.plus(vatSum) };
}

/** Writes a value at a slash path, copying the objects on the way (callers own `target`). */
export function writePath(target: Record<string, any>, path: string, value: unknown): void {
  const parts = path.split('/').filter(Boolean);
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (node[part] === null || typeof node[part] !== 'object') node[part] = {};
    node[part] = { ...node[part] };
    node = node[part];
  }
  node[parts[parts.length - 1]] = value;
}

/** A copy of the line with its computed fields recomputed (the input is not changed). */
export function computeLine<T extends Record<string, any>>(line: T, mapping: LineMapping = INVOICE_LINE): T {
  const amounts = lineAmounts(line, mapping);
  const next: Record<string, any> = { ...line };
  writePath(next, mapping.deliverySum, toAmount(amounts.deliverySum));
  if (mapping.vatSum) writePath(next, mapping.vatSum, toAmount(amounts.vatSum));
  if (mapping.total) writePath(next, mapping.total, toAmount(amounts.total));
  return next as T;
}

/** Totals of a product table: named sums of line fields (e.g. TotalDeliverySum ← DeliverySum). */
export function sumLines(lines: unknown[], sums: Record<string, string>): Record<string, MoneyValue> {
  const totals: Record<string, MoneyValue> = {};
  for (const [totalField, lineField] of Object.entries(sums)) {
    totals[totalField] = sum(lines.map((line) => readPath(line, lineField)));
  }
  return totals;
}

/** Invoice-style totals for print and summaries (lines already computed or not). */
export function invoiceTotals(lines: unknown[], mapping: LineMapping = INVOICE_LINE) {
  const all = lines.map((line) => lineAmounts(line, mapping));
  return {
    deliverySum: sum(all.map((a) => a.deliverySum)),
    vatSum: sum(all.map((a) => a.vatSum)),
    total: sum(all.map((a) => a.total)),
  };
}
