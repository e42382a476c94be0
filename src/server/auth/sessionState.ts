import type { Db } from '../db/client';
import { GRANTS_COLUMNS, type GrantsRow, grantsOfRow, type MemberGrants } from '../services/access/rights';
import type { AuthUser, MembershipRole } from './types';

/**
 * Whether the session of a verified access token still stands, in ONE indexed query per request
 * (primary keys of users and memberships, the partial index refresh_tokens_revoked_family_idx):
 *  - the person's account is active;
 *  - the membership the token acts for exists and is active (a member switched off stops at once);
 *  - the token's session (refresh family) is not revoked: sign-out, sign-out everywhere, password
 *    change and refresh-token reuse revoke families, so their access tokens stop at once.
 * Answers the membership's current role (a changed role applies at once) and the member's grants
 * (services/access/rights.ts: the request's rights and branch, read in the same statement), or null:
 * refuse. To add a condition (docs/auth.md "Per-request checks"), add it to this WHERE clause, never
 * a second query. A named statement: PostgreSQL parses and plans it once per connection.
 */
export async function currentSession(
  db: Db,
  claims: Pick<AuthUser, 'userId' | 'organizationId' | 'sessionId'>,
): Promise<{ role: MembershipRole; grants: MemberGrants } | null> {
  const { rows } = await db.query<GrantsRow>(
    `select ${GRANTS_COLUMNS}
       from users u
       join memberships m on m.user_id = u.id and m.organization_id = $2
       left join roles r on r.id = m.role_id
      where u.id = $1
        and u.is_active
        and m.is_active
        and not exists (select 1 from refresh_tokens t where t.family_id = $3 and t.revoked_at is not null)`,
    [claims.userId, claims.organizationId, claims.sessionId],
    { prepare: true },
  );
  return rows[0] ? { role: rows[0].role, grants: grantsOfRow(rows[0]) } : null;
}
