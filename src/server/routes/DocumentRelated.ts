import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth';
import { callerOf } from '../services/documents';
import { relatedDocuments } from '../services/related';

// /api/Document/getRelated — the documents a document refers to, as the view page links them
// (original invoice, waybills, empowerment …). A workspace addition beside the Document group's
// routes (same prefix, its own plugin).

const errorBody = {
  type: 'object',
  properties: { success: { type: 'boolean' }, code: { type: 'string' }, message: { type: 'string' } },
} as const;

export default async function documentRelatedRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  app.get<{ Querystring: { documentId: string } }>(
    '/getRelated',
    {
      schema: {
        tags: ['Document'],
        summary: 'The documents this one refers to that you can see (original, waybills, empowerment …)',
        security: [{ bearer: [] }],
        querystring: {
          type: 'object',
          required: ['documentId'],
          additionalProperties: false,
          properties: { documentId: { type: 'string', format: 'uuid' } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    path: { type: 'string' },
                    nationalId: { type: 'string' },
                    document: {
                      type: 'object',
                      properties: {
                        id: { type: 'string' },
                        kind: { type: 'string' },
                        number: { type: ['string', 'null'] },
                        date: { type: ['string', 'null'] },
                        viewStatus: { type: 'integer' },
                        statusKey: { type: ['string', 'null'] },
                      },
                    },
                  },
                },
              },
            },
          },
          401: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => ({
      success: true,
      data: await relatedDocuments(app.db, callerOf(request), request.query.documentId),
    }),
  );
}
