import type { FastifyInstance } from 'fastify';
import { lifecycleKinds } from '../../engine/lifecycle';
import { authenticate } from '../auth';
import { ApiError } from '../errors';
import { DOCUMENT_BODY_LIMIT } from '../limits';
import { requireDocumentRight } from '../services/access';
import { callerOf, loadVisible, requireKind } from '../services/documents';
import { checkDocumentCodes } from '../services/marking/check';
import { askMarkingRegistry, markingRegistryOf } from '../services/marking/instance';
import { anyObject, envelope, uuid } from './documentSchemas';

// /api/Document/checkMarkingCodes — a document's marking codes checked in the marking system's
// registry (ASL BELGISI; services/marking: the real API, or the demo registry in demo mode, its answer
// saying demo: true). The content being edited is sent as the body; with an empty body and a
// documentId, the stored document's codes are checked (a received invoice, say).

const MARKING_CHECK_RATE_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

const lineResult = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    ordinal: { type: 'integer' },
    quantity: {},
    checked: { type: 'integer' },
    valid: { type: 'integer' },
    units: { type: ['integer', 'null'] },
    countMatches: { type: ['boolean', 'null'] },
  },
} as const;

const codeProblem = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    code: { type: 'string' },
    level: { type: 'string', enum: ['consumer', 'group', 'transport'] },
    status: { type: 'string', enum: ['unknown', 'retired', 'otherOwner', 'invalid', 'duplicate'] },
    reason: { type: 'string' },
  },
} as const;

export default async function documentMarkingRoutes(app: FastifyInstance) {
  const registry = markingRegistryOf(app); // read at start: a bad MARKING_* setting stops the server
  app.post<{ Querystring: { kind: string; documentId?: string }; Body: Record<string, unknown> }>(
    '/checkMarkingCodes',
    {
      onRequest: authenticate, // before the body (a whole document) is read
      bodyLimit: DOCUMENT_BODY_LIMIT,
      config: {
        rateLimit: {
          ...MARKING_CHECK_RATE_LIMIT,
          hook: 'onRequest',
          keyGenerator: (request) => `marking:${request.user?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags: ['Document'],
        security: [{ bearer: [] }],
        summary:
          "Check a document's marking codes in the marking system (structure, duplicates, registry status, units by aggregation against each line's quantity)",
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
            registry: { type: 'string', enum: ['http', 'demo'] },
            demo: { type: 'boolean' },
            owner: { type: 'string' },
            checked: { type: 'integer' },
            valid: { type: 'integer' },
            problems: { type: 'integer' },
            lines: { type: 'array', items: lineResult },
            codes: { type: 'array', items: codeProblem },
          },
        }),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { kind, documentId } = request.query;
      requireKind(kind);
      await requireDocumentRight(app.db, caller.user, kind, 'view');
      let content: unknown = request.body;
      if (documentId) {
        const { doc } = await loadVisible(app.db, caller, documentId);
        if (Object.keys(request.body ?? {}).length === 0) {
          if (doc.kind !== kind) throw new ApiError(404, 'NOT_FOUND', 'errors:notFound');
          content = doc.content;
        }
      }
      return {
        success: true,
        data: await askMarkingRegistry(() => checkDocumentCodes(registry, kind, content)),
      };
    },
  );
}
