// JSON schemas of the settings groups (Roles, DocumentAccess, Auth staff operations, Organization,
// OrganizationAccount, OrganizationAccountant, Department, Positions, Billing, document agreements):
// OpenAPI is generated from them and answers are serialized through them.

export const BEARER = [{ bearer: [] }];

const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const uuid = { type: 'string', format: 'uuid' } as const;
const nuuid = { type: ['string', 'null'], format: 'uuid' } as const;
const bool = { type: 'boolean' } as const;
const int = { type: 'integer' } as const;
const time = { type: 'string', format: 'date-time' } as const;

export const types = { str, nstr, uuid, nuuid, bool, int, time };

const errorBody = {
  type: 'object',
  required: ['success', 'code', 'message'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    code: str,
    message: str,
    errors: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
} as const;

export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
} as const;

/** `{success, message?, data}` with the data's schema, plus the error answers. */
export function answer(data: object) {
  return {
    200: {
      type: 'object',
      required: ['success', 'data'],
      properties: { success: bool, message: str, data },
    },
    ...errorResponses,
  } as const;
}

/** A page of rows: `{success, data: {rows, totalCount}}` (spec §3 list response). */
export function listAnswer(item: object) {
  return answer({
    type: 'object',
    required: ['rows', 'totalCount'],
    properties: { rows: { type: 'array', items: item }, totalCount: int },
  });
}

export const okAnswer = answer({ type: 'object', additionalProperties: false, properties: {} });

export const idQuery = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: uuid },
} as const;

export const pageQuery = {
  page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
  pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  search: { type: 'string', maxLength: 200 },
} as const;

export const roleView = {
  type: 'object',
  properties: {
    id: uuid,
    code: { type: ['string', 'null'], enum: ['director', 'accountant', 'manager', 'viewer', null] },
    builtIn: bool,
    name: str,
    description: str,
    isDeleted: bool,
    membersCount: int,
    updatedAt: time,
  },
} as const;

export const actionInfo = {
  type: 'object',
  properties: {
    code: {
      ...str,
      description:
        '"<kind>:<view|create|send|accept>" or "admin:<staff|requisites|bulk|allBranches|exchange>"',
    },
    group: { type: 'string', enum: ['document', 'admin'] },
    kind: str,
    right: str,
    titleKey: str,
    rightKey: str,
    taxRole: { ...int, description: "the tax authority's role code (X1 send/cancel, X2 accept/reject)" },
    title: { ...str, description: 'localized kind or administrative right' },
    rightName: { ...str, description: 'localized right' },
  },
} as const;

export const staffView = {
  type: 'object',
  properties: {
    userId: uuid,
    fullName: str,
    pinfl: nstr,
    phone: nstr,
    email: nstr,
    membership: str,
    isOwner: bool,
    isActive: bool,
    roleId: uuid,
    roleCode: nstr,
    roleName: nstr,
    departmentId: nuuid,
    departmentName: nstr,
    positionId: nuuid,
    positionName: nstr,
    branchCode: nstr,
    managed: bool,
    addedAt: time,
  },
} as const;

export const staffBrief = {
  type: 'object',
  properties: { userId: uuid, fullName: str, positionName: nstr },
} as const;

export const accessEntry = {
  type: 'object',
  properties: {
    code: str,
    group: str,
    kind: str,
    right: str,
    taxRole: int,
    fromRole: bool,
    override: { type: ['boolean', 'null'] },
    allowed: bool,
  },
} as const;

export const accessList = {
  type: 'object',
  properties: { userId: uuid, isOwner: bool, isActive: bool, entries: { type: 'array', items: accessEntry } },
} as const;

export const departmentView = {
  type: 'object',
  properties: { id: uuid, name: str, staffCount: int, positionsCount: int, updatedAt: time },
} as const;

export const positionView = {
  type: 'object',
  properties: {
    id: uuid,
    name: str,
    departmentId: nuuid,
    departmentName: nstr,
    staffCount: int,
    updatedAt: time,
  },
} as const;

export const ownInfo = {
  type: 'object',
  properties: {
    userId: uuid,
    fullName: str,
    pinfl: nstr,
    tin: nstr,
    phone: nstr,
    email: nstr,
    language: { type: ['string', 'null'], enum: ['ru', 'uz', 'en', null] },
    hasPassword: bool,
    organizationId: uuid,
    organizationName: str,
    roleId: nuuid,
    membership: str,
  },
} as const;

export const sessionView = {
  type: 'object',
  properties: {
    id: uuid,
    organizationName: nstr,
    startedAt: time,
    lastActiveAt: time,
    expiresAt: time,
    persistent: bool,
    current: bool,
  },
} as const;

/** The company form's content (schemas/settings/company): validated by the form, not here. */
export const companyForm = { type: 'object', additionalProperties: true } as const;

export const organizationView = {
  type: 'object',
  properties: {
    id: uuid,
    tin: nstr,
    pinfl: nstr,
    name: str,
    isDemo: bool,
    requisites: companyForm,
    version: str,
  },
} as const;

export const bankAccountView = {
  type: 'object',
  properties: {
    id: uuid,
    account: str,
    mfo: str,
    bankName: str,
    currency: str,
    isMain: bool,
    isActive: bool,
    updatedAt: time,
  },
} as const;

export const branchView = {
  type: 'object',
  properties: {
    id: uuid,
    code: str,
    name: str,
    address: str,
    isActive: bool,
    staffCount: int,
    updatedAt: time,
  },
} as const;

export const accountantView = {
  type: 'object',
  properties: {
    id: uuid,
    fullName: str,
    pinfl: nstr,
    userId: nuuid,
    isMain: bool,
    isActive: bool,
    updatedAt: time,
  },
} as const;

export const historyEntry = {
  type: 'object',
  properties: {
    id: str,
    at: time,
    event: str,
    userId: nuuid,
    userName: nstr,
    detail: { type: 'object', additionalProperties: true },
  },
} as const;

export const performerView = {
  type: 'object',
  properties: {
    userId: uuid,
    fullName: str,
    position: int,
    decision: { type: 'string', enum: ['pending', 'approved', 'declined'] },
    comment: nstr,
    decidedAt: { type: ['string', 'null'], format: 'date-time' },
    current: bool,
  },
} as const;

export const agreementEventView = {
  type: 'object',
  properties: {
    id: str,
    round: int,
    action: str,
    actorUserId: nuuid,
    actorName: str,
    comment: nstr,
    at: time,
  },
} as const;

export const agreementInfoView = {
  type: 'object',
  properties: {
    documentId: uuid,
    required: bool,
    agreed: bool,
    agreement: {
      type: ['object', 'null'],
      properties: {
        id: uuid,
        mode: { type: 'string', enum: ['sequential', 'parallel'] },
        comment: str,
        status: { type: 'string', enum: ['pending', 'approved', 'declined'] },
        round: int,
        stale: bool,
        createdBy: nuuid,
        createdByName: nstr,
        createdAt: time,
        updatedAt: time,
      },
    },
    performers: { type: 'array', items: performerView },
    can: {
      type: 'object',
      properties: { create: bool, decide: bool, control: bool, resend: bool, delete: bool },
    },
  },
} as const;
