import type { FastifyInstance } from 'fastify';
import { getKind } from '../../engine';
import { LOCALES } from '../../engine/constants';
import { lifecycleKinds } from '../../engine/lifecycle';
import { authenticate } from '../auth';
import { ApiError } from '../errors';
import { translate } from '../i18n';
import { askTaxAuthority, taxAuthorityOf } from '../services/soliq/instance';
import { kindsWithLot, LOT_PREFIXES } from '../services/soliq/lots';
import {
  BEARER,
  dataAnswer,
  langOf,
  langQuery,
  obj,
  rowsAnswer,
  str,
  TIN_OR_PINFL,
} from './referenceSchemas';

// /api/Lot (spec §7): state-procurement and exchange deals by lot number (uz-edi.md §d.10), whose
// lines an invoice to a budget-funded buyer is built from.

const TAGS = ['Lot'];

export default async function lotRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);

  app.get<{ Querystring: { sellerTin: string; buyerTin: string; lot: string; docType?: string } }>(
    '/GetInfo',
    {
      schema: {
        tags: TAGS,
        summary: 'A deal by lot number between a seller and a buyer: contract and product lines',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['sellerTin', 'buyerTin', 'lot'],
          properties: {
            sellerTin: str('Seller TIN or PINFL', { pattern: TIN_OR_PINFL }),
            buyerTin: str('Buyer TIN', { pattern: TIN_OR_PINFL }),
            lot: str('Lot number with its prefix (CPR-, XT-, DX-P-, SHAFFOF-)', {
              minLength: 3,
              maxLength: 100,
            }),
            docType: str('Document kind the lines are for', { maxLength: 50 }),
          },
        },
        response: dataAnswer(
          obj({
            lotId: str('Lot'),
            sellerTin: str('Seller'),
            buyerTin: str('Buyer'),
            contractNo: { type: ['string', 'null'] },
            contractDate: { type: ['string', 'null'] },
            products: { type: 'array', items: obj() },
            isDemo: { type: 'boolean' },
          }),
        ),
      },
    },
    async (request) => {
      const lot = await askTaxAuthority(() => taxAuthorityOf(app).lot(request.query));
      if (!lot)
        throw new ApiError(404, 'LOT_NOT_FOUND', 'reference:errors.lotNotFound', { lot: request.query.lot });
      return { success: true, data: { ...lot, isDemo: Boolean(lot.isDemo) } };
    },
  );

  app.get(
    '/getLotPrefixes',
    {
      schema: {
        tags: TAGS,
        summary: 'Lot number prefixes by deal type',
        security: BEARER,
        querystring: { type: 'object', properties: langQuery },
        response: rowsAnswer(
          obj({ prefix: str('Prefix'), platform: { type: ['string', 'null'] }, name: str('Deal type') }),
        ),
      },
    },
    async (request) => {
      const lang = langOf(request);
      const rows = LOT_PREFIXES.map((p) => ({
        ...p,
        name: translate(lang, `reference:lotPrefixes.${p.key}`),
      }));
      return { rows, totalCount: rows.length };
    },
  );

  // Version 2 of the list: each prefix's deal type in every language at once (a form shows them
  // without a second call per language) and the document kinds that carry a lot number, with where.
  app.get<{ Querystring: { docType?: string } }>(
    '/getLotPrefixes2',
    {
      schema: {
        tags: TAGS,
        summary:
          'Lot number prefixes with their deal types in ru, uz and en, and the document kinds that carry a lot number',
        security: BEARER,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            docType: str('Only this kind (its key)', { maxLength: 40, pattern: '^[A-Za-z0-9]+$' }),
          },
        },
        response: dataAnswer(
          obj({
            prefixes: {
              type: 'array',
              items: obj({
                prefix: str('Prefix'),
                platform: { type: ['string', 'null'] },
                names: obj({ ru: str('Deal type'), uz: str('Deal type'), en: str('Deal type') }),
              }),
            },
            kinds: {
              type: 'array',
              items: obj({ kind: str('Kind'), pointers: { type: 'array', items: { type: 'string' } } }),
            },
          }),
        ),
      },
    },
    async (request) => {
      const { docType } = request.query;
      if (docType !== undefined && !lifecycleKinds().includes(docType))
        throw new ApiError(400, 'UNKNOWN_DOC_TYPE', 'exchange:errors.unknownDocType', { docType });
      const kinds = kindsWithLot(
        (docType ? [docType] : lifecycleKinds()).map((kind) => ({ kind, schema: getKind(kind).schema })),
      );
      const prefixes = LOT_PREFIXES.map(({ prefix, platform, key }) => ({
        prefix,
        platform,
        names: Object.fromEntries(
          LOCALES.map((lang) => [lang, translate(lang, `reference:lotPrefixes.${key}`)]),
        ),
      }));
      return { success: true, data: { prefixes: docType && !kinds.length ? [] : prefixes, kinds } };
    },
  );
}
