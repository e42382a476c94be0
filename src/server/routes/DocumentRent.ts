import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth';
import { callerOf } from '../services/documents';
import { askTaxAuthority, taxAuthorityOf } from '../services/soliq/instance';
import { envelope, identity } from './documentSchemas';

// /api/Document/getRentedContracts (spec §7, issue 27.5): the rent contracts registered with the tax
// authority between the caller (the lessor, the invoice's seller) and a buyer — what the invoice's
// rent block (FacturaRentDoc: RentId, RentFrom, RentTo) is filled from. The demo registry's are
// labelled demo; without the tax authority the localized 503 (the block is then typed by hand).

const contract = {
  type: 'object',
  properties: {
    rentId: { type: 'string', description: 'the invoice’s RentId' },
    lessorTin: { type: 'string' },
    lesseeTin: { type: 'string' },
    contractNo: { type: ['string', 'null'] },
    contractDate: { type: ['string', 'null'] },
    from: { type: 'string', description: 'RentFrom, yyyy-MM-dd' },
    to: { type: 'string', description: 'RentTo, yyyy-MM-dd' },
    address: { type: ['string', 'null'], description: 'the rented object' },
    isDemo: { type: 'boolean' },
  },
} as const;

export default async function documentRentRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { buyerTin: string } }>(
    '/getRentedContracts',
    {
      preHandler: authenticate,
      schema: {
        tags: ['Document'],
        security: [{ bearer: [] }],
        summary: 'Rent contracts registered with the tax authority between you (the lessor) and the buyer',
        querystring: {
          type: 'object',
          required: ['buyerTin'],
          additionalProperties: false,
          properties: { buyerTin: identity },
        },
        response: envelope({ type: 'array', items: contract }),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const authority = taxAuthorityOf(app);
      const rows = await askTaxAuthority(() =>
        authority.rentContracts({ sellerTin: caller.identity, buyerTin: request.query.buyerTin }),
      );
      return { success: true, data: rows.map((row) => ({ ...row, isDemo: row.isDemo === true })) };
    },
  );
}
