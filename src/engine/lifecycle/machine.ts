import { isPresent } from './pointer';
import { getLifecycle } from './registry';
import type {
  ActedEntry,
  ActionDeclaration,
  Box,
  DocumentParty,
  Role,
  StatusDeclaration,
  TransitionCondition,
} from './types';

export function statusInfo(kind: string, code: number): StatusDeclaration | undefined {
  return getLifecycle(kind).statuses.find((status) => status.code === code);
}

export function actionInfo(kind: string, name: string): ActionDeclaration | undefined {
  return getLifecycle(kind).actions.find((action) => action.name === name);
}

export interface ActorState {
  /** The stored status. */
  status: number;
  /** The roles the caller holds in the document. */
  roles: Role[];
  /** The caller's TIN/PINFL (quorum actions: each party acts once). */
  identity?: string;
  /** Actions already taken in the current status. */
  acted?: ActedEntry[];
}

/** The signed actions the holder of `roles` may take now, in declaration order. */
export function availableActions(kind: string, state: ActorState): ActionDeclaration[] {
  return getLifecycle(kind).actions.filter(
    (action) =>
      action.from.includes(state.status) &&
      state.roles.includes(action.by) &&
      !(
        action.quorum === 'all' &&
        state.acted?.some(
          (entry) =>
            entry.action === action.name && entry.role === action.by && entry.identity === state.identity,
        )
      ),
  );
}

function holds(condition: TransitionCondition | undefined, content: unknown, status: number): boolean {
  if (!condition) return true;
  if (condition.present && !isPresent(content, condition.present)) return false;
  if (condition.absent && isPresent(content, condition.absent)) return false;
  if (condition.from && !condition.from.includes(status)) return false;
  return true;
}

export interface TransitionState {
  status: number;
  content: unknown;
  parties: DocumentParty[];
  /** Actions taken in the current status before this one. */
  acted?: ActedEntry[];
  /** Who acts now (quorum). */
  identity?: string;
}

/**
 * The status after `action`, or null when the action is recorded but the status stays (a quorum
 * of several parties not complete yet). Throws for an action the kind does not declare.
 */
export function nextStatus(kind: string, actionName: string, state: TransitionState): number | null {
  const action = actionInfo(kind, actionName);
  if (!action) throw new Error(`Kind "${kind}" has no action "${actionName}"`);
  if (action.quorum === 'all') {
    const everyone = new Set(state.parties.filter((p) => p.role === action.by).map((p) => p.identity));
    const done = new Set(
      (state.acted ?? [])
        .filter((e) => e.action === action.name && e.role === action.by)
        .map((e) => e.identity),
    );
    if (state.identity) done.add(state.identity);
    for (const identity of everyone) if (!done.has(identity)) return null;
  }
  if (typeof action.to === 'number') return action.to;
  const target = action.to.find((candidate) => holds(candidate.when, state.content, state.status));
  if (!target)
    throw new Error(`Action "${actionName}" of "${kind}" has no target for status ${state.status}`);
  return target.status;
}

/**
 * The box a party sees the document in once it is in `status`: what the status lists for its role
 * ('*' for every role not named), else the box it had (null: not visible yet).
 */
export function boxAfter(kind: string, status: number, role: Role, previous: Box | null): Box | null {
  const lists = statusInfo(kind, status)?.lists;
  if (!lists) return previous;
  if (role in lists) return lists[role] ?? previous;
  return lists['*'] ?? previous;
}

/** Whether the status waits for this caller: its role is awaited and it still has an action. */
export function isAwaiting(kind: string, state: ActorState): boolean {
  const awaiting = statusInfo(kind, state.status)?.awaiting ?? [];
  const actions = availableActions(kind, state);
  return actions.some((action) => awaiting.includes(action.by));
}

/** The code shown to the caller: a view status (2 "waiting for you") when the status waits for it. */
export function viewStatus(kind: string, state: ActorState): number {
  const status = statusInfo(kind, state.status);
  if (!status?.seenAs || !isAwaiting(kind, state)) return state.status;
  for (const role of state.roles) {
    const seen = status.seenAs[role];
    if (seen !== undefined) return seen;
  }
  return state.status;
}

/** Stored statuses a shown code stands for (a view code maps back to the statuses that show it). */
export function storedStatusesFor(kind: string, shown: number): number[] {
  const lifecycle = getLifecycle(kind);
  const declared = lifecycle.statuses.find((status) => status.code === shown);
  if (!declared?.view) return declared ? [shown] : [];
  return lifecycle.statuses
    .filter((status) => Object.values(status.seenAs ?? {}).includes(shown))
    .map((status) => status.code);
}
