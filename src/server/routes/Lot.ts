import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth';
import { ApiError } from '../errors';
import { translate } from '../i18n';
import { askTaxAuthority, taxAuthorityOf } from '../services/soliq/instance';
import { LOT_PREFIXES } from '../services/soliq/lots';
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
}
