import { jwtVerify, SignJWT } from 'jose';
import type { AuthUser, MembershipRole } from './types';

/** Access tokens are short-lived; the rotating refresh token keeps a session going. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'hujjat';
const AUDIENCE = 'hujjat-api';
const ROLES: MembershipRole[] = ['owner', 'admin', 'accountant', 'staff'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function signAccessToken(key: Uint8Array, user: AuthUser, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    org: user.organizationId,
    sid: user.sessionId,
    role: user.role,
    ...(user.tin ? { tin: user.tin } : {}),
    ...(user.pinfl ? { pinfl: user.pinfl } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key);
}

/**
 * The caller encoded in a token, or null when it is invalid, expired or malformed. Only the signature
 * and the claims: whether its session still stands is `authenticate`'s per-request check.
 */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AuthUser | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    const role = payload.role as MembershipRole;
    const { sub, org, sid } = payload;
    if (typeof sub !== 'string' || typeof org !== 'string' || typeof sid !== 'string') return null;
    if (!UUID.test(sub) || !UUID.test(org) || !UUID.test(sid) || !ROLES.includes(role)) return null;
    const user: AuthUser = { userId: sub, organizationId: org, role, sessionId: sid };
    if (typeof payload.tin === 'string') user.tin = payload.tin;
    if (typeof payload.pinfl === 'string') user.pinfl = payload.pinfl;
    return user;
  } catch {
    return null;
  }
}
