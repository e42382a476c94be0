// Reading the feed: a caller's own rows (its identity), the kinds it may view and its branch, after a
// position, in position order. docs/integrating.md "Event feed".
import type { Db } from '../../db/client';
import { type Caller, readScope } from '../documents';
import { encodeCursor } from './cursor';

export const FEED_PAGE_DEFAULT = 100;
export const FEED_PAGE_MAX = 500;

export interface FeedEvent {
  /** Unique per event and organisation: the feed position (also the webhook message id's tail). */
  id: string;
  /** `document.<action>`: document.create, document.send, document.accept, document.remove, … */
  type: string;
  documentId: string;
  kind: string;
  action: string;
  fromStatus: number | null;
  toStatus: number | null;
  /** The event's place in the document's history (null: the document was removed). */
  seq: number | null;
  number: string | null;
  actorIdentity: string | null;
  at: string;
  /** The cursor just after this event. */
  cursor: string;
}

export interface FeedPage {
  events: FeedEvent[];
  /** Pass it back to read on; equal to the one sent when nothing new was found. */
  cursor: string;
}

interface FeedRow {
  position: string;
  document_id: string;
  kind: string;
  action: string;
  from_status: number | null;
  to_status: number | null;
  event_seq: number | null;
  actor_identity: string | null;
  at: Date | string;
  number: string | null;
}

export function feedEventOf(row: FeedRow): FeedEvent {
  return {
    id: row.position,
    type: `document.${row.action}`,
    documentId: row.document_id,
    kind: row.kind,
    action: row.action,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    seq: row.event_seq,
    number: row.number,
    actorIdentity: row.actor_identity,
    at: new Date(row.at).toISOString(),
    cursor: encodeCursor(BigInt(row.position)),
  };
}

/** The scope of a reader: kinds (null: every kind) and branch (null: every branch). */
export interface FeedScope {
  identity: string;
  kinds: string[] | null;
  branch: string | null;
}

export async function feedScopeOf(db: Db, caller: Caller): Promise<FeedScope> {
  const { kinds, branch } = await readScope(db, caller);
  return { identity: caller.identity, kinds, branch };
}

/** At most `limit` events after `after`, oldest first. */
export async function readFeed(db: Db, scope: FeedScope, after: bigint, limit: number): Promise<FeedPage> {
  const params: unknown[] = [scope.identity, after.toString(), limit];
  let filter = '';
  if (scope.kinds !== null) {
    params.push(scope.kinds);
    filter += ` and f.kind = any($${params.length})`;
  }
  if (scope.branch !== null) {
    params.push(scope.branch);
    filter += ` and coalesce(f.branch, '') = $${params.length}`;
  }
  const { rows } = await db.query<FeedRow>(
    `select f.position::text as position, f.document_id, f.kind, f.action, f.from_status, f.to_status, f.event_seq,
            f.actor_identity, f.at, p.number
       from document_feed f
       left join document_parties p on p.document_id = f.document_id and p.identity = f.identity
      where f.identity = $1 and f.position > $2::bigint${filter}
      order by f.position
      limit $3`,
    params,
  );
  const events = rows.map(feedEventOf);
  return { events, cursor: events.length ? events[events.length - 1].cursor : encodeCursor(after) };
}
