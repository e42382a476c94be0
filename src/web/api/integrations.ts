import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client';

// API keys and webhooks (issue 30, docs/integrating.md): the settings screens' calls. Owner or admin.

interface Envelope<T> {
  success: boolean;
  data: T;
}
type Query = Record<string, string | number | boolean | undefined | null>;
const get = async <T>(path: string, query?: Query) => (await apiFetch<Envelope<T>>(path, { query })).data;
const post = async <T>(path: string, body?: unknown, query?: Query) =>
  (await apiFetch<Envelope<T>>(path, { method: 'POST', body, query })).data;

// ---- API keys ------------------------------------------------------------------------------------

export interface ApiKey {
  id: string;
  name: string;
  roleId: string | null;
  roleName: string | null;
  roleCode: string | null;
  branchCode: string | null;
  allowedAddresses: string[];
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  createdAt: string;
  createdByName: string | null;
  /** The prefixes of the secrets still accepted, newest first (two during a rotation's overlap). */
  secrets: Array<{ prefix: string; expiresAt: string | null; createdAt: string }>;
  state: 'active' | 'expired' | 'revoked';
}

export interface NewApiKey {
  name: string;
  roleId: string;
  branchCode?: string | null;
  allowedAddresses?: string[];
  expiresAt?: string | null;
}

/** The answer of add and rotate: the only time the secret is shown. */
export interface IssuedKey {
  key: ApiKey;
  secret: string;
}

const KEYS = {
  apiKeys: ['integrations', 'apiKeys'],
  webhooks: ['integrations', 'webhooks'],
  eventTypes: ['integrations', 'eventTypes'],
  deliveries: (endpointId: string) => ['integrations', 'deliveries', endpointId],
} as const;

export function useApiKeys() {
  return useQuery({ queryKey: KEYS.apiKeys, queryFn: () => get<ApiKey[]>('/api/ApiKey/getList') });
}

function useRefetch(queryKey: readonly unknown[]) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey });
}

export function useAddApiKey() {
  const refetch = useRefetch(KEYS.apiKeys);
  return useMutation({
    mutationFn: (input: NewApiKey) => post<IssuedKey>('/api/ApiKey/add', input),
    onSuccess: refetch,
  });
}

export function useRotateApiKey() {
  const refetch = useRefetch(KEYS.apiKeys);
  return useMutation({
    mutationFn: (v: { id: string; overlapHours: number }) =>
      post<IssuedKey>('/api/ApiKey/rotate', { overlapHours: v.overlapHours }, { id: v.id }),
    onSuccess: refetch,
  });
}

export function useRevokeApiKey() {
  const refetch = useRefetch(KEYS.apiKeys);
  return useMutation({
    mutationFn: (id: string) => post<ApiKey>('/api/ApiKey/revoke', undefined, { id }),
    onSuccess: refetch,
  });
}

// ---- webhooks ------------------------------------------------------------------------------------

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  /** Empty: every event type. */
  eventTypes: string[];
  enabled: boolean;
  failingSince: string | null;
  disabledAt: string | null;
  /** Why it is off: `failing` (a day of failed deliveries) or null (switched off by hand). */
  disabledReason: string | null;
  createdAt: string;
  secretPrefix: string;
  previousSecretUntil: string | null;
  /** In the answers of add and rotateSecret only. */
  secret?: string;
}

export interface EndpointInput {
  url?: string;
  description?: string;
  eventTypes?: string[];
  enabled?: boolean;
}

export interface WebhookEventType {
  type: string;
  action: string;
  kinds: string[];
}

export interface WebhookAttempt {
  attempt: number;
  at: string;
  status: number | null;
  error: string | null;
  durationMs: number | null;
  answer: string | null;
}

export interface WebhookDelivery {
  id: string;
  messageId: string;
  eventType: string;
  payload: unknown;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  log: WebhookAttempt[];
}

export function useWebhooks() {
  return useQuery({
    queryKey: KEYS.webhooks,
    queryFn: () => get<WebhookEndpoint[]>('/api/Webhook/getList'),
  });
}

export function useWebhookEventTypes() {
  return useQuery({
    queryKey: KEYS.eventTypes,
    queryFn: () => get<{ types: WebhookEventType[]; testType: string }>('/api/Webhook/getEventTypes'),
    staleTime: 10 * 60_000,
  });
}

export function useAddWebhook() {
  const refetch = useRefetch(KEYS.webhooks);
  return useMutation({
    mutationFn: (input: EndpointInput & { url: string }) => post<WebhookEndpoint>('/api/Webhook/add', input),
    onSuccess: refetch,
  });
}

export function useUpdateWebhook() {
  const refetch = useRefetch(KEYS.webhooks);
  return useMutation({
    mutationFn: (v: { id: string; input: EndpointInput }) =>
      post<WebhookEndpoint>('/api/Webhook/update', v.input, { id: v.id }),
    onSuccess: refetch,
  });
}

export function useDeleteWebhook() {
  const refetch = useRefetch(KEYS.webhooks);
  return useMutation({
    mutationFn: (id: string) => post<unknown>('/api/Webhook/delete', undefined, { id }),
    onSuccess: refetch,
  });
}

export function useRotateWebhookSecret() {
  const refetch = useRefetch(KEYS.webhooks);
  return useMutation({
    mutationFn: (v: { id: string; overlapHours: number }) =>
      post<WebhookEndpoint>('/api/Webhook/rotateSecret', { overlapHours: v.overlapHours }, { id: v.id }),
    onSuccess: refetch,
  });
}

export function useDeliveries(endpointId: string | null) {
  return useQuery({
    queryKey: KEYS.deliveries(endpointId ?? ''),
    queryFn: () => get<WebhookDelivery[]>('/api/Webhook/getDeliveries', { id: endpointId }),
    enabled: Boolean(endpointId),
    // A delivery is sent by the queue within moments: the log follows while it is open.
    refetchInterval: 5_000,
  });
}

export function useSendTestEvent(endpointId: string) {
  const refetch = useRefetch(KEYS.deliveries(endpointId));
  return useMutation({
    mutationFn: () =>
      post<{ id: string; messageId: string }>('/api/Webhook/sendTest', undefined, { id: endpointId }),
    onSuccess: refetch,
  });
}

export function useResendDelivery(endpointId: string) {
  const refetch = useRefetch(KEYS.deliveries(endpointId));
  return useMutation({
    mutationFn: (deliveryId: string) =>
      post<{ id: string }>('/api/Webhook/resend', undefined, { id: deliveryId }),
    onSuccess: refetch,
  });
}
