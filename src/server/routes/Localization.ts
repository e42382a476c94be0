import type { FastifyInstance } from 'fastify';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../engine/constants';
import { ApiError } from '../errors';
import { translate } from '../i18n';
import { namespaces, textRows, valuesOf } from '../services/reference/localization';
import { dataAnswer, langOf, langQuery, obj, pageQuery, rowsAnswer, str } from './referenceSchemas';

// /api/Localization (spec §7): the interface texts in ru, uz and en, read from the locale files.
// Public: the sign-in screens need texts before anyone signs in, and nothing here is private.

const TAGS = ['Localization'];

export default async function localizationRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { type?: string; lang?: string } }>(
    '/getValuesByLang',
    {
      schema: {
        tags: TAGS,
        summary: 'Texts of one namespace (type) or of all, in one language (lang, else Accept-Language)',
        querystring: {
          type: 'object',
          properties: {
            type: str('Namespace: common, errors, forms, reference, …', { pattern: '^[a-zA-Z]{1,40}$' }),
            ...langQuery,
          },
        },
        response: dataAnswer({ type: 'object', additionalProperties: true }),
      },
    },
    async (request) => {
      const lang = langOf(request);
      const { type } = request.query;
      if (type) {
        const values = valuesOf(lang, type);
        if (!values)
          throw new ApiError(404, 'NAMESPACE_NOT_FOUND', 'reference:errors.namespaceNotFound', { type });
        return { success: true, data: values };
      }
      return { success: true, data: Object.fromEntries(namespaces().map((ns) => [ns, valuesOf(lang, ns)])) };
    },
  );

  app.get<{ Querystring: { type?: string; search?: string; page: number; size: number } }>(
    '/getList',
    {
      schema: {
        tags: TAGS,
        summary: 'Every text key (namespace:path) with its three translations; filter by namespace and words',
        querystring: {
          type: 'object',
          properties: {
            type: str('Namespace', { pattern: '^[a-zA-Z]{1,40}$' }),
            search: str('Words of a key or a text', { maxLength: 200 }),
            ...pageQuery,
          },
        },
        response: rowsAnswer(
          obj({
            key: str('namespace:path'),
            ru: { type: ['string', 'null'] },
            uz: { type: ['string', 'null'] },
            en: { type: ['string', 'null'] },
          }),
        ),
      },
    },
    async (request) => {
      const { type, search, page, size } = request.query;
      if (type && !namespaces().includes(type))
        throw new ApiError(404, 'NAMESPACE_NOT_FOUND', 'reference:errors.namespaceNotFound', { type });
      const rows = textRows(type, search);
      return { rows: rows.slice((page - 1) * size, page * size), totalCount: rows.length };
    },
  );

  app.get(
    '/languages',
    {
      schema: {
        tags: TAGS,
        summary: 'The interface languages: code, name in the language asked for, own name, the default',
        querystring: { type: 'object', properties: langQuery },
        response: rowsAnswer(
          obj({
            code: str('ru, uz or en'),
            name: str('Name'),
            nativeName: str('Own name'),
            isDefault: { type: 'boolean' },
          }),
        ),
      },
    },
    async (request) => {
      const lang = langOf(request);
      const rows = LOCALES.map((code: Locale) => ({
        code,
        name: translate(lang, `reference:languages.${code}`),
        nativeName: translate(code, `reference:languages.${code}`),
        isDefault: code === DEFAULT_LOCALE,
      }));
      return { rows, totalCount: rows.length };
    },
  );
}
