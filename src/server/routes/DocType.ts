import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getKind } from '../../engine';
import { getLifecycle, lifecycleKinds } from '../../engine/lifecycle';
import { ApiError, requestLanguage } from '../errors';
import { translate } from '../i18n';
import { envelope } from './documentSchemas';

// /api/DocType — the document kinds, read from their folders (public data: what an integrator needs).

const TAGS = ['DocType'];

const docType = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    key: { type: 'string' },
    name: { type: 'string' },
    didoxCode: { type: ['string', 'null'] },
    taxRoles: {
      type: ['object', 'null'],
      properties: { send: { type: 'integer' }, accept: { type: 'integer' } },
    },
  },
} as const;

function describe(request: FastifyRequest, kind: string) {
  const lifecycle = getLifecycle(kind);
  return {
    id: lifecycle.typeId,
    key: kind,
    name: translate(requestLanguage(request), getKind(kind).titleKey),
    didoxCode: lifecycle.didoxCode ?? null,
    taxRoles: lifecycle.taxRoles ?? null,
  };
}

export function kindByTypeId(id: number): string | null {
  return lifecycleKinds().find((kind) => getLifecycle(kind).typeId === id) ?? null;
}

const unknown = () => new ApiError(404, 'UNKNOWN_KIND', 'exchange:errors.unknownKind', {});

export default async function docTypeRoutes(app: FastifyInstance) {
  app.get(
    '/getList',
    {
      schema: {
        tags: TAGS,
        summary: 'Every document kind',
        response: envelope({ type: 'array', items: docType }),
      },
    },
    async (request) => ({
      success: true,
      data: lifecycleKinds().map((kind) => describe(request, kind)),
    }),
  );

  app.get<{ Querystring: { id: number } }>(
    '/get',
    {
      schema: {
        tags: TAGS,
        summary: 'One kind by its id',
        querystring: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id: { type: 'integer' } },
        },
        response: envelope(docType),
      },
    },
    async (request) => {
      const kind = kindByTypeId(request.query.id);
      if (!kind) throw unknown();
      return { success: true, data: describe(request, kind) };
    },
  );

  const byKey = {
    type: 'object',
    required: ['key'],
    additionalProperties: false,
    properties: { key: { type: 'string', maxLength: 40 } },
  } as const;

  app.get<{ Querystring: { key: string } }>(
    '/getIdByKey',
    {
      schema: {
        tags: TAGS,
        summary: 'The id of a kind',
        querystring: byKey,
        response: envelope({ type: 'integer' }),
      },
    },
    async (request) => {
      if (!lifecycleKinds().includes(request.query.key)) throw unknown();
      return { success: true, data: getLifecycle(request.query.key).typeId };
    },
  );

  app.get<{ Querystring: { key: string } }>(
    '/getByKey',
    {
      schema: { tags: TAGS, summary: 'One kind by its key', querystring: byKey, response: envelope(docType) },
    },
    async (request) => {
      if (!lifecycleKinds().includes(request.query.key)) throw unknown();
      return { success: true, data: describe(request, request.query.key) };
    },
  );
}
