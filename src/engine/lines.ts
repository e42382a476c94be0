import { readPath } from './keywords/pointer';
import { Money, type MoneyValue, sum } from './money';
import { mulShift, scaledToNumber, scaledToText, toScaled } from './scaled';

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
  /**
   * A VAT benefit on the line (ESF LgotaId/LgotaType/LgotaVatSum): the sum of VAT the benefit
   * relieves is `benefitRate` % of the delivery sum for a VAT benefit, 0 for a turnover-tax one
   * (`benefitType` = 2), computed only on a line that names a benefit (uz-edi.md §b.1 strict rules).
   */
  benefitId?: string;
  benefitType?: string;
  benefitVatSum?: string;
  benefitRate?: number;
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

/** Line amounts in tiyin (integers, ×100): the exact, allocation-light form the keywords use. */
export interface LineCents {
  deliverySum: number;
  vatSum: number;
  total: number;
}

/**
 * DeliverySum = Count × Summa (half-up to 2 decimals); VatSum = DeliverySum × rate / 100 (half-up);
 * DeliverySumWithVat = DeliverySum + VatSum. A line "without VAT" has VatSum 0. Non-numeric inputs
 * count as 0 (the schema reports them).
 */
export function lineCents(line: unknown, mapping: LineMapping = INVOICE_LINE): LineCents {
  const count = toScaled(readPath(line, mapping.count), 6) ?? 0;
  const price = toScaled(readPath(line, mapping.price), 2) ?? 0;
  // millionths × tiyin = scale 8 → tiyin.
  const deliverySum = mulShift(count, price, 6);
  const withoutVat = mapping.withoutVat ? readPath(line, mapping.withoutVat) === true : false;
  const rate = mapping.vatRate && !withoutVat ? (toScaled(readPath(line, mapping.vatRate), 2) ?? 0) : 0;
  // tiyin × rate (scale 2) / 100 → scale 6 → tiyin.
  const vatSum = rate === 0 ? 0 : mulShift(deliverySum, rate, 4);
  return { deliverySum, vatSum, total: deliverySum + vatSum };
}

/** Whether the line names a benefit (its id is neither absent, null nor empty). */
export function hasBenefit(line: unknown, mapping: LineMapping): boolean {
  if (!mapping.benefitId || !mapping.benefitVatSum) return false;
  const id = readPath(line, mapping.benefitId);
  return id !== undefined && id !== null && id !== '';
}

/** The VAT a line's benefit relieves, in tiyin (0 for a turnover-tax benefit). */
export function benefitVatCents(line: unknown, mapping: LineMapping, deliverySum: number): number {
  const type = mapping.benefitType ? readPath(line, mapping.benefitType) : undefined;
  if (type === 2 || !mapping.benefitRate) return 0;
  return mulShift(deliverySum, Math.round(mapping.benefitRate * 100), 4);
}

export function lineAmounts(line: unknown, mapping: LineMapping = INVOICE_LINE): LineAmounts {
  const cents = lineCents(line, mapping);
  return {
    deliverySum: new Money(scaledToText(cents.deliverySum, 2)),
    vatSum: new Money(scaledToText(cents.vatSum, 2)),
    total: new Money(scaledToText(cents.total, 2)),
  };
}

/** Writes a value at a slash path, copying the objects on the way (callers own `target`). */
export function writePath(target: Record<string, any>, path: string, value: unknown): void {
  const parts = path.split('/').filter(Boolean);
  if (parts.length === 1) {
    target[parts[0]] = value;
    return;
  }
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
  const cents = lineCents(line, mapping);
  const next: Record<string, any> = { ...line };
  writePath(next, mapping.deliverySum, scaledToNumber(cents.deliverySum, 2));
  if (mapping.vatSum) writePath(next, mapping.vatSum, scaledToNumber(cents.vatSum, 2));
  if (mapping.total) writePath(next, mapping.total, scaledToNumber(cents.total, 2));
  if (mapping.benefitVatSum && hasBenefit(line, mapping))
    writePath(
      next,
      mapping.benefitVatSum,
      scaledToNumber(benefitVatCents(line, mapping, cents.deliverySum), 2),
    );
  return next as T;
}

/** VAT on a base amount of an object (vatArithmetic), in tiyin. */
export function vatCents(
  data: unknown,
  options: { base: string; rate: string; withoutVat?: string },
): { vatSum: number; total: number } {
  const base = toScaled(readPath(data, options.base), 2) ?? 0;
  const withoutVat = options.withoutVat ? readPath(data, options.withoutVat) === true : false;
  const rate = withoutVat ? 0 : (toScaled(readPath(data, options.rate), 2) ?? 0);
  const vatSum = rate === 0 ? 0 : mulShift(base, rate, 4);
  return { vatSum, total: base + vatSum };
}

/**
 * The VAT sum and total fields of an object that disagree with its base and rate, each with the
 * value (in tiyin) it should hold; none when the base is not an amount (its own schema reports it).
 */
export function vatMismatches(
  data: unknown,
  options: { base: string; rate: string; vatSum: string; total: string; withoutVat?: string },
): Array<{ field: string; expected: number }> {
  if (toScaled(readPath(data, options.base), 2) === null) return [];
  const expected = vatCents(data, options);
  const mismatches: Array<{ field: string; expected: number }> = [];
  for (const [field, value] of [
    [options.vatSum, expected.vatSum],
    [options.total, expected.total],
  ] as const) {
    if (toScaled(readPath(data, field), 2) !== value) mismatches.push({ field, expected: value });
  }
  return mismatches;
}

/** Sum in tiyin of a line field over all lines (non-numeric values count as 0). */
export function sumCents(lines: unknown[], field: string): number {
  let total = 0;
  for (const line of lines) total += toScaled(readPath(line, field), 2) ?? 0;
  return total;
}

/** Totals of a product table: named sums of line fields (e.g. TotalDeliverySum ← DeliverySum). */
export function sumLines(lines: unknown[], sums: Record<string, string>): Record<string, MoneyValue> {
  const totals: Record<string, MoneyValue> = {};
  for (const [totalField, lineField] of Object.entries(sums)) {
    totals[totalField] = new Money(scaledToText(sumCents(lines, lineField), 2));
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
