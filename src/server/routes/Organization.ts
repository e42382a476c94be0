import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { ApiError, requestLanguage } from '../errors';
import { requireAdminRight } from '../services/access';
import { mainAccountant, setChiefAccountant } from '../services/organizations/accountants';
import { deleteBranch, getBranch, listBranches, saveBranch } from '../services/organizations/branches';
import { changeHistory } from '../services/organizations/history';
import { registryLookupOf } from '../services/organizations/registry';
import { applyRegistryChanges, previewRegistryChanges } from '../services/organizations/registryChanges';
import { type CompanyForm, getOrganization, updateRequisites } from '../services/organizations/requisites';
import { checkSettingsForm } from '../services/organizations/settingsForm';
import {
  accountantView,
  answer,
  BEARER,
  branchView,
  companyForm,
  historyEntry,
  idQuery,
  listAnswer,
  okAnswer,
  organizationView,
  pageQuery,
  types,
} from './settingsSchemas';

// /api/Organization (spec §7): the caller's own organisation — its requisites (the company form),
// branches, chief accountant, "change requisites" from the tax authority's registry, and the history
// of settings changes. Any member reads; changing needs the admin:requisites right. Another
// organisation's id is a 404 (public look-ups of other parties are DocumentOrganization's).

const TAGS = ['Organization'];

const branchBody = {
  code: { type: 'string', maxLength: 20 },
  name: { type: 'string', maxLength: 300 },
  address: { type: 'string', maxLength: 500 },
  isActive: types.bool,
} as const;

