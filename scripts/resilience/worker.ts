// One "server instance" of the two-instances scenario: the server's job queue with workers on, over
// DATABASE_URL, running a probe job type that records which instance ran which job.
import pino from 'pino';
import { openDatabase } from '../../src/server/db/client';
import { createJobQueue } from '../../src/server/jobs';

const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: null });
const queue = createJobQueue({
  db,
  log: pino({ level: 'error' }),
  workers: true,
  instanceId: process.env.INSTANCE,
});
queue.define<{ n: number }>({
  type: 'resilience.probe',
  concurrency: 2,
  async run(ctx) {
    // Recorded in the run's own statement: a job run twice would insert twice.
    await ctx.db.query('insert into resilience_runs (job_id, n, instance) values ($1, $2, $3)', [
      ctx.id,
      ctx.data.n,
      process.env.INSTANCE,
    ]);
    return null;
  },
});
await queue.start();
process.send?.('ready');
process.on('SIGTERM', async () => {
  await queue.stop();
  await db.close();
  process.exit(0);
});
