// Staff of an organisation (Auth addUser, getUsersList, getById, updateUser, deleteUser). A staff
// member is a person (PINFL) with a membership in the organisation; they sign in with their own
// certificate or phone and password and act in the organisation's context.
import { hashPassword } from '../../auth/passwords';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import {
  BUILT_IN_ROLE_IDS,
  type BuiltInRole,
  defaultRoleOf,
  membershipRoleFor,
} from '../access/builtInRoles';
import { auditSettings, diff } from '../access/settingsAudit';
import { type ListAnswer, paging } from './paging';
import { assignableRole } from './roles';

export interface StaffView {
  userId: string;
  fullName: string;
  pinfl: string | null;
  phone: string | null;
  email: string | null;
  /** The token's membership kind: owner (the director who registered the organisation), admin, accountant, staff. */
  membership: string;
  isOwner: boolean;
  isActive: boolean;
  roleId: string;
  /** Built-in role code (null: a custom role); roleName is the custom role's name. */
  roleCode: BuiltInRole | null;
  roleName: string | null;
  departmentId: string | null;
  departmentName: string | null;
  positionId: string | null;
  positionName: string | null;
  branchCode: string | null;
  /** The organisation added this person and may edit their name and contacts. */
  managed: boolean;
  addedAt: string;
}

interface StaffRow {
  user_id: string;
  full_name: string;
  pinfl: string | null;
  phone: string | null;
  email: string | null;
  role: string;
  is_active: boolean;
  user_active: boolean;
  role_id: string | null;
  role_code: BuiltInRole | null;
  role_name: string | null;
  department_id: string | null;
  department_name: string | null;
  position_id: string | null;
  position_name: string | null;
  branch_code: string | null;
  managed: boolean;
  created_at: Date | string;
}

const SELECT = `select u.id as user_id, u.full_name, u.pinfl, u.phone, u.email, m.role, m.is_active, u.is_active as user_active,
       m.role_id, r.code as role_code, r.name as role_name, m.department_id, d.name as department_name,
       m.position_id, p.name as position_name, m.branch_code,
       (u.created_by_organization_id = m.organization_id) as managed, m.created_at
  from memberships m
  join users u on u.id = m.user_id
  left join roles r on r.id = m.role_id
  left join departments d on d.organization_id = m.organization_id and d.id = m.department_id
  left join positions p on p.organization_id = m.organization_id and p.id = m.position_id`;

function viewOf(row: StaffRow): StaffView {
  const roleCode = row.role_id ? row.role_code : defaultRoleOf(row.role as never);
  return {
    userId: row.user_id,
    fullName: row.full_name,
    pinfl: row.pinfl,
    phone: row.phone,
    email: row.email,
    membership: row.role,
    isOwner: row.role === 'owner',
    isActive: row.is_active && row.user_active,
    roleId: row.role_id ?? BUILT_IN_ROLE_IDS[roleCode as BuiltInRole],
    roleCode,
    roleName: roleCode ? null : row.role_name,
    departmentId: row.department_id,
    departmentName: row.department_name,
    positionId: row.position_id,
    positionName: row.position_name,
    branchCode: row.branch_code,
    managed: row.managed === true,
    addedAt: new Date(row.created_at).toISOString(),
  };
}

export interface StaffFilter {
  page?: number;
  pageSize?: number;
  search?: string;
  isActive?: boolean;
  roleId?: string;
  departmentId?: string;
  /** name (default: the owner first, then by name) or newest (the latest added first). */
  order?: 'name' | 'newest';
}

