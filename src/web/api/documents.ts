import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, type Query } from './client';

// /api/Document and /api/DocumentSignAction (docs/documents-api.md §3): the document life cycle as
// the workspace screens use it. Shapes follow the contract; answers wrapped in {success, data} and
// bare ones are both read (unwrap), as the groups answer one or the other.

export type DocDirection = 'incoming' | 'outgoing' | 'drafts' | 'deleted';
export const DIRECTIONS: readonly DocDirection[] = ['incoming', 'outgoing', 'drafts', 'deleted'];

/** getList's query parameters (the contract's names). */
export interface ListQuery {
  DocDirection: DocDirection;
  DateFrom?: string;
  DateTo?: string;
  CreateDateFrom?: string;
  CreateDateTo?: string;
  CounterAgentId?: string;
  DocType?: string;
  Type?: string;
  Status?: number;
  /** A status key: every kind's statuses of that key, as the list shows them. */
  StatusKey?: string;
  SearchKeyword?: string;
  DocNumber?: string;
  Page: number;
  Size: number;
}

/** One row of a list: what document_parties keeps for the caller. */
export interface DocumentRow {
  id: string;
  kind: string;
  typeId?: number | null;
  type?: string | null;
  number?: string | null;
  date?: string | null;
  total?: string | null;
  status: number;
  viewStatus?: number | null;
  statusKey?: string | null;
  counterparty?: { identity: string | null; name: string | null } | null;
  awaiting?: boolean;
  myRoles?: string[];
  box?: string | null;
  binState?: string;
  /** Incoming and awaiting the caller: the day the document is accepted automatically. */
  respondBy?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  sentAt?: string | null;
}

export interface ListAnswer<T> {
  rows: T[];
  totalCount: number;
}

export interface DocumentCounts {
  incoming: number;
  incomingAwaiting: number;
  outgoing: number;
  drafts: number;
  deleted: number;
  /** Changes with any change of the caller's documents (a counterparty's action included). */
  generation?: string;
}

export type LocalActionName = 'edit' | 'deleteDraft' | 'copy' | 'bin' | 'restore' | 'deleteForever';

export interface DocumentAction {
  name: string;
  /** sign: a life-cycle action signed in the browser; local: the same for every kind. */
  kind: 'sign' | 'local';
  shape?: 'document' | 'cosign' | 'wrap' | 'object' | 'none';
  reason?: 'required' | 'optional' | 'none';
  /** The spec §4 code the success message is chosen by. */
  result?: number;
}

export interface DocumentParty {
  /** The roles this identity holds (almost always one). */
  roles: string[];
  identity: string | null;
  name: string | null;
  branch?: string | null;
  hasAccount?: boolean;
  acted?: string[];
}

export interface DocumentSignature {
  id: string;
  action: string;
  role: string;
  identity?: string | null;
  signerName: string | null;
  organization: string | null;
  tin: string | null;
  pinfl: string | null;
  serialHex: string | null;
  serialDec: string | null;
  signedAt: string;
  timestampAt: string | null;
  ip?: string | null;
  /** The server's verdict on the signature, when it gives one. */
  valid?: boolean;
}

export interface DocumentEvent {
  seq: number;
  action: string;
  fromStatus: number | null;
  toStatus: number | null;
  /** apiKey: the name of the organisation's own API key that acted (null: a person). */
  actor: { name: string | null; identity: string | null; role: string | null; apiKey?: string | null } | null;
  reason: string | null;
  at: string;
  signatureId: string | null;
}

export interface DocumentView {
  id: string;
  kind: string;
  typeId: number | null;
  type: string | null;
  nationalId: string | null;
  number: string | null;
  date: string | null;
  total: string | null;
  status: number;
  viewStatus: number;
  statusKey: string;
  final: boolean;
  version: number;
  source: 'created' | 'received';
  myRoles: string[];
  box: DocDirection | null;
  binState: 'active' | 'binned' | 'deleted';
  awaiting?: boolean;
  /** Findings of the receipt profile on a document received from another operator. */
  warnings?: unknown;
  parties: DocumentParty[];
  content: Record<string, unknown>;
  signatures: DocumentSignature[];
  events: DocumentEvent[];
  actions: DocumentAction[];
  /** Rights the caller lacks for the actions its organisation is offered, and who can grant them. */
  withheld?: { rights: string[]; grantors: string[] } | null;
  respondBy: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
}

