import type { FastifyInstance } from 'fastify';
import { createJobQueue, type JobQueue } from './queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue: `define` while plugins register, `enqueue(tx, …)` in handlers (docs/jobs.md). */
    jobs: JobQueue;
  }
}

/**
 * Gives the app its queue. It starts when the app is ready (pg-boss installs or migrates its schema,
 * queues of the defined types are created) and stops before the database closes. With `workers` off
 * (tests) jobs are recorded and queued but run only through `app.jobs.runPending()`.
 */
export function registerJobs(app: FastifyInstance, options: { workers: boolean; queue?: JobQueue }) {
  const queue =
    options.queue ??
    createJobQueue({
      db: app.db,
      log: app.log,
      workers: options.workers,
      onOutcome: (type, outcome) => app.metrics?.jobOutcome(type, outcome),
    });
  app.decorate('jobs', queue);
  app.addHook('onReady', async () => {
    await queue.start();
  });
  app.addHook('onClose', async () => {
    await queue.stop();
  });
}
