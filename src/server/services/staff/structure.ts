// Departments and positions (Department and Positions groups): the organisation's structure staff
// are placed in. Rows belong to one organisation; another's id is a 404.
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { auditSettings, diff } from '../access/settingsAudit';
import { type ListAnswer, paging } from './paging';

export interface DepartmentView {
  id: string;
  name: string;
  staffCount: number;
  positionsCount: number;
  updatedAt: string;
}

export interface PositionView {
  id: string;
  name: string;
  departmentId: string | null;
  departmentName: string | null;
  staffCount: number;
  updatedAt: string;
}

const duplicate = (error: unknown) => /duplicate key|_name_idx/.test(String((error as Error)?.message));

const DEPARTMENT = `select d.id, d.name, d.updated_at,
       (select count(*) from memberships m where m.organization_id = d.organization_id and m.department_id = d.id) as staff,
       (select count(*) from positions p where p.organization_id = d.organization_id and p.department_id = d.id) as positions
  from departments d`;

function departmentOf(row: {
  id: string;
  name: string;
  updated_at: Date | string;
  staff: string | number;
  positions: string | number;
}): DepartmentView {
  return {
    id: row.id,
    name: row.name,
    staffCount: Number(row.staff),
    positionsCount: Number(row.positions),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function listDepartments(
  db: Db,
  user: AuthUser,
  query: { page?: number; pageSize?: number; search?: string },
): Promise<ListAnswer<DepartmentView>> {
  const { pageSize, offset } = paging(query.page, query.pageSize);
  const search = query.search?.trim() ? `%${query.search.trim().toLowerCase()}%` : null;
  const { rows: count } = await db.query<{ n: string }>(
    'select count(*) as n from departments d where d.organization_id = $1 and ($2::text is null or lower(d.name) like $2)',
    [user.organizationId, search],
  );
  const { rows } = await db.query<Parameters<typeof departmentOf>[0]>(
    `${DEPARTMENT} where d.organization_id = $1 and ($2::text is null or lower(d.name) like $2)
      order by lower(d.name), d.id limit $3 offset $4`,
    [user.organizationId, search, pageSize, offset],
  );
  return { rows: rows.map(departmentOf), totalCount: Number(count[0].n) };
}

export async function getDepartment(db: Db, user: AuthUser, id: string): Promise<DepartmentView> {
  const { rows } = await db.query<Parameters<typeof departmentOf>[0]>(
    `${DEPARTMENT} where d.organization_id = $1 and d.id = $2`,
    [user.organizationId, id],
  );
  if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'access:errors.departmentNotFound');
  return departmentOf(rows[0]);
}

export async function saveDepartment(
  db: Db,
  user: AuthUser,
  input: { id?: string; name: string },
  ip?: string,
): Promise<DepartmentView> {
  const name = input.name.trim();
  return db.transaction(async (tx) => {
    const before = input.id ? await getDepartment(tx, user, input.id) : null;
    let id = input.id;
    try {
      if (before) {
        await tx.query(
          'update departments set name = $3, updated_at = now() where organization_id = $1 and id = $2',
          [user.organizationId, before.id, name],
        );
      } else {
        const { rows } = await tx.query<{ id: string }>(
          'insert into departments (organization_id, name) values ($1, $2) returning id',
          [user.organizationId, name],
        );
        id = rows[0].id;
      }
    } catch (error) {
      if (duplicate(error)) throw new ApiError(409, 'NAME_TAKEN', 'access:errors.nameTaken');
      throw error;
    }
    await auditSettings(tx, user, {
      event: before ? 'settings.department.updated' : 'settings.department.added',
      target: id,
      ip,
      changes: diff(before ? { name: before.name } : null, { name }),
    });
    return getDepartment(tx, user, id!);
  });
}

/** Staff and positions of a deleted department stay, without a department. */
export async function deleteDepartment(db: Db, user: AuthUser, id: string, ip?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getDepartment(tx, user, id);
    await tx.query('delete from departments where organization_id = $1 and id = $2', [
      user.organizationId,
      id,
    ]);
    await auditSettings(tx, user, {
      event: 'settings.department.deleted',
      target: id,
      ip,
      changes: diff({ name: before.name }, null),
    });
  });
}

