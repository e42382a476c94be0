import { tashkentDay } from '../../../engine/keywords/dates';
import {
  asNewDocument,
  documentSummary,
  getLifecycle,
  hasLifecycle,
  partiesOf,
  withNationalId,
} from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { requireDocumentRight } from '../access';
import { appendEvent, sha256Hex } from './chain';
import { idempotent } from './idempotency';
import { PARTY_ROWS_COLUMNS, type PartyRowsDocument, syncPartyRows } from './partyRows';
import { loadDocument, loadPartyRows, loadVisible, notFound } from './rows';
import type { Caller, DocumentRow, DocumentsContext } from './types';
import { validateContent } from './validation';

export function requireKind(kind: string): void {
  if (!hasLifecycle(kind)) throw new ApiError(404, 'UNKNOWN_KIND', 'exchange:errors.unknownKind', { kind });
}

/** The sender of a document is always the organisation that makes it. */
function requireOwnSender(kind: string, content: unknown, caller: Caller) {
  const sender = partiesOf(kind, content).find((party) => party.role === 'sender');
  if (sender?.identity !== caller.identity)
    throw new ApiError(403, 'NOT_YOUR_DOCUMENT', 'exchange:errors.notYourDocument', {
      identity: sender?.identity ?? '',
    });
}

const draftHash = (content: unknown) => sha256Hex(JSON.stringify(content));

/** The document row's list columns from its content (number, date, subtype, total, national id). */
function summaryColumns(kind: string, content: unknown) {
  const summary = documentSummary(kind, content);
  return {
    national_id: summary.nationalId,
    number: summary.number,
    doc_date: summary.date,
    doc_type: summary.type,
    total_sum: summary.total,
  };
}

interface NewDraft {
  kind: string;
  content: Record<string, unknown>;
  action: 'create' | 'copy';
  /** The document copied from. */
  copiedFrom?: string;
}

async function insertDraft(tx: Db, ctx: DocumentsContext, caller: Caller, draft: NewDraft): Promise<string> {
  const lifecycle = getLifecycle(draft.kind);
  const now = ctx.now();
  const columns = summaryColumns(draft.kind, draft.content);
  const hash = draftHash(draft.content);
  const { rows } = await tx.query<PartyRowsDocument>(
    `insert into documents (kind, type_id, doc_type, national_id, number, doc_date, total_sum, status, owner_org_id,
       content, content_hash, created_by, updated_by, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $13)
     returning ${PARTY_ROWS_COLUMNS}`,
    [
      draft.kind,
      lifecycle.typeId,
      columns.doc_type,
      columns.national_id,
      columns.number,
      columns.doc_date,
      columns.total_sum,
      lifecycle.initial,
      caller.user.organizationId,
      JSON.stringify(draft.content),
      hash,
      caller.user.userId,
      now,
    ],
  );
  const doc = rows[0];
  await tx.query(
    'insert into document_versions (document_id, version, content, created_by, created_at) values ($1, 1, $2, $3, $4)',
    [doc.id, JSON.stringify(draft.content), caller.user.userId, now],
  );
  await appendEvent(tx, {
    documentId: doc.id,
    action: draft.action,
    fromStatus: null,
    toStatus: lifecycle.initial,
    actorUserId: caller.user.userId,
    actorOrgId: caller.user.organizationId,
    actorIdentity: caller.identity,
    actorRole: 'sender',
    actorName: null,
    reason: draft.copiedFrom ? `copy of ${draft.copiedFrom}` : null,
    signatureId: null,
    signatureHash: null,
    contentHash: hash,
    at: now,
  });
  await syncPartyRows(tx, doc, partiesOf(draft.kind, draft.content), []);
  return doc.id;
}

/** Document/add: a draft, validated and recomputed with the kind's schema; the caller is its sender. */
export async function addDraft(
  ctx: DocumentsContext,
  caller: Caller,
  kind: string,
  content: unknown,
  key: string | null,
): Promise<{ id: string; replayed: boolean }> {
  requireKind(kind);
  await requireDocumentRight(ctx.db, caller.user, kind, 'create');
  const filled = withNationalId(kind, content, true);
  requireOwnSender(kind, filled, caller);
  // A draft may be incomplete (spec §2): what it holds is checked now, the whole on sign and send.
  const valid = await validateContent(ctx.db, caller, kind, filled, { now: ctx.now(), mode: 'draft' });
  const answer = await idempotent(ctx.db, caller, 'Document/add', key, { kind, content }, (tx) =>
    insertDraft(tx, ctx, caller, { kind, content: valid, action: 'create' }),
  );
  return { id: answer.value, replayed: answer.replayed };
}

function requireDraftOfCaller(doc: DocumentRow, caller: Caller) {
  if (doc.owner_org_id !== caller.user.organizationId) throw notFound();
  if (doc.status !== getLifecycle(doc.kind).initial)
    throw new ApiError(422, 'NOT_A_DRAFT', 'exchange:errors.notADraft');
}

