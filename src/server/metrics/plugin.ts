import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { createMetrics, type Metrics } from './registry';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this instance (src/server/metrics, docs/deploy.md "Metrics"). */
    metrics: Metrics;
  }
}

/** The path Prometheus scrapes, on the public port only behind METRICS_TOKEN, or on METRICS_PORT. */
export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** True when the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  return !!match && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Counts every answered request by its route's pattern (a URL's ids never become labels; what no
 * route matched counts as `unmatched`), and serves /metrics on the public port when METRICS_TOKEN is
 * set (to that bearer token only). Without a token /metrics is not on the public port at all.
 */
export function registerMetrics(app: FastifyInstance): Metrics {
  const metrics = createMetrics(app.db);
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  const token = app.config.metrics?.token;
  if (token) {
    app.get(
      METRICS_PATH,
      { schema: { hide: true } },
      async (request: FastifyRequest, reply: FastifyReply) => {
        if (!bearerMatches(request.headers.authorization, token)) {
          throw new ApiError(401, 'UNAUTHORIZED', 'errors:unauthorized');
        }
        const { contentType, body } = await metrics.render();
        return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
      },
    );
  }
  return metrics;
}
