import { randomUUID } from 'node:crypto';
import type { Locale } from '../../../engine/constants';
import {
  actionInfo,
  bytesToSign,
  getLifecycle,
  nextStatus,
  partiesOf,
  REASON_MAX_LENGTH,
  type Role,
  statusInfo,
} from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import { combineStatements } from '../../db/combine';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import type { SignatureService } from '../../signing';
import { requireApprovalIfConfigured, requireDocumentRight, signerMayAct } from '../access';
import { actedInStatus } from './acted';
import { type ChainHead, eventStatement, sha256Hex } from './chain';
import { idempotent, storedAnswer } from './idempotency';
import { syncPartyRows } from './partyRows';
import { loadDocument, loadVisible, notFound } from './rows';
import { finishCheck, joinSignatures, serialForms, startCheck, toBase64 } from './signatures';
import type { ActedEntry, Caller, DocumentRow, DocumentsContext, PartyRow, TransitionEvent } from './types';
import { validateContent } from './validation';
import { documentView, signedActionsFor } from './view';

export interface SigningContext extends DocumentsContext {
  signing: SignatureService;
}

interface Prepared {
  doc: DocumentRow;
  party: PartyRow;
  parties: PartyRow[];
  action: NonNullable<ReturnType<typeof actionInfo>>;
  role: Role;
  reason: string | null;
  bytes: Uint8Array;
  /** For `send`: the validated content that is signed (recomputed by the server). */
  content: Record<string, unknown>;
  /** Actions taken in the document's status (read with the document: a later one changes its version). */
  acted: ActedEntry[];
}

function statusName(lang: Locale, kind: string, code: number) {
  const key = statusInfo(kind, code)?.key ?? String(code);
  return translate(lang, `exchange:status.${key}`);
}

function checkReason(action: Prepared['action'], reason: string | null | undefined): string | null {
  const text = typeof reason === 'string' ? reason.trim() : '';
  const rule = action.reason ?? 'none';
  if (rule === 'required' && !text)
    throw new ApiError(400, 'REASON_REQUIRED', 'exchange:errors.reasonRequired');
  if (text.length > REASON_MAX_LENGTH)
    throw new ApiError(400, 'REASON_TOO_LONG', 'exchange:errors.reasonTooLong', { max: REASON_MAX_LENGTH });
  return rule === 'none' ? null : text || null;
}

/**
 * Everything an action needs before anyone signs: the document is visible, the action is one the
 * kind declares and the caller's role may take in this status, the caller has the right, the reason
 * is given where required, the draft passes every rule (send) — and the exact bytes to sign.
 */
async function prepare(
  ctx: DocumentsContext,
  caller: Caller,
  documentId: string,
  actionName: string,
  reason?: string | null,
): Promise<Prepared> {
  const { doc, party, parties } = await loadVisible(ctx.db, caller, documentId, { includeBinned: false });
  const action = actionInfo(doc.kind, actionName);
  if (!action)
    throw new ApiError(400, 'UNSUPPORTED_ACTION', 'exchange:errors.unsupportedAction', {
      action: actionName,
    });
  await requireDocumentRight(ctx.db, caller.user, doc.kind, action.right);
  const acted = await actedInStatus(ctx.db, doc.id, doc.status);
  const available = await signedActionsFor(ctx.db, caller, doc, party, new Set([action.right]), acted);
  if (!available.some((candidate) => candidate.name === actionName))
    throw new ApiError(409, 'ACTION_NOT_ALLOWED', 'exchange:errors.actionNotAllowed', {
      action: translate(caller.lang, `exchange:action.${actionName}`),
      status: statusName(caller.lang, doc.kind, doc.status),
    });
  const checkedReason = checkReason(action, reason);
  let content = doc.content;
  if (action.sign.shape === 'document') {
    // A kind the organisation marked for internal approval is sent only with an approved route for
    // exactly this content (spec §4 agreement actions).
    await requireApprovalIfConfigured(ctx.db, caller.user, documentId, doc.kind);
    content = await validateContent(ctx.db, caller, doc.kind, doc.content, { documentId, now: ctx.now() });
  }
  const bytes = bytesToSign(doc.kind, actionName, {
    content,
    signedBytes: doc.signed_bytes,
    reason: checkedReason,
    documentId,
    parties: partiesOf(doc.kind, content),
  });
  return { doc, party, parties, action, role: action.by, reason: checkedReason, bytes, content, acted };
}

