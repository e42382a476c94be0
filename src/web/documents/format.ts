import { LOCALES, type Locale } from '../../engine/constants';
import { formatDecimal, formatIsoDate } from '../../engine/format';

// Dates, times and sums as the workspace shows them (spec §9 formats).

export const asLocale = (lang: string): Locale =>
  (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : 'ru';

export const showDate = (iso: string | null | undefined, lang: string) =>
  iso ? formatIsoDate(iso.slice(0, 10), asLocale(lang)) : '';

/** A moment (ISO date-time) in the reader's time zone: date as the locale writes it, then hh:mm. */
export function showDateTime(iso: string | null | undefined, lang: string, seconds = false): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}${seconds ? `:${pad(at.getSeconds())}` : ''}`;
  return `${formatIsoDate(day, asLocale(lang))} ${time}`;
}

export const showMoney = (value: string | null | undefined, lang: string) =>
  value === null || value === undefined || value === '' ? '' : formatDecimal(value, asLocale(lang), 2);

/** Whole calendar days from `today` to the yyyy-MM-dd day (negative once it has passed). */
export function daysUntil(day: string, today = new Date()): number {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  const target = Date.UTC(y, m - 1, d);
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((target - start) / 86_400_000);
}
