import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PINFL_LENGTH, TIN_LENGTH } from '../../engine/constants';
import { type AuditEntry, writeAudit } from '../auth/audit';
import { authenticate, currentUser } from '../auth/authenticate';
import { findUserByLogin, membershipsOf, normalizeLogin, USER_COLUMNS, type UserRow } from '../auth/identity';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { familyOf, revokeAllForUser, revokeFamily, rotateRefreshToken } from '../auth/refreshTokens';
import { registerBySignatureRoute } from '../auth/register';
import { fieldErrors, PASSWORD_PROBLEM_KEYS, passwordProblem } from '../auth/rules';
import { envelope, errorResponses, organizationSchema, profileSchema } from '../auth/schemas';
import {
  clearRefreshCookie,
  profileOf,
  REFRESH_COOKIE,
  setRefreshCookie,
  startSession,
} from '../auth/session';
import { accountKey, checkLoginThrottle, recordLoginAttempt, type ThrottleState } from '../auth/throttle';
import type { AuthUser } from '../auth/types';
import { ApiError, requestLanguage } from '../errors';
import { translate } from '../i18n';
import { SIGN_IN_BODY_LIMIT } from '../limits';

const TAGS = ['Auth'];
const BEARER = [{ bearer: [] }];

/** Per-address request caps on top of the database throttling (which counts failures only). */
const LIMITS = {
  login: { max: 30, timeWindow: '1 minute' },
  probe: { max: 60, timeWindow: '1 minute' },
  refresh: { max: 120, timeWindow: '1 minute' },
} as const;

/** The 429 of a throttled password attempt, with the wait in Retry-After. */
function tooManyAttempts(reply: FastifyReply, throttle: ThrottleState): ApiError {
  const seconds = throttle.retryAfterSeconds ?? 1;
  reply.header('retry-after', String(seconds));
  return new ApiError(429, 'TOO_MANY_ATTEMPTS', 'auth:errors.tooManyAttempts', { seconds });
}

/** A refresh token in a body (non-browser clients), as the refresh, logout and switch routes take it. */
const refreshTokenProperty = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description: 'For clients without cookies; browsers send the httpOnly cookie instead',
} as const;

/** The session of a caller behind `authenticate` (which always sets it). */
function sessionOf(caller: AuthUser): string {
  if (!caller.sessionId) throw new ApiError(401, 'UNAUTHORIZED', 'errors:unauthorized');
  return caller.sessionId;
}

async function loadUser(app: FastifyInstance, userId: string): Promise<UserRow> {
  const { rows } = await app.db.query<UserRow>(`select ${USER_COLUMNS} from users u where u.id = $1`, [
    userId,
  ]);
  if (!rows[0]?.is_active) throw new ApiError(401, 'UNAUTHORIZED', 'errors:unauthorized');
  return rows[0];
}

