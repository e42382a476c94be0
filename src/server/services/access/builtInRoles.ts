// The built-in roles and the rights each holds. They are computed from the registered kinds, so a
// new kind is covered without a data change; an organisation that wants other rights makes a custom
// role (built-in roles cannot be edited).
import type { MembershipRole } from '../../auth/types';
import {
  type AdminRight,
  adminAction,
  DOCUMENT_RIGHTS,
  type DocumentRight,
  documentAction,
  documentKinds,
} from './actions';

export type BuiltInRole = 'director' | 'accountant' | 'manager' | 'viewer';
export const BUILT_IN_ROLES: readonly BuiltInRole[] = ['director', 'accountant', 'manager', 'viewer'];

/** Fixed ids (migration 0050): the same on every installation. */
export const BUILT_IN_ROLE_IDS: Record<BuiltInRole, string> = {
  director: '00000000-0000-4000-8000-000000000001',
  accountant: '00000000-0000-4000-8000-000000000002',
  manager: '00000000-0000-4000-8000-000000000003',
  viewer: '00000000-0000-4000-8000-000000000004',
};

const PLAN: Record<BuiltInRole, { document: readonly DocumentRight[]; admin: readonly AdminRight[] }> = {
  director: { document: DOCUMENT_RIGHTS, admin: ['staff', 'requisites', 'bulk', 'allBranches', 'exchange'] },
  accountant: { document: DOCUMENT_RIGHTS, admin: ['requisites', 'bulk', 'allBranches'] },
  // Prepares documents and sends them for approval; the accountant or the director signs.
  manager: { document: ['view', 'create'], admin: [] },
  viewer: { document: ['view'], admin: [] },
};

export function builtInRights(role: BuiltInRole): Set<string> {
  const plan = PLAN[role];
  const rights = new Set<string>(plan.admin.map(adminAction));
  for (const kind of documentKinds())
    for (const right of plan.document) rights.add(documentAction(kind, right));
  return rights;
}

/**
 * A member with no role assigned (signed in with the organisation's certificate, or made before
 * roles existed) holds the built-in role of the membership kind: the owner and administrators
 * everything, an accountant the accountant's rights, anyone else only viewing.
 */
export function defaultRoleOf(membership: MembershipRole): BuiltInRole {
  if (membership === 'owner' || membership === 'admin') return 'director';
  if (membership === 'accountant') return 'accountant';
  return 'viewer';
}

/** The membership kind (the token's `role`) a staff member with this role gets. */
export function membershipRoleFor(builtIn: BuiltInRole | null): Exclude<MembershipRole, 'owner'> {
  if (builtIn === 'director') return 'admin';
  if (builtIn === 'accountant') return 'accountant';
  return 'staff';
}
