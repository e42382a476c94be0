// Incoming documents and status changes from the operator (issue 28 item 5): the company's list of
// changes from its cursor, page by page; each change is stored atomically with its
// transport row (unique per operator id: a change taken twice — a page read again after a restart —
// stores nothing twice), and the cursor moves after its page. New documents go through the existing
// receiving path (exact signed bytes, receipt profile, every signer verified); a change of a document
// held here is reconciled (the operator's signed state wins). A change the acting user has no right
// for is held, not skipped: the next pull by someone who may takes it.
import { getLifecycle } from '../../../../engine/lifecycle';
import { createBatchWriter } from '../../../db/batchWriter';
import type { Statement } from '../../../db/combine';
import { ApiError } from '../../../errors';
import { readRightsOncePerRequest } from '../../access/rights';
import type { Caller } from '../../documents/types';
import { type InteropContext, importReceived } from '../../interop';
import { type OperatorChange, OperatorError } from '../providers';
import { countInGroups } from './groups';
import { reconcile } from './reconcile';
import { type OperatorLink, withSession } from './session';
import {
  cursorOf,
  finishRun,
  type OperatorDocumentRow,
  saveCursor,
  setTransport,
  startRun,
  transportByOperatorId,
  transportsByOperatorIds,
} from './transport';

export interface PullOutcome {
  pulled: number;
  held: number;
  pages: number;
}

/** Pages of changes one pull reads at most (the next pull goes on from the cursor). */
export const PULL_PAGE = 100;
/**
 * Changes of one page taken at once: each waits on the operator (its document) and on the database
 * for part of its time, so several overlap. New documents are written together (PULL_WRITER), so
 * more in flight make larger batches: 24 wrote 8.7 documents a batch on average against 2.2 with 8
 * (3,000 documents on PostgreSQL, 2026-11-29; 16 a batch at most).
 */
export const PULL_CONCURRENCY = 24;
/**
 * A page's new documents are written in batches of up to 16, two batches at a time: what a batch
 * does before the company's shared rows (inserts, search pieces) overlaps the other's commit. 10,000
 * documents on PostgreSQL, 2026-11-29: 114 docs/s against 102 with one at a time.
 */
const PULL_WRITER = { maxGroups: 16, maxInFlight: 2 };

/** The transport row of a document just stored from the operator (written with it, one statement). */
function linkStatement(link: OperatorLink, change: OperatorChange, documentId: string): Statement {
  return {
    sql: `insert into operator_documents (organization_id, provider, operator_id, roaming_id, document_id, kind, direction,
       operator_status, transport_state)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 'delivered')
     on conflict (organization_id, provider, operator_id) where operator_id is not null
     do update set document_id = excluded.document_id, transport_state = 'delivered', failure_code = null,
       failure_message = null, updated_at = now()`,
    params: [
      link.organizationId,
      link.provider.name,
      change.operatorId,
      change.roamingId,
      documentId,
      change.kind,
      change.outgoing ? 'out' : 'in',
      change.status,
    ],
  };
}

/** Links a document held here already (the same signed bytes) to the operator's id. */
async function linkHeld(ctx: InteropContext, link: OperatorLink, change: OperatorChange, documentId: string) {
  // A document pushed from here whose operator id was never recorded (the answer lost) is linked.
  const { rows } = await ctx.db.query(
    `update operator_documents set operator_id = $3, roaming_id = coalesce($4, roaming_id), updated_at = now()
      where organization_id = $1 and document_id = $2 and provider = $5 and operator_id is null returning id`,
    [link.organizationId, documentId, change.operatorId, change.roamingId, link.provider.name],
  );
  if (rows.length) return;
  const statement = linkStatement(link, change, documentId);
  await ctx.db.query(statement.sql, statement.params);
}

async function hold(ctx: InteropContext, link: OperatorLink, change: OperatorChange, error: ApiError) {
  await ctx.db.query(
    `insert into operator_documents (organization_id, provider, operator_id, roaming_id, kind, direction,
       operator_status, transport_state, failure_code, failure_message)
     values ($1, $2, $3, $4, $5, $6, $7, 'held', $8, $9)
     on conflict (organization_id, provider, operator_id) where operator_id is not null
     do update set transport_state = 'held', failure_code = excluded.failure_code, updated_at = now()`,
    [
      link.organizationId,
      link.provider.name,
      change.operatorId,
      change.roamingId,
      change.kind,
      change.outgoing ? 'out' : 'in',
      change.status,
      error.code,
      error.messageKey,
    ],
  );
}

/**
 * Takes one change: a new document stored, a held one's state reconciled. True when something
 * changed. `known` is the change's transport row when the caller has read it already (undefined:
 * read it here; null: there is none).
 */
