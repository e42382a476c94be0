import type { ActedEntry, Role } from '../../../engine/lifecycle';
import type { Db } from '../../db/client';

/**
 * Actions taken in the current status without moving it (a quorum of several parties not complete):
 * the events that stayed in the status the document is in now.
 */
export async function actedInStatus(db: Db, documentId: string, status: number): Promise<ActedEntry[]> {
  const { rows } = await db.query<{ action: string; actor_identity: string; actor_role: Role }>(
    `select action, actor_identity, actor_role from document_events
     where document_id = $1 and from_status = $2 and to_status = $2 and actor_identity is not null
       and action not in ('create', 'copy', 'update', 'bin', 'restore', 'delete')`,
    [documentId, status],
  );
  return rows.map((row) => ({ action: row.action, identity: row.actor_identity, role: row.actor_role }));
}
