// The transport tables (migration 0110): per document and organisation what travels through the
// operator, the queue of pushes, each company's cursor, the runs (GetLastProcess).
import type { Db } from '../../../db/client';

export type TransportState = 'queued' | 'atOperator' | 'delivered' | 'failed' | 'held';

export interface OperatorDocumentRow {
  id: string;
  organization_id: string;
  provider: string;
  operator_id: string | null;
  roaming_id: string | null;
  document_id: string | null;
  kind: string | null;
  direction: 'out' | 'in';
  operator_status: number | null;
  transport_state: TransportState;
  failure_code: string | null;
  failure_message: string | null;
  attempts: number;
  next_attempt_at: Date | null;
}

export interface OutboxRow {
  id: string;
  organization_id: string;
  document_id: string;
  action: string;
  reason: string | null;
  attempts: number;
}

export async function transportOf(db: Db, organizationId: string, documentId: string) {
  const { rows } = await db.query<OperatorDocumentRow>(
    'select * from operator_documents where organization_id = $1 and document_id = $2',
    [organizationId, documentId],
  );
  return rows[0] ?? null;
}

export async function transportByOperatorId(
  db: Db,
  organizationId: string,
  provider: string,
  operatorId: string,
) {
  const { rows } = await db.query<OperatorDocumentRow>(
    'select * from operator_documents where organization_id = $1 and provider = $2 and operator_id = $3',
    [organizationId, provider, operatorId],
  );
  return rows[0] ?? null;
}

/** The transport rows of several operator documents, by operator id, in one query. */
export async function transportsByOperatorIds(
  db: Db,
  organizationId: string,
  provider: string,
  operatorIds: string[],
): Promise<Map<string, OperatorDocumentRow>> {
  if (!operatorIds.length) return new Map();
  // One unique-index lookup per id. Written as `operator_id = any($3)`, PostgreSQL planned it from the
  // statistics of a table still small (a company's first sync) as a walk of all the company's rows
  // testing each against the list: every page read them all (auto_explain, bench:sync 2026-11-29).
  const { rows } = await db.query<OperatorDocumentRow>(
    `select o.* from unnest($3::text[]) as wanted(operator_id)
       cross join lateral (
         select * from operator_documents
          where organization_id = $1 and provider = $2 and operator_id = wanted.operator_id
          limit 1) o`,
    [organizationId, provider, operatorIds],
  );
  return new Map(rows.map((row) => [row.operator_id as string, row]));
}

export async function setTransport(
  db: Db,
  id: string,
  fields: Partial<Omit<OperatorDocumentRow, 'id' | 'organization_id' | 'provider' | 'direction'>>,
) {
  const entries = Object.entries(fields);
  if (!entries.length) return;
  const sets = entries.map(([column], i) => `${column} = $${i + 2}`).join(', ');
  await db.query(`update operator_documents set ${sets}, updated_at = now() where id = $1`, [
    id,
    ...entries.map(([, value]) => value),
  ]);
}

/**
 * The next push to make: the oldest queued one that is due, with no earlier unfinished push of the
 * same document (a document's actions reach the operator in the order they were made). A push left
 * running by a server that was killed is taken again once its job no longer runs (the queue's
 * reaper hands a lost run back), at the latest after 5 minutes.
 */
export async function claimNextPush(
  db: Db,
  organizationId: string,
  jobId: string | null = null,
): Promise<OutboxRow | null> {
  const { rows } = await db.query<OutboxRow>(
    `update operator_outbox set state = 'running', claimed_at = now(), claimed_by = $2, attempts = attempts + 1
      where id = (
        select o.id from operator_outbox o
         where o.organization_id = $1
           and ((o.state = 'queued' and (o.next_attempt_at is null or o.next_attempt_at <= now()))
             or (o.state = 'running' and (o.claimed_at < now() - interval '5 minutes'
                 or not exists (select 1 from jobs j where j.id::text = o.claimed_by and j.state = 'running'))))
           and not exists (select 1 from operator_outbox e
                            where e.document_id = o.document_id and e.organization_id = o.organization_id
                              and e.created_at < o.created_at and e.state in ('queued', 'running'))
         order by o.created_at limit 1 for update skip locked)
      returning id, organization_id, document_id, action, reason, attempts`,
    [organizationId, jobId],
  );
  return rows[0] ?? null;
}

export async function finishPush(
  db: Db,
  id: string,
  outcome:
    | { state: 'done' }
    | { state: 'queued' | 'failed'; code: string; message: string; nextAttemptAt?: Date | null },
) {
  if (outcome.state === 'done') {
    await db.query(
      `update operator_outbox set state = 'done', done_at = now(), failure_code = null, failure_message = null
        where id = $1`,
      [id],
    );
    return;
  }
  await db.query(
    `update operator_outbox set state = $2, failure_code = $3, failure_message = $4, next_attempt_at = $5
      where id = $1`,
    [id, outcome.state, outcome.code, outcome.message, outcome.nextAttemptAt ?? null],
  );
}

/** The earliest time a waiting push of the organisation is due (to schedule the next run). */
export async function nextPushDue(db: Db, organizationId: string): Promise<Date | null> {
  const { rows } = await db.query<{ due: Date | null }>(
    `select min(coalesce(next_attempt_at, now())) as due from operator_outbox
      where organization_id = $1 and state = 'queued'`,
    [organizationId],
  );
  return rows[0]?.due ? new Date(rows[0].due) : null;
}

export async function cursorOf(db: Db, organizationId: string, provider: string): Promise<string | null> {
  const { rows } = await db.query<{ cursor: string }>(
    'select cursor from operator_cursors where organization_id = $1 and provider = $2',
    [organizationId, provider],
  );
  return rows[0]?.cursor ?? null;
}

export async function saveCursor(db: Db, organizationId: string, provider: string, cursor: string) {
  await db.query(
    `insert into operator_cursors (organization_id, provider, cursor) values ($1, $2, $3)
     on conflict (organization_id, provider) do update set cursor = excluded.cursor, updated_at = now()`,
    [organizationId, provider, cursor],
  );
}

export async function startRun(db: Db, organizationId: string, provider: string, direction: 'pull' | 'push') {
  const { rows } = await db.query<{ id: string }>(
    'insert into operator_runs (organization_id, provider, direction) values ($1, $2, $3) returning id',
    [organizationId, provider, direction],
  );
  return rows[0].id;
}

export async function finishRun(
  db: Db,
  id: string,
  counts: { pulled?: number; pushed?: number; failed?: number },
  error: { code: string; message: string } | null = null,
) {
  await db.query(
    `update operator_runs set finished_at = now(), pulled = $2, pushed = $3, failed = $4, error_code = $5,
       error_message = $6 where id = $1`,
    [
      id,
      counts.pulled ?? 0,
      counts.pushed ?? 0,
      counts.failed ?? 0,
      error?.code ?? null,
      error?.message ?? null,
    ],
  );
}

/** Growing delays: 5 s, 10 s, 20 s … at most 30 minutes; a Retry-After that asks for longer wins. */
export function retryDelayMs(attempts: number, retryAfterMs: number | null): number {
  const grown = Math.min(30 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));
  return Math.max(grown, retryAfterMs ?? 0);
}
