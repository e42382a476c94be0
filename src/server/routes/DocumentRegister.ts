import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth';
import { callerOf } from '../services/documents';
import { REGISTER_PAGE_MAX, searchRegister } from '../services/organizations/register';
import { taxAuthorityOf } from '../services/soliq/instance';
import { envelope } from './documentSchemas';
import { registerRow, searchText } from './registerSchemas';

// /api/Document/getDocumentOrgsFull (spec §7: page 1, size 100; issue 27.5): the counterparty
// register — organisations registered here, your counterparties, the tax authority's answer — by
// TIN, PINFL or name, a page at a time. getDocumentOrgs stays the list of your own counterparties.

export default async function documentRegisterRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { search: string; page?: number; size?: number } }>(
    '/getDocumentOrgsFull',
    {
      preHandler: authenticate,
      schema: {
        tags: ['Document'],
        security: [{ bearer: [] }],
        summary: 'The counterparty register by TIN, PINFL or name, a page at a time (size ≤ 100)',
        querystring: {
          type: 'object',
          required: ['search'],
          additionalProperties: false,
          properties: {
            search: searchText,
            page: { type: 'integer', minimum: 1, maximum: 10_000, default: 1 },
            size: { type: 'integer', minimum: 1, maximum: REGISTER_PAGE_MAX, default: REGISTER_PAGE_MAX },
          },
        },
        response: {
          ...envelope({}),
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              rows: { type: 'array', items: registerRow },
              totalCount: { type: 'integer' },
              registryUnavailable: { type: 'boolean' },
            },
          },
        },
      },
    },
    async (request) => ({
      success: true,
      ...(await searchRegister(app.db, taxAuthorityOf(app), callerOf(request), {
        text: request.query.search,
        page: request.query.page,
        size: request.query.size,
      })),
    }),
  );
}
