import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { requestLanguage } from '../errors';
import { translate } from '../i18n';
import { requireAdminRight } from '../services/access';
import { addRole, deleteRole, getRole, listRoles, type RoleView, updateRole } from '../services/staff/roles';
import { answer, BEARER, idQuery, listAnswer, okAnswer, roleView, types } from './settingsSchemas';

// /api/Roles (spec §6, §7): built-in roles (director, accountant, manager, viewer: read-only) and the
// organisation's own roles. Managing them needs the admin:staff right.

const TAGS = ['Roles'];

const roleBody = {
  name: { type: 'string', minLength: 1, maxLength: 100 },
  description: { type: 'string', maxLength: 500 },
} as const;

export default async function rolesRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', async (request) => {
    await requireAdminRight(app.db, currentUser(request), 'staff', { ip: request.ip });
  });

  /** A built-in role's name in the request's language. */
  const named = (request: FastifyRequest, role: RoleView): RoleView =>
    role.code ? { ...role, name: translate(requestLanguage(request), `access:roles.${role.code}`) } : role;

  app.get<{ Querystring: { is_deleted?: boolean; isDeleted?: boolean } }>(
    '/list',
    {
      schema: {
        tags: TAGS,
        summary: 'Roles: the built-in ones and the organisation’s own (is_deleted: the deleted own roles)',
        security: BEARER,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { is_deleted: types.bool, isDeleted: types.bool },
        },
        response: listAnswer(roleView),
      },
    },
    async (request) => {
      const deleted = request.query.is_deleted ?? request.query.isDeleted ?? false;
      const rows = (await listRoles(app.db, currentUser(request), deleted)).map((role) =>
        named(request, role),
      );
      return { success: true, data: { rows, totalCount: rows.length } };
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/get',
    {
      schema: {
        tags: TAGS,
        summary: 'One role',
        security: BEARER,
        querystring: idQuery,
        response: answer(roleView),
      },
    },
    async (request) => ({
      success: true,
      data: named(request, await getRole(app.db, currentUser(request), request.query.id)),
    }),
  );

  app.post<{ Body: { name: string; description?: string; basedOnRoleId?: string; actions?: string[] } }>(
    '/add',
    {
      schema: {
        tags: TAGS,
        summary: 'A custom role, optionally starting with another role’s rights or a list of actions',
        security: BEARER,
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: {
            ...roleBody,
            basedOnRoleId: types.uuid,
            actions: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 100 } },
          },
        },
        response: answer(roleView),
      },
    },
    async (request) => ({
      success: true,
      data: await addRole(app.db, currentUser(request), request.body, request.ip),
    }),
  );

  app.put<{ Body: { id: string; name: string; description?: string } }>(
    '/update',
    {
      schema: {
        tags: TAGS,
        summary: 'Renames a custom role (built-in roles are read-only)',
        security: BEARER,
        body: {
          type: 'object',
          required: ['id', 'name'],
          additionalProperties: false,
          properties: { id: types.uuid, ...roleBody },
        },
        response: answer(roleView),
      },
    },
    async (request) => ({
      success: true,
      data: await updateRole(app.db, currentUser(request), request.body, request.ip),
    }),
  );

  app.delete<{ Querystring: { id: string } }>(
    '/delete',
    {
      schema: {
        tags: TAGS,
        summary: 'Deletes a custom role no staff member holds (409 ROLE_IN_USE otherwise)',
        security: BEARER,
        querystring: idQuery,
        response: okAnswer,
      },
    },
    async (request) => {
      await deleteRole(app.db, currentUser(request), request.query.id, request.ip);
      return { success: true, data: {} };
    },
  );
}
