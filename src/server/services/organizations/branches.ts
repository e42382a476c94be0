// Branches of the organisation (the BranchCode / BranchName a party of a document names). Staff may
// be placed in a branch; without admin:allBranches they see that branch's documents only.
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { auditSettings, diff } from '../access/settingsAudit';

export interface BranchView {
  id: string;
  code: string;
  name: string;
  address: string;
  isActive: boolean;
  staffCount: number;
  updatedAt: string;
}

export interface BranchInput {
  code: string;
  name: string;
  address?: string;
  isActive?: boolean;
}

interface Row {
  id: string;
  code: string;
  name: string;
  address: string;
  is_active: boolean;
  staff: string | number;
  updated_at: Date | string;
}

const viewOf = (row: Row): BranchView => ({
  id: row.id,
  code: row.code,
  name: row.name,
  address: row.address,
  isActive: row.is_active,
  staffCount: Number(row.staff),
  updatedAt: new Date(row.updated_at).toISOString(),
});

const SELECT = `select b.id, b.code, b.name, b.address, b.is_active, b.updated_at,
       (select count(*) from memberships m where m.organization_id = b.organization_id and m.branch_code = b.code) as staff
  from organization_branches b`;

export async function listBranches(db: Db, user: AuthUser): Promise<BranchView[]> {
  const { rows } = await db.query<Row>(`${SELECT} where b.organization_id = $1 order by b.code`, [
    user.organizationId,
  ]);
  return rows.map(viewOf);
}

export async function getBranch(db: Db, user: AuthUser, id: string): Promise<BranchView> {
  const { rows } = await db.query<Row>(`${SELECT} where b.organization_id = $1 and b.id = $2`, [
    user.organizationId,
    id,
  ]);
  if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'access:errors.branchNotFound');
  return viewOf(rows[0]);
}

export async function saveBranch(
  db: Db,
  user: AuthUser,
  input: BranchInput & { id?: string },
  ip?: string,
): Promise<BranchView> {
  return db.transaction(async (tx) => {
    const before = input.id ? await getBranch(tx, user, input.id) : null;
    let id = input.id;
    try {
      if (before) {
        await tx.query(
          `update organization_branches set code = $3, name = $4, address = $5, is_active = $6, updated_at = now()
            where organization_id = $1 and id = $2`,
          [
            user.organizationId,
            before.id,
            input.code,
            input.name.trim(),
            input.address ?? before.address,
            input.isActive ?? before.isActive,
          ],
        );
        // Staff placed in the branch follow its new code.
        if (before.code !== input.code) {
          await tx.query(
            'update memberships set branch_code = $3 where organization_id = $1 and branch_code = $2',
            [user.organizationId, before.code, input.code],
          );
        }
      } else {
        const { rows } = await tx.query<{ id: string }>(
          `insert into organization_branches (organization_id, code, name, address, is_active)
           values ($1, $2, $3, $4, $5) returning id`,
          [user.organizationId, input.code, input.name.trim(), input.address ?? '', input.isActive ?? true],
        );
        id = rows[0].id;
      }
    } catch (error) {
      if (/duplicate key/.test(String((error as Error)?.message))) {
        throw new ApiError(409, 'BRANCH_EXISTS', 'access:errors.branchExists');
      }
      throw error;
    }
    const after = await getBranch(tx, user, id!);
    const pick = (v: BranchView | null) =>
      v && { code: v.code, name: v.name, address: v.address, isActive: v.isActive };
    await auditSettings(tx, user, {
      event: before ? 'settings.branch.updated' : 'settings.branch.added',
      target: id,
      ip,
      changes: diff(pick(before), pick(after)),
    });
    return after;
  });
}

/** Deletes a branch; its staff stay, without a branch. */
export async function deleteBranch(db: Db, user: AuthUser, id: string, ip?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getBranch(tx, user, id);
    await tx.query(
      'update memberships set branch_code = null where organization_id = $1 and branch_code = $2',
      [user.organizationId, before.code],
    );
    await tx.query('delete from organization_branches where organization_id = $1 and id = $2', [
      user.organizationId,
      id,
    ]);
    await auditSettings(tx, user, {
      event: 'settings.branch.deleted',
      target: id,
      ip,
      changes: diff({ code: before.code, name: before.name }, null),
    });
  });
}
