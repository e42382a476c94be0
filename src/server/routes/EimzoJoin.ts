import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth';
import { SIGNED_DOCUMENT_BODY_LIMIT } from '../limits';
import { signatureRefusal } from '../services/documents/signatures';
import { envelope } from './documentSchemas';

// /api/Eimzo/join — the signing-service group's join (spec §7): two attached CMS over the same content
// become one carrying both signers, through the configured SignatureService (E-IMZO-Server's
// /frontend/pkcs7/join, or the local verifier).

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
}
