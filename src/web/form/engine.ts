// The one place where the form talks to the engine's line arithmetic (src/engine), so that a rename
// there is a one-line change here. Values stay exact decimals (decimal.js) end to end.
import { computeLine, INVOICE_LINE, invoiceTotals, type LineMapping } from '../../engine/lines';
import { isNumeric, toAmount, toDecimal } from '../../engine/money';

export type ProductRow = Record<string, unknown>;
export { INVOICE_LINE, type LineMapping };

/** Recomputes DeliverySum, VatSum and DeliverySumWithVat of one row (returns a new object). */
export function recomputeRow(row: ProductRow, mapping: LineMapping = INVOICE_LINE): ProductRow {
  return computeLine(row, mapping);
}

export interface RowTotals {
  deliverySum: string;
  vatSum: string;
  total: string;
}

/** Sums of the computed columns, as fixed 2-decimal text (never floats). */
export function totalsOf(rows: readonly ProductRow[], mapping: LineMapping = INVOICE_LINE): RowTotals {
  const totals = invoiceTotals(rows as unknown[], mapping);
  return {
    deliverySum: totals.deliverySum.toFixed(2),
    vatSum: totals.vatSum.toFixed(2),
    total: totals.total.toFixed(2),
  };
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

export { isNumeric, toDecimal };
