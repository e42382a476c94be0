import { randomUUID } from 'node:crypto';
import type { Locale } from '../../../engine/constants';
import {
  actionInfo,
  bytesToSign,
  type DocumentParty,
  getLifecycle,
  nextStatus,
  partiesOf,
  REASON_MAX_LENGTH,
  type Role,
  statusInfo,
} from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import { combineStatements, type Statement } from '../../db/combine';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import type { SignatureService } from '../../signing';
import {
  ACTING_SIGNERS_SQL,
  type ActingSigners,
  APPROVAL_STATE_SQL,
  type ApprovalState,
  requireApproval,
  requireDocumentRight,
  signerMayActGiven,
} from '../access';
import { ACTED_IN_STATUS_SQL } from './acted';
import { type ChainHead, eventStatement, sha256Hex } from './chain';
import {
  duplicateError,
  findSent,
  rethrowDuplicate,
  type SendKey,
  sendKeyInsert,
  sendKeyOf,
  sendKeyRelease,
} from './duplicates';
import { idempotent, storedAnswer } from './idempotency';
import { holdersOf, PARTY_ROW_COLUMNS, partyRowsWrites } from './partyRows';
import { loadDocument, loadVisible, notFound } from './rows';
import { finishCheck, joinSignatures, serialForms, startCheck, toBase64 } from './signatures';
import type { ActedEntry, Caller, DocumentRow, DocumentsContext, PartyRow, TransitionEvent } from './types';
import { validateContent } from './validation';
import {
  apiKeysOf,
  documentView,
  documentViewOf,
  EVENT_API_KEYS_SQL,
  EVENT_VIEW_COLUMNS,
  SIGNATURE_VIEW_COLUMNS,
  signedActionsFor,
  type ViewRows,
} from './view';

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
  /** For `send`: the key no other standing sent document may hold (duplicates.ts). */
  sendKey: SendKey | null;
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
 * The id an object-shaped action's signed fields name (`{"documentId": true}`): Hujjat's, unless a
 * registered resolver knows the one the document travels under (the operator's id).
 */
async function signedIdOf(
  ctx: DocumentsContext,
  caller: Caller,
  documentId: string,
  action: Prepared['action'],
): Promise<string> {
  const namesId = Object.values(action.sign.fields ?? {}).some((field) => 'documentId' in field);
  if (!namesId) return documentId;
  for (const resolve of ctx.signedIds ?? []) {
    const id = await resolve(ctx.db, caller, documentId);
    if (id) return id;
  }
  return documentId;
}

/** What run reads with the document for its later checks (the same statement, no round trip of its own). */
interface RunReads {
  /** Who may sign for the caller's organisation (signerMayActGiven). */
  acting: ActingSigners | null;
  /** The received CMS was used before. */
  used: boolean;
}

/**
 * Everything an action needs before anyone signs: the document is visible, the action is one the
 * kind declares and the caller's role may take in this status, the caller has the right, the reason
 * is given where required, the draft passes every rule (send) — and the exact bytes to sign. The
 * document, its party rows, the actions taken in its status and the approval state are one statement;
 * run (`receivedCmsHash`) reads who may sign and whether the CMS was used in it too.
 */
async function prepare(
  ctx: DocumentsContext,
  caller: Caller,
  documentId: string,
  actionName: string,
  reason?: string | null,
  receivedCmsHash?: string,
): Promise<Prepared & { run: RunReads }> {
  const { doc, party, parties, also } = await loadVisible(ctx.db, caller, documentId, {
    includeBinned: false,
    also: {
      acted: { sql: ACTED_IN_STATUS_SQL, params: [] },
      approval: { sql: APPROVAL_STATE_SQL, params: [caller.user.organizationId] },
      ...(receivedCmsHash === undefined
        ? {}
        : {
            acting: { sql: ACTING_SIGNERS_SQL, params: [caller.user.userId, caller.user.organizationId] },
            used: {
              sql: 'exists (select 1 from document_signatures s where s.cms_hash = $1)',
              params: [receivedCmsHash],
            },
          }),
    },
  });
  const action = actionInfo(doc.kind, actionName);
  if (!action)
    throw new ApiError(400, 'UNSUPPORTED_ACTION', 'exchange:errors.unsupportedAction', {
      action: actionName,
    });
  await requireDocumentRight(ctx.db, caller.user, doc.kind, action.right);
  const acted = also.acted as ActedEntry[];
  const available = await signedActionsFor(ctx.db, caller, doc, party, new Set([action.right]), acted);
  if (!available.some((candidate) => candidate.name === actionName))
    throw new ApiError(409, 'ACTION_NOT_ALLOWED', 'exchange:errors.actionNotAllowed', {
      action: translate(caller.lang, `exchange:action.${actionName}`),
      status: statusName(caller.lang, doc.kind, doc.status),
    });
  const checkedReason = checkReason(action, reason);
  let content = doc.content;
  let sendKey: SendKey | null = null;
  if (action.sign.shape === 'document') {
    // A kind the organisation marked for internal approval is sent only with an approved route for
    // exactly this content (spec §4 agreement actions).
    requireApproval(also.approval as ApprovalState);
    // The number and date the rules check are those the document's key is made of.
    sendKey = sendKeyOf(doc.kind, doc.content, doc.owner_org_id);
    const [valid, sent] = await Promise.all([
      validateContent(ctx.db, caller, doc.kind, doc.content, { documentId, now: ctx.now() }),
      sendKey ? findSent(ctx.db, sendKey, doc.id) : null,
    ]);
    content = valid;
    if (sent) throw duplicateError(caller.lang, doc.kind, sent);
  }
  for (const gate of ctx.gates ?? [])
    await gate({ caller, kind: doc.kind, action: actionName, content, documentId, now: ctx.now() });
  const bytes = bytesToSign(doc.kind, actionName, {
    content,
    signedBytes: doc.signed_bytes,
    reason: checkedReason,
    documentId: await signedIdOf(ctx, caller, doc.id, action),
    parties: partiesOf(doc.kind, content),
  });
  return {
    doc,
    party,
    parties,
    action,
    role: action.by,
    reason: checkedReason,
    bytes,
    content,
    acted,
    sendKey,
    run: { acting: (also.acting ?? null) as ActingSigners | null, used: also.used === true },
  };
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
  /** view: also answer the rows of the document's view (runAndView), read and written by the transaction. */
  options: { view?: boolean } = {},
) {
  const route = 'DocumentSignAction/run';
  const earlier = await storedAnswer<{ documentId: string; result: number }>(
    ctx.db,
    caller,
    route,
    key,
    request,
  );
  if (earlier) return { ...earlier, replayed: true, view: null };

  const context = { clientIp: caller.ip ?? undefined, host: caller.host };
  // The signature's cryptography runs while the document is read (half of run's time was the two one
  // after the other); its verdict is taken after the document's checks, so refusals come as before.
  const started = startCheck(ctx.signing, request.signature, context);
  // Who may sign for the organisation and whether the received CMS was used are read with the
  // document (one statement); they are judged after the verdict, as before.
  const prepared = await prepare(
    ctx,
    caller,
    request.documentId,
    request.action,
    request.reason,
    sha256Hex(started.cms),
  );
  const { doc, action } = prepared;
  if (request.version !== undefined && request.version !== doc.version)
    throw await whatHappened(ctx.db, caller, doc);
  const checked = await finishCheck(ctx.signing, started, prepared.bytes, context);
  const signer = checked.verified.signer;
  const cmsHash = sha256Hex(checked.cms);
  if (!signerMayActGiven(caller.user, caller.identity, signer, prepared.run.acting))
    throw new ApiError(403, 'WRONG_SIGNER', 'exchange:signature.WRONG_SIGNER');
  // A CMS the server stamped is a new one: its hash is looked up on its own.
  const used =
    prepared.run.used ||
    (checked.cms !== started.cms &&
      (await ctx.db.query('select 1 from document_signatures where cms_hash = $1', [cmsHash])).rows.length >
        0);
  if (used) throw new ApiError(409, 'SIGNATURE_REPLAYED', 'exchange:signature.REPLAYED');
  const joined =
    action.sign.shape === 'cosign'
      ? await joinSignatures(ctx.signing, doc.cms, checked.cms, context)
      : action.sign.shape === 'document'
        ? checked.cms
        : doc.cms;

  // The view answered by runAndView, from the rows the transaction reads and writes (set on commit).
  let viewRows: ViewRows | null = null;
  const declared = partiesOf(doc.kind, prepared.content);
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
    // Read after the lock (a bin or restore appends events without raising the version), in one
    // statement: the event chain (its head; for the view every event), the party rows' boxes and, for
    // the view, the signatures and which parties have an account.
    const read = await readAfterLock(
      tx,
      doc.id,
      options.view ? holdersOf(declared).map((h) => h.identity) : null,
    );
    const head = read.events.length ? (read.events[read.events.length - 1] as ChainHead) : null;
    const partyRows = read.parties;
    const now = ctx.now();
    const acted = prepared.acted;
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
    const actedNow =
      to === doc.status
        ? [...acted, { role: prepared.role, identity: caller.identity, action: action.name }]
        : [];
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
    const signature = {
      id: signatureId,
      action: action.name,
      party_role: prepared.role,
      party_identity: caller.identity,
      signer_tin: signer.tin ?? null,
      signer_pinfl: signer.pinfl ?? null,
      signer_name: signer.subjectCN,
      signer_organization: signer.organization ?? null,
      serial_hex: serial.hex,
      serial_dec: serial.dec,
      signed_at: checked.verified.signingTime ?? null,
      timestamp_at: checked.verified.timestampTime ?? null,
      ip: caller.ip ?? null,
      created_at: now,
    };
    const chained = eventStatement(
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
    );
    const parties = partyRowsWrites(updated, declared, partyRows, actedNow);
    // The signature, the document, the event, every party row and the write-only listeners' rows in one
    // statement (one round trip); the party rows come back for the view, with the stored content when
    // it changed (jsonb orders an object's keys its own way).
    const statements: Statement[] = [
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
          signature.signer_tin,
          signature.signer_pinfl,
          signature.signer_name,
          signature.signer_organization,
          serial.hex,
          serial.dec,
          signature.signed_at,
          signature.timestamp_at,
          checked.timestampToken,
          checked.cms,
          cmsHash,
          sha256Hex(prepared.bytes),
          signature.ip,
          now,
        ],
      },
      {
        sql: `update documents set status = $2, version = $3, content = $4, signed_bytes = $5, content_hash = $6,
           cms = $7, updated_at = $8, updated_by = $9, sent_at = $10 where id = $1${sending ? ' returning content' : ''}`,
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
      chained,
      // Sent: the document's key, which another standing one with the same key refuses (a lost race
      // of two duplicates fails here, named below); withdrawn: the key freed.
      ...(sending && prepared.sendKey ? [sendKeyInsert(doc.id, prepared.sendKey)] : []),
      ...[sendKeyRelease(doc.kind, doc.id, to)].filter((statement) => statement !== null),
      ...ctx.listeners.flatMap((listener) => (typeof listener === 'function' ? [] : listener.writes(event))),
    ];
    const DOCUMENT_STATEMENT = 1; // its CTE is w1 (combineStatements)
    if (parties.upsert) {
      const params = sending ? [...parties.upsert.params, declaredFirst(declared)] : parties.upsert.params;
      statements.push({
        sql: `${parties.upsert.sql} returning ${PARTY_ROW_COLUMNS}${
          sending
            ? `, case when identity = $${params.length} then (select content from w${DOCUMENT_STATEMENT}) end as stored_content`
            : ''
        }`,
        params,
      });
    }
    const written = combineStatements(statements);
    const { rows: returned } = await tx.query<PartyRow & { stored_content?: unknown }>(
      written.sql,
      written.params,
    );
    for (const statement of parties.gone) await tx.query(statement.sql, statement.params);
    for (const listener of ctx.listeners) if (typeof listener === 'function') await listener(tx, event);
    if (options.view && parties.upsert && !parties.gone.length) {
      const stored = returned.find((row) => row.stored_content !== undefined && row.stored_content !== null);
      viewRows = {
        doc: { ...updated, content: sending ? normalizeContent(stored?.stored_content) : current.content },
        parties: returned
          .map(({ stored_content: _, ...row }) => row as PartyRow)
          .sort((a, b) => (a.identity < b.identity ? -1 : a.identity > b.identity ? 1 : 0)),
        signatures: withSignature(read.signatures, signature),
        events: [...read.events, viewOfEvent(chained.event)],
        accounts: read.accounts,
        apiKeys: caller.user.apiKeyId
          ? { ...read.apiKeys, [caller.user.userId]: caller.user.apiKeyName ?? '' }
          : read.apiKeys,
      };
    }
    return { documentId: doc.id, result: action.result };
  }).catch((error: unknown) =>
    rethrowDuplicate(error, ctx.db, caller.lang, doc.kind, prepared.sendKey, doc.id),
  );
  return { ...answer.value, replayed: answer.replayed, view: answer.replayed ? null : viewRows };
}

