import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { requestLanguage } from '../errors';
import { actionCatalogue, requireAdminRight, rightsOf } from '../services/access';
import { checkSettingsForm, phoneDigits } from '../services/organizations/settingsForm';
import { getOwnInfo, updateOwnInfo } from '../services/staff/profile';
import { roleActions, setRoleActions } from '../services/staff/roles';
import { endOtherSessions, listSessions } from '../services/staff/sessions';
import {
  addStaff,
  deleteStaff,
  getStaff,
  listStaff,
  listStaffBrief,
  type StaffFilter,
  updateStaff,
} from '../services/staff/staff';
import { describeAction } from './DocumentAccess';
import {
  actionInfo,
  answer,
  BEARER,
  idQuery,
  listAnswer,
  okAnswer,
  ownInfo,
  pageQuery,
  sessionView,
  staffBrief,
  staffView,
  types,
} from './settingsSchemas';

// The Auth group's staff operations (spec §6, §7), mounted at /api/Auth beside the sign-in routes:
// staff of the organisation, the caller's own profile and sessions, and the rights of roles.
// Managing staff and roles needs the admin:staff right; one's own data needs only a session.

const TAGS = ['Auth'];

/** The staff form's person fields (schemas/settings/staff) and the assignment beside it. */
const personFields = {
  FullName: { type: 'string', maxLength: 300 },
  Pinfl: { type: 'string', maxLength: 14 },
  Phone: { type: ['string', 'null'], maxLength: 250 },
  Email: { type: ['string', 'null'], maxLength: 254 },
  Password: { type: ['string', 'null'], maxLength: 128 },
} as const;
const assignmentFields = {
  roleId: types.uuid,
  departmentId: types.nuuid,
  positionId: types.nuuid,
  branchCode: { type: ['string', 'null'], maxLength: 20 },
} as const;

interface PersonBody {
  FullName?: string;
  Pinfl?: string;
  Phone?: string | null;
  Email?: string | null;
  Password?: string | null;
}

/** The person fields present in a body, without nulls (the form's shape). */
function personOf(body: PersonBody): Record<string, string> {
  const person: Record<string, string> = {};
  for (const key of ['FullName', 'Pinfl', 'Phone', 'Email', 'Password'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value !== '') person[key] = value;
  }
  return person;
}

