import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth';
import { ApiError } from '../errors';
import { requireReferenceAdmin } from '../services/reference/admin';
import { addBank, deleteBank, getBank, listBanks, updateBank } from '../services/reference/banks/store';
import type { BankInput } from '../services/reference/banks/types';
import { bankSchema } from './InvoiceItem';
import { BEARER, dataAnswer, int, MFO, okAnswer, pageQuery, rowsAnswer, str, TIN } from './referenceSchemas';

// /api/BankCodes (spec §7): the banks directory by MFO, kept by the service's reference
// administrators (REFERENCE_ADMIN_TINS); every signed-in user may read it.

const TAGS = ['BankCodes'];

const bankBody = {
  type: 'object',
  additionalProperties: false,
  required: ['mfo', 'name'],
  properties: {
    mfo: str('MFO, 5 digits', { pattern: MFO }),
    name: str('Name as the Central Bank writes it', { minLength: 1, maxLength: 500 }),
    nameRu: { type: ['string', 'null'], maxLength: 500 },
    headMfo: { type: ['string', 'null'], pattern: MFO, description: "The head bank's MFO" },
    tin: { type: ['string', 'null'], pattern: TIN },
    address: { type: ['string', 'null'], maxLength: 1000 },
    isActive: { type: 'boolean', default: true },
  },
} as const;

const idQuery = {
  type: 'object',
  required: ['id'],
  properties: { id: str('MFO, 5 digits', { pattern: MFO }) },
} as const;

export default async function bankCodesRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  const admin = { preHandler: requireReferenceAdmin };

  app.get<{ Querystring: { search?: string; page: number; size: number; includeInactive?: boolean } }>(
    '/list',
    {
      schema: {
        tags: TAGS,
        summary: 'The banks directory (search by MFO or name)',
        security: BEARER,
        querystring: {
          type: 'object',
          properties: {
            search: str('MFO or words of the name', { maxLength: 100 }),
            includeInactive: { type: 'boolean', default: false },
            ...pageQuery,
          },
        },
        response: rowsAnswer(bankSchema),
      },
    },
    async (request) => listBanks(app.db, { ...request.query, activeOnly: !request.query.includeInactive }),
  );

  app.get<{ Querystring: { id: string } }>(
    '/getById',
    {
      schema: {
        tags: TAGS,
        summary: 'One bank by MFO',
        security: BEARER,
        querystring: idQuery,
        response: dataAnswer(bankSchema),
      },
    },
    async (request) => {
      const bank = await getBank(app.db, request.query.id);
      if (!bank)
        throw new ApiError(404, 'BANK_NOT_FOUND', 'reference:errors.bankNotFound', { mfo: request.query.id });
      return { success: true, data: bank };
    },
  );

  app.post<{ Body: BankInput }>(
    '/add',
    {
      ...admin,
      schema: {
        tags: TAGS,
        summary: 'Adds a bank (reference administrators only; an existing MFO is 409)',
        security: BEARER,
        body: bankBody,
        response: dataAnswer(bankSchema),
      },
    },
    async (request) => ({ success: true, data: await addBank(app.db, request.body) }),
  );

  app.put<{ Body: BankInput & { version: number } }>(
    '/update',
    {
      ...admin,
      schema: {
        tags: TAGS,
        summary: 'Changes a bank (reference administrators only; version: the one read, stale → 409)',
        security: BEARER,
        body: {
          ...bankBody,
          required: [...bankBody.required, 'version'],
          properties: { ...bankBody.properties, version: int('Version read', { minimum: 1 }) },
        },
        response: dataAnswer(bankSchema),
      },
    },
    async (request) => {
      const { version, ...bank } = request.body;
      return { success: true, data: await updateBank(app.db, bank, version) };
    },
  );

  app.delete<{ Querystring: { id: string } }>(
    '/delete',
    {
      ...admin,
      schema: {
        tags: TAGS,
        summary: 'Removes a bank (reference administrators only; a head bank with branches is 409)',
        security: BEARER,
        querystring: idQuery,
        response: okAnswer,
      },
    },
    async (request) => {
      await deleteBank(app.db, request.query.id);
      return { success: true };
    },
  );
}
