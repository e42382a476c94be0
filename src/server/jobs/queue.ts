import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { ApiError } from '../errors';
import { bossDb } from './bossDb';
import * as store from './store';
import type { EnqueueOptions, JobDefinition } from './types';

export interface JobQueueOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Run jobs in this process (the server). Off: jobs are only recorded (tests run them by hand). */
  workers: boolean;
  /** pg-boss's schema; default `pgboss`, or the current schema when it is not `public` (test schemas). */
  schema?: string;
  /**
   * Seconds between polls of an idle queue (pg-boss's minimum is 0.5). Default: 0.5 on a database
   * that cannot listen; where it can, a job queued in a transaction wakes the workers of its type when
   * the transaction commits (NOTIFY); what nobody announced (retries after their delay, cron ticks,
   * jobs queued while the listening connection was down) is found by one sweep of all types every
   * 30 s (SWEEP_SECONDS), and the workers' own poll is a fallback every 300 s.
   */
  pollingIntervalSeconds?: number;
  /** A running job whose heartbeat is older than this is taken as lost (its server died). */
  staleAfterSeconds?: number;
  heartbeatSeconds?: number;
  instanceId?: string;
  /** Told how each run in this process ended (the metrics count them). */
  onOutcome?: (type: string, outcome: 'done' | 'failed' | 'retried' | 'cancelled') => void;
}

export interface JobQueue {
  readonly instanceId: string;
  /** Jobs run in this process (a server); off: only recorded (tests run them by hand). */
  readonly workers: boolean;
  /** Declares a job type. Call while the app is built (plugins), before `start`. */
  define<Data>(definition: JobDefinition<Data>): void;
  /**
   * Records the job and queues it in the caller's transaction: rolled back, nothing runs.
   * Returns the job id (the owner reads `GET /api/Job/get?id=`).
   */
  enqueue<Data extends object>(tx: Db, type: string, data: Data, options: EnqueueOptions): Promise<string>;
  /** A cron schedule (pg-boss's): each tick queues one system job of this type. */
  schedule(type: string, cron: string, data?: object, options?: { tz?: string }): Promise<void>;
  /** Runs queued jobs in this process until none is left (tests, scripts; workers off). */
  runPending(type?: string): Promise<number>;
  /** Hands lost runs back to the queue (also every few seconds while workers run). */
  reapOrphans(): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Started and not stopping: jobs are taken (the health check's readiness). */
  ready(): boolean;
}

/** The channel a queued job is announced on; the payload is its type. */
export const JOB_CHANNEL = 'hujjat_jobs';
/**
 * Where queued jobs are announced, a worker's own poll is only a fallback: one sweep per instance every
 * SWEEP_SECONDS asks which types have jobs due (retries after their delay, cron ticks, jobs queued while
 * the listening connection was down) and wakes their workers, instead of every worker of every type
 * polling its queue (2 workers × 4 types = 8 queries every 30 s on an idle server).
 */
const POLL_SECONDS_LISTENING = 300;
const POLL_SECONDS_POLLING = 0.5;
const SWEEP_SECONDS = 30;

const DEFAULTS = {
  retryLimit: 3,
  retryDelaySeconds: 5,
  retryBackoff: true,
  concurrency: 2,
  expireInSeconds: 4 * 3600,
};

class JobInterrupted extends Error {
  override name = 'JobInterrupted';
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, log } = options;
  const instanceId = options.instanceId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const heartbeatMs = (options.heartbeatSeconds ?? 10) * 1000;
  const staleAfter = options.staleAfterSeconds ?? 60;
  const workerIds = new Map<string, string[]>();
  let unlisten: (() => Promise<void>) | null = null;
  const definitions = new Map<string, Required<Omit<JobDefinition, 'run' | 'type'>> & JobDefinition>();
  const running = new Map<string, AbortController>();
  let boss: PgBoss | null = null;
  let started: Promise<void> | null = null;
  let stopping = false;
  let reaper: NodeJS.Timeout | null = null;
  let bossSchema = 'pgboss';

  function definition(type: string) {
    const d = definitions.get(type);
    if (!d) throw new Error(`job type ${type} is not defined`);
    return d;
  }

  function requireBoss(): PgBoss {
    if (!boss) throw new Error('the job queue is not started (app.ready() starts it)');
    return boss;
  }

  async function resolveSchema() {
    if (options.schema) return options.schema;
    const r = await db.query<{ s: string }>('select current_schema() as s');
    return r.rows[0].s === 'public' ? 'pgboss' : r.rows[0].s;
  }

