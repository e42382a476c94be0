import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth';
import { ApiError } from '../errors';
import { describeCms } from '../services/reference/pkcs';
import { BEARER, dataAnswer, obj, str } from './referenceSchemas';

// /api/Pkcs/Parse (spec §7): the signers, certificates and content of a CMS, for integrators. It
// describes what the structure holds and verifies nothing (say so to whoever reads the answer).

const TAGS = ['Pkcs'];

export default async function pkcsRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);

  app.post<{ Body: { pkcs7?: string; pkcs7b64?: string } }>(
    '/Parse',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary:
          'Describes a PKCS#7 / CMS SignedData (base64): signers, certificates, times, content. No verification.',
        security: BEARER,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            pkcs7: str('Base64 of the CMS', { maxLength: 30_000_000 }),
            pkcs7b64: str('Base64 of the CMS (same as pkcs7)', { maxLength: 30_000_000 }),
          },
        },
        response: dataAnswer(
          obj({
            detached: { type: 'boolean' },
            contentType: str('OID of the encapsulated content'),
            content: { type: ['object', 'null'], additionalProperties: true },
            signers: { type: 'array', items: obj() },
            certificates: { type: 'array', items: obj() },
          }),
        ),
      },
    },
    async (request) => {
      const pkcs7 = request.body.pkcs7b64 || request.body.pkcs7;
      if (!pkcs7) throw new ApiError(400, 'PKCS7_REQUIRED', 'reference:errors.pkcs7Required');
      return { success: true, data: describeCms(pkcs7) };
    },
  );
}
