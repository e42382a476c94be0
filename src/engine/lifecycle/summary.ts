import { Money, toDecimal } from '../money';
import { readAll, readOne } from './pointer';
import { getLifecycle } from './registry';

export interface DocumentSummary {
  /** The national document id (FacturaId, WaybillLocalId, …); null for kinds without one. */
  nationalId: string | null;
  number: string | null;
  /** yyyy-MM-dd, or null. */
  date: string | null;
  /** The kind's subtype (FacturaType, …) as text, or null. */
  type: string | null;
  /** Exact decimal text with 2 decimals, or null when the kind declares no total. */
  total: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}/;

const scalar = (value: unknown): string | null =>
  typeof value === 'string'
    ? value.trim() === ''
      ? null
      : value.trim()
    : typeof value === 'number'
      ? String(value)
      : null;

/** What lists show of a document, read through the kind's declared pointers. */
export function documentSummary(kind: string, content: unknown): DocumentSummary {
  const { document } = getLifecycle(kind);
  const date = scalar(readOne(content, document.date));
  return {
    nationalId: document.id ? scalar(readOne(content, document.id)) : null,
    number: scalar(readOne(content, document.number)),
    date: date && DATE.test(date) ? date.slice(0, 10) : null,
    type: document.type ? scalar(readOne(content, document.type)) : null,
    total: totalOf(content, document.total),
  };
}

function totalOf(content: unknown, total: string | { sum: string | string[] } | undefined): string | null {
  if (total === undefined) return null;
  if (typeof total === 'string') {
    const value = readOne(content, total);
    return value === undefined ? null : toDecimal(value).toFixed(2);
  }
  const pointers = Array.isArray(total.sum) ? total.sum : [total.sum];
  let sum = new Money(0);
  let seen = false;
  for (const pointer of pointers) {
    for (const value of readAll(content, pointer)) {
      sum = sum.plus(toDecimal(value));
      seen = true;
    }
  }
  return seen ? sum.toFixed(2) : null;
}
