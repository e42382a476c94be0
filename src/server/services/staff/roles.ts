// Roles (Roles group) and their rights (Auth getAuthRoleActions / upsertAuthRoleActions). Built-in
// roles are shared and read-only; custom roles belong to one organisation: another's is a 404.
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { isKnownAction } from '../access/actions';
import { type BuiltInRole, builtInRights } from '../access/builtInRoles';
import { auditSettings, diff } from '../access/settingsAudit';

export interface RoleRow {
  id: string;
  organization_id: string | null;
  code: BuiltInRole | null;
  name: string;
  description: string;
  is_deleted: boolean;
  members: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface RoleView {
  id: string;
  /** The built-in role's code (its name is localized by the caller); null for a custom role. */
  code: BuiltInRole | null;
  builtIn: boolean;
  name: string;
  description: string;
  isDeleted: boolean;
  /** Active staff members holding it in the caller's organisation. */
  membersCount: number;
  updatedAt: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function viewOf(row: RoleRow): RoleView {
  return {
    id: row.id,
    code: row.code,
    builtIn: row.code !== null,
    name: row.name,
    description: row.description,
    isDeleted: row.is_deleted,
    membersCount: Number(row.members),
    updatedAt: iso(row.updated_at),
  };
}

const SELECT = `select r.id, r.organization_id, r.code, r.name, r.description, r.is_deleted, r.created_at, r.updated_at,
       (select count(*) from memberships m where m.organization_id = $1 and m.role_id = r.id and m.is_active) as members
  from roles r`;

/** Built-in roles first, then the organisation's own (deleted ones only when asked). */
export async function listRoles(db: Db, user: AuthUser, isDeleted = false): Promise<RoleView[]> {
  const { rows } = await db.query<RoleRow>(
    `${SELECT}
      where (r.organization_id is null and not $2) or (r.organization_id = $1 and r.is_deleted = $2)
      order by r.organization_id is not null, case when r.organization_id is null then r.id::text end, r.created_at, r.name`,
    [user.organizationId, isDeleted],
  );
  return rows.map(viewOf);
}

async function findRole(db: Db, user: AuthUser, id: string): Promise<RoleRow> {
  const { rows } = await db.query<RoleRow>(
    `${SELECT} where r.id = $2 and (r.organization_id is null or r.organization_id = $1)`,
    [user.organizationId, id],
  );
  if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'access:errors.roleNotFound');
  return rows[0];
}

export async function getRole(db: Db, user: AuthUser, id: string): Promise<RoleView> {
  return viewOf(await findRole(db, user, id));
}

/** A role that may be assigned: built-in, or the organisation's own and not deleted (else 404). */
export async function assignableRole(db: Db, user: AuthUser, id: string): Promise<RoleView> {
  const role = await findRole(db, user, id);
  if (role.is_deleted) throw new ApiError(404, 'NOT_FOUND', 'access:errors.roleNotFound');
  return viewOf(role);
}

async function ownCustomRole(db: Db, user: AuthUser, id: string): Promise<RoleRow> {
  const role = await findRole(db, user, id);
  if (role.code) throw new ApiError(400, 'BUILT_IN_ROLE', 'access:errors.builtInRole');
  if (role.is_deleted) throw new ApiError(404, 'NOT_FOUND', 'access:errors.roleNotFound');
  return role;
}

function checkActions(actions: readonly string[]): string[] {
  const unknown = actions.filter((action) => !isKnownAction(action));
  if (unknown.length)
    throw new ApiError(400, 'UNKNOWN_ACTION', 'access:errors.unknownAction', { action: unknown[0] });
  return [...new Set(actions)].sort();
}

function nameTaken(error: unknown): boolean {
  return /roles_org_name_idx|duplicate key/.test(String((error as Error)?.message));
}

export interface RoleInput {
  name: string;
  description?: string;
  /** Start with the rights of this role (built-in or own). */
  basedOnRoleId?: string;
  actions?: string[];
}

export async function addRole(db: Db, user: AuthUser, input: RoleInput, ip?: string): Promise<RoleView> {
  const base = input.basedOnRoleId ? await roleActions(db, user, input.basedOnRoleId) : [];
  const actions = checkActions(input.actions ?? base);
  return db.transaction(async (tx) => {
    let id: string;
    try {
      const { rows } = await tx.query<{ id: string }>(
        `insert into roles (organization_id, name, description, created_by, updated_by)
         values ($1, $2, $3, $4, $4) returning id`,
        [user.organizationId, input.name.trim(), input.description?.trim() ?? '', user.userId],
      );
      id = rows[0].id;
    } catch (error) {
      if (nameTaken(error)) throw new ApiError(409, 'ROLE_NAME_TAKEN', 'access:errors.roleNameTaken');
      throw error;
    }
    for (const action of actions) {
      await tx.query('insert into role_rights (role_id, action) values ($1, $2)', [id, action]);
    }
    await auditSettings(tx, user, {
      event: 'settings.role.added',
      target: id,
      ip,
      changes: diff(null, { name: input.name.trim(), description: input.description ?? '', actions }),
    });
    return getRole(tx, user, id);
  });
}

export async function updateRole(
  db: Db,
  user: AuthUser,
  input: { id: string; name: string; description?: string },
  ip?: string,
): Promise<RoleView> {
  return db.transaction(async (tx) => {
    const role = await ownCustomRole(tx, user, input.id);
    const after = { name: input.name.trim(), description: input.description?.trim() ?? role.description };
    try {
      await tx.query(
        'update roles set name = $2, description = $3, updated_by = $4, updated_at = now() where id = $1',
        [role.id, after.name, after.description, user.userId],
      );
    } catch (error) {
      if (nameTaken(error)) throw new ApiError(409, 'ROLE_NAME_TAKEN', 'access:errors.roleNameTaken');
      throw error;
    }
    await auditSettings(tx, user, {
      event: 'settings.role.updated',
      target: role.id,
      ip,
      changes: diff({ name: role.name, description: role.description }, after),
    });
    return getRole(tx, user, role.id);
  });
}

/** Marks a custom role deleted; a role still held by staff is refused (409 ROLE_IN_USE). */
export async function deleteRole(db: Db, user: AuthUser, id: string, ip?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await ownCustomRole(tx, user, id);
    const { rows } = await tx.query('select 1 from memberships where role_id = $1 limit 1', [role.id]);
    if (rows.length) throw new ApiError(409, 'ROLE_IN_USE', 'access:errors.roleInUse');
    await tx.query('update roles set is_deleted = true, updated_by = $2, updated_at = now() where id = $1', [
      role.id,
      user.userId,
    ]);
    await auditSettings(tx, user, {
      event: 'settings.role.deleted',
      target: role.id,
      ip,
      detail: { name: role.name },
    });
  });
}

