// Outgoing through the operator (issue 28 item 5): a transition listener, inside the transition's
// transaction, queues the push — so a document is queued exactly when its action is recorded, and a
// rolled-back action queues nothing. A document goes through the operator when the acting
// organisation is bound and a counterparty has no organisation with an account on this server; every
// later action made here on a document that travels through the operator goes back to it.
import { actionInfo, getLifecycle } from '../../../../engine/lifecycle';
import type { Db } from '../../../db/client';
import { ApiError } from '../../../errors';
import type { JobQueue } from '../../../jobs';
import type { TransitionEvent, TransitionListener } from '../../documents';
import type { Caller } from '../../documents/types';
import { providerById } from '../catalogue';
import { providerOf } from '../providers';

export const PUSH_JOB = 'operators.push';

/** Counterparties that are not on this server (no organisation here with an active member). */
export async function partiesElsewhere(db: Db, identities: string[]): Promise<string[]> {
  if (!identities.length) return [];
  const { rows } = await db.query<{ identity: string }>(
    `select coalesce(o.tin, o.pinfl) as identity from organizations o
      where (o.tin = any($1) or o.pinfl = any($1))
        and exists (select 1 from memberships m where m.organization_id = o.id and m.is_active)`,
    [identities],
  );
  const here = new Set(rows.map((r) => r.identity));
  return identities.filter((identity) => !here.has(identity));
}

/** The bound operator's adapter carries the kind (its `kinds()`: Didox's, the kinds with a didoxCode). */
export function carries(provider: string, kind: string): boolean {
  return providerOf(provider)?.kinds().includes(kind) ?? false;
}

/**
 * The operator a document's next action goes through, as the transition listener below decides it:
 * the document already travels through the organisation's operator, or the organisation is bound and
 * some other party of the document is not on this server. Null: it stays on this server. Shown before
 * signing ("via Didox"). `carried: false`: the counterparty is elsewhere but the bound operator does
 * not carry the kind (an operator takes only the document types it has, as Didox refuses an unknown
 * doctype) — nothing is pushed; the document stays on this server, and the dialog says so.
 */
export async function sendRouteOf(
  db: Db,
  organizationId: string,
  identity: string,
  document: { id: string; kind: string },
  parties: string[],
): Promise<{ provider: string; carried: boolean } | null> {
  const documentId = document.id;
  const [{ rows: bound }, { rows: held }] = await Promise.all([
    db.query<{ provider: string }>('select provider from operator_bindings where organization_id = $1', [
      organizationId,
    ]),
    db.query<{ provider: string }>(
      'select provider from operator_documents where organization_id = $1 and document_id = $2',
      [organizationId, documentId],
    ),
  ]);
  if (held[0]) return { provider: held[0].provider, carried: true };
  const provider = bound[0]?.provider;
  if (!provider) return null;
  const others = [...new Set(parties)].filter((p) => p !== identity);
  if (!(await partiesElsewhere(db, others)).length) return null;
  return { provider, carried: carries(provider, document.kind) };
}

/**
 * The id an object-shaped action signs (an act's cancel: `{"DocumentId": …}`) for a document that
 * travels through the organisation's operator: the operator's own, as its `tosign` asks — so the push
 * hands over exactly what the user signed. Not yet at the operator (its push waits): refused, to be
 * signed once it is there. A push that failed for good never reached it: Hujjat's id (null).
 */
export async function operatorSignedId(db: Db, caller: Caller, documentId: string): Promise<string | null> {
  const { rows } = await db.query<{ operator_id: string | null; provider: string; transport_state: string }>(
    `select operator_id, provider, transport_state from operator_documents
      where organization_id = $1 and document_id = $2`,
    [caller.user.organizationId, documentId],
  );
  const row = rows[0];
  if (!row || row.transport_state === 'held') return null;
  if (row.operator_id) return row.operator_id;
  if (row.transport_state === 'failed') return null;
  throw new ApiError(409, 'NOT_AT_OPERATOR_YET', 'operators:errors.notAtOperatorYet', {
    name: providerById(row.provider)?.name ?? row.provider,
  });
}

function isSend(kind: string, action: string): boolean {
  const declared = actionInfo(kind, action);
  return Boolean(
    declared && declared.sign.shape === 'document' && declared.from.includes(getLifecycle(kind).initial),
  );
}

export function transportListener(jobs: () => JobQueue): TransitionListener {
  return async (tx: Db, event: TransitionEvent) => {
    const organizationId = event.actor.organizationId;
    const { rows: bound } = await tx.query<{ provider: string }>(
      'select provider from operator_bindings where organization_id = $1',
      [organizationId],
    );
    const provider = bound[0]?.provider;
    if (!provider) return;
    const { rows: held } = await tx.query<{ id: string }>(
      'select id from operator_documents where organization_id = $1 and document_id = $2',
      [organizationId, event.documentId],
    );
    if (!held.length) {
      if (!isSend(event.kind, event.action) || !carries(provider, event.kind)) return;
      const others = [...new Set(event.parties.map((p) => p.identity))].filter(
        (i) => i !== event.actor.identity,
      );
      if (!(await partiesElsewhere(tx, others)).length) return;
      await tx.query(
        `insert into operator_documents (organization_id, provider, document_id, kind, direction, transport_state)
         values ($1, $2, $3, $4, 'out', 'queued')`,
        [organizationId, provider, event.documentId, event.kind],
      );
    } else {
      await tx.query(
        `update operator_documents set transport_state = 'queued', failure_code = null, failure_message = null,
           updated_at = now() where id = $1`,
        [held[0].id],
      );
    }
    await tx.query(
      'insert into operator_outbox (organization_id, document_id, action, reason) values ($1, $2, $3, $4)',
      [organizationId, event.documentId, event.action, event.reason],
    );
    await jobs().enqueue(
      tx,
      PUSH_JOB,
      { organizationId },
      { owner: { organizationId, userId: event.actor.userId } },
    );
  };
}
