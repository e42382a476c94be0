// The webhook sender (issue 30, docs/integrating.md "Webhooks"): every instance claims due deliveries in
// batches straight from webhook_deliveries and sends them concurrently (at most SEND_CONCURRENCY at a
// time, PER_ENDPOINT_CONCURRENCY to one endpoint). A claim is a lease: `for update skip locked` gives
// each due delivery to one instance only, and its next_attempt_at moves LEASE_SECONDS ahead — recorded
// attempts set it again; a delivery whose sender died (kill -9) is due again when the lease ends, so
// every delivery is sent at least once. The sender is woken in process when a dispatch pass, a resend
// or a test event has made a delivery due, and otherwise sleeps until the next due time (at most IDLE_MS).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  type AttemptOptions,
  DELIVERY_TO_SEND_COLUMNS,
  type DeliveryToSend,
  postDelivery,
  recordFailure,
  recordSuccesses,
  sendDelivery,
} from './attempt';
import { type AttemptResult, WEBHOOK_TIMEOUT_MS } from './send';

export const SEND_CONCURRENCY = 32;
export const PER_ENDPOINT_CONCURRENCY = 16;
/** Longer than a claimed batch can wait and be sent (two rounds of one endpoint's timeouts) and then some. */
export const LEASE_SECONDS = 60;
/** The longest sleep of an idle sender (a due time set by another instance is seen by then). */
export const IDLE_MS = 30_000;

// Two rounds of timeouts for a batch all at one endpoint must end inside the lease.
if ((SEND_CONCURRENCY / PER_ENDPOINT_CONCURRENCY) * WEBHOOK_TIMEOUT_MS >= (LEASE_SECONDS * 1000) / 2)
  throw new Error('webhook lease too short for its batch');

/**
 * Claims up to `limit` due deliveries of enabled endpoints (except `skipEndpoints`, busy here) for
 * LEASE_SECONDS: no other claim returns them meanwhile.
 */
export async function claimDueDeliveries(
  db: Db,
  limit: number,
  skipEndpoints: string[] = [],
  claimer: string | null = null,
): Promise<DeliveryToSend[]> {
  const { rows } = await db.query<DeliveryToSend>(
    `with due as (
       select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
        where d.state = 'pending' and d.next_attempt_at <= now() and d.endpoint_id <> all($2::uuid[])
        order by d.next_attempt_at limit $1
        for update of d skip locked)
     update webhook_deliveries d set next_attempt_at = now() + make_interval(secs => $3), claimed_at = now(), claimed_by = $4
       from due, webhook_endpoints e
      where d.id = due.id and e.id = d.endpoint_id
     returning ${DELIVERY_TO_SEND_COLUMNS}`,
    [limit, `{${skipEndpoints.join(',')}}`, LEASE_SECONDS, claimer],
  );
  return rows;
}

/**
 * Leases of a process that died, ended at start so their deliveries are due at once: on PGlite every
 * lease (one process opens it: the data directory lock), elsewhere those of `claimer` — this instance's
 * `<host>:<port>`, which no other live process can hold.
 */
export async function endDeadLeases(db: Db, claimer: string | null): Promise<number> {
  if (db.kind !== 'pglite' && !claimer) return 0;
  const { rowCount } = await db.query(
    `update webhook_deliveries set next_attempt_at = now(), claimed_at = null
      where state = 'pending' and claimed_at is not null and ($1::text is null or claimed_by = $1)`,
    [db.kind === 'pglite' ? null : claimer],
  );
  return rowCount ?? 0;
}

/** Milliseconds until the next delivery is due (0: due now), null when none is pending. */
export async function nextDueIn(db: Db, skipEndpoints: string[]): Promise<number | null> {
  const { rows } = await db.query<{ ms: string | number | null }>(
    // Not greatest(0, …): it skips a NULL and answered 0 with nothing pending, so an idle sender
    // claimed every 50 ms (~9 % of a core on an idle PGlite server).
    `select extract(epoch from min(d.next_attempt_at) - now()) * 1000 as ms
       from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
      where d.state = 'pending' and d.endpoint_id <> all($1::uuid[])`,
    [`{${skipEndpoints.join(',')}}`],
  );
  return rows[0]?.ms == null ? null : Math.max(0, Number(rows[0].ms));
}

/** Sends every delivery due now, batch after batch, until none is (scripts and tests; no loop running). */
export async function sendDueDeliveries(db: Db, options: AttemptOptions): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await claimDueDeliveries(db, SEND_CONCURRENCY);
    if (!batch.length) return sent;
    await Promise.all(batch.map((d) => sendDelivery(db, d, options)));
    sent += batch.length;
  }
}

export interface WebhookSender {
  /** A delivery may be due now: claim at once instead of at the next due time. */
  wake(): void;
  start(): void;
  /** Stops claiming and waits for the sends in flight. */
  stop(): Promise<void>;
}

