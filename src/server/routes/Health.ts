import type { FastifyInstance } from 'fastify';

/** A database that has not answered `select 1` by then is reported down (the pool would wait 30 s). */
const DATABASE_CHECK_MS = 2_000;

const check = { type: 'string', enum: ['up', 'down'] } as const;
const answer = {
  type: 'object',
  required: ['status', 'version', 'db', 'checks'],
  properties: {
    status: { type: 'string', enum: ['ok', 'unavailable'] },
    version: { type: 'string' },
    db: { type: 'string', enum: ['pglite', 'postgresql'] },
    checks: {
      type: 'object',
      required: ['database', 'queue'],
      properties: { database: check, queue: check },
    },
  },
} as const;

async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS);
  });
  try {
    return await Promise.race([
      app.db.query('select 1').then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Readiness for a load balancer or supervisor: 200 only when this instance's database answers and its
 * job queue is running; 503 otherwise (the proxy sends the next request to another instance).
 */
export default async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['Health'],
        summary: 'Readiness: the database answers and the job queue runs',
        response: { 200: answer, 503: answer },
      },
    },
    async (_request, reply) => {
      const database = await databaseAnswers(app);
      const queue = app.jobs.ready();
      const ready = database && queue;
      return reply.code(ready ? 200 : 503).send({
        status: ready ? ('ok' as const) : ('unavailable' as const),
        version: app.config.version,
        db: app.db.kind,
        checks: { database: database ? 'up' : 'down', queue: queue ? 'up' : 'down' },
      });
    },
  );
}
