import { parseIsoDate } from '../../../engine/keywords/dates';
import { readPath } from '../../../engine/keywords/pointer';
import { standardVatRate } from '../../../engine/money';
import { type ProductRow, withField } from '../engine';
import { type Column, emptyRow } from './columns';

/** The array's `vatRateForDate` keyword: where the document date and a line's rate are. */
interface VatRule {
  date: string | string[];
  rate: string;
}

const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/**
 * A line added by the person: empty, except that it starts with the VAT rate in force on the
 * document's date (the array's vatRateForDate keyword says where the date and the rate are; the
 * first date it names that is filled wins, as the keyword reads it; no date yet → today).
 */
export function newLine(arraySchema: object, columns: readonly Column[], document: unknown): ProductRow {
  const row = emptyRow(columns);
  const rule = (arraySchema as { vatRateForDate?: VatRule }).vatRateForDate;
  if (!rule) return row;
  const dates = Array.isArray(rule.date) ? rule.date : [rule.date];
  const date = dates.map((path) => readPath(document, path)).find((value) => parseIsoDate(value) !== null) as
    | string
    | undefined;
  return withField(row, rule.rate, standardVatRate(date ?? today()));
}
