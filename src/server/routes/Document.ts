import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { hasKind, listKinds, type ServerChecker } from '../../engine';
import { authenticate } from '../auth';
import { ApiError, requestLanguage } from '../errors';
import { DOCUMENT_BODY_LIMIT } from '../limits';
import { checkDocumentBounded, documentInvalid } from '../services/documentCheck';
import { callerOf, loadVisible } from '../services/documents';
import { databaseChecker } from '../services/engineChecks';

export interface DocumentRouteOptions {
  /** The validation clock (deadlines); tests pin it. Defaults to the current time. */
  now?: () => Date;
  /** Replaces the database checks (tests). */
  checker?: ServerChecker;
  /** Replaces the session check (tests of validation alone); defaults to `authenticate`. */
  authenticate?: onRequestHookHandler;
}

/** Validations per signed-in person and minute: a form submits far fewer; a script gets 429. */
export const VALIDATE_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

const errorItem = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    keyword: { type: 'string' },
    key: { type: 'string' },
    params: { type: 'object', additionalProperties: true },
    message: { type: 'string' },
  },
};

/**
 * Document group (mounted at /api/Document). POST /validate?kind=… validates any document kind with
 * the kind's bundled schema and the shared keywords, runs the database checks the schema declares,
 * and answers the content with every computed value recomputed by the server. Signed in only, checked
 * before the body is read; rate-limited per person; work bounded (services/documentCheck.ts).
 */
export default async function documentRoutes(app: FastifyInstance, options: DocumentRouteOptions = {}) {
  app.post<{ Querystring: { kind: string; documentId?: string }; Body: unknown }>(
    '/validate',
    {
      onRequest: options.authenticate ?? authenticate,
      bodyLimit: DOCUMENT_BODY_LIMIT,
      config: {
        rateLimit: {
          ...VALIDATE_RATE_LIMIT,
          hook: 'onRequest',
          keyGenerator: (request) => `validate:${request.user?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags: ['Document'],
        summary: 'Validate a document of any kind and recompute its computed values',
        security: [{ bearer: [] }],
        querystring: {
          type: 'object',
          required: ['kind'],
          properties: {
            documentId: {
              type: 'string',
              format: 'uuid',
              description: 'The stored document being updated, if any',
            },
            kind: {
              type: 'string',
              enum: [...listKinds('documents'), ...listKinds('settings')].map((k) => k.kind),
            },
          },
        },
        body: { type: 'object' },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: {
                type: 'object',
                properties: { content: { type: 'object', additionalProperties: true } },
              },
            },
          },
          400: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              code: { type: 'string' },
              message: { type: 'string' },
              errors: { type: 'array', items: errorItem },
            },
          },
        },
      },
    },
    async (request) => {
      const { kind } = request.query;
      if (!hasKind(kind)) throw new ApiError(404, 'NOT_FOUND', 'errors:notFound');
      // The document being edited must be one the caller sees: another organisation's id is a 404.
      const caller = request.user ? callerOf(request) : null;
      if (caller && request.query.documentId) await loadVisible(app.db, caller, request.query.documentId);
      const result = await checkDocumentBounded(kind, request.body, {
        now: options.now?.() ?? new Date(),
        checker: options.checker ?? databaseChecker(app.db),
        documentId: request.query.documentId,
        identity: caller?.identity,
      });
      if (!result.valid) throw documentInvalid(requestLanguage(request), kind, result);
      return { success: true, data: { content: result.content } };
    },
  );
}
