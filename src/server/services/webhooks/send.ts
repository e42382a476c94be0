// One attempt of one delivery: a POST with a short timeout, an answer read up to a small limit, the
// address checked at connect time (ssrf.ts).
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { forbiddenAddress, guardedLookup } from './ssrf';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is read of an answer at most (the rest is dropped); the log keeps the first 1 KiB. */
export const WEBHOOK_ANSWER_MAX_BYTES = 64 * 1024;
export const WEBHOOK_ANSWER_LOG_BYTES = 1024;

export interface AttemptResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  answer: string | null;
  durationMs: number;
}

export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<AttemptResult> {
  const started = Date.now();
  const done = (result: Omit<AttemptResult, 'durationMs'>): AttemptResult => ({
    ...result,
    durationMs: Date.now() - started,
  });
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve(done({ ok: false, status: null, error: 'bad url', answer: null }));
      return;
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && isIP(host) && forbiddenAddress(host)) {
      resolve(done({ ok: false, status: null, error: 'address refused', answer: null }));
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Hujjat-Webhooks/1',
        },
        timeout: WEBHOOK_TIMEOUT_MS,
        lookup: guardedLookup(allowPrivate) as never,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < WEBHOOK_ANSWER_MAX_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size > WEBHOOK_ANSWER_MAX_BYTES) response.destroy();
        });
        const finish = () => {
          const status = response.statusCode ?? null;
          const answer = Buffer.concat(chunks).subarray(0, WEBHOOK_ANSWER_LOG_BYTES).toString('utf8');
          const ok = status !== null && status >= 200 && status < 300;
          resolve(done({ ok, status, error: ok ? null : `HTTP ${status}`, answer }));
        };
        response.on('end', finish);
        response.on('close', finish);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve(done({ ok: false, status: null, error: error.code ?? error.message, answer: null })),
    );
    request.end(body);
  });
}
