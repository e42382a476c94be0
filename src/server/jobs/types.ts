import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

/** Who a job belongs to: only this organisation reads its progress. Null owner: a system job. */
export interface JobOwner {
  organizationId: string;
  userId: string | null;
}

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** What a handler gets for one run (one attempt) of a job. */
export interface JobContext<Data> {
  id: string;
  type: string;
  data: Data;
  owner: JobOwner | null;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  db: Db;
  log: FastifyBaseLogger;
  /**
   * Aborted when the server is stopping or the owner cancelled the job: stop between two items and
   * return (or throw `signal.reason`). Work done so far stays done; a stopped job runs again later,
   * so handlers skip the items an earlier run finished.
   */
  signal: AbortSignal;
  /** Records progress (and a heartbeat). `done`/`failed` count items; `total` once known. */
  progress(progress: { done: number; total?: number; failed?: number }): Promise<void>;
}

export interface JobDefinition<Data = any> {
  /** Queue name, `<area>.<what>` (e.g. `imports.documents`). */
  type: string;
  run(ctx: JobContext<Data>): Promise<unknown>;
  /** Retries after an unexpected error or a lost server (default 3). */
  retryLimit?: number;
  /** Seconds before a retry (default 5). */
  retryDelaySeconds?: number;
  /** Double the delay at each retry, with jitter (default true). */
  retryBackoff?: boolean;
  /** Jobs of this type one server runs at once (default 2). */
  concurrency?: number;
  /** pg-boss's own limit on one run; the heartbeat reaper is what notices a lost server (default 4 h). */
  expireInSeconds?: number;
}

export interface EnqueueOptions {
  owner: JobOwner | null;
  startAfter?: Date;
}

/** The job as its owner reads it (GET /api/Job/get, the SSE stream). */
export interface JobView {
  id: string;
  type: string;
  state: JobState;
  done: number;
  total: number | null;
  failed: number;
  result: unknown;
  error: { code: string; message: string } | null;
  attempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
}

export const FINAL_STATES: readonly JobState[] = ['done', 'failed', 'cancelled'];