/** Document/update: a draft only; the version it edits must be the current one. */
export async function updateDraft(
  ctx: DocumentsContext,
  caller: Caller,
  id: string,
  version: number,
  content: unknown,
): Promise<{ id: string; version: number }> {
  const { doc } = await loadVisible(ctx.db, caller, id);
  requireDraftOfCaller(doc, caller);
  await requireDocumentRight(ctx.db, caller.user, doc.kind, 'create');
  const filled = withNationalId(doc.kind, content, true);
  requireOwnSender(doc.kind, filled, caller);
  const valid = await validateContent(ctx.db, caller, doc.kind, filled, {
    documentId: id,
    now: ctx.now(),
    mode: 'draft',
  });
  return ctx.db.transaction(async (tx) => {
    const current = await loadDocument(tx, id, true);
    if (!current) throw notFound();
    requireDraftOfCaller(current, caller);
    if (current.version !== version)
      throw new ApiError(409, 'VERSION_CONFLICT', 'exchange:errors.versionConflict', {
        version: current.version,
      });
    const now = ctx.now();
    const columns = summaryColumns(doc.kind, valid);
    const hash = draftHash(valid);
    const next = current.version + 1;
    await tx.query(
      `update documents set content = $2, content_hash = $3, version = $4, national_id = $5, number = $6,
         doc_date = $7, doc_type = $8, total_sum = $9, updated_by = $10, updated_at = $11 where id = $1`,
      [
        id,
        JSON.stringify(valid),
        hash,
        next,
        columns.national_id,
        columns.number,
        columns.doc_date,
        columns.doc_type,
        columns.total_sum,
        caller.user.userId,
        now,
      ],
    );
    await tx.query(
      'insert into document_versions (document_id, version, content, created_by, created_at) values ($1, $2, $3, $4, $5)',
      [id, next, JSON.stringify(valid), caller.user.userId, now],
    );
    await appendEvent(tx, {
      documentId: id,
      action: 'update',
      fromStatus: current.status,
      toStatus: current.status,
      actorUserId: caller.user.userId,
      actorOrgId: caller.user.organizationId,
      actorIdentity: caller.identity,
      actorRole: 'sender',
      actorName: null,
      reason: null,
      signatureId: null,
      signatureHash: null,
      contentHash: hash,
      at: now,
    });
    const updated = { ...current, ...columns, content: valid, version: next, updated_at: now };
    await syncPartyRows(tx, updated, partiesOf(doc.kind, valid), await loadPartyRows(tx, id));
    return { id, version: next };
  });
}

/** Document/delete: a draft of the caller's, unsigned and gone for good. */
export async function deleteDraft(ctx: DocumentsContext, caller: Caller, id: string): Promise<void> {
  const { doc } = await loadVisible(ctx.db, caller, id);
  requireDraftOfCaller(doc, caller);
  await requireDocumentRight(ctx.db, caller.user, doc.kind, 'create');
  await ctx.db.transaction(async (tx) => {
    const current = await loadDocument(tx, id, true);
    if (!current) throw notFound();
    requireDraftOfCaller(current, caller);
    await tx.query('delete from documents where id = $1', [id]);
  });
}

/**
 * What a copy starts from: the content with a fresh national id, no number and today's date in
 * Tashkent (no signatures, no status) — never a second document with the original's number and date.
 */
export async function copyContent(ctx: DocumentsContext, caller: Caller, id: string) {
  const { doc } = await loadVisible(ctx.db, caller, id);
  requireOwnSender(doc.kind, doc.content, caller);
  return { kind: doc.kind, content: asNewDocument(doc.kind, doc.content, tashkentDay(ctx.now())) };
}

/**
 * Document/copyDocument: a new draft from one of the caller's documents in any status. The copy is
 * not validated here — the original may have been made under other rules (a past deadline); it is
 * validated when saved or sent.
 */
export async function copyDocument(ctx: DocumentsContext, caller: Caller, id: string, key: string | null) {
  const copy = await copyContent(ctx, caller, id);
  await requireDocumentRight(ctx.db, caller.user, copy.kind, 'create');
  const answer = await idempotent(ctx.db, caller, 'Document/copyDocument', key, { id }, (tx) =>
    insertDraft(tx, ctx, caller, { kind: copy.kind, content: copy.content, action: 'copy', copiedFrom: id }),
  );
  return { id: answer.value, replayed: answer.replayed };
}

export async function listVersions(ctx: DocumentsContext, caller: Caller, id: string) {
  const { doc } = await loadVisible(ctx.db, caller, id);
  // Draft versions are the author's working copies: the other parties see only what was signed.
  if (doc.owner_org_id !== caller.user.organizationId) return [];
  const { rows } = await ctx.db.query<{ version: number; created_at: Date; created_by: string | null }>(
    'select version, created_at, created_by from document_versions where document_id = $1 order by version',
    [id],
  );
  return rows.map((row) => ({ version: row.version, createdAt: row.created_at, createdBy: row.created_by }));
}

export async function getVersion(ctx: DocumentsContext, caller: Caller, id: string, version: number) {
  const { doc } = await loadVisible(ctx.db, caller, id);
  // Only the organisation that wrote the drafts sees their versions.
  if (doc.owner_org_id !== caller.user.organizationId) throw notFound();
  const { rows } = await ctx.db.query<{ content: unknown; created_at: Date }>(
    'select content, created_at from document_versions where document_id = $1 and version = $2',
    [id, version],
  );
  if (!rows[0]) throw notFound();
  return { version, content: rows[0].content, createdAt: rows[0].created_at };
}
