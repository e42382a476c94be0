import type { FastifyInstance } from 'fastify';
import { PINFL_LENGTH, TIN_LENGTH } from '../../engine/constants';
import { hasUserFor } from '../auth/accounts';
import { writeAudit } from '../auth/audit';
import { authenticate, currentUser } from '../auth/authenticate';
import { certificateSignIn } from '../auth/certificateSignIn';
import { membershipsOf, USER_COLUMNS, type UserRow } from '../auth/identity';
import { envelope, errorResponses, profileSchema } from '../auth/schemas';
import { startSession } from '../auth/session';
import { consumeTempToken, issueTempToken, TEMP_TOKEN_TTL_SECONDS } from '../auth/tempTokens';
import { ApiError, requestLanguage } from '../errors';
import { translate } from '../i18n';
import { SIGNED_SIGN_IN_BODY_LIMIT } from '../limits';

// The Auth group's other sign-ins (spec §7; docs/auth.md): by certificate with and without creating
// the account, and by a single-use temporary token. Same challenges, verifier, sessions, audit and
// per-address caps as Eimzo/EimzoAuth and Auth/Login.

const TAGS = ['Auth'];
const SIGN_IN_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

const signedBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    pkcs7: {
      type: 'string',
      maxLength: SIGNED_SIGN_IN_BODY_LIMIT,
      description: 'attached PKCS#7 (Base64) over a challenge of Eimzo/getChallenge',
    },
    pkcs7b64: {
      type: 'string',
      maxLength: SIGNED_SIGN_IN_BODY_LIMIT,
      description: 'the same, timestamped; preferred when present',
    },
  },
} as const;

export default async function authSignatureRoutes(app: FastifyInstance) {
  for (const [path, create, summary] of [
    [
      '/loginBySignature',
      false,
      'Certificate sign-in to an existing account (404 NOT_REGISTERED otherwise): a PKCS#7 over a challenge',
    ],
    [
      '/loginBySignatureWithAuto',
      true,
      'Certificate sign-in that creates the account on first use (as Eimzo/EimzoAuth)',
    ],
  ] as const) {
    app.post<{ Body: { pkcs7?: string; pkcs7b64?: string } }>(
      path,
      {
        bodyLimit: SIGNED_SIGN_IN_BODY_LIMIT,
        config: { rateLimit: SIGN_IN_LIMIT },
        schema: {
          tags: TAGS,
          summary,
          body: signedBody,
          response: { 200: envelope(profileSchema), ...errorResponses },
        },
      },
      async (request, reply) => certificateSignIn(app, request, reply, request.body, { create }),
    );
  }

  app.get<{ Querystring: { tin: string } }>(
    '/hasUser',
    {
      preHandler: authenticate,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary:
          'Whether someone can sign in here for a TIN or PINFL (a person, or an organisation with members)',
        security: [{ bearer: [] }],
        querystring: {
          type: 'object',
          required: ['tin'],
          additionalProperties: false,
          properties: { tin: { type: 'string', pattern: `^(\\d{${TIN_LENGTH}}|\\d{${PINFL_LENGTH}})$` } },
        },
        response: {
          200: envelope({
            type: 'object',
            properties: { tin: { type: 'string' }, hasUser: { type: 'boolean' } },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      success: true,
      data: { tin: request.query.tin, hasUser: await hasUserFor(app.db, request.query.tin) },
    }),
  );

  app.post(
    '/createTempToken',
    {
      preHandler: authenticate,
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          keyGenerator: (request) => `temp-token:${request.user?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags: TAGS,
        summary: `A single-use token (${TEMP_TOKEN_TTL_SECONDS} s) that opens this session's person and organisation through LoginByTempToken`,
        security: [{ bearer: [] }],
        response: {
          200: envelope({
            type: 'object',
            properties: { token: { type: 'string' }, expiresIn: { type: 'integer' } },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const data = await issueTempToken(app.db, user);
      await writeAudit(app.db, {
        event: 'auth.tempToken.issued',
        userId: user.userId,
        organizationId: user.organizationId,
        ip: request.ip,
      });
      return { success: true, data };
    },
  );

  app.post<{ Querystring: { token: string } }>(
    '/LoginByTempToken',
    {
      config: { rateLimit: SIGN_IN_LIMIT },
      schema: {
        tags: TAGS,
        summary:
          'Sign in with a temporary token from createTempToken (in the query, as the spec has it: single use, 60 s)',
        querystring: {
          type: 'object',
          required: ['token'],
          additionalProperties: false,
          properties: { token: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } },
        },
        response: { 200: envelope(profileSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const claimed = await consumeTempToken(app.db, request.query.token);
      const { rows } = claimed
        ? await app.db.query<UserRow>(`select ${USER_COLUMNS} from users u where u.id = $1 and u.is_active`, [
            claimed.userId,
          ])
        : { rows: [] as UserRow[] };
      const organization = rows[0]
        ? (await membershipsOf(app.db, rows[0].id)).find((o) => o.id === claimed?.organizationId)
        : undefined;
      if (!rows[0] || !organization) {
        await writeAudit(app.db, {
          event: 'auth.tempToken.failure',
          userId: claimed?.userId,
          ip: request.ip,
          detail: { reason: claimed ? 'inactive' : 'unknownOrUsed' },
        });
        throw new ApiError(401, 'TEMP_TOKEN_INVALID', 'auth:errors.tempTokenInvalid');
      }
      const profile = await startSession(request, reply, { user: rows[0], organization, persistent: false });
      await writeAudit(app.db, {
        event: 'auth.tempToken.success',
        userId: rows[0].id,
        organizationId: organization.id,
        ip: request.ip,
      });
      return {
        success: true,
        message: translate(requestLanguage(request), 'auth:messages.signedIn'),
        data: profile,
      };
    },
  );
}
