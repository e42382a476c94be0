import type { Db } from '../db/client';
import type { GrantsRow, MemberGrants } from '../services/access/rights';
import { grantsOfRow } from '../services/access/rights';
import type { AuthUser, MembershipRole } from './types';

/**
 * What this process last read of a member's rights and overrides, with the versions they were read
 * at (migration 0054), per database: the session statement aggregates them again only when a version
 * differs. At most KNOWN_GRANTS_MAX members per database; the oldest read is dropped first.
 */
interface KnownGrants {
  roleId: string | null;
  rightsVersion: string | null;
  roleActions: string[];
  accessVersion: string;
  overrides: Array<[string, boolean]>;
}
const KNOWN_GRANTS_MAX = 10_000;
const knownGrantsOf = new WeakMap<Db, Map<string, KnownGrants>>();

function knownGrantsIn(db: Db): Map<string, KnownGrants> {
  let known = knownGrantsOf.get(db);
  if (!known) {
    known = new Map();
    knownGrantsOf.set(db, known);
  }
  return known;
}

type SessionRow = Omit<GrantsRow, 'role_actions' | 'overrides'> & {
  rights_version: string | null;
  access_version: string;
  /** Null: the role's rights are those known at the versions sent ($5, $6). */
  role_actions: string[] | string | null;
  /** Null: the member's overrides are those known at the version sent ($7). */
  overrides: Array<[string, boolean]> | string | null;
  party_generation: string | null;
};

/**
 * Whether the session of a verified access token still stands, in ONE indexed query per request
 * (primary keys of users and memberships, the partial index refresh_tokens_revoked_family_idx):
 *  - the person's account is active;
 *  - the membership the token acts for exists and is active (a member switched off stops at once);
 *  - the token's session (refresh family) is not revoked: sign-out, sign-out everywhere, password
 *    change and refresh-token reuse revoke families, so their access tokens stop at once.
 * Answers the membership's current role (a changed role applies at once), the member's grants
 * (services/access/rights.ts: the request's rights and branch, read in the same statement; the role's
 * rights and the member's overrides aggregated only when their versions moved since this process last
 * read them, migration 0054) and the organisation's documents generation (migration 0031: a list
 * remembered at that generation is still exact, services/documents/listCache.ts), or null: refuse.
 * To add a condition (docs/auth.md "Per-request checks"), add it to this WHERE clause, never a second
 * query. A named statement: PostgreSQL parses and plans it once per connection.
 */
export async function currentSession(
  db: Db,
  claims: Pick<AuthUser, 'userId' | 'organizationId' | 'sessionId' | 'tin' | 'pinfl'>,
): Promise<{ role: MembershipRole; grants: MemberGrants; partyGeneration: string } | null> {
  const known = knownGrantsIn(db);
  const member = `${claims.userId}/${claims.organizationId}`;
  const before = known.get(member);
  const { rows } = await db.query<SessionRow>(
    `select m.role, m.role_id, m.branch_code, r.code, r.is_deleted,
            r.rights_version::text as rights_version, m.access_version::text as access_version,
            case when m.role_id is not distinct from $5::uuid and r.rights_version is not distinct from $6::bigint
                 then null
                 else coalesce((select json_agg(rr.action) from role_rights rr where rr.role_id = m.role_id), '[]')
            end as role_actions,
            case when m.access_version = $7::bigint then null
                 else coalesce((select json_agg(json_build_array(ua.action, ua.allowed)) from user_access ua
                                 where ua.organization_id = m.organization_id and ua.user_id = m.user_id), '[]')
            end as overrides,
            (select g.generation::text from party_generations g where g.identity = $4) as party_generation
       from users u
       join memberships m on m.user_id = u.id and m.organization_id = $2
       left join roles r on r.id = m.role_id
      where u.id = $1
        and u.is_active
        and m.is_active
        and not exists (select 1 from refresh_tokens t where t.family_id = $3 and t.revoked_at is not null)`,
    [
      claims.userId,
      claims.organizationId,
      claims.sessionId,
      claims.tin ?? claims.pinfl ?? null,
      before?.roleId ?? null,
      before?.rightsVersion ?? null,
      before?.accessVersion ?? null,
    ],
    { prepare: true },
  );
  const row = rows[0];
  if (!row) return null;
  // Null columns are the ones sent as known: `before` holds them (with no role, there are none).
  const now: KnownGrants = {
    roleId: row.role_id,
    rightsVersion: row.rights_version,
    roleActions: row.role_actions === null ? (before?.roleActions ?? []) : json(row.role_actions),
    accessVersion: row.access_version,
    overrides: row.overrides === null ? (before?.overrides ?? []) : json(row.overrides),
  };
  known.delete(member);
  known.set(member, now);
  if (known.size > KNOWN_GRANTS_MAX) known.delete(known.keys().next().value as string);
  const grants = grantsOfRow({ ...row, role_actions: now.roleActions, overrides: now.overrides });
  // No row yet: none of the party's rows has changed since the table began, generation 0.
  return { role: row.role, grants, partyGeneration: row.party_generation ?? '0' };
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? JSON.parse(value) : value);
