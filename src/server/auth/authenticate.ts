import type { FastifyReply, FastifyRequest } from 'fastify';
import { ORGANIZATION_HEADER } from '../../engine/constants';
import { ApiError } from '../errors';
import { readRightsOncePerRequest } from '../services/access/rights';
import { verifyAccessToken } from './accessTokens';
import { apiKeyCaller, isApiKey, peopleOnly } from './apiKeys';
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
  if (token && isApiKey(token)) return authenticateKey(request, token);
  const claims = token ? verifyAccessToken(request.server.auth.key, token) : null;
  if (claims) refuseOtherOrganization(request, claims.organizationId);
  const session = claims ? await currentSession(request.server.db, claims) : null;
  if (!claims || !session) throw new ApiError(401, 'UNAUTHORIZED', 'errors:unauthorized');
  request.user = { ...claims, role: session.role, partyGeneration: session.partyGeneration };
  readRightsOncePerRequest(request.user, session.grants);
}

const ORGANIZATION_HEADER_NAME = ORGANIZATION_HEADER.toLowerCase();

/**
 * A request naming the organisation its sender believes it acts for (the header, sent by the web
 * client) must carry a token for that organisation: after a switch in another tab the shared refresh
 * cookie renews a stale tab's token for the new organisation, and without this check a form filled
 * for the old one would be sent for the new one. Clients that send no header are not affected.
 */
function refuseOtherOrganization(request: FastifyRequest, organizationId: string) {
  const expected = request.headers[ORGANIZATION_HEADER_NAME];
  if (expected === undefined) return;
  if (expected !== organizationId) {
    throw new ApiError(409, 'ORGANIZATION_CHANGED', 'errors:organizationChanged');
  }
}

/** An API key instead of an access token (auth/apiKeys.ts): its member's grants, read in one statement. */
async function authenticateKey(request: FastifyRequest, token: string): Promise<void> {
  const found = await apiKeyCaller(request.server.db, token, request.ip);
  if (!found) throw new ApiError(401, 'UNAUTHORIZED', 'errors:unauthorized');
  refuseOtherOrganization(request, found.user.organizationId);
  if (peopleOnly(request)) throw new ApiError(403, 'PEOPLE_ONLY', 'integrations:keys.peopleOnly');
  request.user = found.user;
  readRightsOncePerRequest(request.user, found.grants);
}

/** preHandler after `authenticate`: a person, not an API key (key management, webhooks, sessions). */
export async function requirePerson(request: FastifyRequest): Promise<void> {
  if (currentUser(request).apiKeyId) throw new ApiError(403, 'PEOPLE_ONLY', 'integrations:keys.peopleOnly');
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
