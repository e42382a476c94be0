// One change from the operator's list (issue 28 item 5): a new document stored atomically with its
// transport row (unique per operator id: a change taken twice — a page read again after a restart —
// stores nothing twice); a change of a document held here reconciled (the operator's signed state
// wins). A change the acting user has no right for is held, not skipped: the next pull by someone who
// may takes it.
import { getLifecycle } from '../../../../engine/lifecycle';
import type { Statement } from '../../../db/combine';
import { ApiError } from '../../../errors';
import type { Caller } from '../../documents/types';
import { type InteropContext, importReceived } from '../../interop';
import type { OperatorChange } from '../providers';
import { quorumActions, reconcile } from './reconcile';
import { type OperatorLink, withSession } from './session';
import { type OperatorDocumentRow, transportByOperatorId } from './transport';

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
    // The same status says nothing changed — unless a quorum is under way in it (a contract's clients
    // signing one by one at the operator, the status moving with the last).
    if (
      transport.operator_status === change.status &&
      transport.transport_state !== 'queued' &&
      !quorumActions(change.kind, change.status).length
    )
      return false;
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