export async function listStaff(
  db: Db,
  user: AuthUser,
  filter: StaffFilter = {},
): Promise<ListAnswer<StaffView>> {
  const { pageSize, offset } = paging(filter.page, filter.pageSize);
  const params: unknown[] = [user.organizationId];
  // API keys are members too (migration 0131) but not staff: settings lists them on their own.
  const where = ['m.organization_id = $1', 'not u.is_api_key'];
  if (filter.search?.trim()) {
    params.push(`%${filter.search.trim().toLowerCase()}%`);
    where.push(
      `(lower(u.full_name) like $${params.length} or u.pinfl like $${params.length} or u.phone like $${params.length})`,
    );
  }
  if (filter.isActive !== undefined) {
    params.push(filter.isActive);
    where.push(`(m.is_active and u.is_active) = $${params.length}`);
  }
  if (filter.roleId) {
    params.push(filter.roleId);
    where.push(`m.role_id = $${params.length}`);
  }
  if (filter.departmentId) {
    params.push(filter.departmentId);
    where.push(`m.department_id = $${params.length}`);
  }
  const condition = where.join(' and ');
  const { rows: count } = await db.query<{ n: string }>(
    `select count(*) as n from memberships m join users u on u.id = m.user_id where ${condition}`,
    params,
  );
  params.push(pageSize, offset);
  const { rows } = await db.query<StaffRow>(
    `${SELECT} where ${condition}
      order by ${filter.order === 'newest' ? 'm.created_at desc, u.id' : "(m.role = 'owner') desc, lower(u.full_name), u.id"}
      limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return { rows: rows.map(viewOf), totalCount: Number(count[0].n) };
}

/** Every member, active or not, without pages (Auth/getUserFullList): the owner first, then by name. */
export async function listAllStaff(db: Db, user: AuthUser): Promise<StaffView[]> {
  const { rows } = await db.query<StaffRow>(
    `${SELECT} where m.organization_id = $1 and not u.is_api_key order by (m.role = 'owner') desc, lower(u.full_name), u.id`,
    [user.organizationId],
  );
  return rows.map(viewOf);
}

/**
 * Active members with a PINFL, by name: whom a document may name as the organisation's agent
 * (Auth/getUsersListForAgent; an invoice's FacturaEmpowermentDoc, an empowerment's Agent).
 */
export async function listAgentCandidates(
  db: Db,
  user: AuthUser,
): Promise<Array<{ userId: string; fullName: string; pinfl: string; positionName: string | null }>> {
  const { rows } = await db.query<{
    user_id: string;
    full_name: string;
    pinfl: string;
    position_name: string | null;
  }>(
    `select u.id as user_id, u.full_name, u.pinfl, p.name as position_name
       from memberships m join users u on u.id = m.user_id
       left join positions p on p.organization_id = m.organization_id and p.id = m.position_id
      where m.organization_id = $1 and m.is_active and u.is_active and u.pinfl is not null
      order by lower(u.full_name), u.id`,
    [user.organizationId],
  );
  return rows.map((row) => ({
    userId: row.user_id,
    fullName: row.full_name,
    pinfl: row.pinfl,
    positionName: row.position_name,
  }));
}

/** Active staff by name only: what any member may see to pick approvers (no contacts, no roles). */
export async function listStaffBrief(
  db: Db,
  user: AuthUser,
): Promise<Array<{ userId: string; fullName: string; positionName: string | null }>> {
  const { rows } = await db.query<{ user_id: string; full_name: string; position_name: string | null }>(
    `select u.id as user_id, u.full_name, p.name as position_name
       from memberships m join users u on u.id = m.user_id
       left join positions p on p.organization_id = m.organization_id and p.id = m.position_id
      where m.organization_id = $1 and m.is_active and u.is_active and not u.is_api_key
      order by lower(u.full_name), u.id`,
    [user.organizationId],
  );
  return rows.map((row) => ({
    userId: row.user_id,
    fullName: row.full_name,
    positionName: row.position_name,
  }));
}

export async function getStaff(db: Db, user: AuthUser, userId: string): Promise<StaffView> {
  const { rows } = await db.query<StaffRow>(`${SELECT} where m.organization_id = $1 and m.user_id = $2`, [
    user.organizationId,
    userId,
  ]);
  if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'access:errors.staffNotFound');
  return viewOf(rows[0]);
}

export interface Assignment {
  roleId: string;
  departmentId?: string | null;
  positionId?: string | null;
  branchCode?: string | null;
}

/** The role, department, position and branch must be the organisation's own (another's is a 404). */
export async function checkAssignment(db: Db, user: AuthUser, input: Assignment) {
  const role = await assignableRole(db, user, input.roleId);
  if (input.departmentId) {
    const { rows } = await db.query('select 1 from departments where organization_id = $1 and id = $2', [
      user.organizationId,
      input.departmentId,
    ]);
    if (!rows.length) throw new ApiError(404, 'NOT_FOUND', 'access:errors.departmentNotFound');
  }
  if (input.positionId) {
    const { rows } = await db.query('select 1 from positions where organization_id = $1 and id = $2', [
      user.organizationId,
      input.positionId,
    ]);
    if (!rows.length) throw new ApiError(404, 'NOT_FOUND', 'access:errors.positionNotFound');
  }
  if (input.branchCode) {
    const { rows } = await db.query(
      'select 1 from organization_branches where organization_id = $1 and code = $2',
      [user.organizationId, input.branchCode],
    );
    if (!rows.length) throw new ApiError(404, 'NOT_FOUND', 'access:errors.branchNotFound');
  }
  return role;
}

export interface NewStaff extends Assignment {
  pinfl: string;
  fullName: string;
  phone?: string | null;
  email?: string | null;
  password?: string | null;
}

function phoneTaken(error: unknown): boolean {
  return /users_phone_key|duplicate key value.*phone/.test(String((error as Error)?.message));
}

/**
 * Adds a person to the organisation's staff. A person already known by the PINFL (signed in or
 * registered on their own) is linked as they are: their name, contacts and password stay theirs.
 * A new person is created with the given name, contacts and initial password.
 */
export async function addStaff(
  db: Db,
  user: AuthUser,
  input: NewStaff,
  ip?: string,
): Promise<{ staff: StaffView; linkedExisting: boolean }> {
  const role = await checkAssignment(db, user, input);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    // A person with no membership anywhere never signed in (every sign-in makes one): an earlier
    // staff member kept as a name. The organisation adding them again manages them again.
    const { rows: found } = await tx.query<{ id: string; orphan: boolean }>(
      `select u.id, not exists (select 1 from memberships m where m.user_id = u.id) and u.password_hash is null
                and u.registered_identity is null as orphan
         from users u where u.pinfl = $1`,
      [input.pinfl],
    );
    let userId = found[0]?.id;
    const linkedExisting = Boolean(userId) && !found[0].orphan;
    try {
      if (userId && !linkedExisting) {
        await tx.query(
          `update users set full_name = $2, phone = $3, email = $4, password_hash = $5, is_active = true,
                  password_changed_at = case when $5::text is null then null else now() end,
                  created_by_organization_id = $6, updated_at = now() where id = $1`,
          [
            userId,
            input.fullName.trim(),
            input.phone ?? null,
            input.email ?? null,
            passwordHash,
            user.organizationId,
          ],
        );
      } else if (userId) {
        const { rows: member } = await tx.query(
          'select 1 from memberships where user_id = $1 and organization_id = $2',
          [userId, user.organizationId],
        );
        if (member.length) throw new ApiError(409, 'ALREADY_STAFF', 'access:errors.alreadyStaff');
      } else {
        const { rows } = await tx.query<{ id: string }>(
          `insert into users (pinfl, full_name, phone, email, password_hash, password_changed_at, created_by_organization_id)
           values ($1, $2, $3, $4, $5, case when $5::text is null then null else now() end, $6) returning id`,
          [
            input.pinfl,
            input.fullName.trim(),
            input.phone ?? null,
            input.email ?? null,
            passwordHash,
            user.organizationId,
          ],
        );
        userId = rows[0].id;
      }
    } catch (error) {
      if (phoneTaken(error)) throw new ApiError(409, 'PHONE_TAKEN', 'access:errors.phoneTaken');
      throw error;
    }
    await tx.query(
      `insert into memberships (user_id, organization_id, role, role_id, department_id, position_id, branch_code, added_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        userId,
        user.organizationId,
        membershipRoleFor(role.code),
        role.id,
        input.departmentId ?? null,
        input.positionId ?? null,
        input.branchCode ?? null,
        user.userId,
      ],
    );
    const staff = await getStaff(tx, user, userId!);
    await auditSettings(tx, user, {
      event: 'settings.staff.added',
      target: userId,
      ip,
      detail: { linkedExisting },
      changes: diff(null, snapshot(staff)),
    });
    return { staff, linkedExisting };
  });
}

