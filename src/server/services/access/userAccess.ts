// Per-user access (DocumentAccess group): the matrix of kinds × rights a staff member holds, where
// each right comes from (their role, or an override), and changes to the overrides.
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { actionCatalogue, isKnownAction } from './actions';
import { effectiveRights, loadGrants, roleRights } from './rights';
import { auditSettings } from './settingsAudit';

export interface AccessEntry {
  code: string;
  group: 'document' | 'admin';
  kind?: string;
  right: string;
  taxRole?: number;
  /** What the member's role grants. */
  fromRole: boolean;
  /** The member's own override: true grants, false withholds, null follows the role. */
  override: boolean | null;
  /** What holds now. */
  allowed: boolean;
}

export interface AccessList {
  userId: string;
  /** The owner holds every right and has no overrides. */
  isOwner: boolean;
  isActive: boolean;
  entries: AccessEntry[];
}

async function member(db: Db, user: AuthUser, userId: string) {
  const { rows } = await db.query<{ role: string; is_active: boolean }>(
    `select m.role, m.is_active and u.is_active as is_active
       from memberships m join users u on u.id = m.user_id where m.organization_id = $1 and m.user_id = $2`,
    [user.organizationId, userId],
  );
  if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'access:errors.staffNotFound');
  return rows[0];
}

export async function accessList(db: Db, user: AuthUser, userId: string): Promise<AccessList> {
  const row = await member(db, user, userId);
  const grants = await loadGrants(db, userId, user.organizationId, { includeInactive: true });
  const isOwner = row.role === 'owner';
  const fromRole = grants ? roleRights(grants) : new Set<string>();
  const now = effectiveRights(grants);
  const overrides = new Map(grants?.overrides ?? []);
  return {
    userId,
    isOwner,
    isActive: row.is_active,
    entries: actionCatalogue().map((action) => ({
      code: action.code,
      group: action.group,
      ...(action.kind ? { kind: action.kind } : {}),
      right: action.right,
      ...(action.taxRole !== undefined ? { taxRole: action.taxRole } : {}),
      fromRole: isOwner || fromRole.has(action.code),
      override: isOwner ? null : (overrides.get(action.code) ?? null),
      allowed: now.has(action.code),
    })),
  };
}

export interface AccessChange {
  action: string;
  /** true grants, false withholds, null removes the override (the role decides). */
  allowed: boolean | null;
}

export async function changeAccess(
  db: Db,
  user: AuthUser,
  userId: string,
  changes: readonly AccessChange[],
  ip?: string,
): Promise<AccessList> {
  const unknown = changes.find((change) => !isKnownAction(change.action));
  if (unknown)
    throw new ApiError(400, 'UNKNOWN_ACTION', 'access:errors.unknownAction', { action: unknown.action });
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ role: string }>(
      'select role from memberships where organization_id = $1 and user_id = $2 for update',
      [user.organizationId, userId],
    );
    if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'access:errors.staffNotFound');
    if (rows[0].role === 'owner') throw new ApiError(403, 'OWNER_IMMUTABLE', 'access:errors.ownerImmutable');
    const { rows: current } = await tx.query<{ action: string; allowed: boolean }>(
      'select action, allowed from user_access where organization_id = $1 and user_id = $2',
      [user.organizationId, userId],
    );
    const before = new Map(current.map((row) => [row.action, row.allowed]));
    const audited: Record<string, { from: boolean | null; to: boolean | null }> = {};
    for (const change of changes) {
      const from = before.get(change.action) ?? null;
      if (from === change.allowed) continue;
      if (change.allowed === null) {
        await tx.query(
          'delete from user_access where organization_id = $1 and user_id = $2 and action = $3',
          [user.organizationId, userId, change.action],
        );
      } else {
        await tx.query(
          `insert into user_access (organization_id, user_id, action, allowed, updated_by) values ($1, $2, $3, $4, $5)
           on conflict (organization_id, user_id, action)
           do update set allowed = excluded.allowed, updated_by = excluded.updated_by, updated_at = now()`,
          [user.organizationId, userId, change.action, change.allowed, user.userId],
        );
      }
      audited[change.action] = { from, to: change.allowed };
    }
    if (Object.keys(audited).length) {
      await auditSettings(tx, user, {
        event: 'settings.access.changed',
        target: userId,
        ip,
        changes: audited,
      });
    }
  });
  return accessList(db, user, userId);
}
