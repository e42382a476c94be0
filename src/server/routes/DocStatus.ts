import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getLifecycle, lifecycleKinds, type StatusDeclaration } from '../../engine/lifecycle';
import { ApiError, requestLanguage } from '../errors';
import { translate } from '../i18n';
import { envelope } from './documentSchemas';

// /api/DocStatus — each kind's statuses, read from its lifecycle.json (public data).

const TAGS = ['DocStatus'];

const status = {
  type: 'object',
  properties: {
    kind: { type: 'string' },
    code: { type: 'integer' },
    key: { type: 'string' },
    name: { type: 'string' },
    final: { type: 'boolean' },
    view: { type: 'boolean' },
    awaiting: { type: 'array', items: { type: 'string' } },
    lists: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

function describe(request: FastifyRequest, kind: string, s: StatusDeclaration) {
  return {
    kind,
    code: s.code,
    key: s.key,
    name: translate(requestLanguage(request), `exchange:status.${s.key}`),
    final: s.final ?? false,
    view: s.view ?? false,
    awaiting: s.awaiting ?? [],
    lists: s.lists ?? {},
  };
}

const kinds = (kind?: string) => {
  if (kind === undefined) return lifecycleKinds();
  if (!lifecycleKinds().includes(kind))
    throw new ApiError(404, 'UNKNOWN_KIND', 'exchange:errors.unknownKind', { kind });
  return [kind];
};

const kindQuery = { kind: { type: 'string', maxLength: 40 } } as const;

export default async function docStatusRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { kind?: string } }>(
    '/getList',
    {
      schema: {
        tags: TAGS,
        summary: 'The statuses of a kind, or of every kind',
        querystring: { type: 'object', additionalProperties: false, properties: kindQuery },
        response: envelope({ type: 'array', items: status }),
      },
    },
    async (request) => ({
      success: true,
      data: kinds(request.query.kind).flatMap((kind) =>
        getLifecycle(kind).statuses.map((s) => describe(request, kind, s)),
      ),
    }),
  );

  app.get<{ Querystring: { kind: string; code: number } }>(
    '/get',
    {
      schema: {
        tags: TAGS,
        summary: 'One status of a kind by its code',
        querystring: {
          type: 'object',
          required: ['kind', 'code'],
          additionalProperties: false,
          properties: { ...kindQuery, code: { type: 'integer', minimum: 0 } },
        },
        response: envelope(status),
      },
    },
    async (request) => {
      const [kind] = kinds(request.query.kind);
      const found = getLifecycle(kind).statuses.find((s) => s.code === request.query.code);
      if (!found)
        throw new ApiError(404, 'UNKNOWN_STATUS', 'exchange:errors.unknownStatus', {
          status: request.query.code,
        });
      return { success: true, data: describe(request, kind, found) };
    },
  );

  app.get<{ Querystring: { kind: string; key: string } }>(
    '/getByKey',
    {
      schema: {
        tags: TAGS,
        summary: 'One status of a kind by its key',
        querystring: {
          type: 'object',
          required: ['kind', 'key'],
          additionalProperties: false,
          properties: { ...kindQuery, key: { type: 'string', maxLength: 60 } },
        },
        response: envelope(status),
      },
    },
    async (request) => {
      const [kind] = kinds(request.query.kind);
      const found = getLifecycle(kind).statuses.find((s) => s.key === request.query.key);
      if (!found)
        throw new ApiError(404, 'UNKNOWN_STATUS', 'exchange:errors.unknownStatus', {
          status: request.query.key,
        });
      return { success: true, data: describe(request, kind, found) };
    },
  );
}
