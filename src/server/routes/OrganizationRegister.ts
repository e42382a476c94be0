import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth';
import { callerOf } from '../services/documents';
import { searchRegister } from '../services/organizations/register';
import { taxAuthorityOf } from '../services/soliq/instance';
import { envelope } from './documentSchemas';
import { registerRow, searchText } from './registerSchemas';

// /api/Organization/getOrgs (spec §7, issue 27.5): the counterparty register's first matches, for a
// picker that suggests while typing. The whole list, a page at a time: Document/getDocumentOrgsFull.

/** What a picker shows at once. */
export const GET_ORGS_LIMIT = 20;

export default async function organizationRegisterRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { str: string } }>(
    '/getOrgs',
    {
      preHandler: authenticate,
      schema: {
        tags: ['Organization'],
        security: [{ bearer: [] }],
        summary: `Organisations known here and to the tax authority by TIN, PINFL or name (the first ${GET_ORGS_LIMIT})`,
        querystring: {
          type: 'object',
          required: ['str'],
          additionalProperties: false,
          properties: { str: searchText },
        },
        response: envelope({
          type: 'object',
          properties: {
            rows: { type: 'array', items: registerRow },
            totalCount: { type: 'integer' },
            registryUnavailable: { type: 'boolean' },
          },
        }),
      },
    },
    async (request) => ({
      success: true,
      data: await searchRegister(app.db, taxAuthorityOf(app), callerOf(request), {
        text: request.query.str,
        size: GET_ORGS_LIMIT,
      }),
    }),
  );
}
