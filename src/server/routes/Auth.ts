import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { checkLoginThrottle, recordLoginAttempt } from '../auth/throttle';
import { ApiError, requestLanguage } from '../errors';
import { translate } from '../i18n';

const TAGS = ['Auth'];
const BEARER = [{ bearer: [] }];

/** Per-address request caps on top of the database throttling (which counts failures only). */
const LIMITS = {
  login: { max: 30, timeWindow: '1 minute' },
  probe: { max: 60, timeWindow: '1 minute' },
  refresh: { max: 120, timeWindow: '1 minute' },
} as const;

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
      const throttle = await checkLoginThrottle(app.db, login, request.ip);
      if (throttle.blocked) {
        await audit(request, { event: 'auth.login.throttled', detail: { login, scope: throttle.scope } });
        reply.header('retry-after', String((throttle.retryAfterMinutes ?? 1) * 60));
        throw new ApiError(429, 'TOO_MANY_ATTEMPTS', 'auth:errors.tooManyAttempts', {
          minutes: throttle.retryAfterMinutes,
        });
      }
      const user = login ? await findUserByLogin(app.db, login) : null;
      const passwordOk = await verifyPassword(user?.password_hash, request.body.password);
      const orgs = user && passwordOk && user.is_active ? await membershipsOf(app.db, user.id) : [];
      if (!user || !passwordOk || !user.is_active || orgs.length === 0) {
        await recordLoginAttempt(app.db, login, request.ip, false);
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
      await recordLoginAttempt(app.db, login, request.ip, true);
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

  /** The refresh token of a request: the httpOnly cookie, or the spec's `refreshToken` query parameter. */
  const presentedRefreshToken = (request: FastifyRequest<{ Querystring: { refreshToken?: string } }>) =>
    request.query.refreshToken || request.cookies[REFRESH_COOKIE] || null;

  app.get<{ Querystring: { refreshToken?: string } }>(
    '/refreshToken',
    {
      config: { rateLimit: LIMITS.refresh },
      schema: {
        tags: TAGS,
        summary: 'Exchanges the refresh token (cookie or query) for a new access token and refresh token',
        querystring: { type: 'object', properties: { refreshToken: { type: 'string', maxLength: 200 } } },
        response: {
          200: envelope({
            type: 'object',
            required: ['accessToken'],
            properties: {
              ...profileSchema.properties,
              refreshToken: { type: 'string', description: 'only when the old one came in the query' },
            },
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
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
      if (result.kind === 'justRotated') {
        // Keep the cookie: it already holds the successor; the caller retries with it.
        throw new ApiError(409, 'REFRESH_TOKEN_ROTATED', 'auth:errors.refreshRaced');
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
      const profile = await profileOf(app.db, app.auth.key, user, org);
      const fromQuery = Boolean(request.query.refreshToken);
      return ok(
        request,
        'auth:messages.refreshed',
        fromQuery ? { ...profile, refreshToken: result.issued.token } : profile,
      );
    },
  );

  app.post<{ Querystring: { refreshToken?: string } }>(
    '/logout',
    {
      config: { rateLimit: LIMITS.refresh },
      schema: {
        tags: TAGS,
        summary: 'Ends the session: revokes the refresh token family and clears the cookie',
        querystring: { type: 'object', properties: { refreshToken: { type: 'string', maxLength: 200 } } },
        response: { 200: envelope({ type: 'object', properties: {} }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const token = presentedRefreshToken(request);
      const family = token ? await familyOf(app.db, token) : null;
      if (family) await revokeFamily(app.db, family.familyId);
      clearRefreshCookie(reply);
      await audit(request, {
        event: 'auth.logout',
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
      return ok(request, 'auth:messages.ok', await profileOf(app.db, app.auth.key, user, org));
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

  app.post<{ Body: { organizationId: string }; Querystring: { refreshToken?: string } }>(
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
      // The old session's family ends; the new one is bound to the chosen organisation.
      const token = presentedRefreshToken(request);
      const family = token ? await familyOf(app.db, token) : null;
      let persistent = false;
      if (family && family.userId === user.id) {
        const { rows } = await app.db.query<{ persistent: boolean }>(
          'select bool_or(persistent) as persistent from refresh_tokens where family_id = $1',
          [family.familyId],
        );
        persistent = rows[0]?.persistent === true;
        await revokeFamily(app.db, family.familyId);
      }
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
      if (user.password_hash && !(await verifyPassword(user.password_hash, oldPassword ?? ''))) {
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