/** DocumentSignAction/getModelSign: the exact bytes to sign, and the CMS held so far for a co-signature. */
export async function modelSign(
  ctx: DocumentsContext,
  caller: Caller,
  documentId: string,
  actionName: string,
  reason?: string | null,
) {
  const prepared = await prepare(ctx, caller, documentId, actionName, reason);
  return {
    documentId,
    action: actionName,
    shape: prepared.action.sign.shape,
    toSign: toBase64(prepared.bytes),
    cms: prepared.action.sign.shape === 'cosign' ? prepared.doc.cms : null,
    version: prepared.doc.version,
    reason: prepared.reason,
  };
}

export interface RunRequest {
  documentId: string;
  action: string;
  signature: string;
  reason?: string | null;
  version?: number;
}

/** The last event of a document, described for the one whose action lost the race. */
async function whatHappened(tx: Db, caller: Caller, doc: DocumentRow) {
  const { rows } = await tx.query<{
    action: string;
    actor_name: string | null;
    actor_identity: string | null;
    at: Date;
  }>(
    'select action, actor_name, actor_identity, at from document_events where document_id = $1 order by seq desc limit 1',
    [doc.id],
  );
  const last = rows[0];
  return new ApiError(409, 'STATUS_CHANGED', 'exchange:errors.statusChanged', {
    action: last ? translate(caller.lang, `exchange:action.${last.action}`) : '',
    by: last?.actor_name ?? last?.actor_identity ?? '',
    at: last ? new Date(last.at).toISOString().replace('T', ' ').slice(0, 16) : '',
    status: statusName(caller.lang, doc.kind, doc.status),
  });
}

/**
 * DocumentSignAction/run: verifies the signature (over exactly the bytes getModelSign gives now, by
 * the acting party, trusted and unexpired, never used before), timestamps it when it has none, joins
 * a co-signature, and applies the transition in one transaction that checks the document has not
 * changed since it was read: of two people acting at once exactly one wins.
 */
