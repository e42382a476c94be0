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
 * Answers the membership's current role (a changed role applies at once), the member's grants
 * (services/access/rights.ts: the request's rights and branch, read in the same statement) and the
 * organisation's documents generation (migration 0031: a list remembered at that generation is still
 * exact, services/documents/listCache.ts), or null: refuse. To add a condition (docs/auth.md "Per-request checks"), add it to this WHERE clause, never
 * a second query. A named statement: PostgreSQL parses and plans it once per connection.
 */
export async function currentSession(
  db: Db,
  claims: Pick<AuthUser, 'userId' | 'organizationId' | 'sessionId' | 'tin' | 'pinfl'>,
): Promise<{ role: MembershipRole; grants: MemberGrants; partyGeneration: string } | null> {
  const { rows } = await db.query<GrantsRow & { party_generation: string | null }>(
    `select ${GRANTS_COLUMNS},
            (select g.generation::text from party_generations g where g.identity = $4) as party_generation
       from users u
       join memberships m on m.user_id = u.id and m.organization_id = $2
       left join roles r on r.id = m.role_id
      where u.id = $1
        and u.is_active
        and m.is_active
        and not exists (select 1 from refresh_tokens t where t.family_id = $3 and t.revoked_at is not null)`,
    [claims.userId, claims.organizationId, claims.sessionId, claims.tin ?? claims.pinfl ?? null],
    { prepare: true },
  );
  const row = rows[0];
  // No row yet: none of the party's rows has changed since the table began, generation 0.
  return row
    ? { role: row.role, grants: grantsOfRow(row), partyGeneration: row.party_generation ?? '0' }
    : null;
}
