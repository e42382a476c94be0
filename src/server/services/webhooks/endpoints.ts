// Webhook endpoints of an organisation (owner or admin): add, change, delete, rotate the secret, the
// delivery log, resend, send a test event.
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { auditSettings } from '../access/settingsAudit';
import { insertDeliveries } from './deliveries';
import { TEST_EVENT_TYPE } from './eventTypes';
import { newWebhookSecret } from './sign';
import { checkWebhookUrl } from './ssrf';

export const ENDPOINTS_MAX = 20;
export const SECRET_OVERLAP_HOURS_DEFAULT = 24;

export interface EndpointInput {
  url: string;
  description?: string;
  eventTypes?: string[];
  enabled?: boolean;
}

const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);
const list = (v: string[] | string) =>
  typeof v === 'string'
    ? v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean)
    : v;

function viewOf(row: any, withSecret = false) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: list(row.event_types),
    enabled: row.enabled,
    failingSince: iso(row.failing_since),
    disabledAt: iso(row.disabled_at),
    disabledReason: row.disabled_reason,
    createdAt: iso(row.created_at),
    secretPrefix: String(row.secret).slice(0, 12),
    previousSecretUntil: row.previous_secret ? iso(row.previous_until) : null,
    ...(withSecret ? { secret: row.secret } : {}),
  };
}

async function oneEndpoint(db: Db, user: AuthUser, id: string, forUpdate = false) {
  const { rows } = await db.query(
    `select * from webhook_endpoints where id = $1 and organization_id = $2${forUpdate ? ' for update' : ''}`,
    [id, user.organizationId],
  );
  if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'integrations:webhooks.notFound');
  return rows[0];
}

export async function listEndpoints(db: Db, user: AuthUser) {
  const { rows } = await db.query(
    'select * from webhook_endpoints where organization_id = $1 order by created_at, id',
    [user.organizationId],
  );
  return rows.map((row) => viewOf(row));
}

/** A new endpoint; its secret is in this answer (and in rotateSecret's) only. Starts at the feed's end. */
export async function addEndpoint(
  db: Db,
  user: AuthUser,
  input: EndpointInput,
  allowPrivate: boolean,
  ip?: string,
) {
  const url = await checkWebhookUrl(input.url, allowPrivate);
  const identity = user.tin ?? user.pinfl;
  if (!identity) throw new ApiError(403, 'NO_IDENTITY', 'exchange:errors.noIdentity');
  return db.transaction(async (tx) => {
    const { rows: count } = await tx.query<{ n: string }>(
      'select count(*)::text as n from webhook_endpoints where organization_id = $1',
      [user.organizationId],
    );
    if (Number(count[0].n) >= ENDPOINTS_MAX)
      throw new ApiError(409, 'TOO_MANY_ENDPOINTS', 'integrations:webhooks.tooMany', { max: ENDPOINTS_MAX });
    const { rows } = await tx.query(
      `insert into webhook_endpoints (organization_id, identity, url, description, event_types, secret, created_by, feed_position)
       values ($1, $2::varchar, $3, $4, $5, $6, $7,
               coalesce((select max(position) from document_feed where identity = $2::varchar), 0)) returning *`,
      [
        user.organizationId,
        identity,
        url,
        input.description?.trim() ?? '',
        input.eventTypes ?? [],
        newWebhookSecret(),
        user.userId,
      ],
    );
    await auditSettings(tx, user, {
      event: 'settings.webhook.added',
      target: rows[0].id,
      ip,
      detail: { url },
    });
    return viewOf(rows[0], true);
  });
}

export async function updateEndpoint(
  db: Db,
  user: AuthUser,
  id: string,
  input: Partial<EndpointInput>,
  allowPrivate: boolean,
  ip?: string,
) {
  const url = input.url === undefined ? undefined : await checkWebhookUrl(input.url, allowPrivate);
  return db.transaction(async (tx) => {
    const before = await oneEndpoint(tx, user, id, true);
    const { rows } = await tx.query(
      `update webhook_endpoints set url = coalesce($3, url), description = coalesce($4, description),
              event_types = coalesce($5, event_types), enabled = coalesce($6, enabled),
              failing_since = case when $6 then null else failing_since end,
              disabled_at = case when $6 then null else disabled_at end,
              disabled_reason = case when $6 then null else disabled_reason end
        where id = $1 and organization_id = $2 returning *`,
      [
        id,
        user.organizationId,
        url ?? null,
        input.description?.trim() ?? null,
        input.eventTypes ?? null,
        input.enabled ?? null,
      ],
    );
    await auditSettings(tx, user, {
      event: 'settings.webhook.updated',
      target: id,
      ip,
      detail: {
        from: { url: before.url, enabled: before.enabled },
        to: { url: rows[0].url, enabled: rows[0].enabled },
      },
    });
    return viewOf(rows[0]);
  });
}

