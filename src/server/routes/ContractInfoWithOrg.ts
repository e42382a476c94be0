import multipart from '@fastify/multipart';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { ApiError } from '../errors';
import { contentDisposition } from '../http/contentDisposition';
import {
  type ContractFile,
  type ContractInput,
  checkContract,
  contractFile,
  deleteContract,
  getContract,
  listContracts,
  saveContract,
} from '../services/reference/org/contracts';
import {
  BEARER,
  dataAnswer,
  errors,
  int,
  obj,
  okAnswer,
  pageQuery,
  rowsAnswer,
  str,
  TIN_OR_PINFL,
} from './referenceSchemas';

// /api/ContractInfoWithOrg (spec §7): the organisation's contracts with counterparties, offered when a
// document asks for its contract. change takes JSON; changeByFile the same fields as multipart with
// the contract's scanned copy (PDF, image or Word, at most 10 MB).

const TAGS = ['ContractInfoWithOrg'];
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const FILE_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);
const DATE = '^\\d{4}-\\d{2}-\\d{2}$';

const contractSchema = obj({
  id: str('Contract id'),
  type: str('sale: we sell to the counterparty; purchase: we buy from it'),
  counterpartyTin: str('Counterparty TIN or PINFL'),
  counterpartyName: { type: ['string', 'null'] },
  contractNo: str('Number'),
  contractDate: str('Date'),
  validUntil: { type: ['string', 'null'] },
  amount: { type: ['string', 'null'], description: 'Exact decimal' },
  currency: { type: ['string', 'null'] },
  note: { type: ['string', 'null'] },
  file: { type: ['object', 'null'], additionalProperties: true },
  version: { type: 'integer' },
  createdAt: str('Created'),
  updatedAt: str('Changed'),
});

const contractFields = {
  id: str('Contract id (to change one)', { format: 'uuid' }),
  version: int('Version read (to change one)', { minimum: 1 }),
  type: str('sale or purchase', { enum: ['sale', 'purchase'] }),
  counterpartyTin: str('Counterparty TIN or PINFL', { pattern: TIN_OR_PINFL }),
  counterpartyName: { type: ['string', 'null'], maxLength: 500 },
  contractNo: str('Number', { minLength: 1, maxLength: 100 }),
  contractDate: str('Date yyyy-MM-dd', { pattern: DATE, format: 'date' }),
  validUntil: { type: ['string', 'null'], pattern: DATE, format: 'date' },
  amount: {
    type: ['string', 'null'],
    description: 'Amount (exact decimal, at most 2 places; a JSON number is taken as its text)',
  },
  currency: { type: ['string', 'null'], pattern: '^[A-Za-z]{3}$' },
  note: { type: ['string', 'null'], maxLength: 2000 },
};
const contractBody = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'counterpartyTin', 'contractNo', 'contractDate'],
  properties: contractFields,
};

const idQuery = {
  type: 'object',
  required: ['Id'],
  properties: { Id: str('Contract id', { format: 'uuid' }) },
};

