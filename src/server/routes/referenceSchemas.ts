import type { FastifyRequest } from 'fastify';
import { LOCALES, type Locale } from '../../engine/constants';
import { requestLanguage } from '../errors';

// JSON-schema pieces shared by the reference groups (InvoiceItem, Regions, Banks, BankCodes, Soliq,
// Factura, Lot, Localization, Pkcs, OrgSetting, ContractInfoWithOrg, Questions, the classifier calls
// of Document), so every route declares its parameters and answers for OpenAPI the same way.

export const BEARER = [{ bearer: [] }];

export const errorBody = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    code: { type: 'string' },
    message: { type: 'string' },
    errors: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
} as const;

export const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  503: errorBody,
} as const;

export const str = (description: string, extra: object = {}) => ({ type: 'string', description, ...extra });
export const int = (description: string, extra: object = {}) => ({ type: 'integer', description, ...extra });
export const nullable = (type: string, description: string) => ({ type: [type, 'null'], description });

/** A free-shaped object in an answer: documented fields, others passed through. */
export const obj = (properties: Record<string, object> = {}) => ({
  type: 'object',
  additionalProperties: true,
  properties,
});

export const pageQuery = {
  page: int('Page, from 1', { minimum: 1, default: 1 }),
  size: int('Rows per page', { minimum: 1, maximum: 100, default: 50 }),
} as const;

export const langQuery = {
  lang: str('Language of the names: ru, uz or en (default: Accept-Language)', { enum: [...LOCALES] }),
} as const;

export const rowsAnswer = (row: object) => ({
  200: {
    type: 'object',
    properties: { rows: { type: 'array', items: row }, totalCount: { type: 'integer' } },
  },
  ...errors,
});

export const dataAnswer = (data: object) => ({
  200: { type: 'object', properties: { success: { type: 'boolean' }, data } },
  ...errors,
});

export const okAnswer = { 200: { type: 'object', properties: { success: { type: 'boolean' } } }, ...errors };

/** The language asked for by `lang`, else by Accept-Language, else the group's default. */
export function langOf(request: FastifyRequest, fallback?: Locale): Locale {
  const asked = (request.query as { lang?: string } | undefined)?.lang;
  if (asked && (LOCALES as readonly string[]).includes(asked)) return asked as Locale;
  if (fallback && !request.headers['accept-language']) return fallback;
  return requestLanguage(request);
}

/** `{rows, totalCount}` for a whole list (small reference lists are not paged). */
export const allRows = <T>(rows: T[]) => ({ rows, totalCount: rows.length });

export const TIN_OR_PINFL = '^(\\d{9}|\\d{14})$';
export const TIN = '^\\d{9}$';
export const MFO = '^\\d{5}$';
export const MXIK = '^\\d{17}$';
