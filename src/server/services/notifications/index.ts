// Cabinet notifications: written inside the transition's transaction (a listener of the documents
// service), by jobs when they finish, and by the hourly reminder before automatic acceptance.

import type { Locale } from '../../../engine/constants';
import { actionInfo, getLifecycle, lifecycleKinds } from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import { translate } from '../../i18n';
import type { TransitionEvent, TransitionWrites } from '../documents';

export type NotificationType =
  | 'received'
  | 'accepted'
  | 'rejected'
  | 'cancelled'
  | 'signed'
  | 'respondSoon'
  | 'jobFinished'
  /** A webhook endpoint failing for a day was switched off (services/webhooks/attempt.ts). */
  | 'webhookDisabled';

/** The spec's result codes (§4) → what the other parties are told. */
function typeOf(event: TransitionEvent): NotificationType | null {
  if (event.fromStatus === event.toStatus) return null; // recorded, no transition yet (quorum)
  const result = actionInfo(event.kind, event.action)?.result;
  if (result === undefined) return null;
  if (event.fromStatus === getLifecycle(event.kind).initial) return 'received';
  if ([3, 5, 13].includes(result)) return 'accepted';
  if ([4, 6, 14].includes(result)) return 'rejected';
  if (result === 2) return 'cancelled';
  return 'signed';
}

/**
 * Tells every party but the actor what happened, in the transition's transaction: one insert of every
 * recipient's row, sent with the transition's own writes.
 */
export const notifyTransition: TransitionWrites = {
  writes(event) {
    const type = typeOf(event);
    if (!type) return [];
    const actorName =
      event.parties.find((p) => p.identity === event.actor.identity)?.name ?? event.actor.identity;
    const recipients = [...new Set(event.parties.map((p) => p.identity))].filter(
      (id) => id && id !== event.actor.identity,
    );
    if (!recipients.length) return [];
    const params: unknown[] = [];
    const tuples = recipients.map((identity) => {
      const row = [
        identity,
        type,
        event.documentId,
        event.kind,
        event.number,
        actorName,
        event.reason,
        `${event.documentId}:${event.action}:${event.toStatus}:${identity}:${event.at.toISOString()}`,
      ];
      const first = params.length + 1;
      params.push(...row);
      return `(${row.map((_, i) => `$${first + i}`).join(', ')})`;
    });
    return [
      {
        sql: `insert into cabinet_notifications (identity, type, document_id, kind, number, counterparty_name, reason, dedup_key)
       values ${tuples.join(', ')} on conflict do nothing`,
        params,
      },
    ];
  },
};

/** A job of the organisation finished (import, bulk signing): its owner is told with the outcome. */
export async function notifyJobFinished(
  db: Db,
  v: { organizationId: string; jobId: string; details: Record<string, unknown> },
) {
  await db.query(
    `insert into cabinet_notifications (organization_id, type, job_id, details, dedup_key)
     values ($1, 'jobFinished', $2, $3::jsonb, $4) on conflict do nothing`,
    [v.organizationId, v.jobId, JSON.stringify(v.details), `job:${v.jobId}`],
  );
}

export const RESPOND_SOON_DAYS = 2;

/**
 * Incoming documents still awaiting their receiver whose automatic acceptance (respondWithinDays
 * after sending) is at most two days away: one reminder each.
 */
export async function remindBeforeAutoAcceptance(db: Db, now: Date): Promise<number> {
  let added = 0;
  for (const kind of lifecycleKinds()) {
    const days = getLifecycle(kind).respondWithinDays;
    if (!days) continue;
    const r = await db.query(
      `insert into cabinet_notifications (identity, type, document_id, kind, number, counterparty_name, details, dedup_key)
       select p.identity, 'respondSoon', p.document_id, p.kind, p.number, p.counterparty_name,
              jsonb_build_object('respondBy', to_char((p.sent_at + make_interval(days => $2))::date, 'YYYY-MM-DD')),
              'respondSoon:' || p.document_id || ':' || p.identity
       from document_parties p
       where p.kind = $1 and p.awaiting and p.box = 'incoming' and p.sent_at is not null
         and p.sent_at + make_interval(days => $2) > $3::timestamptz
         and p.sent_at + make_interval(days => $2) <= $3::timestamptz + make_interval(days => $4)
       on conflict do nothing`,
      [kind, days, now.toISOString(), RESPOND_SOON_DAYS],
    );
    added += r.rowCount;
  }
  return added;
}

