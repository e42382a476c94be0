import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getLifecycle, lifecycleKinds } from '../../engine/lifecycle';
import { authenticate, currentUser } from '../auth';
import { ApiError, requestLanguage } from '../errors';
import { documentRightsByKind, requireAdminRight } from '../services/access';
import { auditSettings } from '../services/access/settingsAudit';
import { checkSettingsForm, phoneDigits } from '../services/organizations/settingsForm';
import { getMemberInfo, updateMemberInfo } from '../services/staff/memberInfo';
import { listAgentCandidates, listAllStaff, listStaff, type StaffFilter } from '../services/staff/staff';
import { answer, BEARER, listAnswer, ownInfo, pageQuery, staffView, types } from './settingsSchemas';

// The Auth group's other staff operations (spec §7; docs/auth.md "Staff operations"): the full list,
// the newest-first list, whom a document may name as agent, and a member's own data as the staff
// manager sees it. Scoped to the caller's organisation: another organisation's member is a 404.

const TAGS = ['Auth'];
const userIdQuery = {
  type: 'object',
  required: ['userId'],
  additionalProperties: false,
  properties: { userId: types.uuid },
} as const;

/** Kinds whose documents name an agent of the issuing organisation (lifecycle parties: data). */
const agentKinds = () => lifecycleKinds().filter((kind) => getLifecycle(kind).parties.agent);

export default async function authUsersRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  const manage = (request: FastifyRequest) =>
    requireAdminRight(app.db, currentUser(request), 'staff', { ip: request.ip });

  app.get(
    '/getUserFullList',
    {
      schema: {
        tags: TAGS,
        summary: 'Every member of the organisation, active or not, without pages (admin:staff)',
        security: BEARER,
        response: listAnswer(staffView),
      },
    },
    async (request) => {
      await manage(request);
      const rows = await listAllStaff(app.db, currentUser(request));
      return { success: true, data: { rows, totalCount: rows.length } };
    },
  );

  app.get<{ Querystring: Omit<StaffFilter, 'order'> }>(
    '/getUsersListNew',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff of the organisation, the latest added first, with getUsersList’s filters (admin:staff)',
        security: BEARER,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...pageQuery,
            isActive: types.bool,
            roleId: types.uuid,
            departmentId: types.uuid,
          },
        },
        response: listAnswer(staffView),
      },
    },
    async (request) => {
      await manage(request);
      return {
        success: true,
        data: await listStaff(app.db, currentUser(request), { ...request.query, order: 'newest' }),
      };
    },
  );

  app.get(
    '/getUsersListForAgent',
    {
      schema: {
        tags: TAGS,
        summary:
          'Active members with a PINFL whom a document may name as the organisation’s agent (needs the create right of a kind with an agent)',
        security: BEARER,
        response: listAnswer({
          type: 'object',
          properties: {
            userId: types.uuid,
            fullName: types.str,
            pinfl: types.str,
            positionName: types.nstr,
          },
        }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const kinds = agentKinds();
      const rights = await documentRightsByKind(app.db, user, kinds);
      if (!kinds.some((kind) => rights.get(kind)?.has('create'))) {
        await auditSettings(app.db, user, {
          event: 'access.denied',
          ip: request.ip,
          detail: { action: 'getUsersListForAgent' },
        });
        throw new ApiError(403, 'NO_AUTHORITY', 'access:errors.noAuthority', { kind: kinds.join(', ') });
      }
      const rows = await listAgentCandidates(app.db, user);
      return { success: true, data: { rows, totalCount: rows.length } };
    },
  );

  app.get<{ Querystring: { userId: string } }>(
    '/getUserInfoByUserId',
    {
      schema: {
        tags: TAGS,
        summary:
          'A member’s own data (as getUserInfoOwn shows it to them), for the staff manager (admin:staff)',
        security: BEARER,
        querystring: userIdQuery,
        response: answer(ownInfo),
      },
    },
    async (request) => {
      await manage(request);
      return {
        success: true,
        data: await getMemberInfo(app.db, currentUser(request), request.query.userId),
      };
    },
  );

  app.post<{
    Querystring: { userId: string };
    Body: { phone?: string | null; email?: string | null; language?: 'ru' | 'uz' | 'en' | null };
  }>(
    '/upsertUserInfoByUserId',
    {
      schema: {
        tags: TAGS,
        summary:
          'Changes a member’s phone, e-mail and interface language (a person the organisation added; admin:staff)',
        security: BEARER,
        querystring: userIdQuery,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            phone: { type: ['string', 'null'], maxLength: 250 },
            email: { type: ['string', 'null'], maxLength: 254 },
            language: { type: ['string', 'null'], enum: ['ru', 'uz', 'en', null] },
          },
        },
        response: answer(ownInfo),
      },
    },
    async (request) => {
      await manage(request);
      const { phone, email, language } = request.body;
      const form: Record<string, string> = {};
      if (phone) form.Phone = phone;
      if (email) form.Email = email;
      if (language) form.Language = language;
      await checkSettingsForm('profile', form, requestLanguage(request));
      const data = await updateMemberInfo(
        app.db,
        currentUser(request),
        request.query.userId,
        {
          ...(phone !== undefined ? { phone: phoneDigits(phone) } : {}),
          ...(email !== undefined ? { email: email || null } : {}),
          ...(language !== undefined ? { language } : {}),
        },
        request.ip,
      );
      return { success: true, data };
    },
  );
}
