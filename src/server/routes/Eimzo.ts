import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/authenticate';
import { certificateSignIn } from '../auth/certificateSignIn';
import { signatureErrorCode, signatureServiceOf } from '../auth/certificates';
import { issueChallenge } from '../auth/challenges';
import { envelope, errorResponses, profileSchema } from '../auth/schemas';
import { ApiError } from '../errors';
import { SIGNED_DOCUMENT_BODY_LIMIT, SIGNED_SIGN_IN_BODY_LIMIT } from '../limits';

// The signing-service group (spec §7): challenges and certificate sign-in, and the timestamp of a
// signature through E-IMZO-Server (or its emulator in demo).

const TAGS = ['Eimzo'];

export default async function eimzoRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { purpose?: 'auth' | 'register' } }>(
    '/getChallenge',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary:
          'A single-use challenge to sign (sign-in or registration), valid for ttl seconds on this host',
        querystring: {
          type: 'object',
          properties: { purpose: { type: 'string', enum: ['auth', 'register'], default: 'auth' } },
        },
        response: {
          200: {
            type: 'object',
            required: ['success', 'data', 'code'],
            properties: {
              success: { type: 'boolean' },
              code: { type: 'integer', description: '1 = issued (E-IMZO-Server status)' },
              data: {
                type: 'object',
                required: ['challenge', 'ttl'],
                properties: {
                  challenge: { type: 'string' },
                  ttl: { type: 'integer', description: 'seconds' },
                },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const data = await issueChallenge(app.db, {
        host: request.host,
        purpose: request.query.purpose ?? 'auth',
        ip: request.ip,
      });
      reply.header('cache-control', 'no-store');
      return { success: true, code: 1, data };
    },
  );

  app.post<{ Body: { pkcs7?: string; pkcs7b64?: string } }>(
    '/EimzoAuth',
    {
      bodyLimit: SIGNED_SIGN_IN_BODY_LIMIT,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary: 'Certificate sign-in: an attached PKCS#7 over a challenge from getChallenge',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            pkcs7: {
              type: 'string',
              maxLength: SIGNED_SIGN_IN_BODY_LIMIT,
              description: 'attached PKCS#7 (Base64) as the plug-in made it',
            },
            pkcs7b64: {
              type: 'string',
              maxLength: SIGNED_SIGN_IN_BODY_LIMIT,
              description: 'the same, timestamped; preferred when present',
            },
          },
        },
        response: { 200: envelope(profileSchema), ...errorResponses },
      },
    },
    async (request, reply) => certificateSignIn(app, request, reply, request.body, { create: true }),
  );

  app.post<{ Body: { pkcs7?: string; pkcs7b64?: string } }>(
    '/getTimeStamp',
    {
      // Checked before the body (a signed document) is read.
      onRequest: authenticate,
      bodyLimit: SIGNED_DOCUMENT_BODY_LIMIT,
      // Per person, not per address: an office behind one address signs for many people at once.
      config: {
        rateLimit: {
          max: 120,
          timeWindow: '1 minute',
          hook: 'onRequest',
          keyGenerator: (request) => `timestamp:${request.user?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags: TAGS,
        summary:
          'Attaches a timestamp token to a signature; 204 with no body when the timestamp service failed',
        security: [{ bearer: [] }],
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            pkcs7: { type: 'string', maxLength: SIGNED_DOCUMENT_BODY_LIMIT },
            pkcs7b64: { type: 'string', maxLength: SIGNED_DOCUMENT_BODY_LIMIT },
          },
        },
        response: {
          200: { type: 'object', required: ['pkcs7b64'], properties: { pkcs7b64: { type: 'string' } } },
          204: { type: 'null', description: 'the timestamp could not be obtained' },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const pkcs7 = request.body.pkcs7b64 || request.body.pkcs7;
      if (!pkcs7) throw new ApiError(400, 'MALFORMED', 'auth:signature.MALFORMED');
      try {
        const service = await signatureServiceOf(app);
        return {
          pkcs7b64: await service.timestamp(pkcs7.trim(), { clientIp: request.ip, host: request.host }),
        };
      } catch (error) {
        // The client treats an empty answer as "could not get a timestamp" (spec §8).
        request.log.warn({ code: signatureErrorCode(error) }, 'timestamp failed');
        return reply.status(204).send();
      }
    },
  );
}
