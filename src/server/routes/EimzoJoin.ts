import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth';
import { SIGNED_DOCUMENT_BODY_LIMIT } from '../limits';
import { signatureRefusal } from '../services/documents/signatures';
import { envelope } from './documentSchemas';

// /api/Eimzo/join and makeAttached — the signing-service group's CMS operations (spec §7), through the
// configured SignatureService (E-IMZO-Server's /frontend/pkcs7/join and make-attached, or the local
// verifier): two attached CMS over the same content become one carrying both signers; a detached CMS
// becomes attached to its data.

const signature = { type: 'string', minLength: 16, pattern: '^[A-Za-z0-9+/=\\s]+$' } as const;

export default async function eimzoJoinRoutes(app: FastifyInstance) {
  app.post<{ Body: { signature1: string; signature2: string } }>(
    '/join',
    {
      preHandler: authenticate,
      bodyLimit: SIGNED_DOCUMENT_BODY_LIMIT,
      schema: {
        tags: ['Eimzo'],
        security: [{ bearer: [] }],
        summary: 'Join two attached PKCS#7 over the same content into one',
        body: {
          type: 'object',
          required: ['signature1', 'signature2'],
          additionalProperties: false,
          properties: { signature1: signature, signature2: signature },
        },
        response: envelope({ type: 'object', properties: { pkcs7b64: { type: 'string' } } }),
      },
    },
    async (request) => {
      try {
        const pkcs7b64 = await app.documents.signing.join(request.body.signature1, request.body.signature2, {
          clientIp: request.ip,
          host: request.hostname,
        });
        return { success: true, data: { pkcs7b64 } };
      } catch (error) {
        throw signatureRefusal(error);
      }
    },
  );

  app.post<{ Body: { data: string; pkcs7: string } }>(
    '/makeAttached',
    {
      onRequest: authenticate,
      bodyLimit: SIGNED_DOCUMENT_BODY_LIMIT,
      schema: {
        tags: ['Eimzo'],
        security: [{ bearer: [] }],
        summary:
          'Make a detached PKCS#7 attached to its data, once every signer verifies over that data (E-IMZO-Server make-attached)',
        body: {
          type: 'object',
          required: ['data', 'pkcs7'],
          additionalProperties: false,
          properties: {
            data: {
              type: 'string',
              minLength: 1,
              pattern: '^[A-Za-z0-9+/=\\s]+$',
              description: 'The signed bytes, Base64',
            },
            pkcs7: { ...signature, description: 'The detached PKCS#7, Base64' },
          },
        },
        response: envelope({ type: 'object', properties: { pkcs7b64: { type: 'string' } } }),
      },
    },
    async (request) => {
      try {
        const pkcs7b64 = await app.documents.signing.makeAttached(request.body.data, request.body.pkcs7, {
          clientIp: request.ip,
          host: request.hostname,
        });
        return { success: true, data: { pkcs7b64 } };
      } catch (error) {
        throw signatureRefusal(error);
      }
    },
  );
}
