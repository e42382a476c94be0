// Calls to Didox's integrator API with its errors typed (reference/lifecycle.md §1.1: 422 with
// errorDetails, 403 no authority for the type, 429 on bursts with Retry-After). Never logs a body:
// they carry tokens and signatures.
import http from 'node:http';
import https from 'node:https';
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

// Kept-alive connections, as fetch keeps them: a pull asks for each document in turn.
const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

interface Answer {
  status: number;
  retryAfter: string | null;
  text: string;
}

/**
 * One HTTP exchange through node:http — fetch's streams, Request/Response objects and TextDecoder
 * cost the operator pull ~1 ms of CPU a document (bench:sync profile, 2026-11-29). Rejects when the
 * operator cannot be reached or has not answered in DIDOX_TIMEOUT_MS.
 */
function exchange(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: Uint8Array,
): Promise<Answer> {
  const client = url.protocol === 'https:' ? https : http;
  const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearTimeout(timer);
        const retryAfter = res.headers['retry-after'];
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      });
      res.on('error', fail);
    });
    function fail(err: Error) {
      clearTimeout(timer);
      reject(err);
    }
    const timer = setTimeout(
      () => req.destroy(new OperatorError('down', 'operator no answer in time')),
      DIDOX_TIMEOUT_MS,
    );
    req.on('error', fail);
    req.end(body);
  });
}

export async function didoxCall<T>(call: DidoxCall): Promise<T> {
  const base = (call.session?.baseUrl ?? call.baseUrl ?? '').replace(/\/$/, '');
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': 'ru' };
  if (call.session) headers['user-key'] = call.session.token;
  const partner = call.session?.partnerToken ?? call.partnerToken;
  if (partner) headers['Partner-Authorization'] = partner;
  let body: Uint8Array | undefined;
  // The national JSON goes as the exact bytes signed.
  if (call.rawBody) body = call.rawBody;
  else if (call.body !== undefined) body = Buffer.from(JSON.stringify(call.body), 'utf8');
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(body.byteLength);
  }
  let res: Answer;
  try {
    res = await exchange(new URL(`${base}${call.path}`), call.method, headers, body);
  } catch (err) {
    if (err instanceof OperatorError) throw err;
    throw new OperatorError('down', 'operator unreachable');
  }
  const text = res.text;
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (res.status >= 200 && res.status < 300) return parsed as T;
  const message = messageOf(parsed, res.status);
  if (res.status === 429) throw new OperatorError('rateLimited', message, 429, retryAfterMs(res.retryAfter));
  if (res.status === 401) throw new OperatorError('unauthorized', message, 401);
  if (res.status === 403) throw new OperatorError('forbidden', message, 403);
  if (res.status === 404) throw new OperatorError('notFound', message, 404);
  if (res.status >= 500) throw new OperatorError('down', message, res.status);
  throw new OperatorError('rejected', message, res.status);
}
