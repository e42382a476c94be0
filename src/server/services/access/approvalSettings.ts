// Which document kinds need an approved internal agreement before they may be sent: an organisation
// setting per kind (data, not code per kind). Checked by requireApprovalIfConfigured.
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { documentKinds } from './actions';
import { auditSettings } from './settingsAudit';

export async function approvalKinds(db: Db, organizationId: string): Promise<string[]> {
  const { rows } = await db.query<{ kind: string }>(
    'select kind from approval_requirements where organization_id = $1 order by kind',
    [organizationId],
  );
  return rows.map((row) => row.kind);
}

export async function requiresApproval(db: Db, organizationId: string, kind: string): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from approval_requirements where organization_id = $1 and kind = $2',
    [organizationId, kind],
  );
  return rows.length > 0;
}

/** Replaces the set of kinds that need approval before sending. */
export async function setApprovalKinds(
  db: Db,
  user: AuthUser,
  kinds: readonly string[],
  ip?: string,
): Promise<string[]> {
  const known = documentKinds();
  const unknown = kinds.find((kind) => !known.includes(kind));
  if (unknown) throw new ApiError(400, 'UNKNOWN_KIND', 'access:errors.unknownKind', { kind: unknown });
  const next = [...new Set(kinds)].sort();
  return db.transaction(async (tx) => {
    const before = await approvalKinds(tx, user.organizationId);
    await tx.query('delete from approval_requirements where organization_id = $1', [user.organizationId]);
    for (const kind of next) {
      await tx.query(
        'insert into approval_requirements (organization_id, kind, updated_by) values ($1, $2, $3)',
        [user.organizationId, kind, user.userId],
      );
    }
    const added = next.filter((kind) => !before.includes(kind));
    const removed = before.filter((kind) => !next.includes(kind));
    if (added.length || removed.length) {
      await auditSettings(tx, user, { event: 'settings.approval.changed', ip, detail: { added, removed } });
    }
    return next;
  });
}
