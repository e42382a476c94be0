import { DATE_DISPLAY_FORMATS, formatIsoDate } from '../../engine/format';
import { isRealDate, parseIsoDate } from '../../engine/keywords/dates';
import { scaledToText, toScaled } from '../../engine/scaled';
import { toDecimal } from './engine';

export type Lang = 'ru' | 'uz' | 'en';

export function langOf(language: string | undefined): Lang {
  const base = (language ?? 'ru').slice(0, 2);
  return base === 'uz' || base === 'en' ? base : 'ru';
}

/** Decimal separator per spec §9: a comma in ru and uz, a dot in en. */
export function decimalSeparator(lang: Lang): string {
  return lang === 'en' ? '.' : ',';
}

/**
 * Formats an exact decimal for display: fixed `decimals` places (or as typed when `decimals` is
 * undefined), thousands grouped by a narrow no-break space in ru/uz and a comma in en.
 */
export function formatDecimal(value: unknown, lang: Lang, decimals?: number): string {
  if (value === null || value === undefined || value === '') return '';
  const text = numberText(value, decimals) ?? decimalText(value, decimals);
  const negative = text.startsWith('-');
  const [whole, fraction] = (negative ? text.slice(1) : text).split('.');
  const group = lang === 'en' ? ',' : '\u202f';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${grouped}${fraction ? decimalSeparator(lang) + fraction : ''}`;
}

/**
 * A JSON number's text in plain integers, no decimal.js (a table paints ~200 amounts in its first
 * frame): its shortest round-trip digits, or rounded half-up to `decimals` like Money.toFixed.
 * Null where only decimal.js is exact (exponent notation, beyond safe integers).
 */
function numberText(value: unknown, decimals?: number): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (decimals === undefined) {
    const text = String(value);
    return text.includes('e') ? null : text;
  }
  const scaled = toScaled(value, decimals);
  return scaled !== null && Number.isSafeInteger(scaled) ? scaledToText(scaled, decimals) : null;
}

function decimalText(value: unknown, decimals?: number): string {
  const decimal = toDecimal(value);
  return decimals === undefined ? decimal.toFixed() : decimal.toFixed(decimals);
}

/** Text for editing a number: no grouping, the locale's decimal separator. */
export function editableDecimal(value: unknown, lang: Lang): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') return value;
  return toDecimal(value).toFixed().replace('.', decimalSeparator(lang));
}

/** Date formats per spec §9 (the engine's). Stored dates are always yyyy-MM-dd. */
export const DATE_FORMATS: Record<Lang, string> = DATE_DISPLAY_FORMATS;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * A stored yyyy-MM-dd day in the locale's format (the engine's display formats); any other text is
 * returned as it is, so the isoDate rule reports it. Plain string work: every date field formats its
 * value on each render.
 */
export function formatDate(iso: unknown, lang: Lang): string {
  if (typeof iso !== 'string' || iso === '') return '';
  return parseIsoDate(iso) ? formatIsoDate(iso, lang) : iso;
}

const LOCAL_DATE: Record<Lang, RegExp> = {
  ru: /^(\d{2})\.(\d{2})\.(\d{4})$/,
  uz: /^(\d{2})\/(\d{2})\/(\d{4})$/,
  en: /^(\d{2})\/(\d{2})\/(\d{4})$/,
};

/** Parses a date typed in the locale's format (exactly); null when incomplete or not a real day. */
export function parseLocalDate(text: string, lang: Lang): string | null {
  const match = LOCAL_DATE[lang].exec(text.trim());
  if (!match) return null;
  const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const [day, month] = lang === 'en' ? [second, first] : [first, second];
  return isRealDate(year, month, day) ? `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}` : null;
}