export async function deleteEndpoint(db: Db, user: AuthUser, id: string, ip?: string) {
  await db.transaction(async (tx) => {
    const before = await oneEndpoint(tx, user, id, true);
    await tx.query('delete from webhook_endpoints where id = $1', [id]);
    await auditSettings(tx, user, {
      event: 'settings.webhook.deleted',
      target: id,
      ip,
      detail: { url: before.url },
    });
  });
}

/** A new secret; the previous one signs too (a second signature) for `overlapHours`. */
export async function rotateSecret(db: Db, user: AuthUser, id: string, overlapHours: number, ip?: string) {
  return db.transaction(async (tx) => {
    await oneEndpoint(tx, user, id, true);
    const { rows } = await tx.query(
      `update webhook_endpoints set previous_secret = secret, previous_until = now() + make_interval(hours => $2),
              secret = $3 where id = $1 returning *`,
      [id, overlapHours, newWebhookSecret()],
    );
    await auditSettings(tx, user, {
      event: 'settings.webhook.updated',
      target: id,
      ip,
      detail: { secretRotated: true, overlapHours },
    });
    return viewOf(rows[0], true);
  });
}

/** The delivery log of an endpoint, newest first, with every attempt. */
export async function listDeliveries(db: Db, user: AuthUser, endpointId: string, limit = 50) {
  await oneEndpoint(db, user, endpointId);
  const { rows } = await db.query(
    `select d.id, d.message_id, d.event_type, d.payload, d.state, d.attempts, d.next_attempt_at, d.last_status, d.last_error,
            d.created_at, d.delivered_at,
            (select json_agg(json_build_object('attempt', a.attempt, 'at', a.at, 'status', a.status, 'error', a.error,
                                               'durationMs', a.duration_ms, 'answer', a.answer) order by a.attempt)
               from webhook_attempts a where a.delivery_id = d.id) as attempts_log
       from webhook_deliveries d where d.endpoint_id = $1 order by d.created_at desc, d.id limit $2`,
    [endpointId, limit],
  );
  return rows.map((r: any) => ({
    id: r.id,
    messageId: r.message_id,
    eventType: r.event_type,
    payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    state: r.state,
    attempts: r.attempts,
    nextAttemptAt: iso(r.next_attempt_at),
    lastStatus: r.last_status,
    lastError: r.last_error,
    createdAt: iso(r.created_at),
    deliveredAt: iso(r.delivered_at),
    log: ((typeof r.attempts_log === 'string' ? JSON.parse(r.attempts_log) : r.attempts_log) ?? []).map(
      (a: any) => ({
        ...a,
        at: iso(a.at),
      }),
    ),
  }));
}

/** Sends a delivery again now (same webhook-id), whatever its state. */
export async function resendDelivery(db: Db, user: AuthUser, deliveryId: string) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `update webhook_deliveries d set state = 'pending', next_attempt_at = now(), claimed_at = null
         from webhook_endpoints e
        where d.id = $1 and e.id = d.endpoint_id and e.organization_id = $2 returning d.id`,
      [deliveryId, user.organizationId],
    );
    if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'integrations:webhooks.deliveryNotFound');
    return { id: deliveryId };
  });
}

/** A `webhook.test` event to the endpoint, through the same sender, signing and log. */
export async function sendTestEvent(db: Db, user: AuthUser, endpointId: string) {
  return db.transaction(async (tx) => {
    await oneEndpoint(tx, user, endpointId);
    const messageId = `msg_test_${crypto.randomUUID()}`;
    await insertDeliveries(tx, endpointId, [
      { messageId, type: TEST_EVENT_TYPE, data: { message: 'Test event from Hujjat' } },
    ]);
    const { rows } = await tx.query<{ id: string }>(
      'select id from webhook_deliveries where endpoint_id = $1 and message_id = $2',
      [endpointId, messageId],
    );
    return { id: rows[0].id, messageId };
  });
}
