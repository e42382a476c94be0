// Every settings change is audited: who, when, what changed (issue 15 §6). Rows go to audit_log with
// the organisation, so Organization/getChangeHistory can show them; details never hold passwords.
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';

export type SettingsEvent =
  | 'settings.requisites.updated'
  | 'settings.requisites.refreshed'
  | 'settings.account.added'
  | 'settings.account.updated'
  | 'settings.account.deleted'
  | 'settings.branch.added'
  | 'settings.branch.updated'
  | 'settings.branch.deleted'
  | 'settings.accountant.set'
  | 'settings.accountant.updated'
  | 'settings.department.added'
  | 'settings.department.updated'
  | 'settings.department.deleted'
  | 'settings.position.added'
  | 'settings.position.updated'
  | 'settings.position.deleted'
  | 'settings.role.added'
  | 'settings.role.updated'
  | 'settings.role.deleted'
  | 'settings.role.rights'
  | 'settings.staff.added'
  | 'settings.staff.updated'
  | 'settings.staff.deleted'
  | 'settings.access.changed'
  | 'settings.approval.changed'
  | 'settings.profile.updated'
  | 'settings.apiKey.added'
  | 'settings.apiKey.rotated'
  | 'settings.apiKey.revoked'
  | 'settings.webhook.added'
  | 'settings.webhook.updated'
  | 'settings.webhook.deleted'
  | 'settings.operator.bound'
  | 'settings.operator.unbound'
  | 'access.denied';

export interface Change {
  from: unknown;
  to: unknown;
}

/** Fields whose values differ between two snapshots (undefined and null count as the same). */
export function diff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Record<string, Change> {
  const changes: Record<string, Change> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const from = before?.[key] ?? null;
    const to = after?.[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

export interface SettingsAuditEntry {
  event: SettingsEvent;
  /** The row changed (its id), when there is one. */
  target?: string | null;
  changes?: Record<string, Change>;
  detail?: Record<string, unknown>;
  ip?: string | null;
}

export async function auditSettings(db: Db, user: AuthUser, entry: SettingsAuditEntry): Promise<void> {
  await db.query(
    'insert into audit_log (event, user_id, organization_id, ip, detail) values ($1, $2, $3, $4, $5)',
    [
      entry.event,
      user.userId,
      user.organizationId,
      entry.ip ?? null,
      JSON.stringify({
        ...(entry.target ? { target: entry.target } : {}),
        ...(entry.changes ? { changes: entry.changes } : {}),
        ...(entry.detail ?? {}),
        // A change made with an API key names the key (its member is user_id).
        ...(user.apiKeyId ? { apiKeyId: user.apiKeyId } : {}),
      }),
    ],
  );
}