const POSITION = `select p.id, p.name, p.department_id, d.name as department_name, p.updated_at,
       (select count(*) from memberships m where m.organization_id = p.organization_id and m.position_id = p.id) as staff
  from positions p
  left join departments d on d.organization_id = p.organization_id and d.id = p.department_id`;

function positionOf(row: {
  id: string;
  name: string;
  department_id: string | null;
  department_name: string | null;
  updated_at: Date | string;
  staff: string | number;
}): PositionView {
  return {
    id: row.id,
    name: row.name,
    departmentId: row.department_id,
    departmentName: row.department_name,
    staffCount: Number(row.staff),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function listPositions(
  db: Db,
  user: AuthUser,
  query: { page?: number; pageSize?: number; search?: string; departmentId?: string },
): Promise<ListAnswer<PositionView>> {
  const { pageSize, offset } = paging(query.page, query.pageSize);
  const search = query.search?.trim() ? `%${query.search.trim().toLowerCase()}%` : null;
  const where = `p.organization_id = $1 and ($2::text is null or lower(p.name) like $2)
    and ($3::uuid is null or p.department_id = $3)`;
  const params = [user.organizationId, search, query.departmentId ?? null];
  const { rows: count } = await db.query<{ n: string }>(
    `select count(*) as n from positions p where ${where}`,
    params,
  );
  const { rows } = await db.query<Parameters<typeof positionOf>[0]>(
    `${POSITION} where ${where} order by lower(p.name), p.id limit $4 offset $5`,
    [...params, pageSize, offset],
  );
  return { rows: rows.map(positionOf), totalCount: Number(count[0].n) };
}

export async function getPosition(db: Db, user: AuthUser, id: string): Promise<PositionView> {
  const { rows } = await db.query<Parameters<typeof positionOf>[0]>(
    `${POSITION} where p.organization_id = $1 and p.id = $2`,
    [user.organizationId, id],
  );
  if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'access:errors.positionNotFound');
  return positionOf(rows[0]);
}

export async function savePosition(
  db: Db,
  user: AuthUser,
  input: { id?: string; name: string; departmentId?: string | null },
  ip?: string,
): Promise<PositionView> {
  const name = input.name.trim();
  return db.transaction(async (tx) => {
    if (input.departmentId) await getDepartment(tx, user, input.departmentId);
    const before = input.id ? await getPosition(tx, user, input.id) : null;
    let id = input.id;
    if (before) {
      await tx.query(
        'update positions set name = $3, department_id = $4, updated_at = now() where organization_id = $1 and id = $2',
        [user.organizationId, before.id, name, input.departmentId ?? null],
      );
    } else {
      const { rows } = await tx.query<{ id: string }>(
        'insert into positions (organization_id, name, department_id) values ($1, $2, $3) returning id',
        [user.organizationId, name, input.departmentId ?? null],
      );
      id = rows[0].id;
    }
    const after = { name, departmentId: input.departmentId ?? null };
    await auditSettings(tx, user, {
      event: before ? 'settings.position.updated' : 'settings.position.added',
      target: id,
      ip,
      changes: diff(before ? { name: before.name, departmentId: before.departmentId } : null, after),
    });
    return getPosition(tx, user, id!);
  });
}

export async function deletePosition(db: Db, user: AuthUser, id: string, ip?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getPosition(tx, user, id);
    await tx.query('delete from positions where organization_id = $1 and id = $2', [user.organizationId, id]);
    await auditSettings(tx, user, {
      event: 'settings.position.deleted',
      target: id,
      ip,
      changes: diff({ name: before.name }, null),
    });
  });
}
