import fs from 'node:fs';
import http from 'node:http';
import type { Writable } from 'node:stream';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config, TrustProxy } from './config';
import type { Db } from './db/client';
import { attachReplica, type ReadReplica } from './db/replica';
import { ApiError, registerErrorHandling, sendError } from './errors';
import { answerClientError, answerFrameworkError } from './http/clientErrors';
import { refuseNonFiniteQueryNumbers } from './http/finiteQuery';
import { loggerOptions } from './http/logging';
import { collectLimits, LIMITS_PREAMBLE, limitsTable } from './http/publishedLimits';
import { databaseRateLimitStore } from './http/rateLimitStore';
import { echoRequestId, requestIdGenerator } from './http/requestId';
import { applyRequestRules } from './http/requestRules';
import { API_DOCS_PREFIX, registerSecurityHeaders } from './http/securityHeaders';
import { registerSignHost } from './http/signHost';
import { serverTimeouts } from './http/timeouts';
import { type JobQueue, registerJobs } from './jobs';
import { DEFAULT_BODY_LIMIT, MAX_HEADER_BYTES } from './limits';
import { registerMetrics } from './metrics/plugin';
import { registerRoutes } from './routes';
import { registerSpa } from './spa';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
}

export interface AppDeps {
  db: Db;
  /**
   * `false`: no log (tests). A stream: the server's log (its level, serializers and redaction)
   * written there instead of stdout (tests that read what gets logged).
   */
  logger?: false | { stream: Writable };
  /** Run queued jobs in this process (the server does; tests leave it off and call runPending). */
  jobWorkers?: boolean;
  /** A queue made elsewhere (tests that need its options). */
  jobs?: JobQueue;
  /** A read replica for the party reads (db/replica.ts, DATABASE_REPLICA_URL); closed with the app. */
  replica?: ReadReplica;
}

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many hops nearest to the server. */
function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** Builds the whole HTTP application from a config object; nothing global. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const timeouts = serverTimeouts(config);
  const logger =
    deps.logger === false || (deps.logger === undefined && config.logLevel === 'silent')
      ? false
      : { ...loggerOptions(config.logLevel === 'silent' ? 'info' : config.logLevel), ...deps.logger };
  const app = Fastify<http.Server>({
    logger,
    // Client addresses, protocol and host come from X-Forwarded-* only behind configured proxies.
    trustProxy: trustProxyOption(config.trustProxy ?? false),
    // The request id in every log line: a trusted proxy's X-Request-Id, else a new one (http/requestId.ts).
    genReqId: requestIdGenerator(config.trustProxy ?? false),
    // Small unless a route says otherwise (src/server/limits.ts): a route that forgets stays safe.
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Without allErrors: a request schema stops at its first error, whatever the client sent.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    serverFactory: (handler) => {
      const server = http.createServer(
        {
          requestTimeout: timeouts.requestMs,
          headersTimeout: timeouts.headersMs,
          keepAliveTimeout: timeouts.keepAliveMs,
          connectionsCheckingInterval: timeouts.checkIntervalMs,
          maxHeaderSize: MAX_HEADER_BYTES,
        },
        handler,
      );
      server.setTimeout(timeouts.idleSocketMs);
      return server;
    },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  // JSON routes take JSON: a text/plain body (what a cross-site form can send) is refused with 415.
  app.removeContentTypeParser('text/plain');
  app.decorate('config', config);
  app.decorate('db', deps.db);
  app.addHook('onClose', async () => {
    await deps.replica?.close();
    await deps.db.close();
  });
  if (deps.replica) {
    attachReplica(deps.db, deps.replica);
    // Every change is worth a line: reads move between the replica and the primary.
    const report = (now: ReadReplica['status'], reason: string) => {
      const line = { replica: now, reason };
      if (now.state === 'up') app.log.info(line, 'read replica answers party reads');
      else app.log.warn(line, 'read replica not used: the primary answers party reads');
    };
    report(deps.replica.status, 'started');
    deps.replica.onStateChange = report;
  }
  echoRequestId(app);
  registerMetrics(app);
  // After the database hook: onClose hooks run last-registered first, so jobs stop before it closes.
  registerJobs(app, { workers: deps.jobWorkers ?? false, queue: deps.jobs });

  registerErrorHandling(app);
  registerSecurityHeaders(app, config);
  registerSignHost(app, config);
  refuseNonFiniteQueryNumbers(app);
  // Before swagger and the routes: their schemas are tightened as they are added (and so documented).
  applyRequestRules(app);
  await app.register(cookie);
  // Registered for the routes that opt in (docs/integrating.md "Limits"). Counts live in the database
  // (http/rateLimitStore.ts), so a limit holds across instances; 429 answers carry Retry-After and the
  // RateLimit-Limit/-Remaining/-Reset headers (every answer of a limited route carries the latter).
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(deps.db),
    enableDraftSpec: true,
  });
  const limits = collectLimits(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Hujjat API',
        description: 'Electronic document exchange and e-invoicing for Uzbekistan',
        version: config.version,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PREFIX });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => {
    const spec = app.swagger() as { info: { description?: string } };
    const description = `${spec.info.description ?? ''}\n\n## Limits\n\n${LIMITS_PREAMBLE}\n\n${limitsTable(limits)}`;
    return { ...spec, info: { ...spec.info, description } };
  });

  await app.register(registerRoutes, { prefix: '/api' });

  const webRoot = config.webRoot && fs.existsSync(config.webRoot) ? config.webRoot : null;
  if (webRoot) await registerSpa(app, webRoot);

  app.setNotFoundHandler((request, reply) => {
    if (
      request.url.startsWith('/api') ||
      !webRoot ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return sendError(reply, request, new ApiError(404, 'NOT_FOUND', 'errors:notFound'));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webRoot);
  });
  return app;
}
