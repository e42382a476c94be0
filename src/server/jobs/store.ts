// The `jobs` rows: what an owner reads about a job, and the heartbeat that tells a lost run.

import type { Locale } from '../../engine/constants';
import type { Db } from '../db/client';
import { translate } from '../i18n';
import type { JobOwner, JobState, JobView } from './types';

interface JobRow {
  id: string;
  type: string;
  organization_id: string | null;
  user_id: string | null;
  state: JobState;
  done: number;
  total: number | null;
  failed: number;
  result: unknown;
  error_code: string | null;
  error_key: string | null;
  error_params: Record<string, unknown> | null;
  attempts: number;
  cancel_requested: boolean;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  updated_at: Date;
}

export async function insertJob(tx: Db, id: string, type: string, owner: JobOwner | null) {
  await tx.query('insert into jobs (id, type, organization_id, user_id) values ($1, $2, $3, $4)', [
    id,
    type,
    owner?.organizationId ?? null,
    owner?.userId ?? null,
  ]);
}

/**
 * Marks a job running on this instance (and counts the attempt). Null when it must not run: it
 * finished already (a duplicate delivery) or was cancelled. Jobs pg-boss made by itself (schedules)
 * get their row here.
 */
export async function claimJob(db: Db, id: string, type: string, instance: string) {
  const r = await db.query<{
    attempts: number;
    cancel_requested: boolean;
    organization_id: string | null;
    user_id: string | null;
  }>(
    `insert into jobs (id, type, state, attempts, instance, heartbeat_at, started_at)
     values ($1, $2, 'running', 1, $3, now(), now())
     on conflict (id) do update set state = 'running', attempts = jobs.attempts + 1, instance = $3,
       heartbeat_at = now(), started_at = coalesce(jobs.started_at, now()), updated_at = now()
     where jobs.state in ('queued', 'running') and not jobs.cancel_requested
     returning attempts, cancel_requested, organization_id, user_id`,
    [id, type, instance],
  );
  return r.rows[0] ?? null;
}

export async function recordProgress(
  db: Db,
  id: string,
  p: { done: number; total?: number; failed?: number },
): Promise<{ cancelRequested: boolean }> {
  const r = await db.query<{ cancel_requested: boolean }>(
    `update jobs set done = $2, total = coalesce($3, total), failed = coalesce($4, failed),
       heartbeat_at = now(), updated_at = now()
     where id = $1 returning cancel_requested`,
    [id, p.done, p.total ?? null, p.failed ?? null],
  );
  return { cancelRequested: r.rows[0]?.cancel_requested ?? false };
}

export async function heartbeat(db: Db, id: string): Promise<{ cancelRequested: boolean }> {
  const r = await db.query<{ cancel_requested: boolean }>(
    `update jobs set heartbeat_at = now() where id = $1 and state = 'running' returning cancel_requested`,
    [id],
  );
  return { cancelRequested: r.rows[0]?.cancel_requested ?? false };
}

export async function finishJob(db: Db, id: string, result: unknown) {
  await db.query(
    `update jobs set state = 'done', result = $2::jsonb, finished_at = now(), updated_at = now(),
       heartbeat_at = null where id = $1`,
    [id, JSON.stringify(result ?? null)],
  );
}

export async function failJob(
  db: Db,
  id: string,
  code: string,
  key: string,
  params: Record<string, unknown> = {},
) {
  await db.query(
    `update jobs set state = 'failed', error_code = $2, error_key = $3, error_params = $4::jsonb,
       finished_at = now(), updated_at = now(), heartbeat_at = null where id = $1`,
    [id, code, key, JSON.stringify(params)],
  );
}

export async function cancelledJob(db: Db, id: string) {
  await db.query(
    `update jobs set state = 'cancelled', finished_at = now(), updated_at = now(), heartbeat_at = null
     where id = $1 and state in ('queued', 'running')`,
    [id],
  );
}

/** Back in the queue: the run stopped (server stopping, error with retries left, lost instance). */
export async function requeueJob(db: Db, id: string) {
  await db.query(
    `update jobs set state = 'queued', instance = null, heartbeat_at = null, updated_at = now()
     where id = $1 and state = 'running'`,
    [id],
  );
}

/**
 * Running jobs whose instance went silent. `everyRunning`: the embedded database is held by this one
 * process, so whatever claims to be running at start-up was left by a process that died.
 */
export async function findOrphans(db: Db, staleSeconds: number, everyRunning: boolean) {
  const r = await db.query<{ id: string; type: string }>(
    everyRunning
      ? `select id, type from jobs where state = 'running'`
      : `select id, type from jobs where state = 'running' and heartbeat_at < now() - make_interval(secs => $1)`,
    everyRunning ? [] : [staleSeconds],
  );
  return r.rows;
}

/** The owner's cancel: a queued job is cancelled at once, a running one at its next item. */
export async function requestCancel(db: Db, id: string, organizationId: string) {
  const r = await db.query<{ state: JobState }>(
    `update jobs set cancel_requested = true, updated_at = now(),
       state = case when state = 'queued' then 'cancelled' else state end,
       finished_at = case when state = 'queued' then now() else finished_at end
     where id = $1 and organization_id = $2 and state in ('queued', 'running')
     returning state`,
    [id, organizationId],
  );
  return r.rows[0]?.state ?? null;
}

export async function readJob(db: Db, id: string, organizationId: string): Promise<JobRow | null> {
  const r = await db.query<JobRow>('select * from jobs where id = $1 and organization_id = $2', [
    id,
    organizationId,
  ]);
  return r.rows[0] ?? null;
}

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

export function jobView(row: JobRow, lang: Locale): JobView {
  return {
    id: row.id,
    type: row.type,
    state: row.state,
    done: row.done,
    total: row.total,
    failed: row.failed,
    result: row.result ?? null,
    error:
      row.state === 'failed' && row.error_code
        ? {
            code: row.error_code,
            message: translate(lang, row.error_key ?? 'bulk:job.failed', row.error_params ?? {}),
          }
        : null,
    attempts: row.attempts,
    createdAt: iso(row.created_at)!,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    updatedAt: iso(row.updated_at)!,
  };
}
