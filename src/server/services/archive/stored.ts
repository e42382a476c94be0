import { documentFileName } from '../../../engine/fileName';
import { actionInfo } from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import type { Caller } from '../documents';
import { notSigned, type PrintRequest, recordAttachments, renderPdf, storedPrint } from '../pdf';
import { type ArchiveEvent, type ArchiveSignature, buildArchive } from './build';

/**
 * The signed archive of a stored document the caller may see (docs/print.md §archive): its exact
 * signed bytes, every signature's CMS as received and the joined one, the event log with its hash
 * chain, and the printed form — everything `npm run verify:archive` needs to check it offline.
 */
export async function storedArchive(
  db: Db,
  caller: Caller,
  id: string,
  request: PrintRequest & { now?: Date },
): Promise<{ zip: Uint8Array; fileName: string }> {
  const print = await storedPrint(db, caller, id, request);
  if (!print.signedBytes) throw notSigned();
  const createdAt = new Date(Math.floor((request.now ?? new Date()).getTime() / 1000) * 1000);
  const { view } = print;
  const { rows: signatureRows } = await db.query<{
    id: string;
    action: string;
    party_role: string;
    signer_name: string | null;
    signer_organization: string | null;
    signer_tin: string | null;
    signer_pinfl: string | null;
    serial_hex: string;
    signed_at: Date | null;
    timestamp_at: Date | null;
    cms: string;
  }>(
    `select id, action, party_role, signer_name, signer_organization, signer_tin, signer_pinfl, serial_hex,
       signed_at, timestamp_at, cms
     from document_signatures where document_id = $1 order by created_at, id`,
    [view.id],
  );
  const signatures: ArchiveSignature[] = signatureRows.map((row) => ({
    id: row.id,
    action: row.action,
    role: row.party_role,
    shape: actionInfo(view.kind, row.action)?.sign?.shape ?? null,
    signerName: row.signer_name,
    organization: row.signer_organization,
    tin: row.signer_tin,
    pinfl: row.signer_pinfl,
    serialHex: row.serial_hex,
    signedAt: row.signed_at ? new Date(row.signed_at).toISOString() : null,
    timestampAt: row.timestamp_at ? new Date(row.timestamp_at).toISOString() : null,
    cms: row.cms,
  }));
  const { rows: eventRows } = await db.query<Record<string, any>>(
    `select seq, action, from_status, to_status, actor_user_id, actor_org_id, actor_identity, actor_role,
       actor_name, reason, signature_id, signature_hash, content_hash, at, prev_hash, hash
     from document_events where document_id = $1 order by seq`,
    [view.id],
  );
  const events: ArchiveEvent[] = eventRows.map((row) => ({
    documentId: view.id,
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
    at: new Date(row.at).toISOString(),
    prevHash: row.prev_hash,
    hash: row.hash,
  }));
  const pdf = await renderPdf(print.model, { attachments: recordAttachments(print), createdAt });
  const zip = buildArchive({
    document: {
      id: view.id,
      kind: view.kind,
      nationalId: view.nationalId,
      number: view.number,
      date: view.date,
    },
    signedBytes: print.signedBytes,
    joinedCms: print.cms,
    signatures,
    events,
    pdf,
    createdAt,
  });
  return { zip, fileName: documentFileName(view, 'zip') };
}
