/**
 * The document life cycle, read from each kind's lifecycle.json (docs/documents-api.md §1). Pure:
 * the server and the browser use the same functions; no kind is special in code.
 */
export { bytesToSign, type SignContext } from './bytes';
export { checkLifecycle } from './check';
export { asNewDocument, freshNationalId, withNationalId } from './ids';
export {
  type ActorState,
  actionInfo,
  availableActions,
  boxAfter,
  isAwaiting,
  nextStatus,
  statusInfo,
  storedStatusesFor,
  type TransitionState,
  viewStatus,
} from './machine';
export { partiesOf, rolesOf } from './parties';
export { isPresent, readAll, readOne, writeOne } from './pointer';
export { getLifecycle, hasLifecycle, lifecycleKinds, registerLifecycle } from './registry';
export { type DocumentSummary, documentSummary } from './summary';
export { typeNameKey } from './typeName';
export * from './types';
export { WITHDRAWING_RESULTS, withdrawnStatuses } from './withdrawn';
