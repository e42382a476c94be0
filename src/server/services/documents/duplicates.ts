// Issue 26: a document its organisation already sent — same kind, counterparty, number and date,
// and not withdrawn (cancelled, rejected) — is not sent a second time; the form is warned first.
// One row per standing sent document in document_send_keys (migration 0086): written in the send's
// transaction, deleted in the one that withdraws it. Its unique index settles two sends at once.
import type { Locale } from '../../../engine/constants';
import { formatIsoDate } from '../../../engine/format';
import {
  documentSummary,
  getLifecycle,
  partiesOf,
  statusInfo,
  withdrawnStatuses,
} from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import type { Statement } from '../../db/combine';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { counterpartyOf, holdersOf } from './partyRows';

export interface SendKey {
  ownerOrgId: string;
  kind: string;
  /** The sender's counterparty as its list row shows it ('' when there is none). */
  counterparty: string;
  number: string;
  date: string;
}

/** The key of a document of `ownerOrgId`, or null when it has no number or date yet. */
export function sendKeyOf(kind: string, content: unknown, ownerOrgId: string | null): SendKey | null {
  const summary = documentSummary(kind, content);
  const number = summary.number?.trim();
  if (!ownerOrgId || !number || !summary.date) return null;
  const parties = partiesOf(kind, content);
  const sender = holdersOf(parties).find((holder) => holder.roles.includes('sender'));
  const counterparty = sender ? (counterpartyOf(kind, sender, parties)?.identity ?? '') : '';
  return { ownerOrgId, kind, counterparty, number, date: summary.date };
}

export interface SentDocument {
  id: string;
  number: string;
  date: string;
  status: number;
  counterpartyName: string | null;
}

/** The standing sent document with this key, other than `exceptId` (the caller's organisation only). */
export async function findSent(db: Db, key: SendKey, exceptId: string | null): Promise<SentDocument | null> {
  const { rows } = await db.query<SentDocument>(
    `select d.id, d.number, d.doc_date::text as date, d.status,
            (select p.counterparty_name from document_parties p
              where p.document_id = d.id and 'sender' = any(p.roles) limit 1) as "counterpartyName"
       from document_send_keys k join documents d on d.id = k.document_id
      where k.owner_org_id = $1 and k.kind = $2 and k.counterparty = $3 and k.number = $4
        and k.doc_date = $5::date and k.document_id is distinct from $6::uuid
      limit 1`,
    [key.ownerOrgId, key.kind, key.counterparty, key.number, key.date, exceptId],
  );
  return rows[0] ?? null;
}

/** The row a send writes (in the transition's one write statement). */
export function sendKeyInsert(documentId: string, key: SendKey): Statement {
  return {
    sql: `insert into document_send_keys (document_id, owner_org_id, kind, counterparty, number, doc_date)
          values ($1, $2, $3, $4, $5, $6::date)`,
    params: [documentId, key.ownerOrgId, key.kind, key.counterparty, key.number, key.date],
  };
}

/** A transition to a withdrawn status frees the document's number and date. */
export function sendKeyRelease(kind: string, documentId: string, to: number): Statement | null {
  return withdrawnStatuses(kind).includes(to)
    ? { sql: 'delete from document_send_keys where document_id = $1', params: [documentId] }
    : null;
}

/** True for the unique index's refusal of a second send (PostgreSQL and PGlite alike). */
export function isDuplicateSend(error: unknown): boolean {
  const e = error as { code?: string; message?: string; constraint?: string };
  return (
    e?.code === '23505' &&
    (e.constraint === 'document_send_keys_unique' || String(e.message).includes('document_send_keys_unique'))
  );
}

/** What the form and the API are told about a duplicate: the document already sent, by name. */
export function describeSent(lang: Locale, kind: string, sent: SentDocument) {
  const key = statusInfo(kind, sent.status)?.key ?? String(sent.status);
  return {
    id: sent.id,
    number: sent.number,
    date: sent.date,
    status: sent.status,
    statusKey: key,
    statusName: translate(lang, `exchange:status.${key}`),
    counterpartyName: sent.counterpartyName,
  };
}

/** 409 DUPLICATE_DOCUMENT naming the document already sent, at the number's field. */
export function duplicateError(lang: Locale, kind: string, sent: SentDocument): ApiError {
  const described = describeSent(lang, kind, sent);
  const params = {
    number: sent.number,
    date: formatIsoDate(sent.date, lang),
    status: described.statusName,
    documentId: sent.id,
  };
  const message = translate(lang, 'exchange:errors.duplicateDocument', params);
  return new ApiError(409, 'DUPLICATE_DOCUMENT', 'exchange:errors.duplicateDocument', params, [
    {
      path: getLifecycle(kind).document.number,
      keyword: 'duplicate',
      key: 'exchange:errors.duplicateDocument',
      params,
      message,
    },
  ]);
}

/** For a send's transaction that failed: the duplicate it lost to, named, or the failure as it was. */
export async function rethrowDuplicate(
  error: unknown,
  db: Db,
  lang: Locale,
  kind: string,
  key: SendKey | null,
  documentId: string,
): Promise<never> {
  if (key && isDuplicateSend(error)) {
    const sent = await findSent(db, key, documentId);
    if (sent) throw duplicateError(lang, kind, sent);
  }
  throw error;
}

/**
 * Document/findDuplicate: the caller's standing sent document that `content` would duplicate, for the
 * form's warning before it saves or sends (the send itself is refused: sign.ts). Only the caller's own
 * organisation's documents are looked at; `documentId` is the draft being edited (not its own duplicate).
 */
export async function findDuplicate(
  db: Db,
  caller: { user: { organizationId: string }; lang: Locale },
  kind: string,
  content: unknown,
  documentId: string | null,
) {
  const key = sendKeyOf(kind, content, caller.user.organizationId);
  const sent = key ? await findSent(db, key, documentId) : null;
  return { duplicate: sent ? describeSent(caller.lang, kind, sent) : null };
}