/** The rights a role grants (built-in: computed from the registered kinds). */
export async function roleActions(db: Db, user: AuthUser, roleId: string): Promise<string[]> {
  const role = await findRole(db, user, roleId);
  if (role.code) return [...builtInRights(role.code)].sort();
  const { rows } = await db.query<{ action: string }>(
    'select action from role_rights where role_id = $1 order by action',
    [role.id],
  );
  return rows.map((row) => row.action);
}

/** Replaces a custom role's rights (upsertAuthRoleActions); built-in roles are read-only. */
export async function setRoleActions(
  db: Db,
  user: AuthUser,
  roleId: string,
  actions: readonly string[],
  ip?: string,
): Promise<string[]> {
  const next = checkActions(actions);
  return db.transaction(async (tx) => {
    const role = await ownCustomRole(tx, user, roleId);
    // Serialises two editors of one role: the second sees the first's rights as its "before".
    await tx.query('select id from roles where id = $1 for update', [role.id]);
    const before = await roleActions(tx, user, role.id);
    await tx.query('delete from role_rights where role_id = $1', [role.id]);
    for (const action of next)
      await tx.query('insert into role_rights (role_id, action) values ($1, $2)', [role.id, action]);
    await tx.query('update roles set updated_by = $2, updated_at = now() where id = $1', [
      role.id,
      user.userId,
    ]);
    const added = next.filter((a) => !before.includes(a));
    const removed = before.filter((a) => !next.includes(a));
    if (added.length || removed.length) {
      await auditSettings(tx, user, {
        event: 'settings.role.rights',
        target: role.id,
        ip,
        detail: { added, removed },
      });
    }
    return next;
  });
}
