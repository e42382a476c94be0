import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth';
import { ApiError } from '../errors';
import { translate } from '../i18n';
import { reportOutcomes } from '../services/bulk/log';
import { callerOf, modelSign } from '../services/documents';

// /api/DocumentSignAction/multiGetModelSign (spec §7): the exact bytes to sign for many documents in
// one call — the browser loads the key once and signs them in turn, then posts them to multiRun. A
// document whose status changed meanwhile (or whose action is not open to the caller) answers its
// reason instead of bytes, and with a `logId` is recorded as skipped in the multi-sign log.

export const MULTI_GET_MODEL_MAX = 100;

export default async function documentSignActionBulkRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  app.post<{
    Body: { logId?: string; items: { documentId: string; action: string; reason?: string }[] };
  }>(
    '/multiGetModelSign',
    {
      schema: {
        tags: ['DocumentSignAction'],
        security: [{ bearer: [] }],
        summary: 'The exact bytes to sign for many documents; one answer per document',
        body: {
          type: 'object',
          required: ['items'],
          additionalProperties: false,
          properties: {
            logId: {
              type: 'string',
              format: 'uuid',
              description: 'The multi-sign log refusals are recorded in',
            },
            items: {
              type: 'array',
              minItems: 1,
              maxItems: MULTI_GET_MODEL_MAX,
              items: {
                type: 'object',
                required: ['documentId', 'action'],
                additionalProperties: false,
                properties: {
                  documentId: { type: 'string', format: 'uuid' },
                  action: { type: 'string', pattern: '^[A-Za-z]{1,40}$' },
                  reason: { type: 'string', maxLength: 2000 },
                },
              },
            },
          },
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
                    documentId: { type: 'string' },
                    action: { type: 'string' },
                    success: { type: 'boolean' },
                    shape: { type: 'string' },
                    toSign: { type: 'string' },
                    cms: { type: ['string', 'null'] },
                    version: { type: 'integer' },
                    reason: { type: ['string', 'null'] },
                    code: { type: 'string' },
                    message: { type: 'string' },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const answers = [];
      const skipped = [];
      for (const item of request.body.items) {
        try {
          const model = await modelSign(
            app.documents,
            caller,
            item.documentId,
            item.action,
            item.reason ?? null,
          );
          answers.push({ ...model, success: true });
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          const message = translate(caller.lang, err.messageKey, err.params);
          answers.push({
            documentId: item.documentId,
            action: item.action,
            success: false,
            code: err.code,
            message,
          });
          skipped.push({ documentId: item.documentId, outcome: 'skipped' as const, code: err.code, message });
        }
      }
      if (request.body.logId && skipped.length) {
        await reportOutcomes(app.db, caller.user.organizationId, request.body.logId, skipped);
      }
      return { success: true, data: answers };
    },
  );
}
