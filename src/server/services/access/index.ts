// Who may do what with documents and settings (issue 15; docs/access.md). The documents service
// calls requireDocumentRight, documentRights and signerMayAct on every document route; each is one
// indexed query.
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { type AdminRight, adminAction, DOCUMENT_RIGHTS, type DocumentRight, documentAction } from './actions';
import { grantsOf, rightsOf } from './rights';
import { auditSettings } from './settingsAudit';

export type { ActionInfo, AdminRight, DocumentRight } from './actions';
export { ADMIN_RIGHTS, actionCatalogue, adminAction, DOCUMENT_RIGHTS, documentAction } from './actions';
export {
  APPROVAL_STATE_SQL,
  type ApprovalState,
  requireApproval,
  requireApprovalIfConfigured,
} from './agreements';
export { effectiveRights, loadGrants, rightsOf } from './rights';

export interface RefusalContext {
  /** The document acted on (written to the refusal's audit row). */
  documentId?: string;
  ip?: string | null;
}

/** The caller's document rights for a kind (the view's actions are filtered by them). */
export async function documentRights(db: Db, user: AuthUser, kind: string): Promise<Set<DocumentRight>> {
  const rights = await rightsOf(db, user);
  return new Set(DOCUMENT_RIGHTS.filter((right) => rights.has(documentAction(kind, right))));
}

/** Every kind's document rights from one query (a list filters its kinds with it). */
export async function documentRightsByKind(
  db: Db,
  user: AuthUser,
  kinds: readonly string[],
): Promise<Map<string, Set<DocumentRight>>> {
  const rights = await rightsOf(db, user);
  return new Map(
    kinds.map((kind) => [
      kind,
      new Set(DOCUMENT_RIGHTS.filter((right) => rights.has(documentAction(kind, right)))),
    ]),
  );
}

/**
 * Throws 403 NO_AUTHORITY ("no authority for this document kind") when the caller lacks the right,
 * after writing an `access.denied` audit row with `db` — call it before the transaction that would
 * change the document (a refusal inside one would roll its audit row back with it).
 */
export async function requireDocumentRight(
  db: Db,
  user: AuthUser,
  kind: string,
  right: DocumentRight,
  context: RefusalContext = {},
): Promise<void> {
  const rights = await rightsOf(db, user);
  if (rights.has(documentAction(kind, right))) return;
  await auditSettings(db, user, {
    event: 'access.denied',
    ip: context.ip,
    detail: {
      action: documentAction(kind, right),
      ...(context.documentId ? { documentId: context.documentId } : {}),
    },
  });
  throw new ApiError(403, 'NO_AUTHORITY', 'access:errors.noAuthority', { kind, right });
}

export async function hasAdminRight(db: Db, user: AuthUser, right: AdminRight): Promise<boolean> {
  return (await rightsOf(db, user)).has(adminAction(right));
}

/** 403 NO_AUTHORITY for an administrative right (manage staff, edit requisites, bulk actions). */
export async function requireAdminRight(
  db: Db,
  user: AuthUser,
  right: AdminRight,
  context: RefusalContext = {},
): Promise<void> {
  if (await hasAdminRight(db, user, right)) return;
  await auditSettings(db, user, {
    event: 'access.denied',
    ip: context.ip,
    detail: { action: adminAction(right) },
  });
  throw new ApiError(403, 'NO_AUTHORITY', 'access:errors.noAdminAuthority', { right });
}

/**
 * Which branch's documents a member's lists show: null for every branch (admin:allBranches), else
 * the member's own branch code ('' when the member has none: only documents without a branch).
 */
export async function branchScope(db: Db, user: AuthUser): Promise<string | null> {
  const rights = await rightsOf(db, user);
  if (rights.has(adminAction('allBranches'))) return null;
  // Read with the rights (the session query of a request): no statement of its own.
  return (await grantsOf(db, user))?.branchCode ?? '';
}