/** The identity whose returned party row carries the stored content (any one holder). */
function declaredFirst(declared: DocumentParty[]): string | null {
  return holdersOf(declared)[0]?.identity ?? null;
}

function normalizeContent(content: unknown): Record<string, unknown> {
  return (typeof content === 'string' ? JSON.parse(content) : content) as Record<string, unknown>;
}

interface AfterLock {
  /** Every event (EVENT_VIEW_COLUMNS and the hash) by seq; without the view only the head. */
  events: Array<Record<string, any>>;
  parties: Array<Pick<PartyRow, 'identity' | 'box'>>;
  signatures: Array<Record<string, any>>;
  accounts: string[];
  apiKeys: Record<string, string>;
}

const jsonColumns = (columns: string, alias: string) =>
  columns
    .split(',')
    .map((column) => column.trim())
    .map((column) => `'${column}', ${alias}.${column}`)
    .join(', ');

/** A timestamptz read through JSON, back to the Date the drivers answer. */
const dateOf = (value: string | null) => (value === null ? null : new Date(value));

async function readAfterLock(tx: Db, documentId: string, identities: string[] | null): Promise<AfterLock> {
  const view = identities !== null;
  const { rows } = await tx.query<{
    events: Array<Record<string, any>> | null;
    parties: Array<Pick<PartyRow, 'identity' | 'box'>> | null;
    signatures: Array<Record<string, any>> | null;
    accounts: string[] | null;
    api_keys?: unknown;
  }>(
    view
      ? `select (select json_agg(json_build_object(${jsonColumns(EVENT_VIEW_COLUMNS, 'e')}, 'hash', e.hash) order by e.seq)
                   from document_events e where e.document_id = $1) as events,
                (select json_agg(json_build_object('identity', identity, 'box', box))
                   from document_parties where document_id = $1) as parties,
                (select json_agg(json_build_object(${jsonColumns(SIGNATURE_VIEW_COLUMNS, 's')},
                          'order_us', floor(extract(epoch from s.created_at) * 1000000)::bigint::text)
                        order by s.created_at, s.id)
                   from document_signatures s where s.document_id = $1) as signatures,
                (select json_agg(coalesce(tin, pinfl)) from organizations where tin = any($2) or pinfl = any($2)) as accounts,
                (${EVENT_API_KEYS_SQL}) as api_keys`
      : `select (select json_agg(json_build_object('seq', seq, 'hash', hash)) from (select seq, hash from document_events
                   where document_id = $1 order by seq desc limit 1) last) as events,
                (select json_agg(json_build_object('identity', identity, 'box', box))
                   from document_parties where document_id = $1) as parties`,
    view ? [documentId, identities] : [documentId],
  );
  const row = rows[0];
  return {
    events: (row?.events ?? []).map((event) => (view ? { ...event, at: dateOf(event.at) } : event)),
    parties: row?.parties ?? [],
    signatures: (row?.signatures ?? []).map((signature) => ({
      ...signature,
      signed_at: dateOf(signature.signed_at),
      timestamp_at: dateOf(signature.timestamp_at),
      created_at: dateOf(signature.created_at),
    })),
    accounts: row?.accounts ?? [],
    apiKeys: apiKeysOf(row?.api_keys),
  };
}

