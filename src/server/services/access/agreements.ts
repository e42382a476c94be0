// Internal approval before signing (issue 15 §5): whoever prepares a document sends it to staff
// members for approval, in order or all at once, with a comment; each approves or declines with a
// comment; a controller (the director or a staff manager) may decide for the whole route; the signer
// sees the route before signing; a kind the organisation marked (approvalSettings) cannot be sent
// until its route is approved for the document's current content.
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { adminAction, documentAction } from './actions';
import { requiresApproval } from './approvalSettings';
import { rightsOf } from './rights';

export type AgreementMode = 'sequential' | 'parallel';
export type AgreementStatus = 'pending' | 'approved' | 'declined';
export type Decision = 'pending' | 'approved' | 'declined';

/** The document as the agreement needs it (the caller resolves visibility: another's is a 404). */
export interface AgreedDocument {
  id: string;
  kind: string;
  contentHash: string;
  /** The document's status is final: nothing is left to approve (no new route, no resend). */
  final?: boolean;
  /**
   * False when the life cycle waits for another party, not the caller's organisation (a sent
   * document waiting for the buyer): there is nothing of its own to sign, so nothing to approve.
   */
  awaitsCaller?: boolean;
}

/** A new route or a resend makes sense only while the caller has something to sign. */
const approvable = (doc: AgreedDocument) => !doc.final && doc.awaitsCaller !== false;

export interface PerformerView {
  userId: string;
  fullName: string;
  position: number;
  decision: Decision;
  comment: string | null;
  decidedAt: string | null;
  /** Whether it is this performer's turn now (sequential: everyone before approved). */
  current: boolean;
}

export interface AgreementEventView {
  id: string;
  round: number;
  action: string;
  actorUserId: string | null;
  actorName: string;
  comment: string | null;
  at: string;
}

export interface AgreementInfo {
  documentId: string;
  /** The organisation requires approval of this kind before sending. */
  required: boolean;
  /** An approved route for the document's current content. */
  agreed: boolean;
  agreement: null | {
    id: string;
    mode: AgreementMode;
    comment: string;
    status: AgreementStatus;
    round: number;
    /** The document changed since the route was started: its approvals are of other content. */
    stale: boolean;
    createdBy: string | null;
    createdByName: string | null;
    createdAt: string;
    updatedAt: string;
  };
  performers: PerformerView[];
  /** What the caller may do now. */
  can: { create: boolean; decide: boolean; control: boolean; resend: boolean; delete: boolean };
}

