import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { requireAdminRight } from '../services/access';
import {
  deleteDepartment,
  getDepartment,
  listDepartments,
  saveDepartment,
} from '../services/staff/structure';
import {
  answer,
  BEARER,
  departmentView,
  idQuery,
  listAnswer,
  okAnswer,
  pageQuery,
  types,
} from './settingsSchemas';

// /api/Department (spec §7): the organisation's departments, listed 20 a page. Any member reads them;
// changing them needs the admin:staff right.

const TAGS = ['Department'];
const nameBody = { name: { type: 'string', minLength: 1, maxLength: 200 } } as const;

export default async function departmentRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  const manage = (request: FastifyRequest) =>
    requireAdminRight(app.db, currentUser(request), 'staff', { ip: request.ip });

  app.get<{ Querystring: { page?: number; pageSize?: number; search?: string } }>(
    '/list',
    {
      schema: {
        tags: TAGS,
        summary: 'Departments, a page at a time (page 1, pageSize 20 by default)',
        security: BEARER,
        querystring: { type: 'object', additionalProperties: false, properties: pageQuery },
        response: listAnswer(departmentView),
      },
    },
    async (request) => ({
      success: true,
      data: await listDepartments(app.db, currentUser(request), request.query),
    }),
  );

  app.get<{ Querystring: { page?: number; pageSize?: number; search?: string } }>(
    '/listWithEmpty',
    {
      schema: {
        tags: TAGS,
        summary: 'The same page with a first "no department" row (id null), for pickers',
        security: BEARER,
        querystring: { type: 'object', additionalProperties: false, properties: pageQuery },
        response: listAnswer({
          ...departmentView,
          properties: { ...departmentView.properties, id: types.nuuid },
        }),
      },
    },
    async (request) => {
      const page = await listDepartments(app.db, currentUser(request), request.query);
      const empty = {
        id: null,
        name: '',
        staffCount: 0,
        positionsCount: 0,
        updatedAt: new Date(0).toISOString(),
      };
      return { success: true, data: { rows: [empty, ...page.rows], totalCount: page.totalCount } };
    },
  );

  app.get(
    '/getByOrg',
    {
      schema: {
        tags: TAGS,
        summary: 'Every department of the organisation (no paging)',
        security: BEARER,
        response: listAnswer(departmentView),
      },
    },
    async (request) => {
      const first = await listDepartments(app.db, currentUser(request), { pageSize: 100 });
      const rows = [...first.rows];
      for (let page = 2; rows.length < first.totalCount; page++) {
        rows.push(...(await listDepartments(app.db, currentUser(request), { page, pageSize: 100 })).rows);
      }
      return { success: true, data: { rows, totalCount: rows.length } };
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/getById',
    {
      schema: {
        tags: TAGS,
        summary: 'One department',
        security: BEARER,
        querystring: idQuery,
        response: answer(departmentView),
      },
    },
    async (request) => ({
      success: true,
      data: await getDepartment(app.db, currentUser(request), request.query.id),
    }),
  );

  app.post<{ Body: { name: string } }>(
    '/add',
    {
      schema: {
        tags: TAGS,
        summary: 'A new department',
        security: BEARER,
        body: { type: 'object', required: ['name'], additionalProperties: false, properties: nameBody },
        response: answer(departmentView),
      },
    },
    async (request) => {
      await manage(request);
      return {
        success: true,
        data: await saveDepartment(app.db, currentUser(request), request.body, request.ip),
      };
    },
  );

  app.put<{ Body: { id: string; name: string } }>(
    '/update',
    {
      schema: {
        tags: TAGS,
        summary: 'Renames a department',
        security: BEARER,
        body: {
          type: 'object',
          required: ['id', 'name'],
          additionalProperties: false,
          properties: { id: types.uuid, ...nameBody },
        },
        response: answer(departmentView),
      },
    },
    async (request) => {
      await manage(request);
      return {
        success: true,
        data: await saveDepartment(app.db, currentUser(request), request.body, request.ip),
      };
    },
  );

  app.delete<{ Querystring: { id: string } }>(
    '/delete',
    {
      schema: {
        tags: TAGS,
        summary: 'Deletes a department (its staff and positions stay, without a department)',
        security: BEARER,
        querystring: idQuery,
        response: okAnswer,
      },
    },
    async (request) => {
      await manage(request);
      await deleteDepartment(app.db, currentUser(request), request.query.id, request.ip);
      return { success: true, data: {} };
    },
  );
}
