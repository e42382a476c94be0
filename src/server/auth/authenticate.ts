import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { readRightsOncePerRequest } from '../services/access/rights';
import { verifyAccessToken } from './accessTokens';
import { currentSession } from './sessionState';
import type { AuthUser, MembershipRole } from './types';

/** The bearer token of a request, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Hook of every protected route: a valid access token whose session still stands (sessionState.ts:
 * one indexed statement, shared with the checks that arrive together), or 401 (the web client then
 * renews the token once, else signs out). Sets `request.user` with the membership's current role;
 * scope every query to `request.user.organizationId`.
 *
 *   app.get('/x', { preHandler: authenticate, schema: { security: [{ bearer: [] }], ... } }, handler)
 *   // or for a whole group: app.addHook('preHandler', authenticate)
 *   // a route taking large bodies: { onRequest: authenticate } refuses before the body is read
 */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  const claims = token ? verifyAccessToken(request.server.auth.key, token) : null;
  const session = claims ? await currentSession(request.server.db, claims) : null;
  if (!claims || !session) throw new ApiError(401, 'UNAUTHORIZED', 'errors:unauthorized');
  request.user = { ...claims, role: session.role, partyGeneration: session.partyGeneration };
  readRightsOncePerRequest(request.user, session.grants);
}

/** The caller of a route behind `authenticate` (throws if the route forgot it). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new ApiError(401, 'UNAUTHORIZED', 'errors:unauthorized');
  return request.user;
}

/** preHandler after `authenticate`: only the given membership roles pass, others get 403. */
export function requireRole(...roles: MembershipRole[]) {
  return async (request: FastifyRequest) => {
    if (!roles.includes(currentUser(request).role)) throw new ApiError(403, 'FORBIDDEN', 'errors:forbidden');
  };
}
