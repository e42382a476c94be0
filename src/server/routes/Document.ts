import type { FastifyInstance } from 'fastify';
import { checkDocument, getKind, hasKind, listKinds, localizeErrors, type ServerChecker } from '../../engine';
import { ApiError, requestLanguage } from '../errors';
import { translate } from '../i18n';
import { databaseChecker } from '../services/engineChecks';

export interface DocumentRouteOptions {
  /** The validation clock (deadlines); tests pin it. Defaults to the current time. */
  now?: () => Date;
  /** Replaces the database checks (tests). */
  checker?: ServerChecker;
}

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
 * and answers the content with every computed value recomputed by the server.
 */
export default async function documentRoutes(app: FastifyInstance, options: DocumentRouteOptions = {}) {
  app.post<{ Querystring: { kind: string; documentId?: string }; Body: unknown }>(
    '/validate',
    {
      schema: {
        tags: ['Document'],
        summary: 'Validate a document of any kind and recompute its computed values',
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
      const result = await checkDocument(kind, request.body, {
        now: options.now?.() ?? new Date(),
        checker: options.checker ?? databaseChecker(app.db),
        documentId: request.query.documentId,
      });
      if (!result.valid) {
        const lang = requestLanguage(request);
        const errors = localizeErrors(
          result.errors,
          (key, params) => translate(lang, key, params),
          getKind(kind).schema,
        ).map(({ path, keyword, key, params, message }) => ({ path, keyword, key, params, message }));
        throw new ApiError(400, 'VALIDATION', 'validation:documentInvalid', { count: errors.length }, errors);
      }
      return { success: true, data: { content: result.content } };
    },
  );
}
