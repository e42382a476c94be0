// Every request limit, published (issue 30): collected from the routes as they are added, written into
// each operation's OpenAPI description and as one table into the API's description; docs/integrating.md
// carries the same table (tests/server/integrations/limits.test.ts keeps the two equal).
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface PublishedLimit {
  method: string;
  url: string;
  max: number;
  window: string;
  /** Whom a count is kept for: the client address, or the signed-in person or API key. */
  per: 'address' | 'caller';
}

export const LIMITS_PREAMBLE =
  'Counts are kept in the database (they hold across server instances and restarts). A limited answer is ' +
  '429 with `Retry-After` (seconds); every answer of a limited route carries `RateLimit-Limit`, ' +
  '`RateLimit-Remaining` and `RateLimit-Reset`. Password sign-in is also slowed per account and address ' +
  'after failures (docs/auth.md). Routes not listed have no request-count limit; each has its body ' +
  'limit (16 KiB unless it says otherwise).';

/** The key of a limit counted per caller: the API key, else the person, else the address. */
export function callerLimitKey(prefix: string) {
  return (request: FastifyRequest) => {
    const user = request.user;
    if (user?.apiKeyId) return `${prefix}:key:${user.apiKeyId}`;
    return user ? `${prefix}:user:${user.userId}` : `${prefix}:ip:${request.ip}`;
  };
}

/** Whom a key generator counts for: asked with a made-up caller, it names the person or the address. */
function countedPer(keyGenerator: unknown): PublishedLimit['per'] {
  if (typeof keyGenerator !== 'function') return 'address';
  const probe = { user: { userId: 'probe-user', apiKeyId: undefined }, ip: 'probe-address', headers: {} };
  try {
    return String(keyGenerator(probe)).includes('probe-user') ? 'caller' : 'address';
  } catch {
    return 'caller';
  }
}

const windowText = (window: unknown) =>
  typeof window === 'number' ? `${Math.round(window / 1000)} s` : String(window);

/** Starts collecting the limits of routes added from now on (call before the routes are registered). */
export function collectLimits(app: FastifyInstance): PublishedLimit[] {
  const limits: PublishedLimit[] = [];
  app.addHook('onRoute', (route) => {
    const limit = (route.config as { rateLimit?: Record<string, unknown> } | undefined)?.rateLimit;
    if (!limit || typeof limit.max !== 'number') return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    for (const method of methods) {
      const entry: PublishedLimit = {
        method,
        url: route.url,
        max: limit.max,
        window: windowText(limit.timeWindow),
        per: countedPer(limit.keyGenerator),
      };
      limits.push(entry);
      route.schema ??= {};
      const schema = route.schema as { description?: string };
      const line = `Limit: ${entry.max} requests per ${entry.window} per ${entry.per === 'caller' ? 'person or API key' : 'client address'}; over it 429 with Retry-After.`;
      schema.description = schema.description ? `${schema.description}\n\n${line}` : line;
    }
  });
  return limits;
}

/** The limits as a Markdown table, sorted by path. */
export function limitsTable(limits: PublishedLimit[]): string {
  const rows = [...limits]
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
    .map(
      (l) =>
        `| ${l.method} ${l.url} | ${l.max} | ${l.window} | ${l.per === 'caller' ? 'person or API key' : 'client address'} |`,
    );
  return ['| route | requests | per window | counted per |', '|---|---|---|---|', ...rows].join('\n');
}
