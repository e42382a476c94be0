// Who may do what with documents (issue 15). The documents service calls these on every document
// route; docs/access.md describes the model. Every check is one indexed query.
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';

export type DocumentRight = 'view' | 'create' | 'send' | 'accept';
export const DOCUMENT_RIGHTS: readonly DocumentRight[] = ['view', 'create', 'send', 'accept'];

/** The caller's active membership in the organisation the token acts for (null: none or switched off). */
async function activeMembership(db: Db, user: AuthUser): Promise<{ role: string } | null> {
  const { rows } = await db.query<{ role: string }>(
    'select role from memberships where user_id = $1 and organization_id = $2 and is_active',
    [user.userId, user.organizationId],
  );
  return rows[0] ?? null;
}

/** The document rights of the caller for a kind (the view's actions are filtered by them). */
export async function documentRights(db: Db, user: AuthUser, _kind: string): Promise<Set<DocumentRight>> {
  // First version: every active member holds every right (roles come with issue 15's rights model).
  const membership = await activeMembership(db, user);
  return new Set(membership ? DOCUMENT_RIGHTS : []);
}

/** Throws 403 NO_AUTHORITY ("no authority for this document kind") when the caller lacks the right. */
export async function requireDocumentRight(
  db: Db,
  user: AuthUser,
  kind: string,
  right: DocumentRight,
): Promise<void> {
  const rights = await documentRights(db, user, kind);
  if (!rights.has(right))
    throw new ApiError(403, 'NO_AUTHORITY', 'access:errors.noAuthority', { kind, right });
}

/**
 * May this certificate sign for the party `partyIdentity` (TIN or PINFL) on the caller's behalf?
 * Yes when the certificate's legal TIN is the party's TIN, its PINFL is the party's PINFL, or its
 * PINFL belongs to an active member of the caller's organisation (and the party is that organisation).
 */
export async function signerMayAct(
  db: Db,
  user: AuthUser,
  partyIdentity: string,
  signer: { tin?: string; pinfl?: string; uid?: string },
): Promise<boolean> {
  const legalTin = signer.tin && signer.tin !== signer.uid ? signer.tin : undefined;
  if (legalTin && legalTin === partyIdentity) return true;
  if (signer.pinfl && signer.pinfl === partyIdentity) return true;
  if (!signer.pinfl || (partyIdentity !== user.tin && partyIdentity !== user.pinfl)) return false;
  const { rows } = await db.query(
    `select 1 from memberships m join users u on u.id = m.user_id
      where m.organization_id = $1 and m.is_active and u.is_active and u.pinfl = $2 limit 1`,
    [user.organizationId, signer.pinfl],
  );
  return rows.length > 0;
}
