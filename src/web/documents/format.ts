import { LOCALES, type Locale } from '../../engine/constants';
import { formatDecimal, formatIsoDate } from '../../engine/format';

// Dates, times and sums as the workspace shows them (spec §9 formats).

export const asLocale = (lang: string): Locale =>
  (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : 'ru';

export const showDate = (iso: string | null | undefined, lang: string) =>
  iso ? formatIsoDate(iso.slice(0, 10), asLocale(lang)) : '';

/** The organisation's time zone, Asia/Tashkent: UTC+5 all year (no daylight saving). */
const TASHKENT_OFFSET_MS = 5 * 3600_000;

/** The wall clock in Tashkent at a moment, as an ISO text "yyyy-MM-ddTHH:mm:ss…". */
const tashkentClock = (ms: number) => new Date(ms + TASHKENT_OFFSET_MS).toISOString();

/**
 * A moment (ISO date-time) in the organisation's time zone, as the printed form and the
 * verification page show it (engine/print tashkentTime) — never the browser's zone, so a screen, a
 * print and an export of one document say the same time. The date as the locale writes it, then hh:mm.
 */
export function showDateTime(iso: string | null | undefined, lang: string, seconds = false): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const clock = tashkentClock(ms);
  return `${formatIsoDate(clock.slice(0, 10), asLocale(lang))} ${clock.slice(11, seconds ? 19 : 16)}`;
}

export const showMoney = (value: string | null | undefined, lang: string) =>
  value === null || value === undefined || value === '' ? '' : formatDecimal(value, asLocale(lang), 2);

/** Whole calendar days from `today` (its day in Tashkent) to the yyyy-MM-dd day (negative once it has passed). */
export function daysUntil(day: string, today = new Date()): number {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  const target = Date.UTC(y, m - 1, d);
  const [ty, tm, td] = tashkentClock(today.getTime()).slice(0, 10).split('-').map(Number);
  const start = Date.UTC(ty, tm - 1, td);
  return Math.round((target - start) / 86_400_000);
}
