import { errorResponse } from './documentSchemas';

// Schemas of the Synchronize group's operator binding (spec §7: bindProvider, getProvider,
// IsSelectedOperator; testConnection is ours). No answer carries a credential: a binding is its
// provider, `set: true` and a mask per field.

export const SYNC_TAGS = ['Synchronize'];
const security = [{ bearer: [] }];

const bindingSummary = {
  type: ['object', 'null'],
  properties: {
    provider: { type: 'string' },
    set: { type: 'boolean', enum: [true] },
    mask: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Per credential field: "••••" and at most the last two characters of a long value',
    },
    readable: {
      type: 'boolean',
      description: 'false: the configured key cannot open the credentials (bind again)',
    },
    boundBy: { type: ['string', 'null'] },
    boundByName: { type: ['string', 'null'] },
    boundAt: { type: 'string' },
    updatedAt: { type: 'string' },
    version: { type: 'integer' },
  },
} as const;

const ok = (data: object) => ({
  type: 'object',
  properties: { success: { type: 'boolean' }, data },
});

export const getProviderSchema = {
  tags: SYNC_TAGS,
  security,
  summary:
    "The company's exchange operator: the operators Hujjat can bind (with the credential fields each asks for) and the binding (provider, set, masks; never a credential)",
  response: {
    200: ok({
      type: 'object',
      properties: {
        providers: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              name: { type: 'string' },
              fields: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    key: { type: 'string' },
                    secret: { type: 'boolean' },
                    required: { type: 'boolean' },
                    maxLength: { type: 'integer' },
                  },
                },
              },
            },
          },
        },
        binding: bindingSummary,
        canBind: { type: 'boolean' },
        keyConfigured: { type: 'boolean' },
      },
    }),
    401: errorResponse,
  },
} as const;

export const bindProviderSchema = {
  tags: SYNC_TAGS,
  security,
  summary:
    "Bind the company's exchange operator with its credentials (sealed at rest, never answered), or unbind with provider null; needs the right admin:exchange",
  description:
    'A credential left out or empty keeps its stored value while the provider stays the same. The answer is the binding as getProvider shows it.',
  body: {
    type: 'object',
    required: ['provider'],
    additionalProperties: false,
    properties: {
      provider: { type: ['string', 'null'], pattern: '^[a-z][a-z0-9]{0,39}$' },
      credentials: {
        type: 'object',
        maxProperties: 10,
        propertyNames: { pattern: '^[A-Za-z][A-Za-z0-9]{0,39}$' },
        additionalProperties: { type: 'string', maxLength: 1024 },
      },
    },
  },
  response: {
    200: ok(bindingSummary),
    400: errorResponse,
    401: errorResponse,
    403: errorResponse,
    503: errorResponse,
  },
} as const;

export const isSelectedOperatorSchema = {
  tags: SYNC_TAGS,
  security,
  summary:
    'Whether the operator bound here is the one the tax portal lists for the company (the portal is asked through the tax-authority adapter; the demo registry in demo mode)',
  response: {
    200: ok({
      type: 'object',
      properties: {
        provider: { type: ['string', 'null'] },
        portal: {
          type: ['object', 'null'],
          properties: {
            tin: { type: 'string' },
            operator: { type: 'string' },
            name: { type: 'string' },
            isDemo: { type: 'boolean' },
          },
        },
        selected: { type: ['boolean', 'null'] },
        portalSupported: { type: 'boolean' },
      },
    }),
    401: errorResponse,
    503: errorResponse,
  },
} as const;

export const testConnectionSchema = {
  tags: SYNC_TAGS,
  security,
  summary:
    'Test the connection: sign in at the bound exchange operator with the stored credentials (a wrong credential, no authority or an operator that is down is the reason); needs admin:exchange',
  response: {
    200: ok({
      type: 'object',
      properties: {
        ok: { type: 'boolean' },
        reason: {
          type: 'string',
          enum: [
            'ok',
            'notBound',
            'unreadable',
            'unauthorized',
            'forbidden',
            'rateLimited',
            'down',
            'rejected',
            'notFound',
          ],
        },
        provider: { type: ['string', 'null'] },
        checkedBy: { type: 'string', enum: ['binding', 'operator'] },
        message: { type: 'string', description: 'the reason in the caller’s language' },
      },
    }),
    401: errorResponse,
    403: errorResponse,
  },
} as const;

export const LAST_RUNS_MAX = 100;

const syncRun = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    provider: { type: 'string' },
    providerName: { type: 'string' },
    direction: { type: 'string', enum: ['pull', 'push'] },
    startedAt: { type: 'string' },
    finishedAt: { type: ['string', 'null'] },
    pulled: { type: 'integer', description: 'documents and status changes stored from the operator' },
    pushed: { type: 'integer', description: 'documents and actions handed to the operator' },
    failed: { type: 'integer' },
    errorCode: { type: ['string', 'null'] },
    errorMessage: { type: ['string', 'null'] },
  },
} as const;

export const getLastProcessSchema = {
  tags: SYNC_TAGS,
  security,
  summary:
    "The company's last synchronisation runs with its exchange operator, newest first: when, which way, how many documents in and out, errors",
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { limit: { type: 'integer', minimum: 1, maximum: LAST_RUNS_MAX, default: 20 } },
  },
  response: {
    200: ok({ type: 'object', properties: { rows: { type: 'array', items: syncRun } } }),
    400: errorResponse,
    401: errorResponse,
  },
} as const;
