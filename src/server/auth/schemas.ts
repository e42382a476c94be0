// JSON schemas shared by the Auth and Eimzo groups (OpenAPI is generated from them).

export const profileSchema = {
  type: 'object',
  required: ['accessToken', 'userId', 'fullName', 'organizationId', 'organizationName', 'role'],
  properties: {
    accessToken: { type: 'string' },
    accessTokenExpiresIn: { type: 'integer', description: 'seconds' },
    userId: { type: 'string', format: 'uuid' },
    fullName: { type: 'string' },
    phone: { type: ['string', 'null'] },
    email: { type: ['string', 'null'] },
    userPinfl: { type: ['string', 'null'] },
    userTin: { type: ['string', 'null'] },
    organizationId: { type: 'string', format: 'uuid' },
    organizationName: { type: 'string' },
    tin: { type: ['string', 'null'] },
    pinfl: { type: ['string', 'null'] },
    role: { type: 'string', enum: ['owner', 'admin', 'accountant', 'staff'] },
    organizationsCount: { type: 'integer' },
    hasPassword: { type: 'boolean' },
    isDemo: { type: 'boolean' },
  },
} as const;

export const organizationSchema = {
  type: 'object',
  required: ['id', 'name', 'role', 'current'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    tin: { type: ['string', 'null'] },
    pinfl: { type: ['string', 'null'] },
    role: { type: 'string' },
    current: { type: 'boolean' },
  },
} as const;

/** `{success, message, data}` as the spec's sign-in answers. */
export function envelope(data: object) {
  return {
    type: 'object',
    required: ['success', 'data'],
    properties: { success: { type: 'boolean' }, message: { type: 'string' }, data },
  } as const;
}

export const errorSchema = {
  type: 'object',
  required: ['success', 'code', 'message'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    code: { type: 'string' },
    message: { type: 'string' },
    errors: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
} as const;

export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  409: errorSchema,
  429: errorSchema,
} as const;
