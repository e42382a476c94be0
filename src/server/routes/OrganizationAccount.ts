import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { requestLanguage } from '../errors';
import { requireAdminRight } from '../services/access';
import {
  type BankAccountInput,
  deleteAccount,
  getAccount,
  listAccounts,
  saveAccount,
  toggleAccount,
} from '../services/organizations/accounts';
import { getOrganization } from '../services/organizations/requisites';
import { checkSettingsForm } from '../services/organizations/settingsForm';
import {
  answer,
  BEARER,
  bankAccountView,
  idQuery,
  listAnswer,
  okAnswer,
  pageQuery,
  types,
} from './settingsSchemas';

// /api/OrganizationAccount (spec §7): the organisation's bank accounts. Any member reads them;
// changing them needs the admin:requisites right. Another organisation's account is a 404.

const TAGS = ['OrganizationAccount'];

const accountBody = {
  account: { type: 'string', maxLength: 27 },
  mfo: { type: 'string', maxLength: 5 },
  bankName: { type: 'string', maxLength: 300 },
  currency: { type: 'string', maxLength: 3 },
  isMain: types.bool,
} as const;

const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { page: pageQuery.page, pageSize: pageQuery.pageSize, isActive: types.bool },
} as const;

export default async function organizationAccountRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  const edit = (request: FastifyRequest) =>
    requireAdminRight(app.db, currentUser(request), 'requisites', { ip: request.ip });
  const checked = (request: FastifyRequest, body: BankAccountInput) =>
    checkSettingsForm('bankAccount', body, requestLanguage(request));

  const list = async (
    request: FastifyRequest<{ Querystring: { page?: number; pageSize?: number; isActive?: boolean } }>,
  ) => ({
    success: true,
    data: await listAccounts(app.db, currentUser(request), request.query),
  });
  const listSchema = (summary: string) => ({
    tags: TAGS,
    summary,
    security: BEARER,
    querystring: listQuery,
    response: listAnswer(bankAccountView),
  });
  app.get(
    '/GetOrganizationAccounts',
    { schema: listSchema('Bank accounts of the organisation, the main one first') },
    list,
  );

  app.get<{ Querystring: { orgId: string; page?: number; pageSize?: number; isActive?: boolean } }>(
    '/getByOrgId',
    {
      schema: {
        ...listSchema('Bank accounts of an organisation (only the caller’s own: another is a 404)'),
        querystring: {
          ...listQuery,
          required: ['orgId'],
          properties: { ...listQuery.properties, orgId: types.uuid },
        },
      },
    },
    async (request) => {
      const { orgId, ...query } = request.query;
      await getOrganization(app.db, currentUser(request), orgId);
      return { success: true, data: await listAccounts(app.db, currentUser(request), query) };
    },
  );

  const one = async (request: FastifyRequest<{ Querystring: { id: string } }>) => ({
    success: true,
    data: await getAccount(app.db, currentUser(request), request.query.id),
  });
  const oneSchema = {
    tags: TAGS,
    summary: 'One bank account',
    security: BEARER,
    querystring: idQuery,
    response: answer(bankAccountView),
  };
  app.get('/getOrganizationAccount', { schema: oneSchema }, one);
  app.get('/getById', { schema: oneSchema }, one);

  app.post<{ Body: BankAccountInput }>(
    '/add',
    {
      schema: {
        tags: TAGS,
        summary: 'A new bank account (the first one becomes the main one)',
        security: BEARER,
        body: {
          type: 'object',
          required: ['account', 'mfo'],
          additionalProperties: false,
          properties: accountBody,
        },
        response: answer(bankAccountView),
      },
    },
    async (request) => {
      await edit(request);
      const input = await checked(request, request.body);
      return { success: true, data: await saveAccount(app.db, currentUser(request), input, request.ip) };
    },
  );

  app.put<{ Body: BankAccountInput & { id: string } }>(
    '/update',
    {
      schema: {
        tags: TAGS,
        summary: 'Changes a bank account (isMain: the company form’s Account and MFO follow)',
        security: BEARER,
        body: {
          type: 'object',
          required: ['id', 'account', 'mfo'],
          additionalProperties: false,
          properties: { id: types.uuid, ...accountBody },
        },
        response: answer(bankAccountView),
      },
    },
    async (request) => {
      await edit(request);
      const { id, ...form } = request.body;
      await getAccount(app.db, currentUser(request), id);
      const input = await checked(request, form);
      return {
        success: true,
        data: await saveAccount(app.db, currentUser(request), { ...input, id }, request.ip),
      };
    },
  );

  app.delete<{ Querystring: { id: string } }>(
    '/delete',
    {
      schema: {
        tags: TAGS,
        summary: 'Deletes a bank account',
        security: BEARER,
        querystring: idQuery,
        response: okAnswer,
      },
    },
    async (request) => {
      await edit(request);
      await deleteAccount(app.db, currentUser(request), request.query.id, request.ip);
      return { success: true, data: {} };
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/toggleActivation',
    {
      schema: {
        tags: TAGS,
        summary: 'Switches a bank account on or off (spec §7: a GET)',
        security: BEARER,
        querystring: idQuery,
        response: answer(bankAccountView),
      },
    },
    async (request) => {
      await edit(request);
      return {
        success: true,
        data: await toggleAccount(app.db, currentUser(request), request.query.id, request.ip),
      };
    },
  );
}
