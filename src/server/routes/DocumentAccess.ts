import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { requestLanguage } from '../errors';
import { translate } from '../i18n';
import { type ActionInfo, actionCatalogue, requireAdminRight } from '../services/access';
import { approvalKinds, setApprovalKinds } from '../services/access/approvalSettings';
import { accessList, changeAccess } from '../services/access/userAccess';
import {
  accessList as accessListSchema,
  actionInfo,
  answer,
  BEARER,
  listAnswer,
  types,
} from './settingsSchemas';

// /api/DocumentAccess (spec §6, §7): the catalogue of rights, one staff member's access matrix
// (kinds × rights, from their role and their own overrides) and changes to the overrides; which kinds
// need approval before sending. All need the admin:staff right.

const TAGS = ['DocumentAccess'];

/** Localized titles of a catalogue entry (the browser shows them; integrators read codes). */
export function describeAction(request: FastifyRequest, action: ActionInfo) {
  const lang = requestLanguage(request);
  return { ...action, title: translate(lang, action.titleKey), rightName: translate(lang, action.rightKey) };
}

export default async function documentAccessRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', async (request) => {
    await requireAdminRight(app.db, currentUser(request), 'staff', { ip: request.ip });
  });

  app.get(
    '/getActionsList',
    {
      schema: {
        tags: TAGS,
        summary:
          'Every right: document kinds × view, create, send/cancel, accept/reject, and the administrative rights',
        security: BEARER,
        response: listAnswer(actionInfo),
      },
    },
    async (request) => {
      const rows = actionCatalogue().map((action) => describeAction(request, action));
      return { success: true, data: { rows, totalCount: rows.length } };
    },
  );

  app.get<{ Querystring: { userId: string } }>(
    '/getAccessList',
    {
      schema: {
        tags: TAGS,
        summary: 'A staff member’s rights: what their role grants, their overrides and what holds',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['userId'],
          additionalProperties: false,
          properties: { userId: types.uuid },
        },
        response: answer(accessListSchema),
      },
    },
    async (request) => ({
      success: true,
      data: await accessList(app.db, currentUser(request), request.query.userId),
    }),
  );

  app.post<{ Body: { userId: string; changes: Array<{ action: string; allowed: boolean | null }> } }>(
    '/change',
    {
      schema: {
        tags: TAGS,
        summary: 'Per-user overrides: allowed true grants, false withholds, null follows the role',
        security: BEARER,
        body: {
          type: 'object',
          required: ['userId', 'changes'],
          additionalProperties: false,
          properties: {
            userId: types.uuid,
            changes: {
              type: 'array',
              maxItems: 1000,
              items: {
                type: 'object',
                required: ['action', 'allowed'],
                additionalProperties: false,
                properties: {
                  action: { type: 'string', maxLength: 100 },
                  allowed: { type: ['boolean', 'null'] },
                },
              },
            },
          },
        },
        response: answer(accessListSchema),
      },
    },
    async (request) => ({
      success: true,
      data: await changeAccess(
        app.db,
        currentUser(request),
        request.body.userId,
        request.body.changes,
        request.ip,
      ),
    }),
  );

  const approvalAnswer = answer({
    type: 'object',
    properties: { kinds: { type: 'array', items: types.str } },
  });

  app.get(
    '/getApprovalSettings',
    {
      schema: {
        tags: TAGS,
        summary: 'Document kinds that need an approved internal agreement before they may be sent',
        security: BEARER,
        response: approvalAnswer,
      },
    },
    async (request) => ({
      success: true,
      data: { kinds: await approvalKinds(app.db, currentUser(request).organizationId) },
    }),
  );

  app.post<{ Body: { kinds: string[] } }>(
    '/changeApprovalSettings',
    {
      schema: {
        tags: TAGS,
        summary: 'Sets the kinds that need approval before sending',
        security: BEARER,
        body: {
          type: 'object',
          required: ['kinds'],
          additionalProperties: false,
          properties: { kinds: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 60 } } },
        },
        response: approvalAnswer,
      },
    },
    async (request) => ({
      success: true,
      data: { kinds: await setApprovalKinds(app.db, currentUser(request), request.body.kinds, request.ip) },
    }),
  );
}
