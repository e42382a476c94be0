import { createHash } from 'node:crypto';
import { getLifecycle } from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_DOCUMENT } from '../../limits';
import { requireDocumentRight } from '../access';
import { loadVisible, notFound } from '../documents';
import { loadDocument } from '../documents/rows';
import type { Caller } from '../documents/types';
import { type AttachmentType, safeFileName, sniffAttachmentType } from './fileType';

// Scans and PDFs attached to a document (issue 27.6, migration 0106). Reading follows the document:
// whoever may view it (loadVisible: another organisation's is a 404, the kind's view right) reads its
// attachments. The sender adds and removes them while the document is its draft, with the kind's
// create right, in one transaction that holds the document row (a send cannot slip in between).

export interface AttachmentView {
  id: string;
  fileName: string;
  contentType: AttachmentType;
  size: number;
  sha256: string;
  createdAt: string;
}

const COLUMNS = `id, file_name as "fileName", content_type as "contentType", size, sha256,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"`;

export async function listAttachments(db: Db, caller: Caller, documentId: string): Promise<AttachmentView[]> {
  await loadVisible(db, caller, documentId);
  const { rows } = await db.query<AttachmentView>(
    `select ${COLUMNS} from document_attachments where document_id = $1 order by created_at, id`,
    [documentId],
  );
  return rows;
}

export async function readAttachment(db: Db, caller: Caller, documentId: string, attachmentId: string) {
  await loadVisible(db, caller, documentId);
  const { rows } = await db.query<AttachmentView & { data: Uint8Array }>(
    `select ${COLUMNS}, data from document_attachments where document_id = $1 and id = $2`,
    [documentId, attachmentId],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** The bytes are checked before anything is read from the database: size first, then what they are. */
export function checkAttachment(data: Uint8Array, only?: AttachmentType): AttachmentType {
  if (data.length > ATTACHMENT_MAX_BYTES)
    throw new ApiError(413, 'ATTACHMENT_TOO_LARGE', 'errors:attachmentTooLarge', {
      mb: ATTACHMENT_MAX_BYTES / (1024 * 1024),
    });
  const type = data.length > 0 ? sniffAttachmentType(data) : null;
  if (!type || (only && type !== only)) throw new ApiError(415, 'ATTACHMENT_TYPE', 'errors:attachmentType');
  return type;
}

/** The sender's draft, held for the rest of the transaction. */
async function draftOfSender(tx: Db, caller: Caller, documentId: string) {
  const { doc } = await loadVisible(tx, caller, documentId);
  await requireDocumentRight(tx, caller.user, doc.kind, 'create');
  const current = await loadDocument(tx, documentId, true);
  if (!current || current.owner_org_id !== caller.user.organizationId) throw notFound();
  if (current.status !== getLifecycle(current.kind).initial)
    throw new ApiError(422, 'NOT_A_DRAFT', 'exchange:errors.notADraft');
  return current;
}

export async function addAttachment(
  db: Db,
  caller: Caller,
  documentId: string,
  file: { name: string; data: Uint8Array },
  only?: AttachmentType,
): Promise<AttachmentView> {
  const type = checkAttachment(file.data, only);
  const sha256 = createHash('sha256').update(file.data).digest('hex');
  return db.transaction(async (tx) => {
    await draftOfSender(tx, caller, documentId);
    const { rows: counted } = await tx.query<{ n: number }>(
      'select count(*)::int as n from document_attachments where document_id = $1',
      [documentId],
    );
    if (counted[0].n >= ATTACHMENTS_PER_DOCUMENT)
      throw new ApiError(409, 'TOO_MANY_ATTACHMENTS', 'errors:tooManyAttachments', {
        max: ATTACHMENTS_PER_DOCUMENT,
      });
    const { rows } = await tx.query<AttachmentView>(
      `insert into document_attachments (document_id, file_name, content_type, size, sha256, data, created_by)
       values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
      [
        documentId,
        safeFileName(file.name, type),
        type,
        file.data.length,
        sha256,
        file.data,
        caller.user.userId,
      ],
    );
    return rows[0];
  });
}

export async function deleteAttachment(db: Db, caller: Caller, documentId: string, attachmentId: string) {
  await db.transaction(async (tx) => {
    await draftOfSender(tx, caller, documentId);
    const { rowCount } = await tx.query(
      'delete from document_attachments where document_id = $1 and id = $2',
      [documentId, attachmentId],
    );
    if (rowCount === 0) throw notFound();
  });
}