export async function runAction(
  ctx: SigningContext,
  caller: Caller,
  request: RunRequest,
  key: string | null,
) {
  const route = 'DocumentSignAction/run';
  const earlier = await storedAnswer<{ documentId: string; result: number }>(
    ctx.db,
    caller,
    route,
    key,
    request,
  );
  if (earlier) return { ...earlier, replayed: true };

  const context = { clientIp: caller.ip ?? undefined, host: caller.host };
  // The signature's cryptography runs while the document is read (half of run's time was the two one
  // after the other); its verdict is taken after the document's checks, so refusals come as before.
  const started = startCheck(ctx.signing, request.signature, context);
  const prepared = await prepare(ctx, caller, request.documentId, request.action, request.reason);
  const { doc, action } = prepared;
  if (request.version !== undefined && request.version !== doc.version)
    throw await whatHappened(ctx.db, caller, doc);
  const checked = await finishCheck(ctx.signing, started, prepared.bytes, context);
  const signer = checked.verified.signer;
  const cmsHash = sha256Hex(checked.cms);
  const [mayAct, used] = await Promise.all([
    signerMayAct(ctx.db, caller.user, caller.identity, signer),
    ctx.db.query('select 1 from document_signatures where cms_hash = $1 or cms_hash = $2', [
      cmsHash,
      sha256Hex(started.cms),
    ]),
  ]);
  if (!mayAct) throw new ApiError(403, 'WRONG_SIGNER', 'exchange:signature.WRONG_SIGNER');
  if (used.rows.length) throw new ApiError(409, 'SIGNATURE_REPLAYED', 'exchange:signature.REPLAYED');
  const joined =
    action.sign.shape === 'cosign'
      ? await joinSignatures(ctx.signing, doc.cms, checked.cms, context)
      : action.sign.shape === 'document'
        ? checked.cms
        : doc.cms;

  const answer = await idempotent(ctx.db, caller, route, key, request, async (tx) => {
    // Every change of a document row raises its version, so at the version read by prepare the row is
    // `doc` and the actions taken in its status are `prepared.acted`.
    const { rows: locked } = await tx.query<{ version: number }>(
      'select version from documents where id = $1 for update',
      [doc.id],
    );
    if (!locked[0]) throw notFound();
    if (locked[0].version !== doc.version) {
      const current = await loadDocument(tx, doc.id);
      throw await whatHappened(tx, caller, current ?? doc);
    }
    const current = doc;
    // Read after the lock (a bin or restore appends events without raising the version): the chain's
    // head and the party rows, in one statement.
    const { rows: afterLock } = await tx.query<{
      head: ChainHead | null;
      parties: Array<Pick<PartyRow, 'identity' | 'box'>> | null;
    }>(
      `select (select json_build_object('seq', seq, 'hash', hash) from document_events
                where document_id = $1 order by seq desc limit 1) as head,
              (select json_agg(json_build_object('identity', identity, 'box', box))
                 from document_parties where document_id = $1) as parties`,
      [doc.id],
    );
    const head = afterLock[0]?.head ?? null;
    const partyRows = afterLock[0]?.parties ?? [];
    const now = ctx.now();
    const acted = prepared.acted;
    const declared = partiesOf(doc.kind, prepared.content);
    const to =
      nextStatus(doc.kind, action.name, {
        status: doc.status,
        content: prepared.content,
        parties: declared,
        acted,
        identity: caller.identity,
      }) ?? doc.status;
    const serial = serialForms(signer.serialNumber);
    const signatureId = randomUUID();
    const sending = action.sign.shape === 'document';
    const signedBytes = sending ? prepared.bytes : current.signed_bytes;
    const contentHash = sending ? sha256Hex(prepared.bytes) : current.content_hash;
    const updated: DocumentRow = {
      ...current,
      status: to,
      version: current.version + 1,
      content: sending ? prepared.content : current.content,
      signed_bytes: signedBytes,
      content_hash: contentHash,
      cms: joined,
      updated_at: now,
      updated_by: caller.user.userId,
      sent_at: sending ? now : current.sent_at,
    };
    // The signature, the document and the event written by one statement (one round trip).
    const written = combineStatements([
      {
        sql: `insert into document_signatures (id, document_id, action, party_role, party_identity, signer_tin,
           signer_pinfl, signer_name, signer_organization, serial_hex, serial_dec, signed_at, timestamp_at,
           timestamp_token, cms, cms_hash, bytes_hash, ip, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
        params: [
          signatureId,
          doc.id,
          action.name,
          prepared.role,
          caller.identity,
          signer.tin ?? null,
          signer.pinfl ?? null,
          signer.subjectCN,
          signer.organization ?? null,
          serial.hex,
          serial.dec,
          checked.verified.signingTime ?? null,
          checked.verified.timestampTime ?? null,
          checked.timestampToken,
          checked.cms,
          cmsHash,
          sha256Hex(prepared.bytes),
          caller.ip ?? null,
          now,
        ],
      },
      {
        sql: `update documents set status = $2, version = $3, content = $4, signed_bytes = $5, content_hash = $6,
           cms = $7, updated_at = $8, updated_by = $9, sent_at = $10 where id = $1`,
        params: [
          doc.id,
          to,
          updated.version,
          JSON.stringify(updated.content),
          signedBytes ? Buffer.from(signedBytes) : null,
          contentHash,
          joined,
          now,
          caller.user.userId,
          updated.sent_at,
        ],
      },
      eventStatement(
        {
          documentId: doc.id,
          action: action.name,
          fromStatus: doc.status,
          toStatus: to,
          actorUserId: caller.user.userId,
          actorOrgId: caller.user.organizationId,
          actorIdentity: caller.identity,
          actorRole: prepared.role,
          actorName: signer.subjectCN,
          reason: prepared.reason,
          signatureId,
          signatureHash: cmsHash,
          contentHash,
          at: now,
        },
        head,
      ),
    ]);
    await tx.query(written.sql, written.params);
    const actedNow =
      to === doc.status
        ? [...acted, { role: prepared.role, identity: caller.identity, action: action.name }]
        : [];
    await syncPartyRows(tx, updated, declared, partyRows, actedNow);
    const event: TransitionEvent = {
      documentId: doc.id,
      kind: doc.kind,
      number: current.number,
      action: action.name,
      fromStatus: doc.status,
      toStatus: to,
      parties: declared,
      actor: {
        userId: caller.user.userId,
        organizationId: caller.user.organizationId,
        identity: caller.identity,
        role: prepared.role,
      },
      reason: prepared.reason,
      total: current.total_sum,
      at: now,
    };
    for (const listener of ctx.listeners) await listener(tx, event);
    return { documentId: doc.id, result: action.result };
  });
  return { ...answer.value, replayed: answer.replayed };
}

/** The success message of an action's result code (spec §4). */
export function resultMessage(lang: Locale, result: number) {
  return translate(lang, `exchange:result.${result}`);
}

export async function runAndView(
  ctx: SigningContext,
  caller: Caller,
  request: RunRequest,
  key: string | null,
) {
  const outcome = await runAction(ctx, caller, request, key);
  return {
    code: outcome.result,
    message: resultMessage(caller.lang, outcome.result),
    data: await documentView(ctx.db, caller, outcome.documentId),
  };
}

export { getLifecycle };