/** The signatures read (by created_at, id) with the one just written in its place among them. */
function withSignature(
  read: Array<Record<string, any>>,
  added: Record<string, any> & { id: string; created_at: Date },
) {
  const addedUs = BigInt(added.created_at.getTime()) * 1000n;
  const after = (row: Record<string, any>) => {
    const us = BigInt(row.order_us);
    return us > addedUs || (us === addedUs && row.id > added.id);
  };
  const index = read.findIndex(after);
  const rows = read.map(({ order_us: _, ...row }) => row);
  rows.splice(index === -1 ? rows.length : index, 0, added);
  return rows;
}

/** An event as the view reads it (EVENT_VIEW_COLUMNS). */
function viewOfEvent(event: ReturnType<typeof eventStatement>['event']) {
  return {
    seq: event.seq,
    action: event.action,
    from_status: event.fromStatus,
    to_status: event.toStatus,
    actor_user_id: event.actorUserId,
    actor_identity: event.actorIdentity,
    actor_role: event.actorRole,
    actor_name: event.actorName,
    reason: event.reason,
    at: event.at,
    signature_id: event.signatureId,
  };
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
  const outcome = await runAction(ctx, caller, request, key, { view: true });
  return {
    code: outcome.result,
    message: resultMessage(caller.lang, outcome.result),
    // The view from the transaction's rows; an answer replayed for an Idempotency-Key reads it.
    data: outcome.view
      ? await documentViewOf(ctx.db, caller, outcome.view)
      : await documentView(ctx.db, caller, outcome.documentId),
  };
}

export { getLifecycle };
