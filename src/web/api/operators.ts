import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client';

// The company's exchange operator (Synchronize: getProvider, bindProvider, IsSelectedOperator,
// testConnection). No answer holds a credential: a binding is its provider, `set` and masks.

interface Envelope<T> {
  success: boolean;
  data: T;
}

export interface CredentialField {
  key: string;
  secret: boolean;
  required: boolean;
  maxLength: number;
}

export interface OperatorProvider {
  id: string;
  name: string;
  fields: CredentialField[];
}

export interface BindingSummary {
  provider: string;
  set: true;
  mask: Record<string, string>;
  readable: boolean;
  boundBy: string | null;
  boundByName: string | null;
  boundAt: string;
  updatedAt: string;
  version: number;
}

export interface ProviderSettings {
  providers: OperatorProvider[];
  binding: BindingSummary | null;
  canBind: boolean;
  keyConfigured: boolean;
}

export interface PortalComparison {
  provider: string | null;
  portal: { tin: string; operator: string; name: string; isDemo?: boolean } | null;
  selected: boolean | null;
  portalSupported: boolean;
}

export interface ConnectionCheck {
  ok: boolean;
  /** ok · notBound · unreadable (the binding) · the operator's answer to a sign-in: unauthorized, forbidden, rateLimited, down, rejected, notFound. */
  reason: string;
  provider: string | null;
  checkedBy: 'binding' | 'operator';
  /** The reason in the request's language. */
  message: string;
}

export type TransportState = 'queued' | 'atOperator' | 'delivered' | 'failed' | 'held';

/** A document's way through the operator (Synchronize/getTransport, helper operator's route); null: it never left the server. */
export interface DocumentTransport {
  provider: string;
  direction: 'in' | 'out';
  operatorId: string | null;
  roamingId: string | null;
  state: TransportState;
  operatorStatus: number | null;
  failureCode: string | null;
  failureMessage: string | null;
  attempts: number;
  nextAttemptAt: string | null;
}

/** One synchronisation run (Synchronize/GetLastProcess). */
export interface SyncRun {
  id: string;
  provider: string;
  providerName: string;
  direction: 'pull' | 'push';
  startedAt: string;
  finishedAt: string | null;
  pulled: number;
  pushed: number;
  failed: number;
  errorCode: string | null;
  errorMessage: string | null;
}

const KEYS = {
  provider: ['operators', 'provider'],
  portal: ['operators', 'portal'],
  runs: ['operators', 'runs'],
  transport: (id: string) => ['operators', 'transport', id],
  route: (id: string) => ['operators', 'route', id],
} as const;

/** An operator's name by its provider id, from the operators Hujjat can bind. */
export function useProviderName() {
  const providers = useProviderSettings().data?.providers;
  return (id: string) => providers?.find((p) => p.id === id)?.name ?? id;
}

export function useDocumentTransport(documentId: string | undefined) {
  return useQuery({
    queryKey: KEYS.transport(documentId ?? ''),
    enabled: Boolean(documentId),
    queryFn: async () =>
      (
        await apiFetch<Envelope<DocumentTransport | null>>('/api/Synchronize/getTransport', {
          query: { documentId: documentId as string },
        })
      ).data,
  });
}

/** The operator the document's next action goes through (Synchronize/getSendRoute); null: it stays on this server. */
export interface SendRoute {
  provider: string;
  providerName: string;
  /** False: the operator does not carry the kind; the document stays on this server. */
  carried?: boolean;
}

export function useSendRoute(documentId: string) {
  return useQuery({
    queryKey: KEYS.route(documentId),
    queryFn: async () =>
      (
        await apiFetch<Envelope<SendRoute | null>>('/api/Synchronize/getSendRoute', {
          query: { documentId },
        })
      ).data,
    retry: false,
  });
}

export function useLastRuns() {
  return useQuery({
    queryKey: KEYS.runs,
    queryFn: async () =>
      (
        await apiFetch<Envelope<{ rows: SyncRun[] }>>('/api/Synchronize/GetLastProcess', {
          query: { limit: 20 },
        })
      ).data.rows,
    refetchInterval: 30_000,
  });
}

export function useProviderSettings() {
  return useQuery({
    queryKey: KEYS.provider,
    queryFn: async () => (await apiFetch<Envelope<ProviderSettings>>('/api/Synchronize/getProvider')).data,
  });
}

export function usePortalOperator() {
  return useQuery({
    queryKey: KEYS.portal,
    queryFn: async () =>
      (await apiFetch<Envelope<PortalComparison>>('/api/Synchronize/IsSelectedOperator')).data,
    retry: false,
  });
}

export function useBindProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { provider: string | null; credentials?: Record<string, string> }) =>
      (
        await apiFetch<Envelope<BindingSummary | null>>('/api/Synchronize/bindProvider', {
          method: 'POST',
          body,
        })
      ).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['operators'] });
    },
  });
}

export function useTestConnection() {
  return useMutation({
    mutationFn: async () =>
      (await apiFetch<Envelope<ConnectionCheck>>('/api/Synchronize/testConnection', { method: 'POST' })).data,
  });
}