interface AgreementRow {
  id: string;
  mode: AgreementMode;
  comment: string;
  status: AgreementStatus;
  round: number;
  content_hash: string;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

async function loadAgreement(
  db: Db,
  user: AuthUser,
  documentId: string,
  forUpdate = false,
): Promise<AgreementRow | null> {
  const { rows } = await db.query<AgreementRow>(
    `select a.id, a.mode, a.comment, a.status, a.round, a.content_hash, a.created_by, u.full_name as created_by_name,
            a.created_at, a.updated_at
       from document_agreements a left join users u on u.id = a.created_by
      where a.document_id = $1 and a.organization_id = $2${forUpdate ? ' for update of a' : ''}`,
    [documentId, user.organizationId],
  );
  return rows[0] ?? null;
}

async function loadPerformers(db: Db, agreement: AgreementRow | null): Promise<PerformerView[]> {
  if (!agreement) return [];
  const { rows } = await db.query<{
    user_id: string;
    full_name: string;
    position: number;
    decision: Decision;
    comment: string | null;
    decided_at: Date | string | null;
  }>(
    `select p.user_id, u.full_name, p.position, p.decision, p.comment, p.decided_at
       from agreement_performers p join users u on u.id = p.user_id
      where p.agreement_id = $1 order by p.position`,
    [agreement.id],
  );
  const firstPending = rows.find((row) => row.decision === 'pending')?.position;
  return rows.map((row) => ({
    userId: row.user_id,
    fullName: row.full_name,
    position: row.position,
    decision: row.decision,
    comment: row.comment,
    decidedAt: iso(row.decided_at),
    current:
      agreement.status === 'pending' &&
      row.decision === 'pending' &&
      (agreement.mode === 'parallel' || row.position === firstPending),
  }));
}

async function actorName(db: Db, user: AuthUser): Promise<string> {
  const { rows } = await db.query<{ full_name: string }>('select full_name from users where id = $1', [
    user.userId,
  ]);
  return rows[0]?.full_name ?? '';
}

async function record(
  db: Db,
  user: AuthUser,
  documentId: string,
  round: number,
  action: string,
  comment?: string | null,
) {
  await db.query(
    `insert into agreement_events (document_id, organization_id, round, action, actor_user_id, actor_name, comment)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [documentId, user.organizationId, round, action, user.userId, await actorName(db, user), comment ?? null],
  );
}

/** The director (owner) and staff managers (admin:staff) may decide for a whole route. */
function isController(rights: Set<string>): boolean {
  return rights.has(adminAction('staff'));
}

/** Whoever prepares or sends documents of the kind starts and restarts routes. */
function mayPrepare(rights: Set<string>, kind: string): boolean {
  return rights.has(documentAction(kind, 'create')) || rights.has(documentAction(kind, 'send'));
}

const conflict = (key: string) => new ApiError(409, 'AGREEMENT_STATE', `access:agreement.${key}`);

export async function agreementInfo(db: Db, user: AuthUser, doc: AgreedDocument): Promise<AgreementInfo> {
  const [agreement, rights, required] = await Promise.all([
    loadAgreement(db, user, doc.id),
    rightsOf(db, user),
    requiresApproval(db, user.organizationId, doc.kind),
  ]);
  const performers = await loadPerformers(db, agreement);
  const stale = agreement ? agreement.content_hash !== doc.contentHash : false;
  const prepare = mayPrepare(rights, doc.kind);
  const control = isController(rights);
  const own = agreement?.created_by === user.userId;
  return {
    documentId: doc.id,
    required,
    agreed: agreement?.status === 'approved' && !stale,
    agreement: agreement && {
      id: agreement.id,
      mode: agreement.mode,
      comment: agreement.comment,
      status: agreement.status,
      round: agreement.round,
      stale,
      createdBy: agreement.created_by,
      createdByName: agreement.created_by_name,
      createdAt: iso(agreement.created_at)!,
      updatedAt: iso(agreement.updated_at)!,
    },
    performers,
    can: {
      create: !agreement && prepare && approvable(doc),
      decide: !stale && performers.some((p) => p.current && p.userId === user.userId),
      control: Boolean(agreement) && agreement!.status === 'pending' && control,
      resend:
        Boolean(agreement) &&
        approvable(doc) &&
        (own || control) &&
        prepare &&
        (agreement!.status !== 'pending' || stale),
      delete: Boolean(agreement) && (own || control),
    },
  };
}

export async function createAgreement(
  db: Db,
  user: AuthUser,
  doc: AgreedDocument,
  input: { performers: string[]; mode: AgreementMode; comment?: string },
): Promise<AgreementInfo> {
  const rights = await rightsOf(db, user);
  if (!mayPrepare(rights, doc.kind)) throw new ApiError(403, 'NO_AUTHORITY', 'access:errors.noAuthority');
  if (doc.final) throw conflict('finalDocument');
  if (!approvable(doc)) throw conflict('notAwaiting');
  const performers = [...new Set(input.performers)];
  if (!performers.length) throw new ApiError(400, 'NO_PERFORMERS', 'access:agreement.noPerformers');
  const { rows: staff } = await db.query<{ user_id: string }>(
    `select m.user_id from memberships m join users u on u.id = m.user_id
      where m.organization_id = $1 and m.is_active and u.is_active and m.user_id = any($2::uuid[])`,
    [user.organizationId, performers],
  );
  if (staff.length !== performers.length) throw new ApiError(404, 'NOT_FOUND', 'access:errors.staffNotFound');
  await db.transaction(async (tx) => {
    let id: string;
    try {
      const { rows } = await tx.query<{ id: string }>(
        `insert into document_agreements (document_id, organization_id, mode, comment, content_hash, created_by)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [doc.id, user.organizationId, input.mode, input.comment?.trim() ?? '', doc.contentHash, user.userId],
      );
      id = rows[0].id;
    } catch (error) {
      if (/duplicate key/.test(String((error as Error).message))) throw conflict('exists');
      throw error;
    }
    for (const [position, performer] of performers.entries()) {
      await tx.query(
        'insert into agreement_performers (agreement_id, user_id, position) values ($1, $2, $3)',
        [id, performer, position],
      );
    }
    await record(tx, user, doc.id, 1, 'created', input.comment);
  });
  return agreementInfo(db, user, doc);
}

