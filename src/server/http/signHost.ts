import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { ApiError } from '../errors';

// The signing calls' own host (spec §7): with SIGN_SUBDOMAIN set, the browser sends
// DocumentSignAction run and multiRun to `<prefix>.<the page's host>` — a front proxy may route them to
// the instances that verify signatures — and this server, answering on either name, lets the page's
// origin (and only it) call those two routes across the names: CORS on them, the sign origin in the
// pages' connect-src. Unset: everything stays on the page's host, nothing here applies.

/** The routes whose requests go to the sign host (POST, bearer token in the header). */
export const SIGN_HOST_PATHS = ['/api/DocumentSignAction/run', '/api/DocumentSignAction/multiRun'] as const;

const ALLOWED_HEADERS = 'authorization, content-type, accept-language, idempotency-key';

/** The request's host without the sign prefix: the page's host, whichever name was asked. */
function pageHost(prefix: string, host: string): string {
  return host.startsWith(`${prefix}.`) ? host.slice(prefix.length + 1) : host;
}

/** Where the page asked through `request` sends its signing calls; null when not configured. */
export function signOriginOf(config: Pick<Config, 'signSubdomain'>, request: FastifyRequest): string | null {
  const prefix = config.signSubdomain;
  if (!prefix) return null;
  return `${request.protocol}://${prefix}.${pageHost(prefix, request.host)}`;
}

/**
 * The origin a cross-name request to the sign host may come from: the page's origin on the same
 * scheme and host without the prefix. Null for anything else (no CORS headers: the browser refuses).
 */
function allowedOrigin(config: Pick<Config, 'signSubdomain'>, request: FastifyRequest): string | null {
  const prefix = config.signSubdomain;
  const origin = request.headers.origin;
  if (!prefix || !origin || !request.host.startsWith(`${prefix}.`)) return null;
  return origin === `${request.protocol}://${pageHost(prefix, request.host)}` ? origin : null;
}

function allow(reply: FastifyReply, origin: string) {
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-allow-credentials', 'true');
  reply.header('vary', 'Origin');
}

export function registerSignHost(app: FastifyInstance, config: Config) {
  if (!config.signSubdomain) return;
  const paths = new Set<string>(SIGN_HOST_PATHS);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || !paths.has(request.url.split('?')[0])) return;
    const origin = allowedOrigin(config, request);
    if (origin) allow(reply, origin);
  });
  // The browser's preflight of a POST with an Authorization header.
  for (const url of SIGN_HOST_PATHS) {
    app.options(url, { schema: { hide: true } }, async (request, reply) => {
      const origin = allowedOrigin(config, request);
      if (!origin) throw new ApiError(403, 'ORIGIN_REFUSED', 'errors:forbidden');
      allow(reply, origin);
      return reply
        .header('access-control-allow-methods', 'POST')
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', '600')
        .code(204)
        .send();
    });
  }
}
