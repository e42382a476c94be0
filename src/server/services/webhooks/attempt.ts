// One attempt of one delivery: signed per Standard Webhooks (a fresh timestamp and signature each
// time, the same webhook-id), sent, and recorded — a success in one statement, a failure with its next
// attempt after a growing delay, for more than a day. An endpoint failing for a day is switched off
// and the organisation is told.
import type { Db } from '../../db/client';
import { type AttemptResult, postWebhook, WEBHOOK_ANSWER_LOG_BYTES } from './send';
import { webhookHeaders } from './sign';

/** Delays before attempts 2, 3, …: together more than 24 hours (27 h 35 min 5 s), then given up. */
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];
/** An endpoint failing this long (every attempt since) is switched off. */
export const DISABLE_AFTER_MS = 24 * 3600 * 1000;

export type AttemptOutcome = 'delivered' | 'retry' | 'failed' | 'skipped';

export interface AttemptOptions {
  allowPrivate: boolean;
  /** The clock of the failing-for-a-day rule (tests pass their own). */
  now?: () => Date;
}

/** What an attempt needs of a delivery and its endpoint (the sender's claim returns these). */
export interface DeliveryToSend {
  id: string;
  endpoint_id: string;
  organization_id: string;
  message_id: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_valid: boolean;
}

/** The columns of DeliveryToSend, for a query on webhook_deliveries d joined with webhook_endpoints e. */
export const DELIVERY_TO_SEND_COLUMNS = `d.id, d.endpoint_id, e.organization_id, d.message_id, d.payload, d.attempts,
  e.url, e.secret, e.previous_secret, coalesce(e.previous_until > now(), false) as previous_valid`;

/** One attempt of a delivery now, whatever its due time (resend, tests); skipped unless pending and on. */
export async function attemptDelivery(
  db: Db,
  deliveryId: string,
  options: AttemptOptions,
): Promise<AttemptOutcome> {
  const { rows } = await db.query<DeliveryToSend>(
    `select ${DELIVERY_TO_SEND_COLUMNS}
       from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
      where d.id = $1 and d.state = 'pending' and e.enabled`,
    [deliveryId],
  );
  return rows[0] ? sendDelivery(db, rows[0], options) : 'skipped';
}

/** Sends a delivery (claimed or read by the caller) and records the attempt. */
export async function sendDelivery(
  db: Db,
  d: DeliveryToSend,
  options: AttemptOptions,
): Promise<AttemptOutcome> {
  const result = await postDelivery(d, options);
  if (!result.ok) return recordFailure(db, d, result, options);
  await recordSuccesses(db, [{ delivery: d, result }]);
  return 'delivered';
}

/** The request of one attempt: signed now (a fresh timestamp and signature, the same webhook-id). */
export function postDelivery(d: DeliveryToSend, options: AttemptOptions): Promise<AttemptResult> {
  const body = JSON.stringify(typeof d.payload === 'string' ? JSON.parse(d.payload) : d.payload);
  const secrets = d.previous_secret && d.previous_valid ? [d.secret, d.previous_secret] : [d.secret];
  const timestamp = Math.floor(Date.now() / 1000);
  return postWebhook(
    d.url,
    webhookHeaders(secrets, d.message_id, timestamp, body),
    body,
    options.allowPrivate,
  );
}

const answerOf = (result: AttemptResult) => result.answer?.slice(0, WEBHOOK_ANSWER_LOG_BYTES) ?? null;

/**
 * Successful attempts, however many, in one statement: each attempt logged, each delivery delivered,
 * and their endpoints' failure forgotten where one was failing (an update of the endpoint's row on
 * every delivery would queue them behind each other and behind the dispatch pass, which holds it).
 */
export async function recordSuccesses(
  db: Db,
  sent: { delivery: DeliveryToSend; result: AttemptResult }[],
): Promise<void> {
  if (!sent.length) return;
  await db.query(
    `with r as (
       select * from jsonb_to_recordset($1::jsonb)
         as r(id uuid, endpoint_id uuid, attempt integer, status integer, duration_ms integer, answer text)),
     logged as (
       insert into webhook_attempts (delivery_id, attempt, status, duration_ms, answer)
       select id, attempt, status, duration_ms, answer from r),
     healed as (
       update webhook_endpoints e set failing_since = null
        where e.id in (select endpoint_id from r) and e.failing_since is not null)
     update webhook_deliveries d set state = 'delivered', attempts = r.attempt, last_status = r.status,
            last_error = null, delivered_at = now(), next_attempt_at = null, claimed_at = null
       from r where d.id = r.id`,
    [
      JSON.stringify(
        sent.map(({ delivery: d, result }) => ({
          id: d.id,
          endpoint_id: d.endpoint_id,
          attempt: d.attempts + 1,
          status: result.status,
          duration_ms: result.durationMs,
          answer: answerOf(result),
        })),
      ),
    ],
  );
}

/** A failed attempt: logged, the next one due after a growing delay, the endpoint off after a day. */
export async function recordFailure(
  db: Db,
  d: DeliveryToSend,
  result: AttemptResult,
  options: AttemptOptions,
): Promise<AttemptOutcome> {
  const attempt = d.attempts + 1;
  const now = options.now?.() ?? new Date();
  return db.transaction(async (tx) => {
    await tx.query(
      `insert into webhook_attempts (delivery_id, attempt, status, error, duration_ms, answer) values ($1, $2, $3, $4, $5, $6)`,
      [d.id, attempt, result.status, result.error, result.durationMs, answerOf(result)],
    );
    const { rows: endpoint } = await tx.query<{ failing_since: Date | string }>(
      `update webhook_endpoints set failing_since = coalesce(failing_since, $2::timestamptz) where id = $1 returning failing_since`,
      [d.endpoint_id, now.toISOString()],
    );
    const failingFor = now.getTime() - new Date(endpoint[0].failing_since).getTime();
    const delay = RETRY_DELAYS_SECONDS[attempt - 1];
    const giveUp = delay === undefined;
    // The next attempt is due after the delay: the sender of any instance takes it then.
    await tx.query(
      `update webhook_deliveries set attempts = $2, last_status = $3, last_error = $4, state = $5, claimed_at = null,
              next_attempt_at = case when $5 = 'pending' then now() + make_interval(secs => $6) else null end
        where id = $1`,
      [d.id, attempt, result.status, result.error, giveUp ? 'failed' : 'pending', delay ?? 0],
    );
    if (failingFor >= DISABLE_AFTER_MS) {
      await tx.query(
        `update webhook_endpoints set enabled = false, disabled_at = $2::timestamptz, disabled_reason = 'failing' where id = $1`,
        [d.endpoint_id, now.toISOString()],
      );
      await tx.query(
        `insert into cabinet_notifications (organization_id, type, details, dedup_key)
         values ($1, 'webhookDisabled', $2::jsonb, $3) on conflict do nothing`,
        [
          d.organization_id,
          JSON.stringify({ endpointId: d.endpoint_id, url: d.url }),
          `webhookDisabled:${d.endpoint_id}:${now.getTime()}`,
        ],
      );
      return 'failed';
    }
    return giveUp ? 'failed' : 'retry';
  });
}
