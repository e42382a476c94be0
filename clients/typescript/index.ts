// Hujjat's typed client (issue 30): openapi-fetch over the types openapi-typescript generated from the
// server's OpenAPI description (schema.d.ts; `npm run build:client`, checked fresh in CI by
// `npm run check:client`). Every path, parameter, body and answer is typed from the routes' own
// schemas: `client.GET('/api/Events/getList', { params: { query: { cursor, wait: 30 } } })`.
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, paths } from './schema';
export type HujjatClient = Client<paths>;

export interface HujjatClientOptions {
  /** The server, e.g. https://hujjat.example.uz (no /api: the paths carry it). */
  baseUrl: string;
  /** An API key (`hjk_…`, Settings → Integrations) or a person's access token. */
  token?: string;
  /** Answers' language (ru, uz, en). */
  language?: string;
  /** Another fetch (a proxy agent, a test's). */
  fetch?: typeof fetch;
}

export function createHujjatClient(options: HujjatClientOptions): HujjatClient {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.language) headers['accept-language'] = options.language;
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
