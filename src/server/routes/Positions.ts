import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { requireAdminRight } from '../services/access';
import { deletePosition, getPosition, listPositions, savePosition } from '../services/staff/structure';
import {
  answer,
  BEARER,
  idQuery,
  listAnswer,
  okAnswer,
  pageQuery,
  positionView,
  types,
} from './settingsSchemas';

// /api/Positions (spec §7): job positions, optionally within a department, listed 20 a page. Any
// member reads them; changing them needs the admin:staff right.

const TAGS = ['Positions'];
const positionBody = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  departmentId: types.nuuid,
} as const;

export default async function positionsRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  const manage = (request: FastifyRequest) =>
    requireAdminRight(app.db, currentUser(request), 'staff', { ip: request.ip });

  app.get<{ Querystring: { page?: number; pageSize?: number; search?: string; departmentId?: string } }>(
    '/list',
    {
      schema: {
        tags: TAGS,
        summary: 'Positions, a page at a time (page 1, pageSize 20 by default)',
        security: BEARER,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { ...pageQuery, departmentId: types.uuid },
        },
        response: listAnswer(positionView),
      },
    },
    async (request) => ({
      success: true,
      data: await listPositions(app.db, currentUser(request), request.query),
    }),
  );

  app.get<{ Querystring: { departmentId: string; page?: number; pageSize?: number } }>(
    '/getByDep',
    {
      schema: {
        tags: TAGS,
        summary: 'Positions of one department',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['departmentId'],
          additionalProperties: false,
          properties: { departmentId: types.uuid, page: pageQuery.page, pageSize: pageQuery.pageSize },
        },
        response: listAnswer(positionView),
      },
    },
    async (request) => ({
      success: true,
      data: await listPositions(app.db, currentUser(request), request.query),
    }),
  );

  app.get<{ Querystring: { id: string } }>(
    '/getById',
    {
      schema: {
        tags: TAGS,
        summary: 'One position',
        security: BEARER,
        querystring: idQuery,
        response: answer(positionView),
      },
    },
    async (request) => ({
      success: true,
      data: await getPosition(app.db, currentUser(request), request.query.id),
    }),
  );

  app.post<{ Body: { name: string; departmentId?: string | null } }>(
    '/add',
    {
      schema: {
        tags: TAGS,
        summary: 'A new position',
        security: BEARER,
        body: { type: 'object', required: ['name'], additionalProperties: false, properties: positionBody },
        response: answer(positionView),
      },
    },
    async (request) => {
      await manage(request);
      return {
        success: true,
        data: await savePosition(app.db, currentUser(request), request.body, request.ip),
      };
    },
  );

  app.put<{ Body: { id: string; name: string; departmentId?: string | null } }>(
    '/update',
    {
      schema: {
        tags: TAGS,
        summary: 'Renames a position or moves it to another department',
        security: BEARER,
        body: {
          type: 'object',
          required: ['id', 'name'],
          additionalProperties: false,
          properties: { id: types.uuid, ...positionBody },
        },
        response: answer(positionView),
      },
    },
    async (request) => {
      await manage(request);
      return {
        success: true,
        data: await savePosition(app.db, currentUser(request), request.body, request.ip),
      };
    },
  );

  app.delete<{ Querystring: { id: string } }>(
    '/delete',
    {
      schema: {
        tags: TAGS,
        summary: 'Deletes a position (its staff stay, without a position)',
        security: BEARER,
        querystring: idQuery,
        response: okAnswer,
      },
    },
    async (request) => {
      await manage(request);
      await deletePosition(app.db, currentUser(request), request.query.id, request.ip);
      return { success: true, data: {} };
    },
  );
}