export default async function authStaffRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  const manage = (request: FastifyRequest) =>
    requireAdminRight(app.db, currentUser(request), 'staff', { ip: request.ip });

  app.post<{
    Body: PersonBody & {
      roleId: string;
      departmentId?: string | null;
      positionId?: string | null;
      branchCode?: string | null;
    };
  }>(
    '/addUser',
    {
      schema: {
        tags: TAGS,
        summary:
          'Adds a staff member (a person by PINFL) with a role; a person already known keeps their own name, contacts and password',
        security: BEARER,
        body: {
          type: 'object',
          required: ['FullName', 'Pinfl', 'roleId'],
          additionalProperties: false,
          properties: { ...personFields, ...assignmentFields },
        },
        response: answer({
          type: 'object',
          properties: { staff: staffView, linkedExisting: types.bool },
        }),
      },
    },
    async (request) => {
      await manage(request);
      const person = await checkSettingsForm('staff', personOf(request.body), requestLanguage(request));
      const { roleId, departmentId, positionId, branchCode } = request.body;
      const data = await addStaff(
        app.db,
        currentUser(request),
        {
          pinfl: person.Pinfl,
          fullName: person.FullName,
          phone: phoneDigits(person.Phone),
          email: person.Email ?? null,
          password: person.Password ?? null,
          roleId,
          departmentId,
          positionId,
          branchCode,
        },
        request.ip,
      );
      return { success: true, data };
    },
  );

  app.get<{ Querystring: StaffFilter & { brief?: boolean } }>(
    '/getUsersList',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff of the organisation (brief=true: active staff by name, for any member choosing approvers)',
        security: BEARER,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...pageQuery,
            isActive: types.bool,
            roleId: types.uuid,
            departmentId: types.uuid,
            brief: types.bool,
          },
        },
        response: listAnswer({ anyOf: [staffView, staffBrief] }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.query.brief) {
        const rows = await listStaffBrief(app.db, user);
        return { success: true, data: { rows, totalCount: rows.length } };
      }
      await manage(request);
      return { success: true, data: await listStaff(app.db, user, request.query) };
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/getById',
    {
      schema: {
        tags: TAGS,
        summary: 'One staff member',
        security: BEARER,
        querystring: idQuery,
        response: answer(staffView),
      },
    },
    async (request) => {
      await manage(request);
      return { success: true, data: await getStaff(app.db, currentUser(request), request.query.id) };
    },
  );

  app.put<{
    Body: PersonBody & {
      id: string;
      roleId: string;
      departmentId?: string | null;
      positionId?: string | null;
      branchCode?: string | null;
      isActive?: boolean;
    };
  }>(
    '/updateUser',
    {
      schema: {
        tags: TAGS,
        summary:
          'Changes a staff member: role, department, position, branch, activity (a switched-off member’s sessions end at once); name and contacts of a person the organisation added',
        security: BEARER,
        body: {
          type: 'object',
          required: ['id', 'roleId'],
          additionalProperties: false,
          properties: { id: types.uuid, ...personFields, ...assignmentFields, isActive: types.bool },
        },
        response: answer(staffView),
      },
    },
    async (request) => {
      await manage(request);
      const user = currentUser(request);
      const body = request.body;
      const current = await getStaff(app.db, user, body.id);
      // Validated as the whole form (the PINFL is the member's own and cannot change).
      const person =
        body.FullName !== undefined || body.Phone !== undefined || body.Email !== undefined
          ? await checkSettingsForm(
              'staff',
              personOf({
                FullName: body.FullName ?? current.fullName,
                Pinfl: current.pinfl ?? '',
                Phone: body.Phone,
                Email: body.Email,
              }),
              requestLanguage(request),
            )
          : null;
      const data = await updateStaff(
        app.db,
        user,
        {
          userId: body.id,
          roleId: body.roleId,
          departmentId: body.departmentId,
          positionId: body.positionId,
          branchCode: body.branchCode,
          isActive: body.isActive,
          ...(person
            ? {
                fullName: person.FullName,
                ...(body.Phone !== undefined ? { phone: phoneDigits(body.Phone) } : {}),
                ...(body.Email !== undefined ? { email: body.Email || null } : {}),
              }
            : {}),
        },
        request.ip,
      );
      return { success: true, data };
    },
  );

  app.delete<{ Querystring: { id: string } }>(
    '/deleteUser',
    {
      schema: {
        tags: TAGS,
        summary:
          'Deletes a staff member forever (membership, access, sessions; the person too when the organisation added them)',
        security: BEARER,
        querystring: idQuery,
        response: okAnswer,
      },
    },
    async (request) => {
      await manage(request);
      await deleteStaff(app.db, currentUser(request), request.query.id, request.ip);
      return { success: true, data: {} };
    },
  );

  app.post<{ Body: { userId: string; FullName?: string; Phone?: string | null; Email?: string | null } }>(
    '/updateInfo',
    {
      schema: {
        tags: TAGS,
        summary:
          'Name and contacts of a staff member the organisation added (JSON; the photo the spec’s multipart form carries is not kept)',
        security: BEARER,
        body: {
          type: 'object',
          required: ['userId'],
          additionalProperties: false,
          properties: {
            userId: types.uuid,
            FullName: personFields.FullName,
            Phone: personFields.Phone,
            Email: personFields.Email,
          },
        },
        response: answer(staffView),
      },
    },
    async (request) => {
      await manage(request);
      const user = currentUser(request);
      const current = await getStaff(app.db, user, request.body.userId);
      const { FullName, Phone, Email } = request.body;
      const person = await checkSettingsForm(
        'staff',
        personOf({ FullName: FullName ?? current.fullName, Pinfl: current.pinfl ?? '', Phone, Email }),
        requestLanguage(request),
      );
      const data = await updateStaff(
        app.db,
        user,
        {
          userId: current.userId,
          roleId: current.roleId,
          departmentId: current.departmentId,
          positionId: current.positionId,
          branchCode: current.branchCode,
          fullName: person.FullName,
          ...(Phone !== undefined ? { phone: phoneDigits(Phone) } : {}),
          ...(Email !== undefined ? { email: Email || null } : {}),
        },
        request.ip,
      );
      return { success: true, data };
    },
  );

  app.get(
    '/getUserInfoOwn',
    {
      schema: {
        tags: TAGS,
        summary: 'The signed-in person’s own data',
        security: BEARER,
        response: answer(ownInfo),
      },
    },
    async (request) => ({ success: true, data: await getOwnInfo(app.db, currentUser(request)) }),
  );

  app.post<{ Body: { phone?: string | null; email?: string | null; language?: 'ru' | 'uz' | 'en' | null } }>(
    '/upsertUserInfoOwn',
    {
      schema: {
        tags: TAGS,
        summary: 'Changes one’s own phone, e-mail and interface language',
        security: BEARER,
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
      const user = currentUser(request);
      const { phone, email, language } = request.body;
      const form: Record<string, string> = {};
      if (phone) form.Phone = phone;
      if (email) form.Email = email;
      if (language) form.Language = language;
      await checkSettingsForm('profile', form, requestLanguage(request));
      const data = await updateOwnInfo(
        app.db,
        user,
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

  app.get(
    '/getSessions',
    {
      schema: {
        tags: TAGS,
        summary: 'The signed-in person’s active sessions (this browser’s is current)',
        security: BEARER,
        response: listAnswer(sessionView),
      },
    },
    async (request) => {
      // The access token names its session (refresh-token family): that one is "this browser".
      const user = currentUser(request);
      const rows = await listSessions(app.db, user.userId, user.sessionId ?? null);
      return { success: true, data: { rows, totalCount: rows.length } };
    },
  );

  app.post(
    '/signOutOtherSessions',
    {
      schema: {
        tags: TAGS,
        summary: 'Ends every session of the signed-in person except this browser’s',
        security: BEARER,
        response: answer({ type: 'object', properties: { ended: types.int } }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Without the caller's own session nothing is ended (it would end this one too).
      const ended = user.sessionId ? await endOtherSessions(app.db, user.userId, user.sessionId) : 0;
      return { success: true, data: { ended } };
    },
  );

  app.get(
    '/getAuthActions',
    {
      schema: {
        tags: TAGS,
        summary: 'Every right a role or a staff member can hold',
        security: BEARER,
        response: listAnswer(actionInfo),
      },
    },
    async (request) => {
      const rows = actionCatalogue().map((action) => describeAction(request, action));
      return { success: true, data: { rows, totalCount: rows.length } };
    },
  );

  app.get<{ Querystring: { roleId: string } }>(
    '/getAuthRoleActions',
    {
      schema: {
        tags: TAGS,
        summary: 'The rights a role grants',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['roleId'],
          additionalProperties: false,
          properties: { roleId: types.uuid },
        },
        response: answer({ type: 'array', items: types.str }),
      },
    },
    async (request) => {
      await manage(request);
      return { success: true, data: await roleActions(app.db, currentUser(request), request.query.roleId) };
    },
  );

  app.get(
    '/getAuthRoleActionsForUser',
    {
      schema: {
        tags: TAGS,
        summary: 'The rights the signed-in person holds in this organisation (what the screens show)',
        security: BEARER,
        response: answer({ type: 'array', items: types.str }),
      },
    },
    async (request) => ({ success: true, data: [...(await rightsOf(app.db, currentUser(request)))].sort() }),
  );

  app.post<{ Querystring: { roleId: string }; Body: { actions: string[] } }>(
    '/upsertAuthRoleActions',
    {
      schema: {
        tags: TAGS,
        summary: 'Sets the rights of a custom role (built-in roles are read-only)',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['roleId'],
          additionalProperties: false,
          properties: { roleId: types.uuid },
        },
        body: {
          type: 'object',
          required: ['actions'],
          additionalProperties: false,
          properties: {
            actions: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 100 } },
          },
        },
        response: answer({ type: 'array', items: types.str }),
      },
    },
    async (request) => {
      await manage(request);
      const data = await setRoleActions(
        app.db,
        currentUser(request),
        request.query.roleId,
        request.body.actions,
        request.ip,
      );
      return { success: true, data };
    },
  );
}