export async function takeChange(
  ctx: InteropContext,
  link: OperatorLink,
  caller: Caller,
  change: OperatorChange,
  known?: OperatorDocumentRow | null,
): Promise<boolean> {
  if (!change.kind) return false;
  const transport =
    known !== undefined
      ? known
      : await transportByOperatorId(ctx.db, link.organizationId, link.provider.name, change.operatorId);
  if (transport?.document_id) {
    if (transport.operator_status === change.status && transport.transport_state !== 'queued') return false;
    const remote = await withSession(link, (s) => link.provider.fetchDocument(s, change.operatorId));
    return reconcile(ctx, caller, transport, remote);
  }
  if (change.outgoing && change.status === getLifecycle(change.kind).initial) return false; // a draft there
  const remote = await withSession(link, (s) => link.provider.fetchDocument(s, change.operatorId));
  let documentId: string;
  try {
    const imported = await importReceived(
      ctx,
      caller,
      { signature: remote.cms, kind: change.kind },
      { alsoWrite: (id) => [linkStatement(link, change, id)] },
    );
    documentId = imported.documentId;
    if (!imported.created) await linkHeld(ctx, link, change, documentId);
    // Stored in the state the operator gives, its transport row with it: nothing to reconcile.
    else if (
      imported.status === remote.status &&
      remote.status === change.status &&
      (!remote.roamingId || remote.roamingId === change.roamingId)
    )
      return true;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const known = typeof err.params?.documentId === 'string' ? err.params.documentId : null;
    if (err.code === 'ALREADY_RECEIVED' && known) documentId = known;
    else if (err.code === 'NOT_YOURS_YET')
      return false; // it comes again when its state moves
    else {
      await hold(ctx, link, change, err);
      return false;
    }
    await linkHeld(ctx, link, change, documentId);
  }
  // Signatures beyond the document's own (a rejection, a cancel) and the operator's status.
  const stored = await transportByOperatorId(
    ctx.db,
    link.organizationId,
    link.provider.name,
    change.operatorId,
  );
  if (stored) await reconcile(ctx, caller, stored, remote);
  return true;
}

/**
 * Takes a page of changes, PULL_CONCURRENCY at a time, one operator document's changes in order.
 * The page is one request's worth: the caller's rights are read once for it, and the transport rows
 * of its documents in one query (a document changed twice on the page reads its row again).
 */
export async function takePage(
  ctx: InteropContext,
  link: OperatorLink,
  caller: Caller,
  changes: OperatorChange[],
): Promise<number> {
  const pageCaller: Caller = { ...caller, user: { ...caller.user } };
  // New documents written together as they come (group commit: db/batchWriter).
  const pageCtx: InteropContext = { ...ctx, write: createBatchWriter(ctx.db, PULL_WRITER).write };
  readRightsOncePerRequest(pageCaller.user);
  const once = new Map<string, number>();
  for (const change of changes) once.set(change.operatorId, (once.get(change.operatorId) ?? 0) + 1);
  const rows = await transportsByOperatorIds(
    ctx.db,
    link.organizationId,
    link.provider.name,
    [...once].filter(([, n]) => n === 1).map(([id]) => id),
  );
  return countInGroups(
    changes,
    (change) => change.operatorId,
    PULL_CONCURRENCY,
    (change) =>
      takeChange(
        pageCtx,
        link,
        pageCaller,
        change,
        once.get(change.operatorId) === 1 ? (rows.get(change.operatorId) ?? null) : undefined,
      ),
  );
}

/** One pull: held changes first, then the list from the cursor until it is read out. */
export async function pullChanges(
  ctx: InteropContext,
  link: OperatorLink,
  caller: Caller,
  signal?: AbortSignal,
): Promise<PullOutcome> {
  const run = await startRun(ctx.db, link.organizationId, link.provider.name, 'pull');
  const outcome: PullOutcome = { pulled: 0, held: 0, pages: 0 };
  try {
    const { rows: held } = await ctx.db.query<{
      id: string;
      operator_id: string;
      kind: string;
      direction: string;
      operator_status: number;
      roaming_id: string | null;
    }>(
      `select id, operator_id, kind, direction, operator_status, roaming_id from operator_documents
        where organization_id = $1 and provider = $2 and transport_state = 'held'`,
      [link.organizationId, link.provider.name],
    );
    for (const h of held) {
      const change: OperatorChange = {
        operatorId: h.operator_id,
        roamingId: h.roaming_id,
        kind: h.kind,
        operatorType: '',
        status: h.operator_status,
        outgoing: h.direction === 'out',
        updated: '',
      };
      if (await takeChange(ctx, link, caller, change)) outcome.pulled++;
    }
    let cursor = await cursorOf(ctx.db, link.organizationId, link.provider.name);
    for (;;) {
      if (signal?.aborted) break;
      const page = await withSession(link, (s) => link.provider.listChanges(s, cursor, PULL_PAGE));
      outcome.pages++;
      outcome.pulled += await takePage(ctx, link, caller, page.changes);
      if (page.cursor && page.cursor !== cursor)
        await saveCursor(ctx.db, link.organizationId, link.provider.name, page.cursor);
      cursor = page.cursor;
      if (!page.more) break;
    }
    const { rows } = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from operator_documents where organization_id = $1 and transport_state = 'held'`,
      [link.organizationId],
    );
    outcome.held = rows[0]?.n ?? 0;
    await finishRun(ctx.db, run, { pulled: outcome.pulled, failed: outcome.held });
    return outcome;
  } catch (err) {
    const code = err instanceof OperatorError ? err.kind : 'ERROR';
    await finishRun(
      ctx.db,
      run,
      { pulled: outcome.pulled },
      { code, message: (err as Error).message.slice(0, 500) },
    );
    throw err;
  }
}

export { setTransport };
