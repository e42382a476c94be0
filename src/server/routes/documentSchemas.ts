// JSON schemas of the Document and DocumentSignAction groups (OpenAPI through @fastify/swagger).
import { DIRECTIONS, PAGE_SIZES } from '../services/documents';

export const uuid = { type: 'string', format: 'uuid' } as const;
export const isoDate = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
export const identity = { type: 'string', pattern: '^(\\d{9}|\\d{14})$' } as const;

export const errorItem = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    keyword: { type: 'string' },
    key: { type: 'string' },
    params: { type: 'object', additionalProperties: true },
    message: { type: 'string' },
  },
} as const;

export const errorResponse = {
  type: 'object',
  properties: {
    success: { type: 'boolean', const: false },
    code: { type: 'string' },
    message: { type: 'string' },
    errors: { type: 'array', items: errorItem },
  },
} as const;

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  422: errorResponse,
};

export const envelope = (data: object) =>
  ({
    200: { type: 'object', properties: { success: { type: 'boolean' }, data } },
    ...errors,
  }) as const;

export const anyObject = { type: 'object', additionalProperties: true } as const;

export const documentIdQuery = {
  type: 'object',
  required: ['documentId'],
  additionalProperties: false,
  properties: { documentId: uuid },
} as const;

const party = {
  type: 'object',
  properties: {
    roles: { type: 'array', items: { type: 'string' } },
    identity: { type: 'string' },
    name: { type: ['string', 'null'] },
    branch: { type: ['string', 'null'] },
    hasAccount: { type: 'boolean' },
    acted: { type: 'array', items: { type: 'string' } },
  },
} as const;

export const actionView = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    kind: { type: 'string', enum: ['sign', 'local'] },
    shape: { type: 'string' },
    reason: { type: 'string', enum: ['none', 'optional', 'required'] },
    result: { type: 'integer' },
  },
} as const;

const nullableString = { type: ['string', 'null'] } as const;
const nullableDate = { type: ['string', 'null'], format: 'date-time' } as const;

export const documentView = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    kind: { type: 'string' },
    typeId: { type: 'integer' },
    type: nullableString,
    nationalId: nullableString,
    number: nullableString,
    date: nullableString,
    total: nullableString,
    status: { type: 'integer' },
    viewStatus: { type: 'integer' },
    statusKey: { type: 'string' },
    final: { type: 'boolean' },
    version: { type: 'integer' },
    source: { type: 'string' },
    myRoles: { type: 'array', items: { type: 'string' } },
    box: nullableString,
    binState: { type: 'string' },
    awaiting: { type: 'boolean' },
    parties: { type: 'array', items: party },
    content: anyObject,
    warnings: {},
    signatures: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          action: { type: 'string' },
          role: { type: 'string' },
          identity: { type: 'string' },
          signerName: nullableString,
          organization: nullableString,
          tin: nullableString,
          pinfl: nullableString,
          serialHex: { type: 'string' },
          serialDec: { type: 'string' },
          signedAt: nullableDate,
          timestampAt: nullableDate,
          ip: nullableString,
          valid: { type: 'boolean', description: 'a received document’s signer as verified on import' },
        },
      },
    },
    events: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          seq: { type: 'integer' },
          action: { type: 'string' },
          fromStatus: { type: ['integer', 'null'] },
          toStatus: { type: ['integer', 'null'] },
          actor: {
            type: 'object',
            properties: {
              identity: nullableString,
              role: nullableString,
              name: nullableString,
              apiKey: {
                type: ['string', 'null'],
                description:
                  'The name of the caller’s own organisation’s API key that acted (null: a person)',
              },
            },
          },
          reason: nullableString,
          at: { type: 'string', format: 'date-time' },
          signatureId: nullableString,
        },
      },
    },
    actions: { type: 'array', items: actionView },
    withheld: {
      type: ['object', 'null'],
      description:
        'The rights the caller lacks for the actions its organisation is offered now, and who can grant them',
      properties: {
        rights: { type: 'array', items: { type: 'string' } },
        grantors: { type: 'array', items: { type: 'string' } },
      },
    },
    respondBy: nullableString,
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    sentAt: nullableDate,
  },
} as const;

export const listRow = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    kind: { type: 'string' },
    typeId: { type: 'integer' },
    type: nullableString,
    number: nullableString,
    date: nullableString,
    total: nullableString,
    status: { type: 'integer' },
    viewStatus: { type: 'integer' },
    statusKey: { type: 'string' },
    box: nullableString,
    binState: { type: 'string' },
    awaiting: { type: 'boolean' },
    myRoles: { type: 'array', items: { type: 'string' } },
    counterparty: { type: 'object', properties: { identity: nullableString, name: nullableString } },
    respondBy: nullableString,
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    sentAt: nullableDate,
  },
} as const;

/** getList's filters (spec §7 names; values documented in docs/documents-api.md §3). */
export const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    DocDirection: { type: 'string', enum: [...DIRECTIONS] },
    DateFrom: isoDate,
    DateTo: isoDate,
    CreateDateFrom: isoDate,
    CreateDateTo: isoDate,
    CounterAgentId: identity,
    DocType: { type: 'string', maxLength: 40 },
    DocTypeId: { type: 'integer', minimum: 1 },
    Type: { type: 'string', maxLength: 20 },
    Status: { type: 'integer', minimum: 0 },
    StatusKey: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]{0,39}$' },
    SearchKeyword: { type: 'string', maxLength: 200 },
    DocNumber: { type: 'string', maxLength: 100 },
    Awaiting: { type: 'boolean' },
    Page: { type: 'integer', minimum: 1, maximum: 100000 },
    Size: { type: 'integer', enum: [...PAGE_SIZES] },
  },
} as const;

export const listResponse = {
  200: {
    type: 'object',
    properties: {
      success: { type: 'boolean' },
      rows: { type: 'array', items: listRow },
      totalCount: { type: 'integer' },
    },
  },
  ...errors,
} as const;
