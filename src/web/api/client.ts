import i18next from 'i18next';
import { ORGANIZATION_HEADER } from '../../engine/constants';
import { clearProfile, getAccessToken, getProfile } from '../auth/profile';
import { emitApiEvent } from './events';

export const SERVER_PROBLEM_STATUSES = [500, 502, 503, 504];

/** A failed request: the HTTP status (0 for a network error), the server's code and message. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly body?: unknown,
    readonly statusText?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * Renews the access token; true when the session goes on. Set by the app at start (session keeper).
 * Gets the token the server refused, which is renewed even when it is not near its expiry.
 */
type TokenRefresher = (refused?: string) => Promise<boolean>;
let tokenRefresher: TokenRefresher | null = null;
export function setTokenRefresher(refresher: TokenRefresher | null) {
  tokenRefresher = refresher;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Query;
  body?: unknown;
  /** 'blob' for PDF and other binary answers. */
  responseType?: 'json' | 'blob' | 'text';
  signal?: AbortSignal;
  /** Skip the shell's reactions (401 sign-out, server-problem modal), e.g. on the sign-in screens. */
  quiet?: boolean;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: Query): string {
  const url = path.startsWith('/') ? path : `/api/${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function defaultMessage(status: number, statusText: string, body: string): string {
  const key = `common:httpStatus.${status}`;
  if (i18next.exists(key)) return i18next.t(key);
  return i18next.t('common:httpStatus.other', { status, statusText, body: body.slice(0, 200) });
}

/**
 * fetch with credentials and the bearer token; no timeout (long imports and PDFs must finish).
 * Throws ApiRequestError with the server's localized message when there is one.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  return request<T>(path, options, true, getProfile()?.organizationId);
}

/** The headers every API request carries: language, token, and the organisation the tab acts for. */
export function apiHeaders(organizationId = getProfile()?.organizationId): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': i18next.language || 'ru' };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // Kept from the first attempt: a renewal that brings another organisation's token (switched in
  // another tab) must not carry this request over to it — the server answers 409 instead.
  if (organizationId) headers[ORGANIZATION_HEADER] = organizationId;
  return headers;
}

async function request<T>(
  path: string,
  options: ApiOptions,
  mayRenew: boolean,
  organizationId: string | undefined,
): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, ...apiHeaders(organizationId) };
  const token = getAccessToken();
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    if (!options.quiet) emitApiEvent({ type: 'server-problem', status: null });
    throw new ApiRequestError(0, i18next.t('common:errors.network'));
  }
  if (res.ok) {
    if (res.status === 204) return undefined as T;
    if (options.responseType === 'blob') return (await res.blob()) as T;
    if (options.responseType === 'text') return (await res.text()) as T;
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const text = await res.text().catch(() => '');
  let parsed: any;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!options.quiet) {
    // An access token that ran out (a laptop asleep past its expiry) is renewed once, then retried.
    if (res.status === 401 && mayRenew && token && tokenRefresher) {
      const renewed = await tokenRefresher(token).catch(() => false);
      if (renewed && getAccessToken() !== token) return request<T>(path, options, false, organizationId);
    }
    if (res.status === 401) clearProfile();
    else if (res.status === 503 && parsed?.code === 'TECHNICAL_WORK')
      emitApiEvent({ type: 'technical-work' });
    else if (SERVER_PROBLEM_STATUSES.includes(res.status))
      emitApiEvent({ type: 'server-problem', status: res.status });
  }
  const message =
    typeof parsed?.message === 'string' && parsed.message
      ? parsed.message
      : defaultMessage(res.status, res.statusText, text);
  throw new ApiRequestError(res.status, message, parsed?.code, parsed ?? text, res.statusText);
}
