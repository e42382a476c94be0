// The one place where the form talks to the engine's line arithmetic (src/engine), so that a rename
// there is a one-line change here. Values stay exact decimals (decimal.js) end to end.
import { readPath } from '../../engine/keywords/pointer';
import { computeLine, INVOICE_LINE, type LineMapping } from '../../engine/lines';
import { isNumeric, toAmount, toDecimal } from '../../engine/money';
import { scaledToNumber, scaledToText, toScaled } from '../../engine/scaled';

export type ProductRow = Record<string, unknown>;
export { INVOICE_LINE, type LineMapping };

/**
 * Recomputes the line's computed fields (DeliverySum = Count × Summa, VatSum, DeliverySumWithVat, or
 * whatever the kind's `lineArithmetic` names). Tables without arithmetic (empowerment goods) keep
 * their lines as typed.
 */
export function recomputeRow(row: ProductRow, mapping: LineMapping | null): ProductRow {
  return mapping ? computeLine(row, mapping) : row;
}

/** A field of a line by slash path ("Count", "Vat/Rate"). */
export function readField(row: unknown, path: string): unknown {
  return path.includes('/') ? readPath(row, path) : (row as ProductRow | null)?.[path];
}

/** A copy of the line with one field (slash path) set; undefined removes the field. */
export function withField(row: ProductRow, path: string, value: unknown): ProductRow {
  const [head, ...rest] = path.split('/');
  const next: ProductRow = { ...row };
  if (rest.length === 0) {
    if (value === undefined) delete next[head];
    else next[head] = value;
    return next;
  }
  const child = row[head];
  next[head] = withField(
    child && typeof child === 'object' ? (child as ProductRow) : {},
    rest.join('/'),
    value,
  );
  return next;
}

/**
 * Parses what a person typed into a number cell: spaces as thousands separators, comma or dot as
 * the decimal separator. Returns the JSON number of the national format, or null when it is not a
 * number (the caller keeps the text so that validation reports it).
 */
export function parseDecimalInput(text: string): number | null {
  const trimmed = text.replace(/[\s\u00a0]/g, '');
  if (trimmed === '' || !isNumeric(trimmed)) return null;
  // Not rounded: too many decimals is the validator's to report, not ours to hide.
  return toAmount(toDecimal(trimmed));
}

export { isNumeric, toAmount, toDecimal };

/**
 * A line's amount in tiyin (an integer), as the engine's documentTotals keyword sums it: column
 * totals add integers, not decimal objects (1000 lines × 3 sums at mount were ~45 ms of decimal.js).
 * Not an amount → 0 (its cell shows its own error).
 */
export const tiyinOf = (value: unknown): number => toScaled(value, 2) ?? 0;
/** Tiyin → the amount as text with 2 decimals ("1234.50"), and as a JSON number. */
export const tiyinToText = (tiyin: number): string => scaledToText(tiyin, 2);
export const tiyinToAmount = (tiyin: number): number => scaledToNumber(tiyin, 2);