export default async function organizationRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  const edit = (request: FastifyRequest) =>
    requireAdminRight(app.db, currentUser(request), 'requisites', { ip: request.ip });
  const checkCompany = (request: FastifyRequest) => (form: CompanyForm) =>
    checkSettingsForm('company', form, requestLanguage(request));

  app.get<{ Querystring: { id: string } }>(
    '/getById',
    {
      schema: {
        tags: TAGS,
        summary: 'The caller’s organisation with its requisites (another organisation: 404)',
        security: BEARER,
        querystring: idQuery,
        response: answer(organizationView),
      },
    },
    async (request) => ({
      success: true,
      data: await getOrganization(app.db, currentUser(request), request.query.id),
    }),
  );

  app.get<{ Querystring: { tin: string } }>(
    '/getByTin',
    {
      schema: {
        tags: TAGS,
        summary: 'The caller’s organisation by its TIN/PINFL (any other: 404)',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['tin'],
          additionalProperties: false,
          properties: { tin: { type: 'string', pattern: '^(\\d{9}|\\d{14})$' } },
        },
        response: answer(organizationView),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const own = await getOrganization(app.db, user);
      if (request.query.tin !== own.tin && request.query.tin !== own.pinfl) {
        throw new ApiError(404, 'NOT_FOUND', 'access:errors.organizationNotFound');
      }
      return { success: true, data: own };
    },
  );

  app.put<{ Body: { id: string; version?: string; requisites: CompanyForm } }>(
    '/update',
    {
      schema: {
        tags: TAGS,
        summary: 'Saves the requisites (checked with the company form; version: the one read, else 409)',
        security: BEARER,
        body: {
          type: 'object',
          required: ['id', 'requisites'],
          additionalProperties: false,
          properties: { id: types.uuid, version: { type: 'string', maxLength: 40 }, requisites: companyForm },
        },
        response: answer(organizationView),
      },
    },
    async (request) => {
      await edit(request);
      // Another organisation's id is a 404 before anything about the content is said.
      await getOrganization(app.db, currentUser(request), request.body.id);
      const requisites = await checkCompany(request)(request.body.requisites);
      return {
        success: true,
        data: await updateRequisites(
          app.db,
          currentUser(request),
          { ...request.body, requisites },
          { ip: request.ip },
        ),
      };
    },
  );

  app.get(
    '/getRequisitesChanges',
    {
      schema: {
        tags: TAGS,
        summary:
          'Change requisites, step 1: the tax authority’s data and what would change (nothing is saved)',
        security: BEARER,
        response: answer({
          type: 'object',
          properties: {
            isDemo: types.bool,
            fetched: companyForm,
            changes: {
              type: 'array',
              items: { type: 'object', properties: { field: types.str, from: {}, to: {} } },
            },
            version: types.str,
          },
        }),
      },
    },
    async (request) => ({
      success: true,
      data: await previewRegistryChanges(
        app.db,
        currentUser(request),
        registryLookupOf(app, requestLanguage(request)),
      ),
    }),
  );

  app.post<{ Body: { fields: string[]; version?: string } }>(
    '/applyRequisitesChanges',
    {
      schema: {
        tags: TAGS,
        summary: 'Change requisites, step 2: applies the accepted fields, re-read from the registry',
        security: BEARER,
        body: {
          type: 'object',
          required: ['fields'],
          additionalProperties: false,
          properties: {
            fields: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 40 } },
            version: { type: 'string', maxLength: 40 },
          },
        },
        response: answer(organizationView),
      },
    },
    async (request) => {
      await edit(request);
      const data = await applyRegistryChanges(
        app.db,
        currentUser(request),
        registryLookupOf(app, requestLanguage(request)),
        request.body,
        checkCompany(request),
        request.ip,
      );
      return { success: true, data };
    },
  );

  app.get(
    '/getAccountant',
    {
      schema: {
        tags: TAGS,
        summary: 'The chief accountant (null when none is set)',
        security: BEARER,
        response: answer({ anyOf: [accountantView, { type: 'null' }] }),
      },
    },
    async (request) => ({ success: true, data: await mainAccountant(app.db, currentUser(request)) }),
  );

  app.route<{ Querystring: { userId: string } }>({
    method: ['GET', 'POST'],
    url: '/setAccountant',
    schema: {
      tags: TAGS,
      summary: 'Makes a staff member the chief accountant (the company form’s Accountant follows)',
      security: BEARER,
      querystring: {
        type: 'object',
        required: ['userId'],
        additionalProperties: false,
        properties: { userId: types.uuid },
      },
      response: answer(accountantView),
    },
    handler: async (request) => {
      await edit(request);
      return {
        success: true,
        data: await setChiefAccountant(app.db, currentUser(request), request.query.userId, request.ip),
      };
    },
  });

  app.get(
    '/list',
    {
      schema: {
        tags: TAGS,
        summary: 'Branches of the organisation',
        security: BEARER,
        response: listAnswer(branchView),
      },
    },
    async (request) => {
      const rows = await listBranches(app.db, currentUser(request));
      return { success: true, data: { rows, totalCount: rows.length } };
    },
  );

  app.get<{ Querystring: { parentId: string } }>(
    '/getByParent',
    {
      schema: {
        tags: TAGS,
        summary: 'Branches of an organisation (only the caller’s own: another is a 404)',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['parentId'],
          additionalProperties: false,
          properties: { parentId: types.uuid },
        },
        response: listAnswer(branchView),
      },
    },
    async (request) => {
      const user = currentUser(request);
      await getOrganization(app.db, user, request.query.parentId);
      const rows = await listBranches(app.db, user);
      return { success: true, data: { rows, totalCount: rows.length } };
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/getBranch',
    {
      schema: {
        tags: TAGS,
        summary: 'One branch',
        security: BEARER,
        querystring: idQuery,
        response: answer(branchView),
      },
    },
    async (request) => ({
      success: true,
      data: await getBranch(app.db, currentUser(request), request.query.id),
    }),
  );

  app.post<{ Body: { code: string; name: string; address?: string; isActive?: boolean } }>(
    '/add',
    {
      schema: {
        tags: TAGS,
        summary: 'A new branch (checked with the branch form)',
        security: BEARER,
        body: {
          type: 'object',
          required: ['code', 'name'],
          additionalProperties: false,
          properties: branchBody,
        },
        response: answer(branchView),
      },
    },
    async (request) => {
      await edit(request);
      const branch = await checkSettingsForm('branch', request.body, requestLanguage(request));
      return { success: true, data: await saveBranch(app.db, currentUser(request), branch, request.ip) };
    },
  );

  app.put<{ Body: { id: string; code: string; name: string; address?: string; isActive?: boolean } }>(
    '/updateBranch',
    {
      schema: {
        tags: TAGS,
        summary: 'Changes a branch (its staff follow a new code)',
        security: BEARER,
        body: {
          type: 'object',
          required: ['id', 'code', 'name'],
          additionalProperties: false,
          properties: { id: types.uuid, ...branchBody },
        },
        response: answer(branchView),
      },
    },
    async (request) => {
      await edit(request);
      const { id, ...form } = request.body;
      await getBranch(app.db, currentUser(request), id);
      const branch = await checkSettingsForm('branch', form, requestLanguage(request));
      return {
        success: true,
        data: await saveBranch(app.db, currentUser(request), { ...branch, id }, request.ip),
      };
    },
  );

  app.delete<{ Querystring: { id: string } }>(
    '/delete',
    {
      schema: {
        tags: TAGS,
        summary: 'Deletes a branch (its staff stay, without a branch)',
        security: BEARER,
        querystring: idQuery,
        response: okAnswer,
      },
    },
    async (request) => {
      await edit(request);
      await deleteBranch(app.db, currentUser(request), request.query.id, request.ip);
      return { success: true, data: {} };
    },
  );

  app.get<{ Querystring: { page?: number; pageSize?: number } }>(
    '/getChangeHistory',
    {
      schema: {
        tags: TAGS,
        summary: 'Settings changes and refusals of the organisation: who, when, what changed (newest first)',
        security: BEARER,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { page: pageQuery.page, pageSize: pageQuery.pageSize },
        },
        response: listAnswer(historyEntry),
      },
    },
    async (request) => {
      await edit(request);
      return { success: true, data: await changeHistory(app.db, currentUser(request), request.query) };
    },
  );
}
