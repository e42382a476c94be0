import type { FastifyInstance } from 'fastify';
import { listKinds } from '../../engine';
import { authenticate, currentUser } from '../auth';
import { ApiError } from '../errors';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  renameTemplate,
  TEMPLATE_NAME_MAX,
  TEMPLATE_PAGE_SIZES,
} from '../services/templates';

// /api/Template (spec §7: getList, get, change): the caller's organisation's document templates.
// `change` creates ({kind, name, content}), renames ({id, name}) or deletes ({id, delete: true}).

const TAGS = ['Template'];
const BEARER = [{ bearer: [] }];

const errorBody = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    code: { type: 'string' },
    message: { type: 'string' },
    // The field errors of a refusal (they were dropped by this schema).
    errors: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
} as const;

const templateRow = {
  type: 'object',
  required: ['id', 'kind', 'name', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    kind: { type: 'string', description: 'Document kind (schemas/documents/<kind>)' },
    name: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    createdByName: { type: ['string', 'null'] },
  },
} as const;

const templateFull = {
  ...templateRow,
  required: [...templateRow.required, 'content'],
  properties: {
    ...templateRow.properties,
    content: { type: 'object', additionalProperties: true, description: 'The partial document' },
  },
} as const;

const documentKinds = () => listKinds('documents').map((k) => k.kind);

export default async function templateRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);

  app.get<{ Querystring: { kind?: string; search?: string; page?: number; size?: number } }>(
    '/getList',
    {
      schema: {
        tags: TAGS,
        summary: 'The organisation’s templates, newest change first',
        security: BEARER,
        querystring: {
          type: 'object',
          properties: {
            kind: { type: 'string', enum: documentKinds() },
            search: { type: 'string', maxLength: 200, description: 'Part of the name' },
            page: { type: 'integer', minimum: 1, default: 1 },
            size: { type: 'integer', enum: [...TEMPLATE_PAGE_SIZES], default: TEMPLATE_PAGE_SIZES[0] },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: { rows: { type: 'array', items: templateRow }, totalCount: { type: 'integer' } },
          },
          400: errorBody,
          401: errorBody,
        },
      },
    },
    async (request) => {
      const { kind, search, page = 1, size = TEMPLATE_PAGE_SIZES[0] } = request.query;
      return listTemplates(app.db, currentUser(request).organizationId, { kind, search, page, size });
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/get',
    {
      schema: {
        tags: TAGS,
        summary: 'One template with its content',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', format: 'uuid' } },
        },
        response: {
          200: { type: 'object', properties: { success: { type: 'boolean' }, data: templateFull } },
          401: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => ({
      success: true,
      data: await getTemplate(app.db, currentUser(request).organizationId, request.query.id),
    }),
  );

  app.post<{
    Body: { id?: string; kind?: string; name?: string; content?: Record<string, unknown>; delete?: boolean };
  }>(
    '/change',
    {
      schema: {
        tags: TAGS,
        summary:
          'Create ({kind, name, content}), rename ({id, name}) or delete ({id, delete: true}) a template',
        security: BEARER,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            id: { type: 'string', format: 'uuid' },
            kind: { type: 'string', enum: documentKinds() },
            name: { type: 'string', maxLength: TEMPLATE_NAME_MAX + 100 },
            content: { type: 'object', additionalProperties: true },
            delete: { type: 'boolean' },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: { success: { type: 'boolean' }, data: { anyOf: [templateFull, { type: 'null' }] } },
          },
          400: errorBody,
          401: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, kind, name, content } = request.body;
      if (id && request.body.delete === true) {
        await deleteTemplate(app.db, user.organizationId, id);
        return { success: true, data: null };
      }
      if (id)
        return { success: true, data: await renameTemplate(app.db, user.organizationId, id, name ?? '') };
      if (!kind || !content)
        throw new ApiError(400, 'TEMPLATE_INCOMPLETE', 'workspace:errors.templateIncomplete');
      return { success: true, data: await createTemplate(app.db, user, { kind, name: name ?? '', content }) };
    },
  );
}
