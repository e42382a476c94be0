import type { FastifyInstance } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { ApiError, requestLanguage } from '../errors';
import { callerOf } from '../services/documents';
import { isTinOrPinfl } from '../services/organizations';
import { requisitesAsOf } from '../services/organizations/requisitesAsOf';
import { taxAuthorityOf } from '../services/soliq/instance';
import { lookupParty, ownParty } from '../services/soliq/partyInfo';

// /api/DocumentOrganization (spec §7): the requisites of a party as the document forms take them,
// from the tax registry (through the adapter of services/soliq) and the organisations registered
// here (services/soliq/partyInfo.ts says which source wins for which field). Any signed-in user may
// look up any TIN/PINFL (business-public requisites, as the operators do); users, phones and e-mails
// of other organisations are never answered.

const TAGS = ['DocumentOrganization'];
const BEARER = [{ bearer: [] }];

const text = (description: string, extra: object = {}) => ({ type: 'string', description, ...extra });

/** The party shape (schemas/defs/party.json + partyRef.json); the serializer drops anything else. */
const orgInfo = {
  type: 'object',
  additionalProperties: false,
  required: ['TinOrPinfl', 'Name'],
  properties: {
    TinOrPinfl: text('TIN (9 digits) or PINFL (14 digits)'),
    Tin: text('TIN of a legal entity (or an individual’s personal TIN)', { pattern: '^\\d{9}$' }),
    Pinfl: text('PINFL of an individual', { pattern: '^\\d{14}$' }),
    Name: text('Name'),
    BranchCode: text('Branch code'),
    BranchName: text('Branch name'),
    VatRegCode: text('VAT registration code (12 digits)', { pattern: '^\\d{12}$' }),
    VatRegStatus: { type: ['integer', 'null'], enum: [20, 21, 22, null], description: 'VAT status' },
    Account: text('Settlement account (20 or 27 digits)'),
    BankId: text('Bank MFO (5 digits)', { pattern: '^\\d{5}$' }),
    Address: text('Address'),
    Oked: text('OKED'),
    DistrictId: text('Region and district code of the invoice party ("2606": region 26, district 06)'),
    Director: text('Director'),
    Accountant: text('Chief accountant'),
    Mobile: text('Mobile phone (own organisation only)'),
    WorkPhone: text('Work phone (own organisation only)'),
    TaxpayerType: { type: 'integer', enum: [10, 20, 21, 22, 30, 50, 60], description: 'Taxpayer type' },
    BankName: text('Name of the bank by its MFO'),
    RegionId: { type: 'integer', description: "The tax authority's region id" },
    RegionName: text('Region'),
    DistrictName: text('District'),
    Source: {
      type: 'string',
      enum: ['registry', 'registered', 'both', 'document'],
      description: 'Which sources answered (document: the earlier document of getOrgInfoByTinAndDoc)',
    },
    AsOf: { type: ['string', 'null'], description: 'getOrgInfoByTinAndDoc: the earlier document’s date' },
    DocumentId: { type: 'string', description: 'getOrgInfoByTinAndDoc: the earlier document' },
    IsDemo: { type: 'boolean', description: 'Labelled demo data' },
    RegistryUnavailable: {
      type: 'boolean',
      description: 'The tax registry could not be asked: only what is registered here is answered',
    },
  },
} as const;

const errorBody = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    code: { type: 'string' },
    message: { type: 'string' },
  },
} as const;

const orgAnswer = {
  200: {
    type: 'object',
    properties: { success: { type: 'boolean' }, data: orgInfo },
  },
  401: errorBody,
  404: errorBody,
  503: errorBody,
} as const;

export default async function documentOrganizationRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);

  app.get<{ Querystring: { tin?: string } }>(
    '/getOrgInfoByTin',
    {
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary:
          'Requisites of an organisation or individual by TIN or PINFL: the tax registry and the organisations registered here',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['tin'],
          properties: { tin: text('TIN (9 digits) or PINFL (14 digits)', { pattern: '^(\\d{9}|\\d{14})$' }) },
        },
        response: { ...orgAnswer, 400: errorBody },
      },
    },
    async (request) => {
      const tin = typeof request.query.tin === 'string' ? request.query.tin.trim() : '';
      if (request.validationError || !isTinOrPinfl(tin)) {
        throw new ApiError(400, 'INVALID_TIN', 'errors:invalidTinOrPinfl', {}, [
          { path: 'querystring/tin', keyword: 'pattern', message: 'TIN (9 digits) or PINFL (14 digits)' },
        ]);
      }
      return {
        success: true,
        data: await lookupParty(app.db, taxAuthorityOf(app), tin, requestLanguage(request)),
      };
    },
  );

  app.get<{ Querystring: { tin: string; documentUid: string; invoiceDate?: string } }>(
    '/getOrgInfoByTinAndDoc',
    {
      schema: {
        tags: TAGS,
        summary:
          'A party’s requisites as of an earlier document of yours (for its corrected or additional document): as that document holds them',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['tin', 'documentUid'],
          additionalProperties: false,
          properties: {
            tin: text('TIN (9 digits) or PINFL (14 digits)', { pattern: '^(\\d{9}|\\d{14})$' }),
            documentUid: text('The earlier document (its id here)', { format: 'uuid' }),
            invoiceDate: text('The earlier document’s date (yyyy-MM-dd); another date is refused', {
              pattern: '^\\d{4}-\\d{2}-\\d{2}$',
            }),
          },
        },
        response: { ...orgAnswer, 400: errorBody, 403: errorBody },
      },
    },
    async (request) => ({
      success: true,
      data: await requisitesAsOf(app.db, callerOf(request), {
        tin: request.query.tin,
        documentId: request.query.documentUid,
        date: request.query.invoiceDate,
      }),
    }),
  );

  app.get(
    '/getOrgInfo',
    {
      schema: {
        tags: TAGS,
        summary: 'Requisites of the organisation the session acts for',
        security: BEARER,
        response: orgAnswer,
      },
    },
    async (request) => {
      const { organizationId } = currentUser(request);
      const data = organizationId ? await ownParty(app.db, organizationId, requestLanguage(request)) : null;
      if (!data) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND', 'errors:ownOrganizationNotFound');
      return { success: true, data };
    },
  );
}
