// Calls to Didox's integrator API with its errors typed (reference/lifecycle.md §1.1: 422 with
// errorDetails, 403 no authority for the type, 429 on bursts with Retry-After). Never logs a body:
// they carry tokens and signatures.
import { OperatorError, type OperatorSession } from '../types';

/** How long one call may take before the operator counts as down (a lost answer is retried). */
export const DIDOX_TIMEOUT_MS = 20_000;

function messageOf(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const details = b.errorDetails as Record<string, unknown> | undefined;
    const text = details?.message ?? b.message ?? b.error;
    if (typeof text === 'string' && text) return text.slice(0, 500);
  }
  return `HTTP ${status}`;
}

/** Retry-After in seconds or as an HTTP date, in milliseconds (null when absent). */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export interface DidoxCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Sent as is (the national JSON exactly as signed). */
  rawBody?: Uint8Array;
  session?: OperatorSession;
  baseUrl?: string;
  partnerToken?: string | null;
}

export async function didoxCall<T>(call: DidoxCall): Promise<T> {
  const base = (call.session?.baseUrl ?? call.baseUrl ?? '').replace(/\/$/, '');
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': 'ru' };
  if (call.session) headers['user-key'] = call.session.token;
  const partner = call.session?.partnerToken ?? call.partnerToken;
  if (partner) headers['Partner-Authorization'] = partner;
  let body: string | Blob | undefined;
  // The national JSON goes as the exact bytes signed.
  if (call.rawBody) body = new Blob([new Uint8Array(call.rawBody)]);
  else if (call.body !== undefined) body = JSON.stringify(call.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${base}${call.path}`, {
      method: call.method,
      headers,
      body,
      signal: AbortSignal.timeout(DIDOX_TIMEOUT_MS),
    });
  } catch (err) {
    const reason = (err as Error).name === 'TimeoutError' ? 'no answer in time' : 'unreachable';
    throw new OperatorError('down', `operator ${reason}`);
  }
  const text = await res.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (res.ok) return parsed as T;
  const message = messageOf(parsed, res.status);
  if (res.status === 429)
    throw new OperatorError('rateLimited', message, 429, retryAfterMs(res.headers.get('retry-after')));
  if (res.status === 401) throw new OperatorError('unauthorized', message, 401);
  if (res.status === 403) throw new OperatorError('forbidden', message, 403);
  if (res.status === 404) throw new OperatorError('notFound', message, 404);
  if (res.status >= 500) throw new OperatorError('down', message, res.status);
  throw new OperatorError('rejected', message, res.status);
}
