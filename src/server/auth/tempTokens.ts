// Single-use sign-in tokens (migration 0095; docs/auth.md "Temporary sign-in token"). The spec puts
// the token in the query of Auth/LoginByTempToken, against the rule "never a token in a URL": so it
// lives 60 seconds, works once, is kept only as a digest, and URLs are logged with it masked.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client';

export const TEMP_TOKEN_TTL_SECONDS = 60;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token for the caller's person and organisation. Expired tokens are removed on the way. */
export async function issueTempToken(
  db: Db,
  user: { userId: string; organizationId: string },
): Promise<{ token: string; expiresIn: number }> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `with gone as (delete from temp_tokens where expires_at < now() - interval '1 day')
     insert into temp_tokens (token_hash, user_id, organization_id, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [digest(token), user.userId, user.organizationId, TEMP_TOKEN_TTL_SECONDS],
  );
  return { token, expiresIn: TEMP_TOKEN_TTL_SECONDS };
}

/**
 * The person and organisation of a token, consuming it in the statement that checks it (a second
 * use, an expired or unknown token: null).
 */
export async function consumeTempToken(
  db: Db,
  token: string,
): Promise<{ userId: string; organizationId: string } | null> {
  const { rows } = await db.query<{ user_id: string; organization_id: string }>(
    `update temp_tokens set used_at = now()
      where token_hash = $1 and used_at is null and expires_at > now()
      returning user_id, organization_id`,
    [digest(token)],
  );
  return rows[0] ? { userId: rows[0].user_id, organizationId: rows[0].organization_id } : null;
}