/**
 * Who may sign for the caller's organisation, as one scalar subquery ($1 the user, $2 the
 * organisation) that another statement may carry (run reads it with the document): null when the
 * caller is not an active member, else `{own, director, owners}` — the caller's PINFL, the requisites'
 * DirectorPinfl and the PINFLs of the active owners. `signerMayActGiven` decides from it exactly as
 * `signerMayAct` does with its own query (tests/server/access/signer.test.ts compares the two).
 */
export const ACTING_SIGNERS_SQL = `(select json_build_object('own', u.pinfl,
         'director', o.requisites ->> 'DirectorPinfl',
         'owners', array(select uo.pinfl from memberships mo join users uo on uo.id = mo.user_id
                          where mo.organization_id = m.organization_id and mo.role = 'owner'
                            and mo.is_active and uo.is_active and uo.pinfl is not null))
       from memberships m
       join users u on u.id = m.user_id
       join organizations o on o.id = m.organization_id
      where m.user_id = $1 and m.organization_id = $2 and m.is_active and u.is_active)`;

export interface ActingSigners {
  own: string | null;
  director: string | null;
  owners: string[];
}

/** signerMayAct's decision from what ACTING_SIGNERS_SQL read (no statement of its own). */
export function signerMayActGiven(
  user: AuthUser,
  partyIdentity: string,
  signer: { tin?: string; pinfl?: string; uid?: string },
  acting: ActingSigners | null,
): boolean {
  const early = signerDecidedAlone(user, partyIdentity, signer);
  if (early !== undefined) return early;
  if (!acting) return false;
  const pinfl = signer.pinfl as string;
  return acting.own === pinfl || (acting.director ?? '') === pinfl || acting.owners.includes(pinfl);
}

/** What the certificate alone decides (undefined: the organisation's members decide). */
function signerDecidedAlone(
  user: AuthUser,
  partyIdentity: string,
  signer: { tin?: string; pinfl?: string; uid?: string },
): boolean | undefined {
  if (partyIdentity !== user.tin && partyIdentity !== user.pinfl) return false;
  const legalTin = signer.tin && signer.tin !== signer.uid ? signer.tin : undefined;
  if (legalTin && legalTin !== partyIdentity) return false;
  if (!signer.pinfl) return legalTin === partyIdentity;
  if (signer.pinfl === partyIdentity) return true;
  return undefined;
}

/**
 * May this certificate sign for the party `partyIdentity` (TIN or PINFL) in this request? The party
 * must be the organisation the caller acts for, and the signer must be the acting staff member (their
 * PINFL in the certificate) or the organisation's director (the owner, or the requisites'
 * DirectorPinfl); an individual signs as themself. A certificate naming another organisation's legal
 * TIN never acts for this one; a certificate without a PINFL acts only through its legal TIN.
 */
export async function signerMayAct(
  db: Db,
  user: AuthUser,
  partyIdentity: string,
  signer: { tin?: string; pinfl?: string; uid?: string },
): Promise<boolean> {
  const early = signerDecidedAlone(user, partyIdentity, signer);
  if (early !== undefined) return early;
  const { rows } = await db.query<{ acting: boolean; director: boolean }>(
    `select (m.is_active and u.is_active and u.pinfl = $3) as acting,
            (coalesce(o.requisites ->> 'DirectorPinfl', '') = $3
              or exists (select 1 from memberships mo join users uo on uo.id = mo.user_id
                          where mo.organization_id = m.organization_id and mo.role = 'owner'
                            and mo.is_active and uo.is_active and uo.pinfl = $3)) as director
       from memberships m
       join users u on u.id = m.user_id
       join organizations o on o.id = m.organization_id
      where m.user_id = $1 and m.organization_id = $2 and m.is_active and u.is_active`,
    [user.userId, user.organizationId, signer.pinfl],
  );
  return Boolean(rows[0]?.acting || rows[0]?.director);
}
