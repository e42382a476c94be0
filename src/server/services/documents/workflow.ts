// An organisation's own document statuses and hold (spec §4 "stop", "update status"; §7 DocStatus
// add/update/delete; migration 0094). A company marks documents for its own work — "передан в
// бухгалтерию", "оплачен" — and may stop one so that none of its people signs it until the stop is
// lifted. Both are the organisation's own: never shown to the counterparty, never signed, and they
// change no legal status. Rows are scoped by the caller's organisation; another's is a 404.
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { documentRights, requireDocumentRight } from '../access';
import { loadVisible } from './rows';
import type { Caller, TransitionListener } from './types';

export interface OwnStatus {
  id: string;
  name: string;
  color: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

interface OwnStatusRow {
  id: string;
  name: string;
  color: string | null;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const ownStatusOf = (row: OwnStatusRow): OwnStatus => ({
  id: row.id,
  name: row.name,
  color: row.color,
  version: row.version,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const STATUS_COLUMNS = 'id, name, color, version, created_at, updated_at';
const statusNotFound = () => new ApiError(404, 'NOT_FOUND', 'workflow:errors.statusNotFound');
const versionConflict = (version: number) =>
  new ApiError(409, 'VERSION_CONFLICT', 'exchange:errors.versionConflict', { version });

/** A unique-name violation (either database's wording) as 409 NAME_TAKEN. */
function nameTaken(error: unknown, name: string): never {
  if (/org_doc_statuses_name_idx|duplicate key|unique/i.test(String((error as Error)?.message)))
    throw new ApiError(409, 'NAME_TAKEN', 'workflow:errors.nameTaken', { name });
  throw error;
}

export async function listOwnStatuses(db: Db, user: AuthUser): Promise<OwnStatus[]> {
  const { rows } = await db.query<OwnStatusRow>(
    `select ${STATUS_COLUMNS} from org_doc_statuses where organization_id = $1 order by lower(name), id`,
    [user.organizationId],
  );
  return rows.map(ownStatusOf);
}

export async function addOwnStatus(
  db: Db,
  user: AuthUser,
  input: { name: string; color?: string | null },
): Promise<OwnStatus> {
  const name = input.name.trim();
  try {
    const { rows } = await db.query<OwnStatusRow>(
      `insert into org_doc_statuses (organization_id, name, color, created_by) values ($1, $2, $3, $4)
       returning ${STATUS_COLUMNS}`,
      [user.organizationId, name, input.color?.toLowerCase() ?? null, user.userId],
    );
    return ownStatusOf(rows[0]);
  } catch (error) {
    nameTaken(error, name);
  }
}

/** Renames or recolours one of the organisation's statuses; the version read must be the current one. */
export async function updateOwnStatus(
  db: Db,
  user: AuthUser,
  input: { id: string; name: string; color?: string | null; version: number },
): Promise<OwnStatus> {
  const name = input.name.trim();
  return db.transaction(async (tx) => {
    const { rows: found } = await tx.query<{ version: number }>(
      'select version from org_doc_statuses where id = $1 and organization_id = $2 for update',
      [input.id, user.organizationId],
    );
    if (!found[0]) throw statusNotFound();
    if (found[0].version !== input.version) throw versionConflict(found[0].version);
    try {
      const { rows } = await tx.query<OwnStatusRow>(
        `update org_doc_statuses set name = $3, color = $4, version = version + 1, updated_at = now()
          where id = $1 and organization_id = $2 returning ${STATUS_COLUMNS}`,
        [input.id, user.organizationId, name, input.color === undefined ? null : input.color?.toLowerCase()],
      );
      return ownStatusOf(rows[0]);
    } catch (error) {
      nameTaken(error, name);
    }
  });
}

/** Deletes one of the organisation's statuses; the documents that carried it carry none. */
export async function deleteOwnStatus(db: Db, user: AuthUser, id: string): Promise<void> {
  const { rows } = await db.query(
    'delete from org_doc_statuses where id = $1 and organization_id = $2 returning id',
    [id, user.organizationId],
  );
  if (!rows[0]) throw statusNotFound();
}

/** What the caller's organisation has set on a document. */
export interface DocumentWorkflow {
  documentId: string;
  status: { id: string; name: string; color: string | null } | null;
  comment: string | null;
  stopped: boolean;
  stopReason: string | null;
  stoppedAt: string | null;
  version: number;
  updatedAt: string | null;
}

interface WorkflowRow {
  status_id: string | null;
  status_name: string | null;
  status_color: string | null;
  comment: string | null;
  stopped: boolean;
  stop_reason: string | null;
  stopped_at: Date | string | null;
  version: number;
  updated_at: Date | string;
}

const WORKFLOW_SELECT = `select w.status_id, s.name as status_name, s.color as status_color, w.comment, w.stopped,
       w.stop_reason, w.stopped_at, w.version, w.updated_at
  from document_workflow w left join org_doc_statuses s on s.id = w.status_id`;

function workflowOf(documentId: string, row: WorkflowRow | undefined): DocumentWorkflow {
  if (!row)
    return {
      documentId,
      status: null,
      comment: null,
      stopped: false,
      stopReason: null,
      stoppedAt: null,
      version: 0,
      updatedAt: null,
    };
  return {
    documentId,
    status: row.status_id ? { id: row.status_id, name: row.status_name!, color: row.status_color } : null,
    comment: row.comment,
    stopped: row.stopped,
    stopReason: row.stop_reason,
    stoppedAt: row.stopped_at ? iso(row.stopped_at) : null,
    version: row.version,
    updatedAt: iso(row.updated_at),
  };
}

async function readWorkflow(db: Db, documentId: string, organizationId: string, lock = false) {
  const { rows } = await db.query<WorkflowRow>(
    `${WORKFLOW_SELECT} where w.document_id = $1 and w.organization_id = $2${lock ? ' for update of w' : ''}`,
    [documentId, organizationId],
  );
  return rows[0];
}

/** The caller's own status and hold of a document it may see (404 otherwise; 403 without view). */
export async function getDocumentWorkflow(db: Db, caller: Caller, documentId: string) {
  const { doc } = await loadVisible(db, caller, documentId, { includeBinned: true });
  await requireDocumentRight(db, caller.user, doc.kind, 'view', { ip: caller.ip, documentId });
  return workflowOf(doc.id, await readWorkflow(db, doc.id, caller.user.organizationId));
}

/**
 * One change of the organisation's row of a document, in a transaction that locks the row and checks
 * the version the caller read (0: no row yet) when one is given.
 */
async function changeWorkflow(
  db: Db,
  caller: Caller,
  documentId: string,
  version: number | undefined,
  change: { sql: string; params: unknown[] },
): Promise<DocumentWorkflow> {
  const organizationId = caller.user.organizationId;
  return db.transaction(async (tx) => {
    // The document row first (as every transition locks it), then the organisation's row.
    await tx.query('select id from documents where id = $1 for update', [documentId]);
    const current = await readWorkflow(tx, documentId, organizationId, true);
    if (version !== undefined && (current?.version ?? 0) !== version)
      throw versionConflict(current?.version ?? 0);
    const shift = (sql: string) => sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + 3}`);
    if (!current)
      await tx.query(
        'insert into document_workflow (document_id, organization_id, version) values ($1, $2, 0)',
        [documentId, organizationId],
      );
    await tx.query(
      `update document_workflow set version = version + 1, updated_by = $3, updated_at = now(), ${shift(change.sql)}
        where document_id = $1 and organization_id = $2`,
      [documentId, organizationId, caller.user.userId, ...change.params],
    );
    return workflowOf(documentId, await readWorkflow(tx, documentId, organizationId));
  });
}

/**
 * Document/updateStatus: sets (or with statusId null clears) the caller's own status of a document it
 * may view, with an optional comment. The status must be one of the caller's organisation (404).
 */
export async function setDocumentStatus(
  db: Db,
  caller: Caller,
  documentId: string,
  input: { statusId: string | null; comment?: string | null; version?: number },
): Promise<DocumentWorkflow> {
  const { doc } = await loadVisible(db, caller, documentId, { includeBinned: true });
  await requireDocumentRight(db, caller.user, doc.kind, 'view', { ip: caller.ip, documentId });
  if (input.statusId) {
    const { rows } = await db.query('select 1 from org_doc_statuses where id = $1 and organization_id = $2', [
      input.statusId,
      caller.user.organizationId,
    ]);
    if (!rows[0]) throw statusNotFound();
  }
  return changeWorkflow(db, caller, doc.id, input.version, {
    sql: 'status_id = $1, comment = $2',
    params: [input.statusId, input.comment?.trim() || null],
  });
}

/**
 * Document/stop: stops (or with stopped false releases) a document for the caller's organisation.
 * Only someone who may sign the kind for it (send or accept) may, since a stop holds back signing.
 */
export async function stopDocument(
  db: Db,
  caller: Caller,
  documentId: string,
  input: { stopped: boolean; reason?: string | null; version?: number },
): Promise<DocumentWorkflow> {
  const { doc } = await loadVisible(db, caller, documentId, { includeBinned: true });
  const rights = await documentRights(db, caller.user, doc.kind);
  if (!rights.has('send') && !rights.has('accept'))
    await requireDocumentRight(db, caller.user, doc.kind, 'accept', { ip: caller.ip, documentId });
  const reason = input.stopped ? input.reason?.trim() || null : null;
  return changeWorkflow(db, caller, doc.id, input.version, {
    sql: `stopped = $1, stop_reason = $2, stopped_by = case when $1 then $3::uuid end,
          stopped_at = case when $1 then now() end`,
    params: [input.stopped, reason, caller.user.userId],
  });
}

const stoppedError = (reason: string | null) =>
  reason
    ? new ApiError(409, 'DOCUMENT_STOPPED', 'workflow:errors.stoppedWithReason', { reason })
    : new ApiError(409, 'DOCUMENT_STOPPED', 'workflow:errors.stopped');

/** 409 DOCUMENT_STOPPED when the organisation stopped the document (getModelSign asks first). */
export async function requireNotStopped(db: Db, organizationId: string, documentId: string) {
  const { rows } = await db.query<{ stop_reason: string | null }>(
    'select stop_reason from document_workflow where document_id = $1 and organization_id = $2 and stopped',
    [documentId, organizationId],
  );
  if (rows[0]) throw stoppedError(rows[0].stop_reason);
}

/**
 * Inside every transition's transaction (run, multiRun, bulk signing): a document the acting
 * organisation stopped is not signed; the transition rolls back with 409 DOCUMENT_STOPPED. The stop
 * locks the document row first, as the transition does, so the two never pass each other.
 */
export const refuseStopped: TransitionListener = async (tx, event) =>
  requireNotStopped(tx, event.actor.organizationId, event.documentId);