/** What the audit compares (never a password). */
function snapshot(staff: StaffView): Record<string, unknown> {
  return {
    fullName: staff.fullName,
    pinfl: staff.pinfl,
    phone: staff.phone,
    email: staff.email,
    roleId: staff.roleId,
    departmentId: staff.departmentId,
    positionId: staff.positionId,
    branchCode: staff.branchCode,
    isActive: staff.isActive,
  };
}

export interface StaffUpdate extends Assignment {
  userId: string;
  fullName?: string;
  phone?: string | null;
  email?: string | null;
  isActive?: boolean;
}

/**
 * Changes a staff member's role, department, position, branch and activity; the name and contacts
 * only of a person the organisation added. Switching a member off ends their sessions in this
 * organisation at once (refresh tokens revoked here; access tokens refused by `authenticate`).
 * The owner's membership cannot be changed, nor one's own activity.
 */
export async function updateStaff(
  db: Db,
  user: AuthUser,
  input: StaffUpdate,
  ip?: string,
): Promise<StaffView> {
  const before = await getStaff(db, user, input.userId);
  if (before.isOwner) throw new ApiError(403, 'OWNER_IMMUTABLE', 'access:errors.ownerImmutable');
  if (input.userId === user.userId && input.isActive === false) {
    throw new ApiError(403, 'SELF_DEACTIVATION', 'access:errors.selfDeactivation');
  }
  const role = await checkAssignment(db, user, input);
  const contacts = input.fullName !== undefined || input.phone !== undefined || input.email !== undefined;
  if (contacts && !before.managed) {
    const same =
      (input.fullName === undefined || input.fullName.trim() === before.fullName) &&
      (input.phone === undefined || (input.phone ?? null) === before.phone) &&
      (input.email === undefined || (input.email ?? null) === before.email);
    if (!same) throw new ApiError(403, 'PERSON_NOT_MANAGED', 'access:errors.personNotManaged');
  }
  return db.transaction(async (tx) => {
    await tx.query(
      `update memberships set role = $3, role_id = $4, department_id = $5, position_id = $6, branch_code = $7,
              is_active = coalesce($8, is_active), updated_at = now()
        where user_id = $1 and organization_id = $2`,
      [
        input.userId,
        user.organizationId,
        membershipRoleFor(role.code),
        role.id,
        input.departmentId ?? null,
        input.positionId ?? null,
        input.branchCode ?? null,
        input.isActive ?? null,
      ],
    );
    if (before.managed && contacts) {
      try {
        await tx.query(
          `update users set full_name = coalesce($2, full_name),
                  phone = case when $5 then $3 else phone end,
                  email = case when $6 then $4 else email end, updated_at = now()
            where id = $1`,
          [
            input.userId,
            input.fullName?.trim() || null,
            input.phone ?? null,
            input.email ?? null,
            input.phone !== undefined,
            input.email !== undefined,
          ],
        );
      } catch (error) {
        if (phoneTaken(error)) throw new ApiError(409, 'PHONE_TAKEN', 'access:errors.phoneTaken');
        throw error;
      }
    }
    if (input.isActive === false && before.isActive) {
      await tx.query(
        'update refresh_tokens set revoked_at = now() where user_id = $1 and organization_id = $2 and revoked_at is null',
        [input.userId, user.organizationId],
      );
    }
    const after = await getStaff(tx, user, input.userId);
    const changes = diff(snapshot(before), snapshot(after));
    if (Object.keys(changes).length) {
      await auditSettings(tx, user, { event: 'settings.staff.updated', target: input.userId, ip, changes });
    }
    return after;
  });
}

