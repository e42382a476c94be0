import type { FastifyInstance } from 'fastify';
import { authenticate, currentUser, requirePerson, requireRole } from '../auth';
import { callerLimitKey } from '../http/publishedLimits';
import { NOT_BLANK_PATTERN } from '../limits';
import {
  createApiKey,
  KEY_ADDRESSES_MAX,
  listApiKeys,
  ROTATION_OVERLAP_HOURS_DEFAULT,
  ROTATION_OVERLAP_HOURS_MAX,
  revokeApiKey,
  rotateApiKey,
} from '../services/integrations/apiKeys';

// /api/ApiKey: the organisation's API keys (issue 30, docs/integrating.md "API keys"). The owner or an
// admin, signed in as a person (a key never manages keys). The secret is in the answer of add and
// rotate only.

const TAGS = ['ApiKey'];
const LIMIT = {
  max: 60,
  timeWindow: '1 minute',
  hook: 'preHandler',
  keyGenerator: callerLimitKey('api-keys'),
} as const;
const BEARER = [{ bearer: [] }];

const keySchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    roleId: { type: ['string', 'null'] },
    roleName: { type: ['string', 'null'] },
    roleCode: { type: ['string', 'null'] },
    branchCode: { type: ['string', 'null'] },
    allowedAddresses: { type: 'array', items: { type: 'string' } },
    expiresAt: { type: ['string', 'null'] },
    revokedAt: { type: ['string', 'null'] },
    lastUsedAt: { type: ['string', 'null'] },
    lastUsedIp: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    createdByName: { type: ['string', 'null'] },
    secrets: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          prefix: { type: 'string' },
          expiresAt: { type: ['string', 'null'] },
          createdAt: { type: 'string' },
        },
      },
    },
    state: { type: 'string', enum: ['active', 'expired', 'revoked'] },
  },
} as const;

const withSecret = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    data: {
      type: 'object',
      properties: {
        key: keySchema,
        secret: { type: 'string', description: 'Shown once: store it now (Authorization: Bearer <secret>)' },
      },
    },
  },
} as const;
const oneKey = { type: 'object', properties: { success: { type: 'boolean' }, data: keySchema } } as const;
const idQuery = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', format: 'uuid' } },
} as const;

export default async function apiKeyRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requirePerson);
  app.addHook('preHandler', requireRole('owner', 'admin'));

  app.get(
    '/getList',
    {
      config: { rateLimit: LIMIT },
      schema: {
        tags: TAGS,
        summary: 'The organisation’s API keys (never their secrets)',
        security: BEARER,
        response: {
          200: {
            type: 'object',
            properties: { success: { type: 'boolean' }, data: { type: 'array', items: keySchema } },
          },
        },
      },
    },
    async (request) => ({ success: true, data: await listApiKeys(app.db, currentUser(request)) }),
  );

  app.post<{
    Body: {
      name: string;
      roleId: string;
      branchCode?: string | null;
      allowedAddresses?: string[];
      expiresAt?: string | null;
    };
  }>(
    '/add',
    {
      config: { rateLimit: LIMIT },
      schema: {
        tags: TAGS,
        summary:
          'Create a key bound to a role (and optionally a branch and client addresses); the secret is shown once',
        security: BEARER,
        body: {
          type: 'object',
          required: ['name', 'roleId'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 100, pattern: NOT_BLANK_PATTERN },
            roleId: { type: 'string', format: 'uuid' },
            branchCode: { type: ['string', 'null'], maxLength: 50 },
            allowedAddresses: {
              type: 'array',
              maxItems: KEY_ADDRESSES_MAX,
              items: { type: 'string', minLength: 1, maxLength: 64 },
            },
            expiresAt: { type: ['string', 'null'], format: 'date-time' },
          },
        },
        response: { 200: withSecret },
      },
    },
    async (request) => ({
      success: true,
      data: await createApiKey(app.db, currentUser(request), request.body, request.ip),
    }),
  );

  app.post<{ Querystring: { id: string }; Body: { overlapHours?: number } | undefined }>(
    '/rotate',
    {
      config: { rateLimit: LIMIT },
      schema: {
        tags: TAGS,
        summary: 'A new secret for the key; the previous one keeps working for `overlapHours` (default 24)',
        security: BEARER,
        querystring: idQuery,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            overlapHours: {
              type: 'integer',
              minimum: 0,
              maximum: ROTATION_OVERLAP_HOURS_MAX,
              default: ROTATION_OVERLAP_HOURS_DEFAULT,
            },
          },
        },
        response: { 200: withSecret },
      },
    },
    async (request) => ({
      success: true,
      data: await rotateApiKey(
        app.db,
        currentUser(request),
        request.query.id,
        request.body?.overlapHours,
        request.ip,
      ),
    }),
  );

  app.post<{ Querystring: { id: string } }>(
    '/revoke',
    {
      config: { rateLimit: LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Revoke the key at once: its next request is refused',
        security: BEARER,
        querystring: idQuery,
        response: { 200: oneKey },
      },
    },
    async (request) => ({
      success: true,
      data: await revokeApiKey(app.db, currentUser(request), request.query.id, request.ip),
    }),
  );
}
