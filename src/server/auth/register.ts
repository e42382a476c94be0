import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, requestLanguage } from '../errors';
import { translate } from '../i18n';
import { SIGNED_SIGN_IN_BODY_LIMIT } from '../limits';
import { writeAudit } from './audit';
import { signatureErrorCode, signatureRefusal, verifyAttachedSignature } from './certificates';
import { consumeChallenge } from './challenges';
import {
  findOrCreateFromCertificate,
  IdentityError,
  InactiveMembershipError,
  registrationIdentityOf,
} from './identity';
import { hashPassword } from './passwords';
import { emailProblem, fieldErrors, PASSWORD_PROBLEM_KEYS, passwordProblem, phoneProblem } from './rules';
import { envelope, errorResponses } from './schemas';

/**
 * What the registration signature carries: the spec's phone digits, email and password, plus the
 * challenge this server issued (GET /api/Eimzo/getChallenge?purpose=register) so that a captured
 * registration signature cannot be replayed.
 */
export interface RegistrationPayload {
  phone: string;
  email: string;
  password: string;
  challenge: string;
}

function parsePayload(content: Uint8Array): RegistrationPayload | null {
  try {
    const value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(content));
    if (!value || typeof value !== 'object') return null;
    const { phone, email, password, challenge } = value as Record<string, unknown>;
    if ([phone, email, password, challenge].some((v) => typeof v !== 'string')) return null;
    return { phone, email, password, challenge } as RegistrationPayload;
  } catch {
    return null;
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

export async function registerBySignatureRoute(app: FastifyInstance) {
  const refuse = async (
    request: FastifyRequest,
    error: ApiError,
    detail: Record<string, unknown>,
    userId?: string,
  ) => {
    await writeAudit(app.db, {
      event: 'auth.register.failure',
      userId,
      ip: request.ip,
      detail: { code: error.code, ...detail },
    });
    return error;
  };

  app.post<{ Body: { signature: string } }>(
    '/RegisterBySignature',
    {
      bodyLimit: SIGNED_SIGN_IN_BODY_LIMIT,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['Auth'],
        summary: 'Registers an account: an attached PKCS#7 over {phone, email, password, challenge}',
        body: {
          type: 'object',
          required: ['signature'],
          additionalProperties: false,
          properties: { signature: { type: 'string', minLength: 1, maxLength: SIGNED_SIGN_IN_BODY_LIMIT } },
        },
        response: {
          200: envelope({
            type: 'object',
            required: ['tinOrPinfl'],
            properties: { tinOrPinfl: { type: 'string' } },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const lang = requestLanguage(request);
      let verified: Awaited<ReturnType<typeof verifyAttachedSignature>>;
      try {
        verified = await verifyAttachedSignature(request, request.body.signature);
      } catch (error) {
        const code = signatureErrorCode(error);
        if (code === 'MALFORMED')
          request.log.warn({ reason: (error as Error)?.message }, 'registration signature rejected');
        throw await refuse(request, signatureRefusal(code), {});
      }
      const signer = verified.signer;
      const identity = registrationIdentityOf(signer);
      const certificate = { serial: signer.serialNumber };
      if (!identity) throw await refuse(request, signatureRefusal('NO_IDENTITY'), { certificate });

      const payload = parsePayload(verified.content);
      if (!payload) {
        throw await refuse(request, new ApiError(400, 'PAYLOAD_INVALID', 'auth:errors.payloadInvalid'), {
          identity,
          certificate,
        });
      }
      const phone = payload.phone.replace(/\D/g, '');
      const problems: Array<{ path: string; key: string; params?: Record<string, unknown> }> = [];
      const phoneIssue = phoneProblem(phone);
      if (phoneIssue)
        problems.push({ path: '/phone', key: 'auth:errors.phoneInvalid', params: { reason: phoneIssue } });
      if (emailProblem(payload.email)) problems.push({ path: '/email', key: 'auth:errors.emailInvalid' });
      const weak = passwordProblem(payload.password);
      if (weak) problems.push({ path: '/password', key: PASSWORD_PROBLEM_KEYS[weak], params: { min: 8 } });
      if (problems.length) {
        throw await refuse(request, fieldErrors(lang, problems), {
          identity,
          certificate,
          fields: problems.map((p) => p.path),
        });
      }

      const challenge = await consumeChallenge(app.db, {
        challenge: payload.challenge,
        host: request.host,
        purpose: 'register',
      });
      if (!challenge.ok) {
        throw await refuse(
          request,
          new ApiError(400, 'CHALLENGE_REFUSED', `auth:challenge.${challenge.reason}`),
          {
            identity,
            certificate,
            reason: challenge.reason,
          },
        );
      }

      const passwordHash = await hashPassword(payload.password);
      const already = new ApiError(400, 'ALREADY_REGISTERED', 'auth:errors.alreadyRegistered');
      let outcome: { userId: string; organizationId: string } | ApiError;
      try {
        outcome = await app.db.transaction(async (tx) => {
          const { rows: existing } = await tx.query(
            `select 1 from users where registered_identity = $1 or (pinfl = $2 and password_hash is not null) limit 1`,
            [identity, signer.pinfl ?? null],
          );
          if (existing.length) return already;
          const { rows: phoneOwners } = await tx.query('select 1 from users where phone = $1', [phone]);
          if (phoneOwners.length) return new ApiError(400, 'PHONE_TAKEN', 'auth:errors.phoneTaken');
          const { user, organization } = await findOrCreateFromCertificate(tx, signer);
          if (user.password_hash) return already;
          await tx.query(
            `update users set phone = $2, email = $3, password_hash = $4, registered_identity = $5,
                    registration_cert_serial = $6, password_changed_at = now(), updated_at = now()
              where id = $1`,
            [user.id, phone, payload.email.trim(), passwordHash, identity, signer.serialNumber],
          );
          return { userId: user.id, organizationId: organization.id };
        });
      } catch (error) {
        if (isUniqueViolation(error)) outcome = already;
        else if (error instanceof InactiveMembershipError)
          outcome = new ApiError(403, 'MEMBERSHIP_INACTIVE', 'auth:errors.membershipInactive');
        else if (error instanceof IdentityError) {
          outcome =
            error.code === 'NO_IDENTITY'
              ? signatureRefusal('NO_IDENTITY')
              : new ApiError(400, 'IDENTITY_CONFLICT', 'auth:errors.identityConflict');
        } else throw error;
      }
      if (outcome instanceof ApiError) throw await refuse(request, outcome, { identity, certificate });
      await writeAudit(app.db, {
        event: 'auth.register.success',
        userId: outcome.userId,
        organizationId: outcome.organizationId,
        ip: request.ip,
        detail: { identity, certificate },
      });
      return {
        success: true,
        message: translate(lang, 'auth:messages.registered'),
        data: { tinOrPinfl: identity },
      };
    },
  );
}
