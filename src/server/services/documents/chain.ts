import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Statement } from '../../db/combine';

/** The first event of a document chains to this. */
export const CHAIN_START = '0'.repeat(64);

export const sha256Hex = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

export interface EventFields {
  documentId: string;
  seq: number;
  action: string;
  fromStatus: number | null;
  toStatus: number | null;
  actorUserId: string | null;
  actorOrgId: string | null;
  actorIdentity: string | null;
  actorRole: string | null;
  actorName: string | null;
  reason: string | null;
  signatureId: string | null;
  /** sha-256 of the signature's CMS: a CMS changed afterwards no longer matches its event. */
  signatureHash: string | null;
  /** The document's content hash after the event. */
  contentHash: string;
  at: Date;
}

/** sha-256 of the previous hash and the event's fields, in a fixed order with explicit nulls. */
export function eventHash(prevHash: string, event: EventFields): string {
  const canonical = JSON.stringify([
    prevHash,
    event.documentId,
    event.seq,
    event.action,
    event.fromStatus,
    event.toStatus,
    event.actorUserId,
    event.actorOrgId,
    event.actorIdentity,
    event.actorRole,
    event.actorName,
    event.reason,
    event.signatureId,
    event.signatureHash,
    event.contentHash,
    event.at.toISOString(),
  ]);
  return sha256Hex(canonical);
}

export interface ChainHead {
  seq: number;
  hash: string;
}

/** The last event of a document's chain (null before its first). */
export async function chainHead(tx: Db, documentId: string): Promise<ChainHead | null> {
  const { rows } = await tx.query<ChainHead>(
    'select seq, hash from document_events where document_id = $1 order by seq desc limit 1',
    [documentId],
  );
  return rows[0] ?? null;
}

/** The insert of a document's next event after `head` (null: its first), with what it stores. */
export function eventStatement(
  event: Omit<EventFields, 'seq' | 'at'> & { at?: Date },
  head: ChainHead | null,
): Statement & { event: EventFields & { hash: string } } {
  const prevHash = head?.hash ?? CHAIN_START;
  // Millisecond precision: what timestamptz gives back through both drivers.
  const full: EventFields = {
    ...event,
    seq: (head?.seq ?? 0) + 1,
    at: new Date(Math.floor((event.at ?? new Date()).getTime())),
  };
  const hash = eventHash(prevHash, full);
  return {
    sql: `insert into document_events (document_id, seq, action, from_status, to_status, actor_user_id, actor_org_id,
       actor_identity, actor_role, actor_name, reason, signature_id, signature_hash, content_hash, at, prev_hash, hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
    params: [
      full.documentId,
      full.seq,
      full.action,
      full.fromStatus,
      full.toStatus,
      full.actorUserId,
      full.actorOrgId,
      full.actorIdentity,
      full.actorRole,
      full.actorName,
      full.reason,
      full.signatureId,
      full.signatureHash,
      full.contentHash,
      full.at,
      prevHash,
      hash,
    ],
    event: { ...full, hash },
  };
}

/** Appends the next event of a document (inside the caller's transaction, the document row locked). */
export async function appendEvent(
  tx: Db,
  event: Omit<EventFields, 'seq' | 'at'> & { at?: Date },
): Promise<EventFields & { hash: string }> {
  const statement = eventStatement(event, await chainHead(tx, event.documentId));
  await tx.query(statement.sql, statement.params);
  return statement.event;
}

export interface ChainReport {
  valid: boolean;
  events: number;
  /** What broke, first problem first (empty when valid). */
  problems: string[];
}

interface EventRow {
  seq: number;
  action: string;
  from_status: number | null;
  to_status: number | null;
  actor_user_id: string | null;
  actor_org_id: string | null;
  actor_identity: string | null;
  actor_role: string | null;
  actor_name: string | null;
  reason: string | null;
  signature_id: string | null;
  signature_hash: string | null;
  content_hash: string;
  at: Date | string;
  prev_hash: string;
  hash: string;
}

/**
 * Recomputes a document's chain: every event's hash from its fields and its predecessor, the
 * sequence without gaps, each signature's CMS against the hash its event recorded, and the
 * document's content hash against its record (the signed bytes) and the last event.
 */
export async function verifyEventChain(db: Db, documentId: string): Promise<ChainReport> {
  const problems: string[] = [];
  const { rows } = await db.query<EventRow>(
    'select * from document_events where document_id = $1 order by seq',
    [documentId],
  );
  let prev = CHAIN_START;
  rows.forEach((row, index) => {
    if (row.seq !== index + 1) problems.push(`event ${index + 1} is missing (found ${row.seq})`);
    if (row.prev_hash !== prev) problems.push(`event ${row.seq} does not follow event ${row.seq - 1}`);
    const expected = eventHash(prev, {
      documentId,
      seq: row.seq,
      action: row.action,
      fromStatus: row.from_status,
      toStatus: row.to_status,
      actorUserId: row.actor_user_id,
      actorOrgId: row.actor_org_id,
      actorIdentity: row.actor_identity,
      actorRole: row.actor_role,
      actorName: row.actor_name,
      reason: row.reason,
      signatureId: row.signature_id,
      signatureHash: row.signature_hash,
      contentHash: row.content_hash,
      at: new Date(row.at),
    });
    if (expected !== row.hash) problems.push(`event ${row.seq} was changed`);
    prev = row.hash;
  });
  const { rows: signatures } = await db.query<{ id: string; cms: string }>(
    'select id, cms from document_signatures where document_id = $1',
    [documentId],
  );
  const recorded = new Map(rows.filter((r) => r.signature_id).map((r) => [r.signature_id, r]));
  for (const signature of signatures) {
    const event = recorded.get(signature.id);
    if (!event) problems.push(`signature ${signature.id} has no event`);
    else if (event.signature_hash !== sha256Hex(signature.cms))
      problems.push(`the signature of event ${event.seq} was changed`);
  }
  const { rows: docs } = await db.query<{ content_hash: string; signed_bytes: Uint8Array | null }>(
    'select content_hash, signed_bytes from documents where id = $1',
    [documentId],
  );
  const doc = docs[0];
  if (doc) {
    if (doc.signed_bytes && sha256Hex(new Uint8Array(doc.signed_bytes)) !== doc.content_hash)
      problems.push('the signed document was changed');
    const last = rows[rows.length - 1];
    if (last && last.content_hash !== doc.content_hash)
      problems.push('the document does not match its last event');
  }
  return { valid: problems.length === 0, events: rows.length, problems };
}
