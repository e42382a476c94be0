// Business constants of spec §9.

export const TIN_LENGTH = 9;
export const PINFL_LENGTH = 14;
export const ORGANIZATION_TIN_MIN = 200_000_000;
export const ORGANIZATION_TIN_MAX = 400_000_000;
export const PASSWORD_MIN_LENGTH = 8;
export const EIMZO_MIN_VERSION = '3.36';

export const LOCALES = ['ru', 'uz', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';
export const LOCALE_STORAGE_KEY = 'user-locale';

export const DEFAULT_PAGE = 1;
export const LIST_PAGE_SIZE = 18;
export const PAGE_SIZE_OPTIONS = [18, 36, 54, 72, 90] as const;
export const LGOTA_PAGE_SIZE = 50;
export const LGOTA_MAX_PAGE_SIZE = 100;
export const CATALOGUE_LOOKUP_PAGE_SIZE = 5;
/** Document/outDocByType and inDocByType answer at most this many rows a page (spec §7, §9). */
export const DOCUMENTS_BY_TYPE_LIMIT = 10_000;
export const FILTER_DEBOUNCE_MS = 600;
export const SIGN_IN_TOAST_DELAY_MS = 200;
export const CERTIFICATE_SEARCH_THRESHOLD = 0.1;
export const CURRENCY_LABEL = 'sum';
export const PHONE_MASK = '+998 (00) 000-00-00';

/** A TIN in this range names an organisation; otherwise the person's PINFL is used. */
export function isOrganizationTin(tin: string): boolean {
  if (!/^\d{9}$/.test(tin)) return false;
  const n = Number(tin);
  return n >= ORGANIZATION_TIN_MIN && n <= ORGANIZATION_TIN_MAX;
}

/** An invoice for a reporting month is sent by this day of the next month (PKM 489; uz-edi.md §d.2). */
export const INVOICE_SENDING_DAY = 10;

/**
 * The organisation a browser tab believes it acts for, sent with every API request (docs/auth.md
 * "Acting for an organisation"): a token for another organisation is refused with 409
 * ORGANIZATION_CHANGED, so a tab left open after a switch in another tab cannot act for the new one.
 */
export const ORGANIZATION_HEADER = 'X-Organization-Id';
