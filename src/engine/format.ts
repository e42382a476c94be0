// Display formats of spec §9, shared by the web app and the printed/PDF forms.
import type { Locale } from './constants';

export const DATE_DISPLAY_FORMATS: Record<Locale, string> = {
  ru: 'DD.MM.YYYY',
  uz: 'DD/MM/YYYY',
  en: 'MM/DD/YYYY',
};
export const ISO_DATE_FORMAT = 'YYYY-MM-DD';
export const LONG_DATE_FORMAT = 'DD MMMM YYYY';
/** 0 = Sunday, 1 = Monday. */
export const WEEK_START: Record<Locale, 0 | 1> = { ru: 1, uz: 1, en: 0 };

/** Formats a 'yyyy-MM-dd' date for display without time-zone arithmetic. */
export function formatIsoDate(iso: string | null | undefined, locale: Locale): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  if (!m) return iso ?? '';
  const [, y, mo, d] = m;
  if (locale === 'ru') return `${d}.${mo}.${y}`;
  if (locale === 'uz') return `${d}/${mo}/${y}`;
  return `${mo}/${d}/${y}`;
}

/**
 * Formats an exact decimal string with the given scale: groups of three separated by a narrow space,
 * comma as decimal separator in ru and uz, point in en. Rounds half-up on the string, never via floats.
 */
export function formatDecimal(value: string | number | null | undefined, locale: Locale, scale = 2): string {
  if (value === null || value === undefined || value === '') return '';
  let s = String(value).trim();
  const negative = s.startsWith('-');
  if (negative) s = s.slice(1);
  if (!/^\d*(\.\d*)?$/.test(s)) return String(value);
  let [int = '0', frac = ''] = s.split('.');
  if (int === '') int = '0';
  if (frac.length > scale) {
    const roundUp = Number(frac[scale]) >= 5;
    frac = frac.slice(0, scale);
    if (roundUp) {
      const digits = (int + frac).split('').map(Number);
      let i = digits.length - 1;
      while (i >= 0) {
        if (digits[i] === 9) {
          digits[i] = 0;
          i--;
        } else {
          digits[i]++;
          break;
        }
      }
      let joined = digits.join('');
      if (i < 0) joined = `1${joined}`;
      int = joined.slice(0, joined.length - scale) || '0';
      frac = joined.slice(joined.length - scale);
    }
  }
  frac = frac.padEnd(scale, '0');
  int = int.replace(/^0+(?=\d)/, '');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  const sep = locale === 'en' ? '.' : ',';
  const isZero = /^0*$/.test(int + frac);
  return `${negative && !isZero ? '-' : ''}${grouped}${scale > 0 ? sep + frac : ''}`;
}
