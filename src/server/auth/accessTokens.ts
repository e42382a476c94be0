import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
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

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A base64url-encoded JSON object, or null. */
function jsonObject(part: string): Record<string, unknown> | null {
  if (!BASE64URL.test(part)) return null;
  try {
    const value: unknown = JSON.parse(strictUtf8.decode(Buffer.from(part, 'base64url')));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The caller encoded in a token, or null when it is invalid, expired or malformed. Only the signature
 * and the claims: whether its session still stands is `authenticate`'s per-request check.
 *
 * Every request verifies one, so this is HS256 with node:crypto, synchronously: jose (which signs
 * them) verifies through WebCrypto — the key imported again and the HMAC run on the thread pool, about
 * 90 µs and a thread hand-off per request against 7 µs here. The checks are jose's for what
 * signAccessToken writes (tests/server/auth/accessTokens.test.ts compares the two): the header names
 * HS256 and no critical extension, the signature matches in constant time, the claims are a JSON
 * object with our issuer and audience, an `exp` in the future (required: every token we sign has one),
 * and `nbf`/`iat`, when present, numbers (`nbf` not in the future). A token that passed is remembered
 * (per key, the latest 10,000): its next request costs a map lookup and the two time checks.
 */
export function verifyAccessToken(key: Uint8Array, token: string, now = Date.now()): AuthUser | null {
  const seconds = Math.floor(now / 1000);
  const known = verifiedTokens.get(key)?.get(token);
  // The signature and claims of these exact bytes were checked with this key: only time can change
  // the verdict (`exp`, `nbf`), so those are checked again.
  if (known) return known.exp > seconds && known.nbf <= seconds ? { ...known.user } : null;
  const verified = verifyOnce(key, token, seconds);
  if (verified) remember(key, token, verified);
  return verified ? { ...verified.user } : null;
}

/** Tokens verified lately, per key: a client sends the same token with every request for 15 minutes. */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, Verified>>();
const MAX_VERIFIED_TOKENS = 10_000;

interface Verified {
  user: AuthUser;
  exp: number;
  nbf: number;
}

function remember(key: Uint8Array, token: string, verified: Verified) {
  let tokens = verifiedTokens.get(key);
  if (!tokens) {
    tokens = new Map();
    verifiedTokens.set(key, tokens);
  }
  // Oldest first out (Map keeps insertion order); an expired one is refused by its `exp` meanwhile.
  if (tokens.size >= MAX_VERIFIED_TOKENS) tokens.delete(tokens.keys().next().value as string);
  tokens.set(token, verified);
}

function verifyOnce(key: Uint8Array, token: string, seconds: number): Verified | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [encodedHeader, encodedPayload, encodedSignature] = parts;
  const header = jsonObject(encodedHeader);
  // No critical extension (jose knows only b64, which signAccessToken never sets): `b64` outside
  // `crit` means nothing, and the payload is base64url as usual.
  if (header?.alg !== 'HS256' || 'crit' in header) return null;
  if (!BASE64URL.test(encodedPayload) || !BASE64URL.test(encodedSignature)) return null;
  const signature = Buffer.from(encodedSignature, 'base64url');
  const expected = createHmac('sha256', key).update(`${encodedHeader}.${encodedPayload}`).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  const payload = jsonObject(encodedPayload);
  if (!payload) return null;
  const { iss, aud, exp, nbf, iat } = payload;
  if (iss !== ISSUER) return null;
  if (aud !== AUDIENCE && !(Array.isArray(aud) && aud.includes(AUDIENCE))) return null;
  if (typeof exp !== 'number' || exp <= seconds) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > seconds)) return null;
  if (iat !== undefined && typeof iat !== 'number') return null;
  const role = payload.role as MembershipRole;
  const { sub, org, sid } = payload;
  if (typeof sub !== 'string' || typeof org !== 'string' || typeof sid !== 'string') return null;
  if (!UUID.test(sub) || !UUID.test(org) || !UUID.test(sid) || !ROLES.includes(role)) return null;
  const user: AuthUser = { userId: sub, organizationId: org, role, sessionId: sid };
  if (typeof payload.tin === 'string') user.tin = payload.tin;
  if (typeof payload.pinfl === 'string') user.pinfl = payload.pinfl;
  return { user, exp, nbf: typeof nbf === 'number' ? nbf : -Infinity };
}