/** A performer's decision (makeAcceptanceUser): in turn, on the current content; declining needs a comment. */
export async function decideAsPerformer(
  db: Db,
  user: AuthUser,
  doc: AgreedDocument,
  input: { approve: boolean; comment?: string },
): Promise<AgreementInfo> {
  const comment = input.comment?.trim() || null;
  if (!input.approve && !comment)
    throw new ApiError(400, 'COMMENT_REQUIRED', 'access:agreement.commentRequired');
  await db.transaction(async (tx) => {
    const agreement = await loadAgreement(tx, user, doc.id, true);
    if (!agreement) throw new ApiError(404, 'NOT_FOUND', 'access:agreement.none');
    if (agreement.status !== 'pending') throw conflict('finished');
    if (agreement.content_hash !== doc.contentHash) throw conflict('stale');
    const performers = await loadPerformers(tx, agreement);
    const me = performers.find((p) => p.userId === user.userId);
    if (!me) throw new ApiError(403, 'NOT_A_PERFORMER', 'access:agreement.notAPerformer');
    if (!me.current) throw conflict(me.decision === 'pending' ? 'notYourTurn' : 'alreadyDecided');
    await tx.query(
      `update agreement_performers set decision = $3, comment = $4, decided_at = now()
        where agreement_id = $1 and user_id = $2`,
      [agreement.id, user.userId, input.approve ? 'approved' : 'declined', comment],
    );
    const last = performers.every((p) => p.userId === user.userId || p.decision === 'approved');
    const status: AgreementStatus = !input.approve ? 'declined' : last ? 'approved' : 'pending';
    await tx.query('update document_agreements set status = $2, updated_at = now() where id = $1', [
      agreement.id,
      status,
    ]);
    await record(tx, user, doc.id, agreement.round, input.approve ? 'approved' : 'declined', comment);
  });
  return agreementInfo(db, user, doc);
}

/** A controller decides for the whole route (makeAcceptanceController). */
export async function decideAsController(
  db: Db,
  user: AuthUser,
  doc: AgreedDocument,
  input: { approve: boolean; comment?: string },
): Promise<AgreementInfo> {
  const comment = input.comment?.trim() || null;
  if (!input.approve && !comment)
    throw new ApiError(400, 'COMMENT_REQUIRED', 'access:agreement.commentRequired');
  if (!isController(await rightsOf(db, user)))
    throw new ApiError(403, 'NO_AUTHORITY', 'access:agreement.notAController');
  await db.transaction(async (tx) => {
    const agreement = await loadAgreement(tx, user, doc.id, true);
    if (!agreement) throw new ApiError(404, 'NOT_FOUND', 'access:agreement.none');
    if (agreement.status !== 'pending') throw conflict('finished');
    await tx.query(
      `update document_agreements set status = $2, content_hash = $3, updated_at = now() where id = $1`,
      [agreement.id, input.approve ? 'approved' : 'declined', doc.contentHash],
    );
    await record(
      tx,
      user,
      doc.id,
      agreement.round,
      input.approve ? 'controllerApproved' : 'controllerDeclined',
      comment,
    );
  });
  return agreementInfo(db, user, doc);
}

