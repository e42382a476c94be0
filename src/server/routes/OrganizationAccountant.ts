import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { requestLanguage } from '../errors';
import { requireAdminRight } from '../services/access';
import {
  getAccountant,
  listAccountants,
  toggleAccountant,
  upsertAccountant,
} from '../services/organizations/accountants';
import { checkSettingsForm } from '../services/organizations/settingsForm';
import { accountantView, answer, BEARER, idQuery, listAnswer, types } from './settingsSchemas';

// /api/OrganizationAccountant (spec §7): accountants a document may name. Any member reads them;
// changing them needs the admin:requisites right. Another organisation's accountant is a 404.

const TAGS = ['OrganizationAccountant'];

export default async function organizationAccountantRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  const edit = (request: FastifyRequest) =>
    requireAdminRight(app.db, currentUser(request), 'requisites', { ip: request.ip });

  app.get(
    '/getAccountants',
    {
      schema: {
        tags: TAGS,
        summary: 'Every accountant, the chief first',
        security: BEARER,
        response: listAnswer(accountantView),
      },
    },
    async (request) => {
      const rows = await listAccountants(app.db, currentUser(request));
      return { success: true, data: { rows, totalCount: rows.length } };
    },
  );

  app.get(
    '/getAccountantsForDocument',
    {
      schema: {
        tags: TAGS,
        summary: 'Active accountants, for a document’s Accountant field',
        security: BEARER,
        response: listAnswer(accountantView),
      },
    },
    async (request) => {
      const rows = await listAccountants(app.db, currentUser(request), { activeOnly: true });
      return { success: true, data: { rows, totalCount: rows.length } };
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/getAccountant',
    {
      schema: {
        tags: TAGS,
        summary: 'One accountant',
        security: BEARER,
        querystring: idQuery,
        response: answer(accountantView),
      },
    },
    async (request) => ({
      success: true,
      data: await getAccountant(app.db, currentUser(request), request.query.id),
    }),
  );

  app.post<{ Body: { id?: string; fullName: string; pinfl?: string | null; isMain?: boolean } }>(
    '/upsertAccountant',
    {
      schema: {
        tags: TAGS,
        summary:
          'Adds an accountant, or changes one (id); isMain: the chief accountant, the company form follows',
        security: BEARER,
        body: {
          type: 'object',
          required: ['fullName'],
          additionalProperties: false,
          properties: {
            id: types.uuid,
            fullName: { type: 'string', maxLength: 300 },
            pinfl: { type: ['string', 'null'], maxLength: 14 },
            isMain: types.bool,
          },
        },
        response: answer(accountantView),
      },
    },
    async (request) => {
      await edit(request);
      const { id, pinfl, ...rest } = request.body;
      if (id) await getAccountant(app.db, currentUser(request), id);
      const form = await checkSettingsForm(
        'accountant',
        { ...rest, ...(pinfl ? { pinfl } : {}) },
        requestLanguage(request),
      );
      return {
        success: true,
        data: await upsertAccountant(
          app.db,
          currentUser(request),
          { ...form, pinfl: form.pinfl ?? null, id },
          request.ip,
        ),
      };
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/toggleAccountantActivation',
    {
      schema: {
        tags: TAGS,
        summary: 'Switches an accountant on or off (spec §7: a GET)',
        security: BEARER,
        querystring: idQuery,
        response: answer(accountantView),
      },
    },
    async (request) => {
      await edit(request);
      return {
        success: true,
        data: await toggleAccountant(app.db, currentUser(request), request.query.id, request.ip),
      };
    },
  );
}
