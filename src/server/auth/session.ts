import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from './accessTokens';
import type { MembershipRow, UserRow } from './identity';
import { membershipsOf } from './identity';
import { type IssuedRefreshToken, issueRefreshToken } from './refreshTokens';
import type { AuthUser } from './types';

export const REFRESH_COOKIE = 'hujjat_refresh';
/** The cookie goes only to the Auth group, the only one that reads it. */
export const REFRESH_COOKIE_PATH = '/api/Auth';

/** What sign-in answers (spec §3 Profile): the person, the organisation acted for, and the access token. */
export interface ProfileData {
  accessToken: string;
  accessTokenExpiresIn: number;
  userId: string;
  fullName: string;
  phone: string | null;
  email: string | null;
  userPinfl: string | null;
  userTin: string | null;
  organizationId: string;
  organizationName: string;
  /** The organisation's TIN or the individual's PINFL: the party documents are issued for. */
  tin: string | null;
  pinfl: string | null;
  role: MembershipRow['role'];
  organizationsCount: number;
  hasPassword: boolean;
  isDemo: boolean;
}

export function authUserOf(user: Pick<UserRow, 'id'>, org: MembershipRow, sessionId: string): AuthUser {
  const authUser: AuthUser = { userId: user.id, organizationId: org.id, role: org.role, sessionId };
  if (org.tin) authUser.tin = org.tin;
  if (org.pinfl) authUser.pinfl = org.pinfl;
  return authUser;
}

/** The profile with a new access token of the session (refresh family) `sessionId`. */
export async function profileOf(
  db: Db,
  key: Uint8Array,
  user: UserRow,
  org: MembershipRow,
  sessionId: string,
): Promise<ProfileData> {
  const orgs = await membershipsOf(db, user.id);
  return {
    accessToken: await signAccessToken(key, authUserOf(user, org, sessionId)),
    accessTokenExpiresIn: ACCESS_TOKEN_TTL_SECONDS,
    userId: user.id,
    fullName: user.full_name,
    phone: user.phone,
    email: user.email,
    userPinfl: user.pinfl,
    userTin: user.tin,
    organizationId: org.id,
    organizationName: org.name,
    tin: org.tin,
    pinfl: org.pinfl,
    role: org.role,
    organizationsCount: orgs.length,
    hasPassword: Boolean(user.password_hash),
    isDemo: user.is_demo,
  };
}

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, issued: IssuedRefreshToken) {
  reply.setCookie(REFRESH_COOKIE, issued.token, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.server.config.production || request.protocol === 'https',
    // Without remember-me the cookie ends with the browser session.
    ...(issued.persistent ? { expires: issued.expiresAt } : {}),
  });
}

export function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
}

/** Starts a session: a new refresh family, its cookie, and the profile with an access token. */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  params: { user: UserRow; organization: MembershipRow; persistent: boolean },
): Promise<ProfileData> {
  const { db } = request.server;
  await db.query('update users set last_organization_id = $2 where id = $1', [
    params.user.id,
    params.organization.id,
  ]);
  const issued = await issueRefreshToken(db, {
    userId: params.user.id,
    organizationId: params.organization.id,
    persistent: params.persistent,
  });
  setRefreshCookie(request, reply, issued);
  return profileOf(db, request.server.auth.key, params.user, params.organization, issued.familyId);
}