/** Starts the route again for the document's current content (after a decline or an edit). */
export async function resendForAgree(
  db: Db,
  user: AuthUser,
  doc: AgreedDocument,
  input: { comment?: string },
): Promise<AgreementInfo> {
  const info = await agreementInfo(db, user, doc);
  if (!info.agreement) throw new ApiError(404, 'NOT_FOUND', 'access:agreement.none');
  if (!info.can.resend) {
    if (info.agreement.status === 'pending' && !info.agreement.stale) throw conflict('stillPending');
    throw new ApiError(403, 'NO_AUTHORITY', 'access:agreement.notYours');
  }
  await db.transaction(async (tx) => {
    const agreement = await loadAgreement(tx, user, doc.id, true);
    if (!agreement) throw new ApiError(404, 'NOT_FOUND', 'access:agreement.none');
    const comment = input.comment?.trim();
    await tx.query(
      `update document_agreements set status = 'pending', round = round + 1, content_hash = $2,
              comment = coalesce($3, comment), updated_at = now() where id = $1`,
      [agreement.id, doc.contentHash, comment || null],
    );
    await tx.query(
      `update agreement_performers set decision = 'pending', comment = null, decided_at = null where agreement_id = $1`,
      [agreement.id],
    );
    await record(tx, user, doc.id, agreement.round + 1, 'resent', comment);
  });
  return agreementInfo(db, user, doc);
}

/** Removes the route (its history stays). The one who started it or a controller may. */
export async function deleteAgreement(db: Db, user: AuthUser, doc: AgreedDocument): Promise<AgreementInfo> {
  const info = await agreementInfo(db, user, doc);
  if (!info.agreement) throw new ApiError(404, 'NOT_FOUND', 'access:agreement.none');
  if (!info.can.delete) throw new ApiError(403, 'NO_AUTHORITY', 'access:agreement.notYours');
  await db.transaction(async (tx) => {
    await tx.query('delete from document_agreements where document_id = $1 and organization_id = $2', [
      doc.id,
      user.organizationId,
    ]);
    await record(tx, user, doc.id, info.agreement!.round, 'deleted');
  });
  return agreementInfo(db, user, doc);
}

export async function agreementHistory(
  db: Db,
  user: AuthUser,
  documentId: string,
): Promise<AgreementEventView[]> {
  const { rows } = await db.query<{
    id: string | number;
    round: number;
    action: string;
    actor_user_id: string | null;
    actor_name: string;
    comment: string | null;
    at: Date | string;
  }>(
    `select id, round, action, actor_user_id, actor_name, comment, at from agreement_events
      where document_id = $1 and organization_id = $2 order by id`,
    [documentId, user.organizationId],
  );
  return rows.map((row) => ({
    id: String(row.id),
    round: row.round,
    action: row.action,
    actorUserId: row.actor_user_id,
    actorName: row.actor_name,
    comment: row.comment,
    at: iso(row.at)!,
  }));
}

/** What decides whether a document may be sent when its organisation requires approval. */
export interface ApprovalState {
  required: boolean;
  status: string | null;
  agreed_hash: string | null;
  current_hash: string | null;
}

/**
 * The approval state of the document row `d` as one scalar subquery ($1 the caller's organisation)
 * that another statement may carry (run reads it with the document); `requireApproval` decides.
 */
export const APPROVAL_STATE_SQL = `json_build_object(
    'required', exists (select 1 from approval_requirements r where r.organization_id = $1 and r.kind = d.kind),
    'status', (select a.status from document_agreements a where a.document_id = d.id and a.organization_id = $1),
    'agreed_hash', (select a.content_hash from document_agreements a where a.document_id = d.id and a.organization_id = $1),
    'current_hash', d.content_hash)`;

/** 409 APPROVAL_REQUIRED unless the state allows sending (see requireApprovalIfConfigured). */
export function requireApproval(state: ApprovalState | undefined): void {
  if (!state?.required) return;
  if (state.status === 'approved' && state.agreed_hash === state.current_hash) return;
  throw new ApiError(409, 'APPROVAL_REQUIRED', 'access:agreement.required');
}

/**
 * For the documents service's send: when the organisation requires approval of this kind, the
 * document must have an approved route for its current content, else 409 APPROVAL_REQUIRED.
 * One query when the kind needs no approval.
 */
export async function requireApprovalIfConfigured(
  db: Db,
  user: AuthUser,
  documentId: string,
  kind: string,
): Promise<void> {
  const { rows } = await db.query<ApprovalState>(
    `select exists (select 1 from approval_requirements r where r.organization_id = $2 and r.kind = $3) as required,
            a.status, a.content_hash as agreed_hash, d.content_hash as current_hash
       from documents d
       left join document_agreements a on a.document_id = d.id and a.organization_id = $2
      where d.id = $1`,
    [documentId, user.organizationId, kind],
  );
  requireApproval(rows[0]);
}
