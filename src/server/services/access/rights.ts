// The caller's effective rights in the organisation the token acts for: one indexed query (the
// membership by its primary key, the role by its key, the role's rights and the member's overrides
// by theirs), then set arithmetic.
import type { AuthUser, MembershipRole } from '../../auth/types';
import type { Db } from '../../db/client';
import { allActionCodes } from './actions';
import { type BuiltInRole, builtInRights, defaultRoleOf } from './builtInRoles';

export interface MemberGrants {
  membership: MembershipRole;
  roleId: string | null;
  /** The built-in role's code; null for a custom role. */
  roleCode: BuiltInRole | null;
  roleDeleted: boolean;
  roleActions: string[];
  overrides: Array<[action: string, allowed: boolean]>;
  /** The member's branch code (null: none). */
  branchCode: string | null;
}

/**
 * The columns of a member's grants over `memberships m` (joined with `roles r` on m.role_id): one
 * indexed row, the role's rights and the member's overrides by their keys. `authenticate` reads them
 * in its session query (sessionState.ts), so a request's rights cost no statement of their own.
 */
export const GRANTS_COLUMNS = `m.role, m.role_id, m.branch_code, r.code, r.is_deleted,
            (select json_agg(rr.action) from role_rights rr where rr.role_id = m.role_id) as role_actions,
            (select json_agg(json_build_array(ua.action, ua.allowed)) from user_access ua
              where ua.organization_id = m.organization_id and ua.user_id = m.user_id) as overrides`;

export interface GrantsRow {
  role: MembershipRole;
  role_id: string | null;
  branch_code: string | null;
  code: BuiltInRole | null;
  is_deleted: boolean | null;
  role_actions: string[] | string | null;
  overrides: Array<[string, boolean]> | string | null;
}

const json = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? JSON.parse(value) : value;

export function grantsOfRow(row: GrantsRow): MemberGrants {
  return {
    membership: row.role,
    roleId: row.role_id,
    roleCode: row.code,
    roleDeleted: row.is_deleted === true,
    roleActions: json(row.role_actions) ?? [],
    overrides: json(row.overrides) ?? [],
    branchCode: row.branch_code,
  };
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
  const { rows } = await db.query<GrantsRow>(
    `select ${GRANTS_COLUMNS}
       from memberships m
       join users u on u.id = m.user_id
       left join roles r on r.id = m.role_id
      where m.user_id = $1 and m.organization_id = $2 and ((m.is_active and u.is_active) or $3)`,
    [userId, organizationId, options.includeInactive === true],
  );
  return rows[0] ? grantsOfRow(rows[0]) : null;
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
  if (grants.membership === 'owner') return new Set(allActionCodes());
  const rights = roleRights(grants);
  for (const [action, allowed] of grants.overrides) {
    if (allowed) rights.add(action);
    else rights.delete(action);
  }
  return rights;
}

/** Callers that stand for one HTTP request (set by `authenticate`), and their grants once read. */
const requestCallers = new WeakSet<AuthUser>();
const grantsOfRequest = new WeakMap<
  AuthUser,
  Promise<{ grants: MemberGrants | null; rights: Set<string> }>
>();

/**
 * Marks `user` as the caller of one request: its grants are then read once (or taken from
 * `authenticate`'s session query, `grants`) and shared by every check of that request (a list asks
 * for them twice — the kinds it may view and the branch scope). Rights changed during the request
 * apply from the next one. Callers built by hand (jobs, tests) are not marked and read them every time.
 */
export function readRightsOncePerRequest(user: AuthUser, grants?: MemberGrants | null): void {
  requestCallers.add(user);
  if (grants !== undefined)
    grantsOfRequest.set(user, Promise.resolve({ grants, rights: effectiveRights(grants) }));
}

async function readGrants(db: Db, user: AuthUser) {
  const grants = await loadGrants(db, user.userId, user.organizationId);
  return { grants, rights: effectiveRights(grants) };
}

function grantsAndRights(db: Db, user: AuthUser) {
  if (!requestCallers.has(user)) return readGrants(db, user);
  let read = grantsOfRequest.get(user);
  if (!read) {
    read = readGrants(db, user);
    grantsOfRequest.set(user, read);
    read.catch(() => grantsOfRequest.delete(user));
  }
  return read;
}

export async function rightsOf(db: Db, user: AuthUser): Promise<Set<string>> {
  return (await grantsAndRights(db, user)).rights;
}

/** The caller's grants (null: not an active member), read as `rightsOf` reads them. */
export async function grantsOf(db: Db, user: AuthUser): Promise<MemberGrants | null> {
  return (await grantsAndRights(db, user)).grants;
}