  /** One run of one job; throws to let pg-boss retry it (or fail it when no retry is left). */
  async function runOne(job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const def = definition(job.name);
    const claim = await store.claimJob(db, job.id, job.name, instanceId);
    if (!claim) return; // finished or cancelled meanwhile: complete the pg-boss job, do nothing
    const controller = new AbortController();
    running.set(job.id, controller);
    const checkCancel = (flag: { cancelRequested: boolean }) => {
      if (flag.cancelRequested && !controller.signal.aborted) controller.abort(new JobCancelled());
    };
    const beat = setInterval(() => {
      store
        .heartbeat(db, job.id)
        .then(checkCancel, (err) => log.warn({ err, jobId: job.id }, 'job heartbeat failed'));
    }, heartbeatMs);
    beat.unref();
    try {
      const result = await def.run({
        id: job.id,
        type: job.name,
        data: job.data,
        owner: claim.organization_id
          ? { organizationId: claim.organization_id, userId: claim.user_id }
          : null,
        attempt: claim.attempts,
        db,
        log: log.child({ jobId: job.id, jobType: job.name }),
        signal: controller.signal,
        async progress(p) {
          checkCancel(await store.recordProgress(db, job.id, p));
        },
      });
      if (controller.signal.aborted) throw controller.signal.reason;
      await store.finishJob(db, job.id, result);
      options.onOutcome?.(job.name, 'done');
    } catch (err) {
      if (err instanceof JobCancelled) {
        await store.cancelledJob(db, job.id);
        options.onOutcome?.(job.name, 'cancelled');
        return;
      }
      if (err instanceof ApiError) {
        // An expected refusal (a bad file, nothing to do): the owner reads why; no retry helps.
        await store.failJob(db, job.id, err.code, err.messageKey, err.params);
        options.onOutcome?.(job.name, 'failed');
        return;
      }
      const interrupted = controller.signal.aborted || stopping;
      if (!interrupted) log.error({ err, jobId: job.id, jobType: job.name }, 'job failed');
      if (job.retryCount >= job.retryLimit) {
        await store.failJob(db, job.id, 'JOB_FAILED', 'bulk:job.failed');
        options.onOutcome?.(job.name, 'failed');
      } else {
        await store.requeueJob(db, job.id);
        options.onOutcome?.(job.name, 'retried');
      }
      throw interrupted ? new JobInterrupted('stopped with the server') : err;
    } finally {
      clearInterval(beat);
      running.delete(job.id);
    }
  }

  /** Runs a fetched batch one by one; each failure fails its own job only. */
  async function runBatch(b: PgBoss, jobs: PgBoss.JobWithMetadata<object>[]) {
    for (const job of jobs) {
      if (stopping) {
        await store.requeueJob(db, job.id);
        await b.fail(job.name, job.id, { message: 'server stopping' });
        continue;
      }
      try {
        await runOne(job);
      } catch (err) {
        await b
          .fail(job.name, job.id, { message: (err as Error).message })
          .catch((e) => log.error({ err: e }, 'job fail'));
      }
    }
  }

  async function reapOrphans(): Promise<number> {
    const b = requireBoss();
    // PGlite is opened by one process only (the data directory lock): at start every "running" row
    // is a leftover of a process that died.
    const orphans = await store.findOrphans(db, staleAfter, db.kind === 'pglite' && running.size === 0);
    for (const orphan of orphans) {
      if (running.has(orphan.id)) continue;
      if (!definitions.has(orphan.type)) continue;
      await b.fail(orphan.type, orphan.id, { message: 'its server stopped answering' });
      const state = (await b.getJobById(orphan.type, orphan.id))?.state;
      if (state === 'retry' || state === 'created') await store.requeueJob(db, orphan.id);
      else await store.failJob(db, orphan.id, 'JOB_INTERRUPTED', 'bulk:job.interrupted');
      log.warn({ jobId: orphan.id, jobType: orphan.type, state }, 'lost job handed back to the queue');
    }
    return orphans.length;
  }

  /** Wakes the workers of the types that have jobs due now (one query for every type). */
  async function sweepDue(b: PgBoss) {
    const r = await db.query<{ name: string }>(
      `select name from ${bossSchema}.job where state < 'active' and start_after <= now() group by name`,
    );
    for (const { name } of r.rows) if (definitions.has(name)) wake(b, name);
  }

  /** Wakes the workers of a type (or all) at once instead of at their next poll. */
  function wake(b: PgBoss, type: string | null) {
    if (stopping) return;
    const ids = type === null ? [...workerIds.values()].flat() : (workerIds.get(type) ?? []);
    for (const id of ids) b.notifyWorker(id);
  }

  /** True when queued jobs will be announced to this instance. */
  async function listenForJobs(b: PgBoss): Promise<boolean> {
    if (!db.listen) return false;
    try {
      unlisten = await db.listen(
        JOB_CHANNEL,
        (type) => wake(b, type),
        () => wake(b, null),
      );
      return true;
    } catch (err) {
      log.warn({ err }, 'job queue: cannot listen for queued jobs, polling only');
      return false;
    }
  }