/**
 * Deletes a staff member forever: the membership, their access overrides and sessions in this
 * organisation. A person the organisation added, with no other organisation, is deleted too — or,
 * when documents already name them as their author, kept as a name only (contacts and password wiped).
 */
export async function deleteStaff(db: Db, user: AuthUser, userId: string, ip?: string): Promise<void> {
  const staff = await getStaff(db, user, userId);
  if (staff.isOwner) throw new ApiError(403, 'OWNER_IMMUTABLE', 'access:errors.ownerImmutable');
  if (userId === user.userId) throw new ApiError(403, 'SELF_DELETION', 'access:errors.selfDeletion');
  await db.transaction(async (tx) => {
    await tx.query('delete from memberships where user_id = $1 and organization_id = $2', [
      userId,
      user.organizationId,
    ]);
    await tx.query(
      'update organization_accountants set user_id = null where organization_id = $1 and user_id = $2',
      [user.organizationId, userId],
    );
    await tx.query(
      'update refresh_tokens set revoked_at = now() where user_id = $1 and organization_id = $2 and revoked_at is null',
      [userId, user.organizationId],
    );
    if (staff.managed) {
      const { rows: others } = await tx.query('select 1 from memberships where user_id = $1 limit 1', [
        userId,
      ]);
      if (!others.length) {
        await tx.query(
          'update users set phone = null, email = null, password_hash = null, updated_at = now() where id = $1',
          [userId],
        );
      }
    }
    await auditSettings(tx, user, {
      event: 'settings.staff.deleted',
      target: userId,
      ip,
      changes: diff(snapshot(staff), null),
    });
  });
  if (staff.managed) {
    // Outside the transaction: a person that documents or events still name (a foreign key refuses
    // the delete) stays as a name the organisation no longer manages.
    const orphan = 'and not exists (select 1 from memberships m where m.user_id = u.id)';
    await db
      .query(`delete from users u where u.id = $1 and u.created_by_organization_id = $2 ${orphan}`, [
        userId,
        user.organizationId,
      ])
      .catch(() =>
        db.query(`update users u set created_by_organization_id = null where u.id = $1 ${orphan}`, [userId]),
      );
  }
}
