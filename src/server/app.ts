import fs from 'node:fs';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { ApiError, registerErrorHandling, sendError } from './errors';
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
  /** Replaces pino options, e.g. `false` in tests. */
  logger?: boolean | object;
}

/** Builds the whole HTTP application from a config object; nothing global. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      deps.logger ??
      (config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          }),
    trustProxy: true,
    bodyLimit: 20 * 1024 * 1024,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: true } },
  });
  app.decorate('config', config);
  app.decorate('db', deps.db);
  app.addHook('onClose', async () => {
    await deps.db.close();
  });

  registerErrorHandling(app);
  await app.register(cookie);
  // Registered for the groups that opt in (sign-in, registration); limits kept per instance.
  await app.register(rateLimit, { global: false });
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
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

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