  return {
    instanceId,
    workers: options.workers,
    define(def) {
      if (definitions.has(def.type)) throw new Error(`job type ${def.type} is defined twice`);
      definitions.set(def.type, { ...DEFAULTS, ...def });
      if (boss) throw new Error(`job type ${def.type} defined after the queue started`);
    },

    async enqueue(tx, type, data, opts) {
      const def = definition(type);
      const b = requireBoss();
      const id = randomUUID();
      await store.insertJob(tx, id, type, opts.owner);
      const sent = await b.send(type, data, {
        id,
        db: bossDb(tx),
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelaySeconds,
        retryBackoff: def.retryBackoff,
        expireInSeconds: def.expireInSeconds,
        startAfter: opts.startAfter,
      });
      if (!sent) throw new Error(`pg-boss did not queue job ${type}`);
      // Delivered when the caller's transaction commits, to every instance's workers of this type.
      await tx.query('select pg_notify($1, $2)', [JOB_CHANNEL, type]);
      return id;
    },

    async schedule(type, cron, data = {}, opts = {}) {
      const def = definition(type);
      await requireBoss().schedule(type, cron, data, {
        tz: opts.tz,
        retryLimit: def.retryLimit,
        expireInSeconds: def.expireInSeconds,
      });
    },

    async runPending(type) {
      const b = requireBoss();
      let count = 0;
      for (;;) {
        let fetched = 0;
        for (const name of type ? [type] : definitions.keys()) {
          const jobs = await b.fetch<object>(name, { batchSize: 50, includeMetadata: true });
          fetched += jobs.length;
          for (const job of jobs) {
            try {
              await runOne(job);
              await b.complete(name, job.id);
            } catch (err) {
              await b.fail(name, job.id, { message: (err as Error).message });
            }
          }
        }
        count += fetched;
        if (fetched === 0) return count;
      }
    },

    reapOrphans,

    ready() {
      return boss !== null && !stopping;
    },

    start() {
      started ??= (async () => {
        const schema = await resolveSchema();
        bossSchema = schema;
        const b = new PgBoss({
          db: bossDb(db),
          schema,
          migrate: true,
          supervise: options.workers,
          schedule: options.workers,
          // A job that ran out of retries stays a week for inspection.
          archiveFailedAfterSeconds: 7 * 24 * 3600,
          // Cron ticks (every 5 minutes at the most here) are queued by pg-boss's monitor and moved to
          // their queues by a worker that polls: every 30 s instead of pg-boss's 5 s, which kept an idle
          // server querying its database 12 times a minute. A tick may start up to 30 s late.
          cronWorkerIntervalSeconds: 30,
          // The monitor works out every schedule's previous tick (cron-parser): each 45 s, pg-boss's
          // longest, instead of 30 s. Ticks are minutes apart, so none is missed.
          cronMonitorIntervalSeconds: 45,
        });
        b.on('error', (err) => log.error({ err }, 'job queue error'));
        await b.start();
        boss = b;
        for (const [type, def] of definitions) {
          await b.createQueue(type, {
            name: type,
            retryLimit: def.retryLimit,
            retryDelay: def.retryDelaySeconds,
            retryBackoff: def.retryBackoff,
            expireInSeconds: def.expireInSeconds,
          });
        }
        if (!options.workers) return;
        await reapOrphans();
        const announced = await listenForJobs(b);
        const pollingIntervalSeconds =
          options.pollingIntervalSeconds ?? (announced ? POLL_SECONDS_LISTENING : POLL_SECONDS_POLLING);
        for (const [type, def] of definitions) {
          for (let i = 0; i < def.concurrency; i++) {
            let workerId: string | undefined;
            const batchSize = 5;
            workerId = await b.work<object>(
              type,
              { batchSize, includeMetadata: true, pollingIntervalSeconds },
              async (jobs) => {
                await runBatch(b, jobs);
                // A full batch means more may be waiting: poll again at once instead of sleeping.
                if (jobs.length === batchSize && workerId && !stopping) b.notifyWorker(workerId);
              },
            );
            workerIds.set(type, [...(workerIds.get(type) ?? []), workerId]);
          }
        }
        // A job queued between the start and the workers' first poll is found by that poll. One timer
        // for the housekeeping of an idle instance: lost runs handed back (a run is lost once its
        // heartbeat is staleAfter old, so it is found within 1.5 × staleAfter), due jobs swept.
        reaper = setInterval(
          () => {
            reapOrphans()
              .then(() => (announced && !stopping ? sweepDue(b) : undefined))
              .catch((err) => log.error({ err }, 'job reaper failed'));
          },
          Math.max(1000, Math.min(SWEEP_SECONDS * 1000, (staleAfter * 1000) / 2)),
        );
        reaper.unref();
      })();
      return started;
    },

    async stop() {
      if (!boss) return;
      stopping = true;
      if (reaper) clearInterval(reaper);
      await unlisten?.().catch(() => {});
      unlisten = null;
      for (const c of running.values()) c.abort(new JobInterrupted('stopped with the server'));
      // Waits for the runs in progress: their handlers were told to stop between two items.
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
      boss = null;
    },
  };
}

class JobCancelled extends Error {
  override name = 'JobCancelled';
}