export default async function contractInfoRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 20 },
    throwFileSizeLimit: true,
  });
  const org = (request: Parameters<typeof currentUser>[0]) => currentUser(request).organizationId;

  app.get<{
    Querystring: {
      type?: 'sale' | 'purchase';
      counterpartyTin?: string;
      search?: string;
      page: number;
      size: number;
    };
  }>(
    '/getList',
    {
      schema: {
        tags: TAGS,
        summary:
          "Your organisation's contracts (type: sale or purchase; a counterparty; words of the number)",
        security: BEARER,
        querystring: {
          type: 'object',
          properties: {
            type: str('sale or purchase', { enum: ['sale', 'purchase'] }),
            counterpartyTin: str('Counterparty TIN or PINFL', { pattern: TIN_OR_PINFL }),
            search: str('Number or TIN', { maxLength: 100 }),
            ...pageQuery,
          },
        },
        response: rowsAnswer(contractSchema),
      },
    },
    async (request) => listContracts(app.db, org(request), request.query),
  );

  app.get<{ Querystring: { Id: string } }>(
    '/get',
    {
      schema: {
        tags: TAGS,
        summary: 'One contract',
        security: BEARER,
        querystring: idQuery,
        response: dataAnswer(contractSchema),
      },
    },
    async (request) => ({ success: true, data: await getContract(app.db, org(request), request.query.Id) }),
  );

  app.get<{ Querystring: { Id: string } }>(
    '/getFile',
    {
      schema: {
        tags: TAGS,
        summary: "The contract's scanned copy",
        security: BEARER,
        querystring: idQuery,
        produces: ['application/pdf', 'image/png', 'image/jpeg', 'application/octet-stream'],
        response: { 404: errors[404] },
      },
    },
    async (request, reply) => {
      const file = await contractFile(app.db, org(request), request.query.Id);
      return reply
        .header('content-type', file.type)
        .header('content-disposition', contentDisposition(file.name))
        .send(file.data);
    },
  );

  app.get<{ Querystring: { counterpartyTin: string; contractNo: string; contractDate?: string } }>(
    '/check',
    {
      schema: {
        tags: TAGS,
        summary: 'Whether a contract with the counterparty under this number (and date) is on file',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['counterpartyTin', 'contractNo'],
          properties: {
            counterpartyTin: contractFields.counterpartyTin,
            contractNo: contractFields.contractNo,
            contractDate: contractFields.contractDate,
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              exists: { type: 'boolean' },
              data: { ...contractSchema, type: ['object', 'null'] },
            },
          },
          ...errors,
        },
      },
    },
    async (request) => {
      const found = await checkContract(app.db, org(request), request.query);
      return { success: true, exists: Boolean(found), data: found };
    },
  );

  app.post<{ Body: ContractInput }>(
    '/change',
    {
      schema: {
        tags: TAGS,
        summary: 'Adds a contract (no id) or changes one (id + the version read; stale → 409)',
        security: BEARER,
        body: contractBody,
        response: dataAnswer(contractSchema),
      },
    },
    async (request) => ({
      success: true,
      data: await saveContract(app.db, org(request), currentUser(request).userId, request.body),
    }),
  );

  app.post(
    '/changeByFile',
    {
      schema: {
        tags: TAGS,
        summary:
          "As change, as multipart fields, with the contract's scanned copy in the field `file` (PDF, PNG, JPEG, Word; ≤ 10 MB)",
        security: BEARER,
        consumes: ['multipart/form-data'],
        response: { ...dataAnswer(contractSchema), 413: errors[400] },
      },
    },
    async (request) => {
      const fields: Record<string, string> = {};
      let file: ContractFile | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (!FILE_TYPES.has(part.mimetype))
              throw new ApiError(400, 'CONTRACT_FILE_TYPE', 'reference:errors.contractFileType');
            file = { name: part.filename || 'contract', type: part.mimetype, data: await part.toBuffer() };
          } else fields[part.fieldname] = String(part.value ?? '');
        }
      } catch (err) {
        if (err instanceof ApiError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new ApiError(413, 'CONTRACT_FILE_TOO_LARGE', 'reference:errors.contractFileTooLarge', {
            mb: 10,
          });
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
          throw new ApiError(400, 'CONTRACT_FILE_REQUIRED', 'reference:errors.contractFileRequired');
        throw err;
      }
      if (!file) throw new ApiError(400, 'CONTRACT_FILE_REQUIRED', 'reference:errors.contractFileRequired');
      const input = validateFields(fields);
      return {
        success: true,
        data: await saveContract(app.db, org(request), currentUser(request).userId, input, file),
      };
    },
  );

  app.delete<{ Querystring: { Id: string } }>(
    '/delete',
    {
      schema: {
        tags: TAGS,
        summary: 'Removes a contract',
        security: BEARER,
        querystring: idQuery,
        response: okAnswer,
      },
    },
    async (request) => {
      await deleteContract(app.db, org(request), request.query.Id);
      return { success: true };
    },
  );
}

/** Multipart fields through the same JSON schema as /change, so both accept exactly the same. */
const ajv = addFormats(new Ajv({ allErrors: true, allowUnionTypes: true }));
const validateContract = ajv.compile(contractBody);

function validateFields(fields: Record<string, string>): ContractInput {
  const input: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (v === '') continue;
    input[k] = k === 'version' && /^\d+$/.test(v) ? Number(v) : v;
  }
  if (!validateContract(input)) {
    throw new ApiError(
      400,
      'VALIDATION',
      'errors:badRequestFields',
      {},
      (validateContract.errors ?? []).map((d) => ({
        path: `body${d.instancePath}`,
        keyword: d.keyword,
        params: d.params as Record<string, unknown>,
        message: d.message ?? '',
      })),
    );
  }
  return input as unknown as ContractInput;
}