export interface ModelSign {
  /** Base64 of the exact bytes to sign. */
  toSign: string;
  /** The joined CMS so far (co-sign actions), else null. */
  cms: string | null;
  shape: string;
  version: number;
}

export interface RunAnswer {
  success: boolean;
  code: number;
  message: string;
  data: DocumentView;
}

export interface BulkResult {
  id: string;
  success: boolean;
  code?: string;
  message?: string;
}

export interface CounterpartyOption {
  identity: string;
  name: string;
  count: number;
}

export interface CorrectableDocument {
  id: string;
  nationalId?: string | null;
  number: string | null;
  date: string | null;
  total?: string | null;
  status?: number;
  counterparty?: { identity: string | null; name: string | null } | null;
}

export interface UpdateModel {
  id: string;
  kind: string;
  version: number;
  /** Whether the caller may edit it now (a draft of its own, with the right to create). */
  editable?: boolean;
  content: Record<string, unknown>;
}

/** `{success, data}` → data; a bare answer is returned as it is. */
export function unwrap<T>(answer: unknown): T {
  if (answer && typeof answer === 'object' && 'data' in answer && 'success' in answer)
    return (answer as { data: T }).data;
  return answer as T;
}

/** A fresh key per user intent: a retry of the same intent reuses it (the server answers the first). */
export const newIdempotencyKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(16).slice(2)}`;

export const documentKeys = {
  all: ['Document'] as const,
  lists: ['Document', 'list'] as const,
  list: (query: ListQuery, lang: string) => ['Document', 'list', query, lang] as const,
  counts: ['Document', 'counts'] as const,
  view: (id: string) => ['Document', 'view', id] as const,
  orgs: (search: string) => ['Document', 'orgs', search] as const,
  correctable: (kind: string, search: string) => ['Document', 'correctable', kind, search] as const,
  updateModel: (id: string) => ['Document', 'updateModel', id] as const,
  copy: (id: string) => ['Document', 'copy', id] as const,
};

const listQuery = (query: ListQuery): Query => ({ ...query }) as unknown as Query;

export async function fetchDocumentList(query: ListQuery, signal?: AbortSignal) {
  return unwrap<ListAnswer<DocumentRow>>(
    await apiFetch('Document/getList', { query: listQuery(query), signal }),
  );
}

/**
 * A list a person opens is never older than what they can see elsewhere (issue 26: a rejected
 * document kept "Ожидает подписи контрагента" in the seller's list for the 30 s lists were kept):
 * asked again on every mount and focus — the server answers an unchanged list from memory — and
 * while open, again when the menu counts' generation moves (DocumentListPage) or a document's view
 * shows it changed (useDocumentView).
 */
export function useDocumentList(query: ListQuery, lang: string) {
  return useQuery({
    queryKey: documentKeys.list(query, lang),
    queryFn: ({ signal }) => fetchDocumentList(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
  });
}

/** Whether a remembered list shows the document in another state than its view (status or last change). */
export function listsBehind(client: QueryClient, view: DocumentView): boolean {
  for (const [, answer] of client.getQueriesData<ListAnswer<DocumentRow>>({ queryKey: documentKeys.lists })) {
    const row = answer?.rows?.find((r) => r.id === view.id);
    if (!row) continue;
    const shown = row.viewStatus ?? row.status;
    const older = row.updatedAt && view.updatedAt && Date.parse(row.updatedAt) < Date.parse(view.updatedAt);
    if (row.status !== view.status || shown !== view.viewStatus || older) return true;
  }
  return false;
}

/** How often the menu asks for its counts: a counterparty's action shows without a reload. */
export const COUNTS_POLL_MS = 15_000;

export function useDocumentCounts(enabled = true) {
  return useQuery({
    queryKey: documentKeys.counts,
    queryFn: async ({ signal }) =>
      unwrap<DocumentCounts>(await apiFetch('Document/getCounts', { signal, quiet: true })),
    enabled,
    refetchInterval: COUNTS_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 5_000,
    retry: false,
  });
}

export function useDocumentView(id: string | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: documentKeys.view(id ?? ''),
    queryFn: async ({ signal }) => {
      const view = unwrap<DocumentView>(
        await apiFetch('Document/getById', { query: { documentId: id }, signal }),
      );
      // The view is newer than a remembered list: the lists (and the menu counts) are asked again.
      if (listsBehind(client, view)) {
        void client.invalidateQueries({ queryKey: documentKeys.lists });
        void client.invalidateQueries({ queryKey: documentKeys.counts });
      }
      return view;
    },
    enabled: Boolean(id),
    staleTime: 5_000,
  });
}

export function useDocumentOrgs(search: string, enabled = true) {
  return useQuery({
    queryKey: documentKeys.orgs(search),
    queryFn: async ({ signal }) =>
      unwrap<CounterpartyOption[]>(
        await apiFetch('Document/getDocumentOrgs', { query: { search: search || undefined }, signal }),
      ),
    enabled,
    staleTime: 60_000,
    // A new search keeps the previous answer on screen until its own arrives (no flicker under the pointer).
    placeholderData: keepPreviousData,
  });
}

export function useCorrectableDocuments(kind: string, search: string, enabled = true) {
  return useQuery({
    queryKey: documentKeys.correctable(kind, search),
    queryFn: async ({ signal }) => {
      const answer = unwrap<CorrectableDocument[] | ListAnswer<CorrectableDocument>>(
        await apiFetch('Document/getDocumentsToCorrect', {
          query: { docType: kind, search: search || undefined },
          signal,
        }),
      );
      return Array.isArray(answer) ? answer : answer.rows;
    },
    enabled,
    staleTime: 30_000,
  });
}

export async function fetchUpdateModel(id: string, signal?: AbortSignal) {
  return unwrap<UpdateModel>(
    await apiFetch('Document/GetUpdateModel', { query: { documentId: id }, signal }),
  );
}

export async function fetchDocumentCopy(id: string, signal?: AbortSignal) {
  const answer = unwrap<{ kind?: string; content?: Record<string, unknown> } | Record<string, unknown>>(
    await apiFetch('Document/getDocumentCopy', { query: { documentId: id }, signal }),
  );
  return answer;
}

export async function addDocument(kind: string, content: unknown, idempotencyKey: string) {
  return unwrap<DocumentView>(
    await apiFetch('Document/add', {
      method: 'POST',
      query: { kind },
      body: content,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}

export async function updateDocument(id: string, version: number, content: unknown) {
  return unwrap<DocumentView>(
    await apiFetch('Document/update', { method: 'PUT', query: { documentId: id, version }, body: content }),
  );
}

export async function deleteDraft(id: string) {
  await apiFetch('Document/delete', { method: 'DELETE', query: { documentId: id } });
}

export async function copyDocument(id: string, idempotencyKey: string) {
  return unwrap<DocumentView>(
    await apiFetch('Document/copyDocument', {
      method: 'POST',
      query: { documentId: id },
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}

export type BulkOperation = 'bulkBin' | 'bulkRestore' | 'bulkDelete';

export async function bulkAction(operation: BulkOperation, ids: string[]) {
  const answer = unwrap<{ results: BulkResult[] }>(
    await apiFetch(`Document/${operation}`, { method: 'POST', body: { ids } }),
  );
  return answer.results;
}

export async function isDocumentOkToSign(id: string) {
  return unwrap<{ ok: boolean; errors: Array<{ path: string; message: string }> }>(
    await apiFetch('Document/isDocumentOkToSign', { query: { documentUid: id } }),
  );
}

export async function getModelSign(documentId: string, action: string, reason?: string) {
  return unwrap<ModelSign>(
    await apiFetch('DocumentSignAction/getModelSign', { query: { documentId, action, reason } }),
  );
}

export async function runSignAction(
  body: { documentId: string; action: string; signature: string; reason?: string; version?: number },
  idempotencyKey: string,
) {
  // Loaded on first use: the sign host's look-up stays out of the app's entry chunk (npm run size).
  const { signActionPath } = await import('./signHost');
  return apiFetch<RunAnswer>(await signActionPath('run'), {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** The Excel file of getList's filters (without page and size). */
export async function downloadListExcel(query: Omit<ListQuery, 'Page' | 'Size'>) {
  return apiFetch<Blob>('Document/getAllDocumentsExcel', {
    query: listQuery(query as ListQuery),
    responseType: 'blob',
  });
}

/** After a change: every list, the counts and (when given) the document's view are stale. */
export function invalidateDocuments(client: QueryClient, id?: string) {
  void client.invalidateQueries({ queryKey: documentKeys.lists });
  void client.invalidateQueries({ queryKey: documentKeys.counts });
  if (id) void client.invalidateQueries({ queryKey: documentKeys.view(id) });
}
