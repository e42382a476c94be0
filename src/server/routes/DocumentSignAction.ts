import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../engine/constants';
import { authenticate } from '../auth';
import { ApiError } from '../errors';
import { translate } from '../i18n';
import { SIGNED_DOCUMENT_BODY_LIMIT } from '../limits';
import {
  callerOf,
  idempotencyKey,
  modelSign,
  resultMessage,
  runAction,
  runAndView,
} from '../services/documents';
import { requireNotStopped } from '../services/documents/workflow';
import { documentView, envelope, errorResponse, uuid } from './documentSchemas';

// /api/DocumentSignAction — what to sign for an action, and taking it (docs/documents-api.md §3).

const TAGS = ['DocumentSignAction'];
const security = [{ bearer: [] }];
const actionName = { type: 'string', pattern: '^[a-z][A-Za-z0-9]{0,40}$' } as const;
const reason = { type: 'string', maxLength: 2000 } as const;
const signature = { type: 'string', minLength: 16, pattern: '^[A-Za-z0-9+/=\\s]+$' } as const;

/** Items one multiRun call takes (a bulk job sends its documents in such chunks). */
export const MULTI_RUN_MAX_ITEMS = 100;

const runItem = {
  type: 'object',
  required: ['documentId', 'action', 'signature'],
  additionalProperties: false,
  properties: {
    documentId: uuid,
    action: actionName,
    signature,
    reason,
    version: { type: 'integer', minimum: 1 },
  },
} as const;

export default async function documentSignActionRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  const ctx = app.documents;

  app.get<{ Querystring: { documentId: string; action: string; reason?: string } }>(
    '/getModelSign',
    {
      schema: {
        tags: TAGS,
        security,
        summary:
          'The exact bytes to sign for an action (base64) and, for a co-signature, the CMS held so far',
        querystring: {
          type: 'object',
          required: ['documentId', 'action'],
          additionalProperties: false,
          properties: { documentId: uuid, action: actionName, reason },
        },
        response: envelope({
          type: 'object',
          properties: {
            documentId: { type: 'string' },
            action: { type: 'string' },
            shape: { type: 'string' },
            toSign: { type: 'string' },
            cms: { type: ['string', 'null'] },
            version: { type: 'integer' },
            reason: { type: ['string', 'null'] },
          },
        }),
      },
    },
    async (request) => {
      const { documentId, action, reason: why } = request.query;
      const caller = callerOf(request);
      const data = await modelSign(ctx, caller, documentId, action, why);
      // Stopped by the caller's organisation (Document/stop): said before anyone signs in vain.
      await requireNotStopped(ctx.db, caller.user.organizationId, documentId);
      return { success: true, data };
    },
  );

  app.post<{
    Body: { documentId: string; action: string; signature: string; reason?: string; version?: number };
  }>(
    '/run',
    {
      bodyLimit: SIGNED_DOCUMENT_BODY_LIMIT,
      schema: {
        tags: TAGS,
        security,
        summary:
          'Take an action with its signature (verified, timestamped, joined) — one transaction; Idempotency-Key honoured',
        body: runItem,
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              code: { type: 'integer' },
              message: { type: 'string' },
              data: documentView,
            },
          },
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
          503: errorResponse,
        },
      },
    },
    async (request) => ({
      success: true,
      ...(await runAndView(
        ctx,
        callerOf(request),
        request.body,
        idempotencyKey(request.headers['idempotency-key']),
      )),
    }),
  );

  app.post<{
    Body: {
      items: Array<{
        documentId: string;
        action: string;
        signature: string;
        reason?: string;
        version?: number;
      }>;
    };
  }>(
    '/multiRun',
    {
      bodyLimit: SIGNED_DOCUMENT_BODY_LIMIT,
      schema: {
        tags: TAGS,
        security,
        summary: 'Take actions on many documents; one answer per document, each in its own transaction',
        body: {
          type: 'object',
          required: ['items'],
          additionalProperties: false,
          properties: {
            items: { type: 'array', minItems: 1, maxItems: MULTI_RUN_MAX_ITEMS, items: runItem },
          },
        },
        response: envelope({
          type: 'array',
          items: {
            type: 'object',
            properties: {
              documentId: { type: 'string' },
              action: { type: 'string' },
              success: { type: 'boolean' },
              code: { type: ['integer', 'string'] },
              message: { type: 'string' },
            },
          },
        }),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const key = idempotencyKey(request.headers['idempotency-key']);
      const results = [];
      for (const [index, item] of request.body.items.entries()) {
        try {
          const outcome = await runAction(ctx, caller, item, key ? `${key}:${index}` : null);
          results.push({
            documentId: item.documentId,
            action: item.action,
            success: true,
            code: outcome.result,
            message: resultMessage(caller.lang, outcome.result),
          });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          results.push({
            documentId: item.documentId,
            action: item.action,
            success: false,
            code: error.code,
            message: translateError(caller.lang, error),
          });
        }
      }
      return { success: true, data: results };
    },
  );
}

const translateError = (lang: Locale, error: ApiError) => translate(lang, error.messageKey, error.params);
