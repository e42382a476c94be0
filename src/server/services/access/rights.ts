// The caller's effective rights in the organisation the token acts for: one indexed query (the
// membership by its primary key, the role by its key, the role's rights and the member's overrides
// by theirs), then set arithmetic.
import type { AuthUser, MembershipRole } from '../../auth/types';
import type { Db } from '../../db/client';
import { actionCatalogue } from './actions';
import { type BuiltInRole, builtInRights, defaultRoleOf } from './builtInRoles';

export interface MemberGrants {
  membership: MembershipRole;
  roleId: string | null;
  /** The built-in role's code; null for a custom role. */
  roleCode: BuiltInRole | null;
  roleDeleted: boolean;
  roleActions: string[];
  overrides: Array<[action: string, allowed: boolean]>;
}

/**
 * Null when the person is not an active member (or is switched off). `includeInactive` reads a
 * switched-off member's grants too (the access matrix shows what reactivation would restore).
 */
export async function loadGrants(
  db: Db,
  userId: string,
  organizationId: string,
  options: { includeInactive?: boolean } = {},
): Promise<MemberGrants | null> {
  const { rows } = await db.query<{
    role: MembershipRole;
    role_id: string | null;
    code: BuiltInRole | null;
    is_deleted: boolean | null;
    role_actions: string[] | string | null;
    overrides: Array<[string, boolean]> | string | null;
  }>(
    `select m.role, m.role_id, r.code, r.is_deleted,
            (select json_agg(rr.action) from role_rights rr where rr.role_id = m.role_id) as role_actions,
            (select json_agg(json_build_array(ua.action, ua.allowed)) from user_access ua
              where ua.organization_id = m.organization_id and ua.user_id = m.user_id) as overrides
       from memberships m
       join users u on u.id = m.user_id
       left join roles r on r.id = m.role_id
      where m.user_id = $1 and m.organization_id = $2 and ((m.is_active and u.is_active) or $3)`,
    [userId, organizationId, options.includeInactive === true],
  );
  const row = rows[0];
  if (!row) return null;
  const json = <T>(value: T | string | null): T | null =>
    typeof value === 'string' ? JSON.parse(value) : value;
  return {
    membership: row.role,
    roleId: row.role_id,
    roleCode: row.code,
    roleDeleted: row.is_deleted === true,
    roleActions: json(row.role_actions) ?? [],
    overrides: json(row.overrides) ?? [],
  };
}

/** What the role alone grants (before per-user overrides). */
export function roleRights(grants: MemberGrants): Set<string> {
  if (!grants.roleId) return builtInRights(defaultRoleOf(grants.membership));
  if (grants.roleDeleted) return new Set();
  if (grants.roleCode) return builtInRights(grants.roleCode);
  return new Set(grants.roleActions);
}

/** The owner (the organisation's director) holds every right, whatever the role says. */
export function effectiveRights(grants: MemberGrants | null): Set<string> {
  if (!grants) return new Set();
  if (grants.membership === 'owner') return new Set(actionCatalogue().map((action) => action.code));
  const rights = roleRights(grants);
  for (const [action, allowed] of grants.overrides) {
    if (allowed) rights.add(action);
    else rights.delete(action);
  }
  return rights;
}

/** Callers that stand for one HTTP request (set by `authenticate`), and their rights once read. */
const requestCallers = new WeakSet<AuthUser>();
const rightsOfRequest = new WeakMap<AuthUser, Promise<Set<string>>>();

/**
 * Marks `user` as the caller of one request: its rights are then read once and shared by every
 * check of that request (a list asked for them twice — the kinds it may view and the branch scope).
 * Rights changed during the request apply from the next one. Callers built by hand (jobs, tests)
 * are not marked and read the rights every time.
 */
export function readRightsOncePerRequest(user: AuthUser): void {
  requestCallers.add(user);
}

export function rightsOf(db: Db, user: AuthUser): Promise<Set<string>> {
  const read = async () => effectiveRights(await loadGrants(db, user.userId, user.organizationId));
  if (!requestCallers.has(user)) return read();
  let rights = rightsOfRequest.get(user);
  if (!rights) {
    rights = read();
    rightsOfRequest.set(user, rights);
    rights.catch(() => rightsOfRequest.delete(user));
  }
  return rights;
}
