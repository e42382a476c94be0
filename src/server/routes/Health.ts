import type { FastifyInstance } from 'fastify';

export default async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['Health'],
        summary: 'Liveness and database kind',
        response: {
          200: {
            type: 'object',
            required: ['status', 'version', 'db'],
            properties: {
              status: { type: 'string', enum: ['ok'] },
              version: { type: 'string' },
              db: { type: 'string', enum: ['pglite', 'postgresql'] },
            },
          },
        },
      },
    },
    async () => {
      await app.db.query('select 1');
      return { status: 'ok' as const, version: app.config.version, db: app.db.kind };
    },
  );
}
