import type { Db } from '../../db/client';
import { providerById } from './catalogue';

// What the screens show of the synchronisation (issue 28 item 5): the last runs of the company's
// operator (Synchronize/GetLastProcess) and one document's transport state with the operator's and the
// roaming hub's ids (view and print). Reads the transport tables of migration 0110 (written by the sync
// jobs, services/operators/sync); never writes them.

export const TRANSPORT_STATES = ['queued', 'atOperator', 'delivered', 'failed', 'held'] as const;
export type TransportState = (typeof TRANSPORT_STATES)[number];

export interface SyncRun {
  id: string;
  provider: string;
  providerName: string;
  direction: 'pull' | 'push';
  startedAt: string;
  finishedAt: string | null;
  pulled: number;
  pushed: number;
  failed: number;
  errorCode: string | null;
  errorMessage: string | null;
}

const iso = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

const nameOf = (provider: string) => providerById(provider)?.name ?? provider;

/** The organisation's last synchronisation runs, newest first. */
export async function lastRuns(db: Db, organizationId: string, limit: number): Promise<SyncRun[]> {
  const { rows } = await db.query<{
    id: string;
    provider: string;
    direction: 'pull' | 'push';
    started_at: Date | string;
    finished_at: Date | string | null;
    pulled: number;
    pushed: number;
    failed: number;
    error_code: string | null;
    error_message: string | null;
  }>(
    `select id, provider, direction, started_at, finished_at, pulled, pushed, failed, error_code, error_message
       from operator_runs where organization_id = $1
      order by started_at desc, id desc limit $2`,
    [organizationId, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    providerName: nameOf(row.provider),
    direction: row.direction,
    startedAt: iso(row.started_at) as string,
    finishedAt: iso(row.finished_at),
    pulled: Number(row.pulled),
    pushed: Number(row.pushed),
    failed: Number(row.failed),
    errorCode: row.error_code,
    errorMessage: row.error_message,
  }));
}

export interface DocumentTransport {
  provider: string;
  providerName: string;
  direction: 'in' | 'out';
  /** The operator's own id of the document, and the roaming hub's. */
  operatorId: string | null;
  roamingId: string | null;
  state: TransportState;
  operatorStatus: number | null;
  failureCode: string | null;
  failureMessage: string | null;
  attempts: number;
  nextAttemptAt: string | null;
  updatedAt: string;
}

/** The document's transport through the organisation's operator; null when it never left the server. */
export async function documentTransport(
  db: Db,
  organizationId: string,
  documentId: string,
): Promise<DocumentTransport | null> {
  const { rows } = await db.query<{
    provider: string;
    direction: 'in' | 'out';
    operator_id: string | null;
    roaming_id: string | null;
    transport_state: TransportState;
    operator_status: number | null;
    failure_code: string | null;
    failure_message: string | null;
    attempts: number;
    next_attempt_at: Date | string | null;
    updated_at: Date | string;
  }>(
    `select provider, direction, operator_id, roaming_id, transport_state, operator_status, failure_code,
            failure_message, attempts, next_attempt_at, updated_at
       from operator_documents where organization_id = $1 and document_id = $2`,
    [organizationId, documentId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    provider: row.provider,
    providerName: nameOf(row.provider),
    direction: row.direction,
    operatorId: row.operator_id,
    roamingId: row.roaming_id,
    state: row.transport_state,
    operatorStatus: row.operator_status === null ? null : Number(row.operator_status),
    failureCode: row.failure_code,
    failureMessage: row.failure_message,
    attempts: Number(row.attempts),
    nextAttemptAt: iso(row.next_attempt_at),
    updatedAt: iso(row.updated_at) as string,
  };
}
