import type { Db } from '../db/client';

/** Audit events of identity; the detail never holds passwords, tokens or signatures. */
export type AuthAuditEvent =
  | 'auth.login.success'
  | 'auth.login.failure'
  | 'auth.login.throttled'
  | 'auth.certificate.success'
  | 'auth.certificate.failure'
  | 'auth.register.success'
  | 'auth.register.failure'
  | 'auth.refresh.reuse'
  | 'auth.refresh.failure'
  | 'auth.logout'
  | 'auth.logout.all'
  | 'auth.organization.chosen'
  | 'auth.organization.refused'
  | 'auth.password.changed'
  | 'auth.password.failure'
  | 'auth.password.throttled'
  | 'auth.challenge.failure'
  | 'auth.tempToken.issued'
  | 'auth.tempToken.success'
  | 'auth.tempToken.failure';

export interface AuditEntry {
  event: AuthAuditEvent;
  userId?: string | null;
  organizationId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.query(
    'insert into audit_log (event, user_id, organization_id, ip, detail) values ($1, $2, $3, $4, $5)',
    [
      entry.event,
      entry.userId ?? null,
      entry.organizationId ?? null,
      entry.ip ?? null,
      JSON.stringify(entry.detail ?? {}),
    ],
  );
}