interface NotificationRow {
  id: string;
  type: NotificationType;
  document_id: string | null;
  kind: string | null;
  number: string | null;
  counterparty_name: string | null;
  reason: string | null;
  job_id: string | null;
  details: Record<string, unknown> | null;
  created_at: Date;
  read_at: Date | null;
}

const mine = `(identity = $1 or organization_id = $2)`;

/**
 * What the caller may read of documents, as the lists apply it: the kinds it may view (null: every
 * kind) and its branch (null: every branch).
 */
export interface NotificationScope {
  kinds: string[] | null;
  branch: string | null;
}

/**
 * The notifications of `mine` the scope lets through ($3 the kinds, $4 the branch): one about a
 * document of a kind the caller may not view, or of another branch, names what it may not read.
 */
const scoped = `${mine} and (kind is null or $3::text[] is null or kind = any($3::text[]))
  and (document_id is null or $4::text is null or exists (
    select 1 from document_parties p where p.document_id = n.document_id and p.identity = $1
      and coalesce(p.branch, '') = $4::text))`;

export async function listNotifications(
  db: Db,
  who: { identity: string; organizationId: string },
  q: { page: number; size: number; unreadOnly: boolean },
  lang: Locale,
  scope: NotificationScope,
) {
  const unread = `${scoped} and read_at is null`;
  const where = q.unreadOnly ? unread : scoped;
  const params = [who.identity, who.organizationId, scope.kinds, scope.branch];
  const [rows, total, unreadCount] = await Promise.all([
    db.query<NotificationRow>(
      `select id, type, document_id, kind, number, counterparty_name, reason, job_id, details, created_at, read_at
       from cabinet_notifications n where ${where} order by created_at desc, id limit $5 offset $6`,
      [...params, q.size, (q.page - 1) * q.size],
    ),
    db.query<{ n: number }>(`select count(*)::int as n from cabinet_notifications n where ${where}`, params),
    db.query<{ n: number }>(`select count(*)::int as n from cabinet_notifications n where ${unread}`, params),
  ]);
  return {
    rows: rows.rows.map((r) => ({
      id: r.id,
      type: r.type,
      documentId: r.document_id,
      kind: r.kind,
      number: r.number,
      counterpartyName: r.counterparty_name,
      reason: r.reason,
      jobId: r.job_id,
      details: r.details,
      createdAt: new Date(r.created_at).toISOString(),
      read: r.read_at !== null,
      message: messageOf(r, lang),
    })),
    totalCount: total.rows[0].n,
    unreadCount: unreadCount.rows[0].n,
  };
}

function messageOf(r: NotificationRow, lang: Locale): string {
  return translate(lang, `bulk:notifications.${r.type}`, {
    number: r.number ?? '—',
    party: r.counterparty_name ?? '',
    reason: r.reason ?? '',
    respondBy: String(r.details?.respondBy ?? ''),
    done: r.details?.done ?? 0,
    failed: r.details?.failed ?? 0,
    what: r.details?.what ? translate(lang, `bulk:notifications.what.${r.details.what}`) : '',
    url: String(r.details?.url ?? ''),
  });
}

export async function markRead(
  db: Db,
  who: { identity: string; organizationId: string },
  ids: string[] | null,
) {
  const r = await db.query(
    `update cabinet_notifications set read_at = now() where ${mine} and read_at is null
       ${ids ? 'and id = any($3::uuid[])' : ''}`,
    ids ? [who.identity, who.organizationId, ids] : [who.identity, who.organizationId],
  );
  return r.rowCount;
}
