import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../errors';
import { verifyDocument } from '../services/verification';
import { envelope } from './documentSchemas';

// /api/Verify — the public verification of a signed document (the printed QR's target, docs/print.md):
// no sign-in; the document's key opens it, and without the right key every document is "not found".
// Rate-limited per address: each answer checks every signature anew.

const TAGS = ['Verify'];

/** Checks per address and minute: a person scanning codes makes a few; a script gets 429. */
export const VERIFY_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

const nullableString = { type: ['string', 'null'] } as const;

const verification = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    kind: { type: 'string' },
    nationalId: nullableString,
    number: nullableString,
    date: nullableString,
    total: nullableString,
    status: {
      type: 'object',
      properties: { code: { type: 'integer' }, key: { type: 'string' }, final: { type: 'boolean' } },
    },
    parties: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          roles: { type: 'array', items: { type: 'string' } },
          name: nullableString,
          identity: { type: 'string' },
        },
      },
    },
    signatures: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          action: { type: 'string' },
          role: { type: 'string' },
          signerName: nullableString,
          organization: nullableString,
          tin: nullableString,
          serialHex: { type: 'string' },
          serialDec: { type: 'string' },
          signedAt: nullableString,
          timestampAt: nullableString,
          valid: { type: 'boolean' },
          problem: {
            type: ['object', 'null'],
            properties: { code: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
    historyIntact: { type: 'boolean' },
    valid: { type: 'boolean' },
    checkedAt: { type: 'string' },
  },
} as const;

export default async function verifyRoutes(app: FastifyInstance) {
  app.get<{ Params: { documentId: string }; Querystring: { k?: string } }>(
    '/document/:documentId',
    {
      config: { rateLimit: { ...VERIFY_RATE_LIMIT, keyGenerator: (request) => `verify:${request.ip}` } },
      schema: {
        tags: TAGS,
        summary:
          'Public: a signed document’s kind, number, date, parties, total, status and every signature checked now (the key from its QR opens it; a wrong or missing key is 404)',
        params: {
          type: 'object',
          required: ['documentId'],
          additionalProperties: false,
          // Any text: a malformed id is "not found" like any other.
          properties: { documentId: { type: 'string', maxLength: 64 } },
        },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { k: { type: 'string', maxLength: 128 } },
        },
        response: envelope(verification),
      },
    },
    async (request) => ({
      success: true,
      data: await verifyDocument(app.db, app.documents.signing, {
        documentId: request.params.documentId,
        key: request.query.k,
        lang: requestLanguage(request),
      }),
    }),
  );
}
