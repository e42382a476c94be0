import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { toDecimal } from './engine';

dayjs.extend(customParseFormat);

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
  const decimal = toDecimal(value);
  const text = decimals === undefined ? decimal.toFixed() : decimal.toFixed(decimals);
  const negative = text.startsWith('-');
  const [whole, fraction] = (negative ? text.slice(1) : text).split('.');
  const group = lang === 'en' ? ',' : '\u202f';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${grouped}${fraction ? decimalSeparator(lang) + fraction : ''}`;
}

/** Text for editing a number: no grouping, the locale's decimal separator. */
export function editableDecimal(value: unknown, lang: Lang): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') return value;
  return toDecimal(value).toFixed().replace('.', decimalSeparator(lang));
}

/** Date formats per spec §9. Stored dates are always yyyy-MM-dd. */
export const DATE_FORMATS: Record<Lang, string> = { ru: 'DD.MM.YYYY', uz: 'DD/MM/YYYY', en: 'MM/DD/YYYY' };
export const ISO_DATE = 'YYYY-MM-DD';

export function formatDate(iso: unknown, lang: Lang): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const day = dayjs(iso, ISO_DATE, true);
  return day.isValid() ? day.format(DATE_FORMATS[lang]) : iso;
}

/** Parses a date typed in the locale's format; null when incomplete or not a real day. */
export function parseLocalDate(text: string, lang: Lang): string | null {
  const day = dayjs(text.trim(), DATE_FORMATS[lang], true);
  return day.isValid() ? day.format(ISO_DATE) : null;
}