export function createWebhookSender(
  db: Db,
  log: FastifyBaseLogger,
  options: AttemptOptions & {
    /** This instance's stable name (`<host>:<port>`), or null (port 0: tests, benches). */
    claimer?: string | null;
  },
): WebhookSender {
  const claimer = options.claimer ?? null;
  const inFlight = new Map<string, number>();
  const waiting = new Map<string, DeliveryToSend[]>();
  const sends = new Set<Promise<void>>();
  let claimed = 0;
  let stopped = true;
  /** A delivery may be due that the last claim did not see: claim again instead of sleeping. */
  let woken = false;
  /** The last claim filled every free slot: a finished send should claim at once. */
  let starved = false;
  let wakeUp: (() => void) | null = null;
  let loop: Promise<void> | null = null;

  const wake = () => {
    woken = true;
    wakeUp?.();
  };

  // Successes are recorded together: while one statement records some, the next ones gather for the
  // next statement (one statement for many deliveries instead of one each).
  let toRecord: { delivery: DeliveryToSend; result: AttemptResult; done: (err?: unknown) => void }[] = [];
  let recording = false;
  const recordLoop = async () => {
    recording = true;
    while (toRecord.length) {
      const batch = toRecord;
      toRecord = [];
      const err = await recordSuccesses(db, batch).then(
        () => undefined,
        (e: unknown) => e ?? new Error('not recorded'),
      );
      for (const item of batch) item.done(err);
    }
    recording = false;
  };
  const recordSuccess = (delivery: DeliveryToSend, result: AttemptResult) =>
    new Promise<void>((resolve, reject) => {
      toRecord.push({ delivery, result, done: (err) => (err ? reject(err) : resolve()) });
      if (!recording) void recordLoop();
    });
  const busyEndpoints = () =>
    [...inFlight.entries()].filter(([, n]) => n >= PER_ENDPOINT_CONCURRENCY).map(([id]) => id);

  /** A request done: its slot goes to the endpoint's next waiting delivery, or back to the claims. */
  const release = (d: DeliveryToSend) => {
    const left = (inFlight.get(d.endpoint_id) ?? 1) - 1;
    if (left) inFlight.set(d.endpoint_id, left);
    else inFlight.delete(d.endpoint_id);
    const next = waiting.get(d.endpoint_id)?.shift();
    if (next) launch(next);
    else {
      claimed -= 1;
      if (starved) wakeUp?.();
    }
  };

  // The slot is free when the answer is in; the attempt is recorded meanwhile (the lease keeps the
  // delivery from every other claim until then).
  const launch = (d: DeliveryToSend) => {
    inFlight.set(d.endpoint_id, (inFlight.get(d.endpoint_id) ?? 0) + 1);
    const send: Promise<void> = postDelivery(d, options)
      .finally(() => release(d))
      .then(async (result) => {
        if (result.ok) await recordSuccess(d, result);
        else {
          await recordFailure(db, d, result, options);
          // A retry has a new due time: the sleep is measured again.
          wake();
        }
      })
      .catch((err) => log.error({ err, deliveryId: d.id }, 'webhook attempt not recorded'))
      .finally(() => sends.delete(send));
    sends.add(send);
  };

  /** Started now, or after a send to the same endpoint when it has PER_ENDPOINT_CONCURRENCY going. */
  const queue = (d: DeliveryToSend) => {
    claimed += 1;
    if ((inFlight.get(d.endpoint_id) ?? 0) < PER_ENDPOINT_CONCURRENCY) launch(d);
    else waiting.set(d.endpoint_id, [...(waiting.get(d.endpoint_id) ?? []), d]);
  };

  async function run() {
    const ended = await endDeadLeases(db, claimer).catch((err) => {
      log.error({ err }, 'webhook leases');
      return 0;
    });
    if (ended) log.warn({ deliveries: ended }, 'webhook deliveries of a stopped process are due again');
    while (!stopped) {
      const free = SEND_CONCURRENCY - claimed;
      // After a full claim, the next waits for half the slots: claims stay batches under load.
      const canClaim = free > 0 && (!starved || free >= SEND_CONCURRENCY / 2);
      let sleepMs = IDLE_MS;
      if (canClaim) {
        woken = false;
        try {
          const batch = await claimDueDeliveries(db, free, busyEndpoints(), claimer);
          for (const d of batch) queue(d);
          starved = batch.length === free;
          if (starved) continue;
          // Not 0: a due delivery another instance is claiming this instant is left to it.
          sleepMs = Math.max(50, (await nextDueIn(db, busyEndpoints())) ?? IDLE_MS);
        } catch (err) {
          log.error({ err }, 'webhook claim');
          sleepMs = 1000;
        }
      }
      if (stopped || (woken && canClaim)) continue;
      // Until the due time, a wake, or (starved) a finished send.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(sleepMs, IDLE_MS));
        function done() {
          clearTimeout(timer);
          wakeUp = null;
          resolve();
        }
        wakeUp = done;
      });
    }
  }

  return {
    wake,
    start() {
      if (!stopped) return;
      stopped = false;
      loop = run().catch((err) => log.error({ err }, 'webhook sender stopped'));
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      // The claimed ones not started are due again when their lease ends.
      waiting.clear();
      await Promise.all([...sends]);
    },
  };
}
