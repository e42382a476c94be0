import type { FastifyInstance, FastifyRequest } from 'fastify';
import { writeAudit } from '../auth/audit';
import { authenticate } from '../auth/authenticate';
import {
  signatureErrorCode,
  signatureRefusal,
  signatureServiceOf,
  verifyAttachedSignature,
} from '../auth/certificates';
import { consumeChallenge, issueChallenge } from '../auth/challenges';
import {
  findOrCreateFromCertificate,
  IdentityError,
  InactiveMembershipError,
  partyOf,
} from '../auth/identity';
import { envelope, errorResponses, profileSchema } from '../auth/schemas';
import { startSession } from '../auth/session';
import { ApiError, requestLanguage } from '../errors';
import { translate } from '../i18n';
import { SIGNED_DOCUMENT_BODY_LIMIT, SIGNED_SIGN_IN_BODY_LIMIT } from '../limits';

// The signing-service group (spec §7): challenges and certificate sign-in, and the timestamp of a
// signature through E-IMZO-Server (or its emulator in demo).

const TAGS = ['Eimzo'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export default async function eimzoRoutes(app: FastifyInstance) {
  const refuse = async (request: FastifyRequest, error: ApiError, detail: Record<string, unknown>) => {
    await writeAudit(app.db, {
      event: 'auth.certificate.failure',
      ip: request.ip,
      detail: { code: error.code, ...detail },
    });
    return error;
  };

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
    async (request, reply) => {
      const pkcs7 = request.body.pkcs7b64 || request.body.pkcs7;
      if (!pkcs7) throw await refuse(request, signatureRefusal('MALFORMED'), {});
      let verified: Awaited<ReturnType<typeof verifyAttachedSignature>>;
      try {
        verified = await verifyAttachedSignature(request, pkcs7);
      } catch (error) {
        const code = signatureErrorCode(error);
        if (code === 'MALFORMED')
          request.log.warn({ reason: (error as Error)?.message }, 'sign-in signature rejected');
        throw await refuse(request, signatureRefusal(code), {});
      }
      const { signer } = verified;
      const certificate = {
        serial: signer.serialNumber,
        tin: signer.tin ?? null,
        pinfl: signer.pinfl ?? null,
      };
      let challenge: string;
      try {
        challenge = new TextDecoder('utf-8', { fatal: true }).decode(verified.content);
      } catch {
        challenge = '';
      }
      if (!UUID.test(challenge)) {
        throw await refuse(request, new ApiError(400, 'CHALLENGE_REFUSED', 'auth:challenge.unknown'), {
          certificate,
          reason: 'notAChallenge',
        });
      }
      const consumed = await consumeChallenge(app.db, { challenge, host: request.host, purpose: 'auth' });
      if (!consumed.ok) {
        throw await refuse(
          request,
          new ApiError(400, 'CHALLENGE_REFUSED', `auth:challenge.${consumed.reason}`),
          {
            certificate,
            reason: consumed.reason,
          },
        );
      }
      if (!partyOf(signer)) throw await refuse(request, signatureRefusal('NO_IDENTITY'), { certificate });

      let found: Awaited<ReturnType<typeof findOrCreateFromCertificate>>;
      try {
        found = await app.db.transaction((tx) => findOrCreateFromCertificate(tx, signer));
      } catch (error) {
        if (error instanceof InactiveMembershipError) {
          throw await refuse(
            request,
            new ApiError(403, 'MEMBERSHIP_INACTIVE', 'auth:errors.membershipInactive'),
            { certificate },
          );
        }
        if (error instanceof IdentityError) {
          const refusal =
            error.code === 'NO_IDENTITY'
              ? signatureRefusal('NO_IDENTITY')
              : new ApiError(400, 'IDENTITY_CONFLICT', 'auth:errors.identityConflict');
          throw await refuse(request, refusal, { certificate });
        }
        throw error;
      }
      if (!found.user.is_active) {
        throw await refuse(request, new ApiError(403, 'USER_INACTIVE', 'auth:errors.userInactive'), {
          certificate,
        });
      }
      const profile = await startSession(request, reply, {
        user: found.user,
        organization: found.organization,
        persistent: false,
      });
      await writeAudit(app.db, {
        event: 'auth.certificate.success',
        userId: found.user.id,
        organizationId: found.organization.id,
        ip: request.ip,
        detail: { certificate, created: found.created, timestamped: verified.timestamped },
      });
      return {
        success: true,
        message: translate(requestLanguage(request), 'auth:messages.signedIn'),
        data: profile,
      };
    },
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
