// The documents area (docs/documents-api.md): drafts, the life cycle's signed actions, lists, bin,
// the hash-chained event log. Routes call these; nothing here knows a kind by name.
export { type BinOperation, type BulkResult, bulkBinState } from './bin';
export { appendEvent, type ChainReport, sha256Hex, verifyEventChain } from './chain';
export {
  addDraft,
  copyContent,
  copyDocument,
  deleteDraft,
  getVersion,
  listVersions,
  requireKind,
  updateDraft,
} from './drafts';
export { idempotencyKey } from './idempotency';
export {
  approvedStatuses,
  countDocuments,
  DIRECTIONS,
  type Direction,
  documentOrgs,
  documentsToCorrect,
  type ListFilters,
  listDocuments,
  PAGE_SIZES,
  readScope,
  scopeOf,
  viewableKinds,
} from './lists';
export { loadVisible, notFound, signedRecord } from './rows';
export { callerOf, createDocumentsService, type DocumentsService } from './service';
export { modelSign, type RunRequest, resultMessage, runAction, runAndView } from './sign';
export type { ActionGate, Caller, TransitionEvent, TransitionListener, TransitionWrites } from './types';
export { type DocumentView, documentView } from './view';
