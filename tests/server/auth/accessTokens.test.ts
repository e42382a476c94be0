// Access tokens are verified with node:crypto (src/server/auth/accessTokens.ts), not jose: every
// crafted token is judged as jose's jwtVerify judges it with the same options, except a token without
// `exp` (jose would accept it for ever) or with base64 padding, which we refuse.
import { createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../../src/server/auth/accessTokens';
import type { AuthUser } from '../../../src/server/auth/types';

const key = new Uint8Array(randomBytes(32));
const otherKey = new Uint8Array(randomBytes(32));
const NOW = new Date('2026-11-25T10:00:00Z');
const seconds = Math.floor(NOW.getTime() / 1000);
const user: AuthUser = {
  userId: '11111111-1111-4111-8111-111111111111',
  organizationId: '22222222-2222-4222-8222-222222222222',
  sessionId: '33333333-3333-4333-8333-333333333333',
  role: 'accountant',
  tin: '310000001',
};
const claims = { org: user.organizationId, sid: user.sessionId, role: user.role, tin: user.tin };

/** A token as signAccessToken writes it, with what a test changes. */
async function token(
  options: {
    header?: Record<string, unknown>;
    payload?: Record<string, unknown>;
    iss?: string;
    aud?: string | string[];
    exp?: number | null;
    signWith?: Uint8Array;
  } = {},
) {
  const jwt = new SignJWT({ ...claims, ...options.payload })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...options.header } as { alg: string })
    .setSubject(user.userId)
    .setIssuer(options.iss ?? 'hujjat')
    .setAudience(options.aud ?? 'hujjat-api')
    .setIssuedAt(seconds - 60);
  if (options.exp !== null) jwt.setExpirationTime(options.exp ?? seconds + 600);
  return jwt.sign(options.signWith ?? key);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token over any header and encoded claims, signed with the right key. */
function signRaw(header: Record<string, unknown>, encodedPayload: string) {
  const encodedHeader = b64(header);
  const signature = createHmac('sha256', key)
    .update(`${encodedHeader}.${encodedPayload}`)
    .digest('base64url');
  return `${encodedHeader}.${encodedPayload}.${signature}`;
}

async function joseAccepts(jwt: string) {
  try {
    await jwtVerify(jwt, key, {
      issuer: 'hujjat',
      audience: 'hujjat-api',
      algorithms: ['HS256'],
      currentDate: NOW,
    });
    return true;
  } catch {
    return false;
  }
}

const ours = (jwt: string) => verifyAccessToken(key, jwt, NOW.getTime());

describe('access tokens', () => {
  it('accepts what signAccessToken signs, with the caller it names', async () => {
    const signed = await signAccessToken(key, user, new Date(NOW.getTime() - 60_000));
    expect(ours(signed)).toEqual(user);
    expect(await joseAccepts(signed)).toBe(true);
    expect(verifyAccessToken(otherKey, signed, NOW.getTime())).toBeNull();
  });

  it('judges a token it verified before by the time again: expired after exp, not valid before nbf', async () => {
    const expiring = await token({ exp: seconds + 30 });
    const later = await token({ payload: { nbf: seconds + 60 }, exp: seconds + 600 });
    expect(ours(expiring)).toEqual(user); // verified and remembered
    expect(verifyAccessToken(key, expiring, (seconds + 29) * 1000)).toEqual(user);
    expect(verifyAccessToken(key, expiring, (seconds + 30) * 1000)).toBeNull();
    expect(verifyAccessToken(key, later, (seconds + 60) * 1000)).toEqual(user);
    expect(verifyAccessToken(key, later, (seconds + 59) * 1000)).toBeNull();
    // Remembered per key: the same bytes under another key are checked, and refused.
    expect(verifyAccessToken(otherKey, expiring, NOW.getTime())).toBeNull();
    // A caller's copy, changed, does not change what the next request gets.
    const first = ours(expiring);
    if (first) first.organizationId = '44444444-4444-4444-8444-444444444444';
    expect(ours(expiring)).toEqual(user);
  });

  it('judges crafted tokens as jose does', async () => {
    const good = await token();
    const [h, p, s] = good.split('.');
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(user.userId)
      .setIssuer('hujjat')
      .setAudience('hujjat-api')
      .setExpirationTime(seconds + 600)
      .sign(key);
    const cases: Record<string, string> = {
      good,
      'audience in a list': await token({ aud: ['other', 'hujjat-api'] }),
      'another key': await token({ signWith: otherKey }),
      'changed claims, old signature': `${h}.${b64({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), org: '44444444-4444-4444-8444-444444444444' })}.${s}`,
      'alg none': `${b64({ alg: 'none' })}.${p}.`,
      'alg none with the old signature': `${b64({ alg: 'none' })}.${p}.${s}`,
      'HS512 with the right key': hs512,
      expired: await token({ exp: seconds - 1 }),
      'expiring this second': await token({ exp: seconds }),
      'valid for one more second': await token({ exp: seconds + 1 }),
      'exp not a number': await token({ payload: { exp: String(seconds + 600) }, exp: null }),
      'not yet valid': await token({ payload: { nbf: seconds + 60 } }),
      'valid from now': await token({ payload: { nbf: seconds } }),
      'iat not a number': await token({ payload: { iat: 'yesterday' } }),
      'another issuer': await token({ iss: 'someone' }),
      'another audience': await token({ aud: 'other' }),
      'a critical extension': signRaw({ alg: 'HS256', crit: ['exp2'], exp2: 1 }, p),
      'an unencoded payload (b64 false)': signRaw({ alg: 'HS256', crit: ['b64'], b64: false }, p),
      'b64 true, not critical': signRaw({ alg: 'HS256', b64: true }, p),
      'b64 false, not critical': signRaw({ alg: 'HS256', b64: false }, p),
      'header an array': signRaw([] as unknown as Record<string, unknown>, p),
      'two parts': `${h}.${p}`,
      'four parts': `${good}.${s}`,
      'not base64url': `${h}.${p}.${s.slice(0, -2)}+/`,
      'empty header': `.${p}.${s}`,
      'header not JSON': `${Buffer.from('alg').toString('base64url')}.${p}.${s}`,
    };
    for (const [name, jwt] of Object.entries(cases)) {
      expect({ name, accepted: ours(jwt) !== null }).toEqual({ name, accepted: await joseAccepts(jwt) });
    }
  });

  it('refuses what jose alone would accept: no expiry, base64 padding (signAccessToken writes neither)', async () => {
    const forever = await token({ exp: null });
    const [h, p, s] = (await token()).split('.');
    for (const jwt of [forever, `${h}.${p}.${s}=`]) {
      expect(await joseAccepts(jwt)).toBe(true);
      expect(ours(jwt)).toBeNull();
    }
  });

  it('refuses claims that are not a JSON object, whatever their signature', async () => {
    for (const payload of [
      b64([1, 2]),
      b64('text'),
      b64(null),
      Buffer.from([0xff, 0xfe]).toString('base64url'),
    ]) {
      const jwt = signRaw({ alg: 'HS256' }, payload);
      expect(ours(jwt)).toBeNull();
      expect(await joseAccepts(jwt)).toBe(false);
    }
  });
});
