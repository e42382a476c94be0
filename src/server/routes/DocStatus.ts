import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getLifecycle, lifecycleKinds, type StatusDeclaration } from '../../engine/lifecycle';
import { authenticate, currentUser } from '../auth';
import { ApiError, requestLanguage } from '../errors';
import { translate } from '../i18n';
import { requireAdminRight } from '../services/access';
import {
  addOwnStatus,
  deleteOwnStatus,
  listOwnStatuses,
  updateOwnStatus,
} from '../services/documents/workflow';
import { envelope, uuid } from './documentSchemas';

// /api/DocStatus — each kind's statuses, read from its lifecycle.json (public data); and the
// organisation's own statuses (add, update, delete, getList?own=true; services/documents/workflow.ts),
// which Document/updateStatus sets on a document. Changing them needs the admin:staff right.

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

const ownStatus = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    color: { type: ['string', 'null'] },
    version: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;
const ownFields = {
  name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S', description: 'As people read it' },
  color: { type: ['string', 'null'], pattern: '^#[0-9a-fA-F]{6}$', description: '#rrggbb' },
} as const;
const security = [{ bearer: [] }];

export default async function docStatusRoutes(app: FastifyInstance) {
  const manage = async (request: FastifyRequest) => {
    await authenticate(request, {} as FastifyReply);
    await requireAdminRight(app.db, currentUser(request), 'staff', { ip: request.ip });
    return currentUser(request);
  };

  app.get<{ Querystring: { kind?: string; own?: boolean } }>(
    '/getList',
    {
      schema: {
        tags: TAGS,
        summary:
          'The statuses of a kind, or of every kind; own=true: your organisation’s own statuses (signed in)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { ...kindQuery, own: { type: 'boolean' } },
        },
        response: envelope({
          type: 'array',
          items: { type: 'object', properties: { ...status.properties, ...ownStatus.properties } },
        }),
      },
    },
    async (request, reply) => {
      if (request.query.own) {
        await authenticate(request, reply);
        return { success: true, data: await listOwnStatuses(app.db, currentUser(request)) };
      }
      return {
        success: true,
        data: kinds(request.query.kind).flatMap((kind) =>
          getLifecycle(kind).statuses.map((s) => describe(request, kind, s)),
        ),
      };
    },
  );

  app.post<{ Body: { name: string; color?: string | null } }>(
    '/add',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Adds one of your organisation’s own document statuses (admin:staff)',
        body: { type: 'object', required: ['name'], additionalProperties: false, properties: ownFields },
        response: envelope(ownStatus),
      },
    },
    async (request) => ({
      success: true,
      data: await addOwnStatus(app.db, await manage(request), request.body),
    }),
  );

  app.put<{ Body: { id: string; name: string; color?: string | null; version: number } }>(
    '/update',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Renames or recolours one of your own statuses; the version you read (409 when stale)',
        body: {
          type: 'object',
          required: ['id', 'name', 'version'],
          additionalProperties: false,
          properties: {
            id: uuid,
            ...ownFields,
            version: { type: 'integer', minimum: 1, maximum: 2147483647 },
          },
        },
        response: envelope(ownStatus),
      },
    },
    async (request) => ({
      success: true,
      data: await updateOwnStatus(app.db, await manage(request), request.body),
    }),
  );

  // DELETE, not the spec's GET: a GET must not change anything (link previews, prefetch, retries).
  app.delete<{ Querystring: { id: string } }>(
    '/delete',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Deletes one of your own statuses; documents that carried it carry none',
        querystring: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id: uuid },
        },
        response: envelope({}),
      },
    },
    async (request) => {
      await deleteOwnStatus(app.db, await manage(request), request.query.id);
      return { success: true };
    },
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
