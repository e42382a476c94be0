// The catalogue of rights (Auth/getAuthActions, DocumentAccess/getActionsList). A right is an action
// code: "<kind>:<view|create|send|accept>" for every registered document kind, or "admin:<name>".
// Kinds are data: a kind added under schemas/documents/ appears here without a code change.
import { getLifecycle, hasLifecycle } from '../../../engine/lifecycle';
import { listKindSummaries, onKindRegistered } from '../../../engine/registry';

export type DocumentRight = 'view' | 'create' | 'send' | 'accept';
export const DOCUMENT_RIGHTS: readonly DocumentRight[] = ['view', 'create', 'send', 'accept'];

/** staff: staff, roles, access, departments, positions, approval settings; requisites: company
 * details, bank accounts, branches, accountants; bulk: bulk actions; allBranches: documents of every
 * branch (without it, only the member's own branch); exchange: bind the company's exchange operator
 * and its credentials (Synchronize/bindProvider). */
export type AdminRight = 'staff' | 'requisites' | 'bulk' | 'allBranches' | 'exchange';
export const ADMIN_RIGHTS: readonly AdminRight[] = ['staff', 'requisites', 'bulk', 'allBranches', 'exchange'];

export interface ActionInfo {
  code: string;
  group: 'document' | 'admin';
  /** The document kind (document rights). */
  kind?: string;
  right: string;
  /** i18n key of the kind (documents:kinds.<kind>) or of the administrative right. */
  titleKey: string;
  /** i18n key of the right. */
  rightKey: string;
  /** The tax authority's role code of the right (send/cancel X1, accept/reject X2), from the kind's lifecycle.json. */
  taxRole?: number;
}

export const documentAction = (kind: string, right: DocumentRight) => `${kind}:${right}`;
export const adminAction = (right: AdminRight) => `admin:${right}`;

/** Registered document kinds (the generated ones and any registered at run time). */
export function documentKinds(): string[] {
  return listKindSummaries('documents').map((summary) => summary.kind);
}

let everyActionCode: readonly string[] | null = null;
onKindRegistered(() => {
  everyActionCode = null;
});

/** Every action code (an owner's rights), kept until a kind is registered: asked on every request. */
export function allActionCodes(): readonly string[] {
  everyActionCode ??= actionCatalogue().map((action) => action.code);
  return everyActionCode;
}

export function actionCatalogue(): ActionInfo[] {
  const actions: ActionInfo[] = [];
  for (const summary of listKindSummaries('documents')) {
    const taxRoles = hasLifecycle(summary.kind) ? getLifecycle(summary.kind).taxRoles : undefined;
    for (const right of DOCUMENT_RIGHTS) {
      const taxRole = right === 'send' || right === 'accept' ? taxRoles?.[right] : undefined;
      actions.push({
        code: documentAction(summary.kind, right),
        group: 'document',
        kind: summary.kind,
        right,
        titleKey: summary.titleKey,
        rightKey: `access:rights.${right}`,
        ...(taxRole !== undefined ? { taxRole } : {}),
      });
    }
  }
  for (const right of ADMIN_RIGHTS) {
    actions.push({
      code: adminAction(right),
      group: 'admin',
      right,
      titleKey: `access:admin.${right}`,
      rightKey: `access:admin.${right}`,
    });
  }
  return actions;
}

/** Whether the code names a right of the catalogue (refuses unknown kinds and rights). */
export function isKnownAction(code: string): boolean {
  const [scope, right] = code.split(':');
  if (scope === 'admin') return (ADMIN_RIGHTS as readonly string[]).includes(right);
  return (DOCUMENT_RIGHTS as readonly string[]).includes(right) && documentKinds().includes(scope);
}
