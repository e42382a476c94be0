import type { ActedEntry, Role } from '../../../engine/lifecycle';
import type { Db } from '../../db/client';

/** Events that record no action of a party (drafts, copies and the bin are nobody's signature). */
const NOT_ACTIONS = ['create', 'copy', 'update', 'bin', 'restore', 'delete'];

/**
 * Actions taken in the current status without moving it (a quorum of several parties not complete):
 * the events that stayed in the status the document is in now.
 */
export async function actedInStatus(db: Db, documentId: string, status: number): Promise<ActedEntry[]> {
  const { rows } = await db.query<{ action: string; actor_identity: string; actor_role: Role }>(
    `select action, actor_identity, actor_role from document_events
     where document_id = $1 and from_status = $2 and to_status = $2 and actor_identity is not null
       and action not in (${NOT_ACTIONS.map((action) => `'${action}'`).join(', ')})`,
    [documentId, status],
  );
  return rows.map((row) => ({ action: row.action, identity: row.actor_identity, role: row.actor_role }));
}

/**
 * The same, as a scalar subquery over the document row `d` (a JSON array of entries): read with the
 * document in one statement.
 */
export const ACTED_IN_STATUS_SQL = `(select coalesce(json_agg(json_build_object('action', e.action,
         'identity', e.actor_identity, 'role', e.actor_role)), '[]'::json)
       from document_events e
      where e.document_id = d.id and e.from_status = d.status and e.to_status = d.status
        and e.actor_identity is not null
        and e.action not in (${NOT_ACTIONS.map((action) => `'${action}'`).join(', ')}))`;

/** The same, from a document's events already read (the view built from a transition's rows). */
export function actedInStatusOf(events: Array<Record<string, any>>, status: number): ActedEntry[] {
  return events
    .filter(
      (event) =>
        event.from_status === status &&
        event.to_status === status &&
        event.actor_identity !== null &&
        !NOT_ACTIONS.includes(event.action),
    )
    .map((event) => ({
      action: event.action,
      identity: event.actor_identity as string,
      role: event.actor_role as Role,
    }));
}
