// One Excel cell → the JSON value the schema expects. What cannot be read is an error of that cell
// (rule `type`); what can is left for the kind's schema and keywords to judge.
import type { ValueType } from './templates';

export type Cell = { ok: true; value: unknown } | { ok: false; rule: 'type'; expected: ValueType };

const TRUE = new Set(['1', 'true', 'yes', 'да', 'ha', 'x', '+', 'истина']);
const FALSE = new Set(['0', 'false', 'no', 'нет', "yo'q", 'yoʻq', 'yoq', '-', 'ложь']);

export function isEmptyCell(raw: unknown): boolean {
  return raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
}

export function readCell(raw: unknown, type: ValueType): Cell {
  switch (type) {
    case 'string':
      return { ok: true, value: typeof raw === 'number' ? numberText(raw) : String(raw).trim() };
    case 'number':
    case 'integer': {
      const n = typeof raw === 'number' ? raw : parseNumber(String(raw));
      if (n === null || (type === 'integer' && !Number.isInteger(n)))
        return { ok: false, rule: 'type', expected: type };
      return { ok: true, value: n };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      const t = String(raw).trim().toLowerCase();
      if (TRUE.has(t)) return { ok: true, value: true };
      if (FALSE.has(t)) return { ok: true, value: false };
      return { ok: false, rule: 'type', expected: type };
    }
    case 'date': {
      const d = typeof raw === 'number' ? serialDate(raw) : textDate(String(raw).trim());
      return d ? { ok: true, value: d } : { ok: false, rule: 'type', expected: type };
    }
  }
}

/** "12 500,50", "12500.5", "1,5" → numbers; anything else null. */
function parseNumber(text: string): number | null {
  const t = text.replace(/[\s\u00a0\u202f]/g, '');
  if (!/^-?\d+([.,]\d+)?$/.test(t)) return null;
  return Number(t.replace(',', '.'));
}

/** Integers and decimals as written, never in exponent form (codes, TINs, accounts typed as numbers). */
function numberText(n: number): string {
  return Number.isInteger(n) ? BigInt(n).toString() : String(n);
}

/** Excel's day serial (1900 system) → yyyy-MM-dd. */
function serialDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2958465) return null;
  const ms = Math.round((Math.floor(serial) - 25569) * 86400 * 1000);
  return new Date(ms).toISOString().slice(0, 10);
}

/** yyyy-MM-dd, dd.MM.yyyy, dd/MM/yyyy, dd-MM-yyyy → yyyy-MM-dd, checked as a real day. */
function textDate(text: string): string | null {
  let y: number;
  let m: number;
  let d: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text);
    if (!match) return null;
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}