export default async function authRoutes(app: FastifyInstance) {
  const audit = (request: FastifyRequest, entry: Omit<AuditEntry, 'ip'>) =>
    writeAudit(app.db, { ...entry, ip: request.ip });
  const ok = (request: FastifyRequest, key: string, data: unknown) => ({
    success: true,
    message: translate(requestLanguage(request), key),
    data,
  });

  app.post<{ Body: { phone: string; password: string; rememberMe?: boolean } }>(
    '/Login',
    {
      bodyLimit: SIGN_IN_BODY_LIMIT,
      config: { rateLimit: LIMITS.login },
      schema: {
        tags: TAGS,
        summary: 'Password sign-in by phone, TIN or PINFL',
        body: {
          type: 'object',
          required: ['phone', 'password'],
          additionalProperties: false,
          properties: {
            phone: {
              type: 'string',
              minLength: 1,
              maxLength: 250,
              description: 'phone digits, TIN or PINFL',
            },
            password: { type: 'string', minLength: 1, maxLength: 256 },
            rememberMe: { type: 'boolean', default: false },
          },
        },
        response: { 200: envelope(profileSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const login = normalizeLogin(request.body.phone);
      const user = login ? await findUserByLogin(app.db, login) : null;
      const account = accountKey(user?.id, login);
      // Checked before the password, so a slowed-down account cannot be probed meanwhile.
      const throttle = await checkLoginThrottle(app.db, account, request.ip);
      if (throttle.blocked) {
        await audit(request, {
          event: 'auth.login.throttled',
          userId: user?.id,
          detail: { login, scope: throttle.scope },
        });
        throw tooManyAttempts(reply, throttle);
      }
      const passwordOk = await verifyPassword(user?.password_hash, request.body.password);
      const orgs = user && passwordOk && user.is_active ? await membershipsOf(app.db, user.id) : [];
      if (!user || !passwordOk || !user.is_active || orgs.length === 0) {
        await recordLoginAttempt(app.db, account, request.ip, false);
        const reason = !user
          ? 'unknownLogin'
          : !passwordOk
            ? 'wrongPassword'
            : !user.is_active
              ? 'inactive'
              : 'noOrganization';
        await audit(request, { event: 'auth.login.failure', userId: user?.id, detail: { login, reason } });
        if (reason === 'noOrganization')
          throw new ApiError(403, 'NO_ORGANIZATION', 'auth:errors.noOrganization');
        throw new ApiError(401, 'INVALID_CREDENTIALS', 'auth:errors.invalidCredentials');
      }
      await recordLoginAttempt(app.db, account, request.ip, true);
      // Signing in with an organisation's TIN acts for that organisation; otherwise the last one chosen.
      const organization =
        orgs.find((o) => o.tin === login || o.pinfl === login) ??
        orgs.find((o) => o.id === user.last_organization_id) ??
        orgs[0];
      const profile = await startSession(request, reply, {
        user,
        organization,
        persistent: request.body.rememberMe === true,
      });
      await audit(request, {
        event: 'auth.login.success',
        userId: user.id,
        organizationId: organization.id,
        detail: { login },
      });
      return ok(request, 'auth:messages.signedIn', profile);
    },
  );

  app.get<{ Querystring: { tinOrPinfl: string } }>(
    '/IsRegistered',
    {
      config: { rateLimit: LIMITS.probe },
      schema: {
        tags: TAGS,
        summary: 'Whether an account is registered for a TIN or PINFL (400 when it is)',
        querystring: {
          type: 'object',
          required: ['tinOrPinfl'],
          properties: {
            tinOrPinfl: { type: 'string', pattern: `^(\\d{${TIN_LENGTH}}|\\d{${PINFL_LENGTH}})$` },
          },
        },
        response: {
          200: envelope({
            type: 'object',
            required: ['registered'],
            properties: { registered: { type: 'boolean', enum: [false] } },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const id = request.query.tinOrPinfl;
      const { rows } = await app.db.query(
        `select 1 from users where registered_identity = $1 or (pinfl = $1 and password_hash is not null) limit 1`,
        [id],
      );
      if (rows.length) {
        await audit(request, {
          event: 'auth.register.failure',
          detail: { tinOrPinfl: id, reason: 'alreadyRegistered', probe: true },
        });
        throw new ApiError(400, 'ALREADY_REGISTERED', 'auth:errors.alreadyRegistered');
      }
      return ok(request, 'auth:messages.notRegistered', { registered: false });
    },
  );

  await registerBySignatureRoute(app);

  /**
   * The refresh token of a request: the httpOnly cookie, or a body's `refreshToken` (clients without
   * cookies). Never a URL: URLs end up in logs, proxies and browser history.
   */
  const presentedRefreshToken = (request: FastifyRequest) =>
    (request.body as { refreshToken?: string } | undefined)?.refreshToken ||
    request.cookies[REFRESH_COOKIE] ||
    null;

  /** The spec's `refreshToken` query parameter is refused: a token in a URL is a token in a log. */
  const refuseTokenInUrl = async (request: FastifyRequest) => {
    if ((request.query as { refreshToken?: unknown } | undefined)?.refreshToken !== undefined) {
      throw new ApiError(400, 'REFRESH_TOKEN_IN_URL', 'auth:errors.refreshTokenInUrl');
    }
  };

  /** A POST whose JSON body is optional (the browser sends none and relies on the cookie). */
  const optionalBody = async (request: FastifyRequest) => {
    request.body ??= {};
  };

  const refreshAnswer = {
    200: envelope({
      type: 'object',
      required: ['accessToken'],
      properties: {
        ...profileSchema.properties,
        refreshToken: {
          type: 'string',
          description: 'the next refresh token, when this one came in the body',
        },
      },
    }),
    ...errorResponses,
  };

  const refresh = async (request: FastifyRequest, reply: FastifyReply) => {
    const fromBody = Boolean((request.body as { refreshToken?: string } | undefined)?.refreshToken);
    const token = presentedRefreshToken(request);
    if (!token) throw new ApiError(401, 'NO_REFRESH_TOKEN', 'auth:errors.sessionExpired');
    const result = await rotateRefreshToken(app.db, token);
    if (result.kind === 'reuse') {
      clearRefreshCookie(reply);
      await audit(request, {
        event: 'auth.refresh.reuse',
        userId: result.userId,
        organizationId: result.organizationId,
        detail: { familyId: result.familyId },
      });
      throw new ApiError(401, 'REFRESH_TOKEN_REUSED', 'auth:errors.refreshReused');
    }
    if (result.kind === 'invalid') {
      clearRefreshCookie(reply);
      await audit(request, {
        event: 'auth.refresh.failure',
        userId: result.userId,
        detail: { reason: result.reason },
      });
      throw new ApiError(401, 'INVALID_REFRESH_TOKEN', 'auth:errors.sessionExpired');
    }
    const user = await loadUser(app, result.userId);
    const org = (await membershipsOf(app.db, user.id)).find((o) => o.id === result.organizationId);
    if (!org) throw new ApiError(401, 'INVALID_REFRESH_TOKEN', 'auth:errors.sessionExpired');
    setRefreshCookie(request, reply, result.issued);
    const profile = await profileOf(app.db, app.auth.key, user, org, result.issued.familyId);
    return ok(
      request,
      'auth:messages.refreshed',
      fromBody ? { ...profile, refreshToken: result.issued.token } : profile,
    );
  };

  app.get(
    '/refreshToken',
    {
      config: { rateLimit: LIMITS.refresh },
      preValidation: refuseTokenInUrl,
      schema: {
        tags: TAGS,
        summary: 'Exchanges the refresh-token cookie for a new access token (and rotates the cookie)',
        querystring: {
          type: 'object',
          properties: {
            refreshToken: {
              type: 'string',
              description: 'Refused (400 REFRESH_TOKEN_IN_URL): send it in the body of POST refreshToken',
            },
          },
        },
        response: refreshAnswer,
      },
    },
    refresh,
  );

  app.post(
    '/refreshToken',
    {
      config: { rateLimit: LIMITS.refresh },
      preValidation: [refuseTokenInUrl, optionalBody],
      schema: {
        tags: TAGS,
        summary:
          'Exchanges a refresh token (body, else the cookie) for a new access token; the next refresh token is in the answer when it came in the body',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { refreshToken: refreshTokenProperty },
        },
        response: refreshAnswer,
      },
    },
    refresh,
  );

  app.post<{ Body: { refreshToken?: string; allSessions?: boolean } }>(
    '/logout',
    {
      config: { rateLimit: LIMITS.refresh },
      preValidation: [refuseTokenInUrl, optionalBody],
      schema: {
        tags: TAGS,
        summary:
          'Ends the session (or, with allSessions, every session of the person): revokes the refresh token families — their access tokens stop at once — and clears the cookie',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            refreshToken: refreshTokenProperty,
            allSessions: { type: 'boolean', default: false, description: 'sign out on every device' },
          },
        },
        response: { 200: envelope({ type: 'object', properties: {} }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const token = presentedRefreshToken(request);
      const family = token ? await familyOf(app.db, token) : null;
      const everywhere = request.body.allSessions === true && family !== null;
      if (everywhere) await revokeAllForUser(app.db, family.userId);
      else if (family) await revokeFamily(app.db, family.familyId);
      clearRefreshCookie(reply);
      await audit(request, {
        event: everywhere ? 'auth.logout.all' : 'auth.logout',
        userId: family?.userId,
        detail: { familyId: family?.familyId ?? null },
      });
      return ok(request, 'auth:messages.signedOut', {});
    },
  );

  app.get(
    '/getUserInfo',
    {
      preHandler: authenticate,
      schema: {
        tags: TAGS,
        summary: 'The signed-in person and organisation',
        security: BEARER,
        response: { 200: envelope(profileSchema), ...errorResponses },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const user = await loadUser(app, caller.userId);
      const org = (await membershipsOf(app.db, user.id)).find((o) => o.id === caller.organizationId);
      if (!org) throw new ApiError(401, 'UNAUTHORIZED', 'errors:unauthorized');
      return ok(
        request,
        'auth:messages.ok',
        await profileOf(app.db, app.auth.key, user, org, sessionOf(caller)),
      );
    },
  );

  app.get(
    '/getUserOrganization',
    {
      preHandler: authenticate,
      schema: {
        tags: TAGS,
        summary: 'Organisations the signed-in person belongs to',
        security: BEARER,
        response: { 200: envelope({ type: 'array', items: organizationSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const orgs = await membershipsOf(app.db, caller.userId);
      return ok(
        request,
        'auth:messages.ok',
        orgs.map((o) => ({
          id: o.id,
          name: o.name,
          tin: o.tin,
          pinfl: o.pinfl,
          role: o.role,
          current: o.id === caller.organizationId,
        })),
      );
    },
  );

  app.post<{ Body: { organizationId: string } }>(
    '/chooseOrganization',
    {
      preHandler: authenticate,
      schema: {
        tags: TAGS,
        summary: 'Acts for another organisation of the signed-in person; starts a new session for it',
        security: BEARER,
        body: {
          type: 'object',
          required: ['organizationId'],
          additionalProperties: false,
          properties: { organizationId: { type: 'string', format: 'uuid' } },
        },
        response: { 200: envelope(profileSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const user = await loadUser(app, caller.userId);
      const org = (await membershipsOf(app.db, user.id)).find((o) => o.id === request.body.organizationId);
      if (!org) {
        await audit(request, {
          event: 'auth.organization.refused',
          userId: user.id,
          organizationId: caller.organizationId,
          detail: { requested: request.body.organizationId },
        });
        throw new ApiError(403, 'NOT_A_MEMBER', 'auth:errors.notAMember');
      }
      // The caller's session ends (its access token with it); the new one is bound to the chosen
      // organisation and keeps remember-me.
      const { rows } = await app.db.query<{ persistent: boolean | null }>(
        'select bool_or(persistent) as persistent from refresh_tokens where family_id = $1 and user_id = $2',
        [sessionOf(caller), user.id],
      );
      const persistent = rows[0]?.persistent === true;
      await revokeFamily(app.db, sessionOf(caller));
      const profile = await startSession(request, reply, { user, organization: org, persistent });
      await audit(request, {
        event: 'auth.organization.chosen',
        userId: user.id,
        organizationId: org.id,
        detail: { from: caller.organizationId },
      });
      return ok(request, 'auth:messages.organizationChosen', profile);
    },
  );

  app.post<{ Body: { oldPassword?: string; newPassword: string; confirmPassword?: string } }>(
    '/updatePassword',
    {
      preHandler: authenticate,
      config: { rateLimit: LIMITS.login },
      schema: {
        tags: TAGS,
        summary: 'Sets a new password (the current one is required when there is one); ends other sessions',
        security: BEARER,
        body: {
          type: 'object',
          required: ['newPassword'],
          additionalProperties: false,
          properties: {
            oldPassword: { type: 'string', maxLength: 256 },
            newPassword: { type: 'string', maxLength: 256 },
            confirmPassword: { type: 'string', maxLength: 256 },
          },
        },
        response: { 200: envelope(profileSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const user = await loadUser(app, caller.userId);
      const { oldPassword, newPassword, confirmPassword } = request.body;
      const lang = requestLanguage(request);
      // A wrong current password counts like a failed sign-in of the account (throttle.ts).
      const account = accountKey(user.id, null);
      if (user.password_hash) {
        const throttle = await checkLoginThrottle(app.db, account, request.ip);
        if (throttle.blocked) {
          await audit(request, {
            event: 'auth.password.throttled',
            userId: user.id,
            organizationId: caller.organizationId,
            detail: { scope: throttle.scope },
          });
          throw tooManyAttempts(reply, throttle);
        }
      }
      if (user.password_hash && !(await verifyPassword(user.password_hash, oldPassword ?? ''))) {
        await recordLoginAttempt(app.db, account, request.ip, false);
        await audit(request, {
          event: 'auth.password.failure',
          userId: user.id,
          organizationId: caller.organizationId,
          detail: { reason: 'wrongPassword' },
        });
        throw fieldErrors(lang, [{ path: '/oldPassword', key: 'auth:errors.wrongCurrentPassword' }]);
      }
      const problems: Array<{ path: string; key: string; params?: Record<string, unknown> }> = [];
      const weak = passwordProblem(newPassword);
      if (weak) problems.push({ path: '/newPassword', key: PASSWORD_PROBLEM_KEYS[weak], params: { min: 8 } });
      if (confirmPassword !== undefined && confirmPassword !== newPassword) {
        problems.push({ path: '/confirmPassword', key: 'auth:password.mismatch' });
      }
      if (problems.length) {
        await audit(request, {
          event: 'auth.password.failure',
          userId: user.id,
          organizationId: caller.organizationId,
          detail: { reason: problems[0].key },
        });
        throw fieldErrors(lang, problems);
      }
      if (user.password_hash) await recordLoginAttempt(app.db, account, request.ip, true);
      await app.db.transaction(async (tx) => {
        await tx.query(
          'update users set password_hash = $2, password_changed_at = now(), updated_at = now() where id = $1',
          [user.id, await hashPassword(newPassword)],
        );
        // A new password ends every other session.
        await revokeAllForUser(tx, user.id);
      });
      const org = (await membershipsOf(app.db, user.id)).find((o) => o.id === caller.organizationId);
      if (!org) throw new ApiError(401, 'UNAUTHORIZED', 'errors:unauthorized');
      const profile = await startSession(request, reply, {
        user: { ...user, password_hash: 'set' },
        organization: org,
        persistent: false,
      });
      await audit(request, { event: 'auth.password.changed', userId: user.id, organizationId: org.id });
      return ok(request, 'auth:messages.passwordChanged', profile);
    },
  );
}
