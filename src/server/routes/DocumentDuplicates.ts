import type { FastifyInstance } from 'fastify';
import { lifecycleKinds } from '../../engine/lifecycle';
import { authenticate } from '../auth';
import { DOCUMENT_BODY_LIMIT } from '../limits';
import { requireDocumentRight } from '../services/access';
import { callerOf, loadVisible, requireKind } from '../services/documents';
import { findDuplicate } from '../services/documents/duplicates';
import { anyObject, envelope, uuid } from './documentSchemas';

// /api/Document/findDuplicate — the warning the form shows before saving or sending a document that
// repeats one already sent (issue 26; docs/documents-api.md §4).

export default async function documentDuplicateRoutes(app: FastifyInstance) {
  app.post<{ Querystring: { kind: string; documentId?: string }; Body: unknown }>(
    '/findDuplicate',
    {
      // Checked before the body (a whole document) is read.
      onRequest: authenticate,
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: {
        tags: ['Document'],
        security: [{ bearer: [] }],
        summary:
          'The document of yours already sent that this content repeats (same kind, counterparty, number and date, not cancelled or rejected), or null',
        querystring: {
          type: 'object',
          required: ['kind'],
          additionalProperties: false,
          properties: { kind: { type: 'string', enum: lifecycleKinds() }, documentId: uuid },
        },
        body: anyObject,
        response: envelope({
          type: 'object',
          properties: {
            duplicate: {
              type: ['object', 'null'],
              properties: {
                id: { type: 'string' },
                number: { type: 'string' },
                date: { type: 'string' },
                status: { type: 'integer' },
                statusKey: { type: 'string' },
                statusName: { type: 'string' },
                counterpartyName: { type: ['string', 'null'] },
              },
            },
          },
        }),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      requireKind(request.query.kind);
      await requireDocumentRight(app.db, caller.user, request.query.kind, 'create');
      // The draft being edited is one the caller sees (another organisation's: 404, as everywhere).
      if (request.query.documentId) await loadVisible(app.db, caller, request.query.documentId);
      return {
        success: true,
        data: await findDuplicate(
          app.db,
          caller,
          request.query.kind,
          request.body,
          request.query.documentId ?? null,
        ),
      };
    },
  );
}
