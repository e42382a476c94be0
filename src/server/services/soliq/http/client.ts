import type { ServiceEndpoint } from '../config';
import { TaxServiceError } from '../types';
import { TtlCache } from './ttlCache';

// GET requests to one of the tax authority's services: a timeout on every try (a slow service is
// reported, never waited for), further tries after a 5xx or a network failure with a short backoff,
// answers reused for a TTL, and identical requests in flight shared. Credentials are sent, never
// logged or put into error messages.

export interface HttpOptions {
  timeoutMs: number;
  retries: number;
  cacheTtlMs: number;
  fetchImpl?: typeof fetch;
  /** Wait before try n (1-based); tests pass 0. */
  backoffMs?: (attempt: number) => number;
}

/** null: the service says it does not know the thing asked for (404). */
export type Answer = unknown | null;

const NOT_FOUND_TTL_MS = 5 * 60_000;
const REPLY_MAX = 500;

/** The service's own words in a refusal (`message`, `reason` or `error` of its JSON, or its text), bounded. */
export async function replyOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.text()).slice(0, 20_000);
    let text = body;
    try {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      const found = [parsed.message, parsed.reason, parsed.error, parsed.errorMessage].find(
        (v) => typeof v === 'string' && v.trim(),
      );
      text = typeof found === 'string' ? found : '';
    } catch {
      if (/^\s*</.test(body)) text = '';
    }
    // Control characters (code < 32 or 127) become spaces: the reply is shown as one line of text.
    const clean = [...text]
      .map((ch) => (ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 ? ' ' : ch))
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    return clean ? clean.slice(0, REPLY_MAX) : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class TaxHttpClient {
  private readonly cache = new TtlCache<{ value: Answer }>();
  private readonly inFlight = new Map<string, Promise<Answer>>();
  private readonly fetchImpl: typeof fetch;
  /** Requests that reached the network (tests check the cache with it). */
  requests = 0;

  constructor(
    private readonly endpoint: ServiceEndpoint,
    private readonly options: HttpOptions,
  ) {
    this.fetchImpl = options.fetchImpl ?? fetch;
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.endpoint.token) headers.authorization = `Bearer ${this.endpoint.token}`;
    else if (this.endpoint.user && this.endpoint.password) {
      headers.authorization = `Basic ${Buffer.from(`${this.endpoint.user}:${this.endpoint.password}`).toString('base64')}`;
    }
    return headers;
  }

  private url(operation: string, params: Record<string, string | number | undefined>): URL {
    const url = new URL(`${this.endpoint.baseUrl}/${operation}`);
    for (const [k, v] of Object.entries(params))
      if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
    return url;
  }

  /** The answer's JSON, or null when the service answers 404. */
  async get(
    operation: string,
    params: Record<string, string | number | undefined> = {},
    options: { cache?: boolean } = {},
  ): Promise<Answer> {
    const url = this.url(operation, params);
    if (options.cache === false) return this.fetchWithRetries(url);
    const key = url.toString();
    const cached = this.cache.get(key);
    if (cached) return cached.value;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const request = this.fetchWithRetries(url).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, request);
    const value = await request;
    this.cache.set(
      key,
      { value },
      value === null ? Math.min(NOT_FOUND_TTL_MS, this.options.cacheTtlMs) : this.options.cacheTtlMs,
    );
    return value;
  }

  private async fetchWithRetries(url: URL): Promise<Answer> {
    const where = `${url.origin}${url.pathname}`;
    let lastError: TaxServiceError | null = null;
    for (let attempt = 0; attempt <= this.options.retries; attempt++) {
      if (attempt > 0) await sleep(this.options.backoffMs?.(attempt) ?? 150 * 2 ** (attempt - 1));
      let response: Response;
      this.requests++;
      try {
        response = await this.fetchImpl(url, {
          headers: this.headers(),
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
      } catch (err) {
        const name = (err as Error).name;
        if (name === 'TimeoutError' || name === 'AbortError') {
          // A slow service stays slow: answer now instead of making the person wait for more tries.
          throw new TaxServiceError('timeout', `${where}: no answer within ${this.options.timeoutMs} ms`);
        }
        lastError = new TaxServiceError('unavailable', `${where}: ${(err as Error).message}`);
        continue;
      }
      if (response.status === 404) {
        await response.body?.cancel().catch(() => {});
        return null;
      }
      if (response.status >= 500 || response.status === 429) {
        await response.body?.cancel().catch(() => {});
        lastError = new TaxServiceError('unavailable', `${where}: HTTP ${response.status}`);
        continue;
      }
      if (!response.ok) {
        throw new TaxServiceError('badAnswer', `${where}: HTTP ${response.status}`, await replyOf(response));
      }
      try {
        return (await response.json()) as unknown;
      } catch {
        throw new TaxServiceError('badAnswer', `${where}: not JSON`);
      }
    }
    throw lastError ?? new TaxServiceError('unavailable', where);
  }
}
