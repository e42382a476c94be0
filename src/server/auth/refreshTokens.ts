import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/client';

/** Remember-me sessions last a month of inactivity; plain ones a working day. */
export const REFRESH_TTL_PERSISTENT_SECONDS = 30 * 24 * 3600;
export const REFRESH_TTL_SESSION_SECONDS = 12 * 3600;

export interface IssuedRefreshToken {
  token: string;
  familyId: string;
  expiresAt: Date;
  persistent: boolean;
}

/** Only a digest is stored: a leaked table cannot be replayed. */
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueRefreshToken(
  db: Db,
  params: { userId: string; organizationId: string; persistent: boolean; familyId?: string },
): Promise<IssuedRefreshToken> {
  const token = randomBytes(32).toString('base64url');
  const familyId = params.familyId ?? randomUUID();
  const ttl = params.persistent ? REFRESH_TTL_PERSISTENT_SECONDS : REFRESH_TTL_SESSION_SECONDS;
  const { rows } = await db.query<{ expires_at: Date }>(
    `insert into refresh_tokens (user_id, organization_id, family_id, token_hash, expires_at, persistent)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5), $6)
     returning expires_at`,
    [params.userId, params.organizationId, familyId, hashRefreshToken(token), ttl, params.persistent],
  );
  return { token, familyId, expiresAt: new Date(rows[0].expires_at), persistent: params.persistent };
}

export type RotationResult =
  | { kind: 'ok'; userId: string; organizationId: string; issued: IssuedRefreshToken }
  /** Unknown, expired or already revoked: the caller signs in again. */
  | { kind: 'invalid'; userId?: string; reason: 'unknown' | 'expired' | 'revoked' | 'inactive' }
  /** A token that was already rotated came back: someone holds a copy. The family is now revoked. */
  | { kind: 'reuse'; userId: string; organizationId: string | null; familyId: string };

/**
 * How long after a rotation a second use counts as a benign race of one browser rather than a stolen
 * copy: two tabs opened together, or a page reloaded while its renewal was in flight (the browser
 * dropped the answer, so its cookie still holds the old token). Within it the old token is exchanged
 * again for another successor of the same family, as Auth0's "reuse interval" and Okta's grace
 * period do; answering "retry" instead signed the reloaded tab out.
 */
export const REUSE_LEEWAY_SECONDS = 10;

/**
 * Exchanges a refresh token for a new one of the same family, in one transaction that locks the row,
 * so two concurrent uses of one token cannot both succeed.
 */
export async function rotateRefreshToken(db: Db, token: string): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      id: string;
      user_id: string;
      organization_id: string | null;
      family_id: string;
      used_at: Date | null;
      revoked_at: Date | null;
      expired: boolean;
      persistent: boolean;
      just_rotated: boolean;
      member_active: boolean | null;
      user_active: boolean;
    }>(
      `select t.id, t.user_id, t.organization_id, t.family_id, t.used_at, t.revoked_at, t.persistent,
              t.expires_at <= now() as expired,
              coalesce(t.used_at > now() - make_interval(secs => $2), false) as just_rotated, u.is_active as user_active, m.is_active as member_active
         from refresh_tokens t
         join users u on u.id = t.user_id
         left join memberships m on m.user_id = t.user_id and m.organization_id = t.organization_id
        where t.token_hash = $1
        for update of t`,
      [hashRefreshToken(token), REUSE_LEEWAY_SECONDS],
    );
    const row = rows[0];
    if (!row) return { kind: 'invalid', reason: 'unknown' };
    if (row.revoked_at) return { kind: 'invalid', userId: row.user_id, reason: 'revoked' };
    if (row.used_at && !row.just_rotated) {
      await revokeFamily(tx, row.family_id);
      return {
        kind: 'reuse',
        userId: row.user_id,
        organizationId: row.organization_id,
        familyId: row.family_id,
      };
    }
    if (row.expired) return { kind: 'invalid', userId: row.user_id, reason: 'expired' };
    if (!row.user_active || !row.member_active || !row.organization_id) {
      await revokeFamily(tx, row.family_id);
      return { kind: 'invalid', userId: row.user_id, reason: 'inactive' };
    }
    // A second exchange within the leeway keeps the first rotation's time: the leeway never stretches.
    if (!row.used_at) await tx.query('update refresh_tokens set used_at = now() where id = $1', [row.id]);
    const issued = await issueRefreshToken(tx, {
      userId: row.user_id,
      organizationId: row.organization_id,
      persistent: row.persistent,
      familyId: row.family_id,
    });
    return { kind: 'ok', userId: row.user_id, organizationId: row.organization_id, issued };
  });
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.query('update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null', [
    familyId,
  ]);
}

/** The family of a presented token (for logout), whatever its state; null when unknown. */
export async function familyOf(db: Db, token: string): Promise<{ familyId: string; userId: string } | null> {
  const { rows } = await db.query<{ family_id: string; user_id: string }>(
    'select family_id, user_id from refresh_tokens where token_hash = $1',
    [hashRefreshToken(token)],
  );
  return rows[0] ? { familyId: rows[0].family_id, userId: rows[0].user_id } : null;
}

export async function revokeAllForUser(db: Db, userId: string): Promise<void> {
  await db.query('update refresh_tokens set revoked_at = now() where user_id = $1 and revoked_at is null', [
    userId,
  ]);
}
